//===- Dispatch.cpp - From a group's float op to its lowering -------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

namespace {

/// One row of the table: a float TOSA op and its integer lowering.
struct LoweringRow {
  TypeID op;
  LowerFn lower;
};

template <typename OpTy> LoweringRow row(LowerFn lower) {
  return {TypeID::get<OpTy>(), lower};
}

/// Every float TOSA op the lowering takes between a dequantize and a
/// quantize.
ArrayRef<LoweringRow> loweringTable() {
  static const LoweringRow table[] = {
#define QTOSA_LOWERING(OP, FN) row<OP>(FN),
#include "Lowerings.def"
  };
  return table;
}

LowerFn findLowering(Operation *op) {
  TypeID id = op->getName().getTypeID();
  for (const LoweringRow &row : loweringTable())
    if (row.op == id)
      return row.lower;
  return nullptr;
}

/// Why a data-movement or order-preserving op is left in float: those are
/// qtosa-share-qspecs's to move onto integers.
WhyNot whyNotMovedOp(Operation *op) {
  WhyNot notMoved = whyNotMovedToIntegers(op);
  if (!notMoved)
    return "it moves or selects values, which qtosa-share-qspecs moves onto "
           "integers, and it did not run before this pass";
  return WhyNot::format(
      "it moves or selects values, and cannot move onto integers: " +
      notMoved.str());
}

/// Checks the group ending in `group.quantize` and, with a builder, lowers
/// it.
WhyNot lowerGroup(Group &group) {
  Operation *op = group.op;
  if (!op)
    return "its input is a block argument";
  if (auto dequantize = dyn_cast<DequantizeOp>(op)) {
    if (dequantize.getQtype() == group.quantize.getQtype())
      return "a round trip with the same parameters is the quantize folder's";
    return lowerRequantize(group);
  }
  DenseFPElementsAttr constant;
  if (op->hasTrait<OpTrait::ConstantLike>() &&
      matchPattern(op->getResult(0), m_Constant(&constant)))
    return lowerConstant(group);
  if (!isa_and_present<tosa::TosaDialect>(op->getDialect()) ||
      op->getNumResults() != 1)
    return "its input is not produced by a single-result TOSA op";
  for (Operation *user : op->getUsers()) {
    auto other = dyn_cast<QuantizeOp>(user);
    if (!other || other.getQtype() != group.quantize.getQtype())
      return "its result has users other than quantizes with these "
             "parameters, which need the float value";
  }
  // The op's class decides first: an op that moves or selects values is
  // qtosa-share-qspecs's, even where a mode of the same op computes (a
  // NEAREST_NEIGHBOR resize moves values, a BILINEAR one computes).
  WhyNot why;
  if (getQuantBehaviour(op) != QuantBehaviour::Independent)
    why = whyNotMovedOp(op);
  else if (LowerFn lower = findLowering(op))
    why = lower(group);
  else
    why = "it has no integer lowering";
  // The op may end several elementwise ops that together compute a
  // function of one input (an activation TOSA has no op for); that is one
  // table. When that fails too, the reason is the region's if there is
  // one, else the op's own.
  if (!why)
    return {};
  bool isRegion = false;
  WhyNot regionWhy = lowerUnaryRegion(group, isRegion);
  if (!regionWhy)
    return {};
  return isRegion ? std::move(regionWhy) : std::move(why);
}

/// Erases each of `roots` that became dead, then the dequantizes and
/// constants that fed only them; nothing further up, so a pass walking
/// quantizes keeps them. An op is reached more than once when it is read
/// twice (one constant as both zero points of a convolution) or by two
/// roots: it is looked at only while it exists.
void eraseDeadGroup(RewriterBase &rewriter, ArrayRef<Operation *> roots) {
  SmallPtrSet<Operation *, 16> erased;
  auto eraseIfDead = [&](Operation *op) {
    if (!op || erased.contains(op) || !isOpTriviallyDead(op))
      return false;
    erased.insert(op);
    rewriter.eraseOp(op);
    return true;
  };
  for (Operation *root : roots) {
    if (!root || erased.contains(root) || !isOpTriviallyDead(root))
      continue;
    llvm::SetVector<Operation *> feeders;
    for (Value operand : root->getOperands())
      if (Operation *def = operand.getDefiningOp())
        feeders.insert(def);
    eraseIfDead(root);
    for (Operation *feeder : feeders) {
      if (erased.contains(feeder))
        continue;
      if (isa<DequantizeOp>(feeder)) {
        Operation *stored = feeder->getOperand(0).getDefiningOp();
        if (eraseIfDead(feeder) && stored &&
            stored->hasTrait<OpTrait::ConstantLike>())
          eraseIfDead(stored);
      } else if (feeder->hasTrait<OpTrait::ConstantLike>()) {
        eraseIfDead(feeder);
      }
    }
  }
}

} // namespace

WhyNot lowering::lowerQuantizedGroup(RewriterBase *rewriter, ConstantPool *pool,
                                     QuantizeOp quantize,
                                     RescaleRounding rounding) {
  assert(rounding != RescaleRounding::Auto &&
         "the callers resolve rounding=auto (resolveRescaleRounding)");
  Group group{quantize, quantize.getInput().getDefiningOp(), rounding};
  if (!rewriter || !group.op)
    return lowerGroup(group);
  // A group the lowering refuses leaves no trace, not even a moved
  // insertion point; one it lowers leaves the insertion point before `op`.
  OpBuilder::InsertPoint previous = rewriter->saveInsertionPoint();
  rewriter->setInsertionPoint(group.op);
  group.builder = rewriter;
  group.pool = pool;
  if (WhyNot why = lowerGroup(group)) {
    rewriter->restoreInsertionPoint(previous);
    return why;
  }
  Operation *op = group.op;
  // Every quantize of the same float value with the same parameters reads
  // the one lowered value.
  SmallVector<Operation *> quantizes;
  for (Operation *user : op->getUsers())
    if (auto other = dyn_cast<QuantizeOp>(user);
        other && other.getQtype() == quantize.getQtype())
      quantizes.push_back(user);
  for (Operation *user : quantizes)
    rewriter->replaceOp(user, group.lowered);
  SmallVector<Operation *> roots{op};
  llvm::append_range(roots, group.absorbed);
  eraseDeadGroup(*rewriter, roots);
  return {};
}

WhyNot mlir::qtosa::whyNotLowerableToTosaInt(Operation *op,
                                             RescaleRounding rounding) {
  auto quantize = dyn_cast<QuantizeOp>(op);
  if (!quantize)
    return "it is not a qtosa.quantize";
  return lowerQuantizedGroup(nullptr, nullptr, quantize,
                             resolveRescaleRounding(rounding, quantize));
}

RescaleRounding mlir::qtosa::resolveRescaleRounding(RescaleRounding rounding,
                                                    Operation *op) {
  if (rounding != RescaleRounding::Auto)
    return rounding;
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  auto named = module
                   ? module->getAttrOfType<StringAttr>(kRescaleRoundingAttrName)
                   : StringAttr();
  return named && named.getValue() == "double" ? RescaleRounding::Double
                                               : RescaleRounding::Single;
}

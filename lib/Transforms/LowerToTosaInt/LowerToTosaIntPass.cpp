//===- LowerToTosaIntPass.cpp - QDQ groups to integer TOSA 1.0 ------------===//
//
// The groups themselves are lowered by the family files of this folder
// (Internals.h says which); this file owns the order they are visited in,
// the constants they share, and the pass's remarks for groups left in float.
//
//===----------------------------------------------------------------------===//

#include "../ChangeListener.h"
#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_LOWERTOTOSAINTPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// The ops the pass holds across rewrites: the quantizes it lowers, and the
/// constants the lowering makes, each list in the order the ops were added.
/// An op erased meanwhile becomes null in its list. A set of erased
/// addresses would not do: the allocator gives an erased op's memory to a
/// later op, which then looked erased too.
struct LoweringListener : ChangeListener {
  void track(Operation *op, SmallVectorImpl<Operation *> &list) {
    slots[op] = {&list, list.size()};
    list.push_back(op);
  }
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    ChangeListener::notifyOperationInserted(op, previous);
    if (!previous.isSet() && isa<tosa::ConstOp>(op))
      track(op, createdConstants);
  }
  void notifyOperationErased(Operation *op) override {
    ChangeListener::notifyOperationErased(op);
    if (pool)
      pool->forget(op);
    auto slot = slots.find(op);
    if (slot == slots.end())
      return;
    (*slot->second.first)[slot->second.second] = nullptr;
    slots.erase(slot);
  }
  SmallVector<Operation *> quantizes;
  SmallVector<Operation *> createdConstants;
  ConstantPool *pool = nullptr;
  DenseMap<Operation *, std::pair<SmallVectorImpl<Operation *> *, size_t>>
      slots;
};

/// Leaves one of the lowering's constants per value and type in each block,
/// at the top of the block in the order they were made. The rescales' and
/// zero points' constants arrive shared (ConstantPool); this shares the
/// rest (a weight, bias or table made twice) and places them all. Sharing
/// stays inside a block: TOSA's control-flow regions may not read values
/// from above. The function's own constants are left where they are. Erased
/// entries of `created` are null; the ones this erases become null as it
/// goes.
void shareCreatedConstants(ArrayRef<Operation *> created,
                           RewriterBase &rewriter) {
  DenseMap<std::tuple<Block *, Attribute, Type>, tosa::ConstOp> kept;
  // The last constant placed at the top of each block.
  DenseMap<Block *, Operation *> lastPlaced;
  for (Operation *op : created) {
    if (!op)
      continue;
    auto constant = cast<tosa::ConstOp>(op);
    Block *block = constant->getBlock();
    auto [it, inserted] = kept.try_emplace(
        {block, constant.getValuesAttr(), constant.getType()}, constant);
    if (!inserted) {
      rewriter.replaceOp(constant, it->second);
      continue;
    }
    Operation *&last = lastPlaced[block];
    if (last)
      rewriter.moveOpAfter(constant, last);
    else
      rewriter.moveOpBefore(constant, block, block->begin());
    last = constant;
  }
}

} // namespace

bool mlir::qtosa::lowerToTosaInt(func::FuncOp func, RescaleRounding rounding,
                                 SmallVectorImpl<Operation *> *leftQuantizes) {
  rounding = resolveRescaleRounding(rounding, func);
  LoweringListener listener;
  // The rescales' multipliers, shifts and zero points come from the pool,
  // one per block, value and type, not one per rescale: every lowering
  // below is handed it. shareCreatedConstants still shares the rest
  // (weights, biases, tables) and orders them all.
  ConstantPool pool;
  listener.pool = &pool;
  IRRewriter rewriter(func.getContext(), &listener);
  func.walk([&](QuantizeOp quantize) {
    listener.track(quantize, listener.quantizes);
  });
  // Lowering a group may erase quantizes further down the list, which then
  // read as null.
  for (Operation *quantize : listener.quantizes)
    if (quantize)
      (void)lowering::lowerQuantizedGroup(&rewriter, &pool,
                                          cast<QuantizeOp>(quantize), rounding);
  // PRO-INT's maximum and minimum read i32 only.
  lowering::widenNarrowMinMax(rewriter, &pool, func);
  shareCreatedConstants(listener.createdConstants, rewriter);
  // The lowering makes no quantize, so the ones left are those collected
  // above that it did not erase, still in program order.
  if (leftQuantizes)
    for (Operation *quantize : listener.quantizes)
      if (quantize)
        leftQuantizes->push_back(quantize);
  return listener.changed;
}

namespace {

struct LowerToTosaIntPass
    : qtosa::impl::LowerToTosaIntPassBase<LowerToTosaIntPass> {
  using LowerToTosaIntPassBase::LowerToTosaIntPassBase;
  void runOnOperation() override;
};

} // namespace

void LowerToTosaIntPass::runOnOperation() {
  SmallVector<Operation *> leftQuantizes;
  bool changed = lowerToTosaInt(getOperation(), rounding, &leftQuantizes);

  // Each float TOSA op still between a dequantize and a quantize, and each
  // requantize left as qtosa ops, is explained once: no second walk of the
  // function.
  DenseSet<Operation *> explained;
  for (Operation *op : leftQuantizes) {
    auto quantize = cast<QuantizeOp>(op);
    Operation *producer = quantize.getInput().getDefiningOp();
    if (!producer || !explained.insert(producer).second)
      continue;
    if (auto dequantize = dyn_cast<DequantizeOp>(producer)) {
      if (dequantize.getQtype() == quantize.getQtype())
        continue;
      quantize.emitRemark()
          << "requantize stays as qtosa ops: "
          << whyNotLowerableToTosaInt(quantize, rounding).take();
      continue;
    }
    if (!isa_and_present<tosa::TosaDialect>(producer->getDialect()))
      continue;
    producer->emitRemark()
        << "'" << producer->getName()
        << "' stays in float between dequantize and quantize: "
        << whyNotLowerableToTosaInt(quantize, rounding).take();
  }
  if (!changed)
    markAllAnalysesPreserved();
}

//===- LowerToTosaInt.cpp - QDQ groups to integer TOSA 1.0 ----------------===//
//
// The groups themselves are lowered in TosaIntLowering.cpp; this pass owns
// what patterns must not touch: the function signature (io=int) and the
// remarks for groups left in float.
//
//===----------------------------------------------------------------------===//

#include "TosaIntLowering.h"

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

constexpr StringLiteral kQTypeAttr = "qtosa.qtype";

/// Remembers erased ops so that a list collected before rewriting can skip
/// them.
struct ErasedOps : RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  DenseSet<Operation *> erased;
};

/// The parameters shared by every user of `arg` when all of them are
/// quantizes with the same parameters.
QuantizeOp getSoleQuantization(BlockArgument arg) {
  QuantizeOp first;
  for (Operation *user : arg.getUsers()) {
    auto quantize = dyn_cast<QuantizeOp>(user);
    if (!quantize || (first && quantize.getQtype() != first.getQtype()))
      return {};
    first = first ? first : quantize;
  }
  return first;
}

/// io=int: a float argument that is only quantized becomes its storage; a
/// returned dequantize returns its storage. The parameters stay readable in
/// `qtosa.qtype` argument and result attributes.
void convertBoundaryToIntegers(func::FuncOp func, RewriterBase &rewriter) {
  if (!func.isPublic() || func.isExternal())
    return;
  Block &entry = func.front();
  SmallVector<Type> argTypes(func.getArgumentTypes());
  for (BlockArgument arg : entry.getArguments()) {
    QuantizeOp quantize = getSoleQuantization(arg);
    if (!quantize)
      continue;
    quant::QuantizedType qtype = quantize.getQtype();
    arg.setType(quantize.getType());
    argTypes[arg.getArgNumber()] = quantize.getType();
    for (Operation *user : llvm::to_vector(arg.getUsers()))
      rewriter.replaceOp(user, arg);
    func.setArgAttr(arg.getArgNumber(), kQTypeAttr, TypeAttr::get(qtype));
  }

  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  SmallVector<Type> resultTypes(func.getResultTypes());
  for (unsigned index = 0; index < resultTypes.size(); ++index) {
    DequantizeOp first;
    bool shared = !returns.empty();
    for (func::ReturnOp ret : returns) {
      auto dequantize = ret.getOperand(index).getDefiningOp<DequantizeOp>();
      if (!dequantize || (first && dequantize.getQtype() != first.getQtype()))
        shared = false;
      first = first ? first : dequantize;
    }
    if (!shared)
      continue;
    resultTypes[index] = first.getInput().getType();
    // The loop below may erase `first`.
    quant::QuantizedType qtype = first.getQtype();
    for (func::ReturnOp ret : returns) {
      auto dequantize = ret.getOperand(index).getDefiningOp<DequantizeOp>();
      rewriter.modifyOpInPlace(ret, [&] {
        ret.setOperand(index, dequantize.getInput());
      });
      if (dequantize->use_empty())
        rewriter.eraseOp(dequantize);
    }
    func.setResultAttr(index, kQTypeAttr, TypeAttr::get(qtype));
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), argTypes, resultTypes));
}

struct LowerToTosaIntPass
    : qtosa::impl::LowerToTosaIntPassBase<LowerToTosaIntPass> {
  using LowerToTosaIntPassBase::LowerToTosaIntPassBase;
  void runOnOperation() override;
};

} // namespace

void LowerToTosaIntPass::runOnOperation() {
  func::FuncOp func = getOperation();
  ErasedOps erased;
  IRRewriter rewriter(&getContext(), &erased);
  if (io == GraphIO::Int)
    convertBoundaryToIntegers(func, rewriter);

  SmallVector<QuantizeOp> quantizes;
  func.walk([&](QuantizeOp quantize) { quantizes.push_back(quantize); });
  for (QuantizeOp quantize : quantizes)
    if (!erased.erased.contains(quantize))
      (void)lowerQuantizedGroup(rewriter, quantize, rounding);

  // Each float TOSA op still between a dequantize and a quantize, and each
  // requantize left as qtosa ops, is explained once.
  DenseSet<Operation *> explained;
  func.walk([&](QuantizeOp quantize) {
    Operation *producer = quantize.getInput().getDefiningOp();
    if (!producer || !explained.insert(producer).second)
      return;
    if (auto dequantize = dyn_cast<DequantizeOp>(producer)) {
      if (dequantize.getQtype() == quantize.getQtype())
        return;
      quantize.emitRemark()
          << "requantize stays as qtosa ops: "
          << whyNotLowerableToTosaInt(quantize);
      return;
    }
    if (!isa_and_present<tosa::TosaDialect>(producer->getDialect()))
      return;
    producer->emitRemark() << "'" << producer->getName()
                           << "' stays in float between dequantize and "
                              "quantize: "
                           << whyNotLowerableToTosaInt(quantize);
  });
}

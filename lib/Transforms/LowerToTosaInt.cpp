//===- LowerToTosaInt.cpp - QDQ groups to integer TOSA 1.0 ----------------===//
//
// The groups themselves are lowered in TosaIntLowering.cpp; this pass owns
// the order they are visited in and the remarks for groups left in float.
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

/// Remembers erased ops so that a list collected before rewriting can skip
/// them.
struct ErasedOps : RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  DenseSet<Operation *> erased;
};

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

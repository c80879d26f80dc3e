//===- QuantizedCanonicalize.cpp - Canonicalize where qtosa ops are -------===//

#include "ChangeListener.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_QUANTIZEDCANONICALIZEPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Whether the greedy driver will move one of `func`'s constants: before it
/// applies any pattern it gathers them at the top of the function's entry
/// block, and tells no listener. Conservative: a constant past the run of
/// ops that opens the entry block counts as moved, and so do a second block
/// and an op with regions (either may hold constants).
bool driverMovesConstants(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return true;
  bool pastTop = false;
  for (Operation &op : func.front()) {
    if (op.getNumRegions() != 0)
      return true;
    bool constant = op.hasTrait<OpTrait::ConstantLike>();
    if (constant && pastTop)
      return true;
    pastTop |= !constant;
  }
  return false;
}

struct QuantizedCanonicalizePass
    : qtosa::impl::QuantizedCanonicalizePassBase<QuantizedCanonicalizePass> {
  using QuantizedCanonicalizePassBase::QuantizedCanonicalizePassBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owned);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owned, context);
    patterns = FrozenRewritePatternSet(std::move(owned));
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!containsQTosaOps(func)) {
      markAllAnalysesPreserved();
      return;
    }
    // Like --canonicalize, a run that does not converge is not an error.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(regionSimplifyLevel);
    bool movesConstants = driverMovesConstants(func);
    ChangeListener listener;
    config.setListener(&listener);
    (void)applyPatternsGreedily(func, patterns, config);
    if (!listener.changed && !movesConstants)
      markAllAnalysesPreserved();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

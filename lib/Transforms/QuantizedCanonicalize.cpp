//===- QuantizedCanonicalize.cpp - Canonicalize where qtosa ops are -------===//

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
    (void)applyPatternsGreedily(func, patterns, config);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

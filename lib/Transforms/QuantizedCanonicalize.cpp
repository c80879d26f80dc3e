//===- QuantizedCanonicalize.cpp - Canonicalize where qtosa ops are -------===//

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_QUANTIZEDCANONICALIZEPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct QuantizedCanonicalizePass
    : qtosa::impl::QuantizedCanonicalizePassBase<QuantizedCanonicalizePass> {
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
    (void)applyPatternsGreedily(func, patterns);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

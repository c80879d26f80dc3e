//===- FoldQuantizedConstants.cpp - Quantized constant data movement ------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantizedConstantFolds.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_FOLDQUANTIZEDCONSTANTSPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {
struct FoldQuantizedConstantsPass
    : qtosa::impl::FoldQuantizedConstantsPassBase<FoldQuantizedConstantsPass> {
  using FoldQuantizedConstantsPassBase::FoldQuantizedConstantsPassBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    FoldQuantizedConstantsPassBase::getDependentDialects(registry);
    registerTosaQuantBehaviourExternalModels(registry);
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldQuantizedConstantPatterns(patterns, force);
    // Top-down, a producer folds before its users are matched; the folds
    // never change control flow, so no region simplification sweeps.
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    // An unexpressible fold is left alone, never given a stale axis; say so.
    getOperation()->walk([&](Operation *op) {
      if (std::optional<std::string> whyNot =
              whyQuantizedConstantNotFolded(op, force))
        op->emitRemark("quantized constant not folded into '")
            << op->getName() << "': " << *whyNot;
    });
  }
};
} // namespace

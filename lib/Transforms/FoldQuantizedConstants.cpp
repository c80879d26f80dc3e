//===- FoldQuantizedConstants.cpp - Quantized constant data movement ------===//

#include "ChangeListener.h"
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
    // Only an op that reads a dequantized constant can fold, so the driver
    // starts from those, producers first, rather than sweeping every op of
    // the function until nothing changes; each fold hands it the users of
    // the moved constant. The folds never change control flow, so no region
    // simplification either.
    SmallVector<Operation *> candidates;
    DenseSet<Operation *> seen;
    getOperation()->walk([&](DequantizeOp dequantize) {
      if (dequantize.getInput().getDefiningOp<tosa::ConstOp>())
        for (Operation *user : dequantize->getUsers())
          if (seen.insert(user).second)
            candidates.push_back(user);
    });
    // Without such an op there is nothing to fold and nothing to explain.
    if (candidates.empty())
      return markAllAnalysesPreserved();
    // The driver takes its list from the back.
    std::reverse(candidates.begin(), candidates.end());
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
        .setStrictness(GreedyRewriteStrictness::AnyOp);
    ChangeListener listener;
    config.setListener(&listener);
    if (failed(
            applyOpPatternsGreedily(candidates, std::move(patterns), config)))
      return signalPassFailure();
    // An unexpressible fold is left alone, never given a stale axis; say so.
    getOperation()->walk([&](Operation *op) {
      if (WhyNot whyNot = whyQuantizedConstantNotFolded(op, force))
        op->emitRemark("quantized constant not folded into '")
            << op->getName() << "': " << whyNot.str();
    });
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

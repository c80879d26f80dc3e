//===- ShareQSpecs.cpp - Commute quantize/dequantize through data movement ===//
//
// Which ops move is decided by QuantBehaviourOpInterface, never by op name:
// at the TOSA level moveaxis, movedim, permute and transpose are all
// tosa.transpose, and cat, concat and stack are all tosa.concat. What each
// move needs and why an op stays in float: ShareQSpecsPlans.cpp.
//
//===----------------------------------------------------------------------===//

#include "ChangeListener.h"
#include "ShareQSpecsPlans.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantizedConstantFolds.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_SHAREQSPECSPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::share_qspecs;

namespace {

/// Rule 1: op(dequantize(x, P)) -> dequantize(op(x), P').
struct SinkDequantize : RewritePattern {
  SinkDequantize(MLIRContext *ctx, bool duplicateDequantize)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, ctx),
        duplicateDequantize(duplicateDequantize) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
    if (iface.refused())
      return rewriter.notifyMatchFailure(op, iface.whyNot().str());
    WhyNotOr<SinkPlan> plan = planSink(*iface, duplicateDequantize);
    if (plan.refused())
      return rewriter.notifyMatchFailure(op, plan.whyNot().str());

    rewriter.setInsertionPoint(op);
    SmallVector<Operation *> created;
    WhyNotOr<Operation *> intOp = buildSunkOp(rewriter, *iface, *plan, created);
    if (intOp.refused()) {
      for (Operation *newOp : llvm::reverse(created))
        rewriter.eraseOp(newOp);
      return rewriter.notifyMatchFailure(op, intOp.whyNot().str());
    }
    rewriter.insert(*intOp);
    Location dequantizeLoc = movedLocation(op);
    if (!iface->resultHoldsValues()) {
      rewriter.replaceOp(op, (*intOp)->getResults());
      return success();
    }
    auto dequantize = DequantizeOp::create(
        rewriter, dequantizeLoc, op->getResult(0).getType(),
        (*intOp)->getResult(0), TypeAttr::get(plan->resultType));
    rewriter.replaceOp(op, dequantize);
    return success();
  }

  /// The moved dequantize stands for the dequantizes it replaces and for the
  /// op it moved past: a diagnostic at it names both.
  static Location movedLocation(Operation *op) {
    SmallVector<Location> locations;
    for (Value operand : op->getOperands())
      if (auto dequantize = operand.getDefiningOp<DequantizeOp>())
        locations.push_back(dequantize.getLoc());
    locations.push_back(op->getLoc());
    return FusedLoc::get(op->getContext(), locations);
  }

  bool duplicateDequantize;
};

/// Rules 2 and 3: quantize(op(y), Q) -> op(quantize(y, Q')); where y is a
/// dequantize with other parameters the new pair is a requantize.
struct HoistQuantize : OpRewritePattern<QuantizeOp> {
  HoistQuantize(MLIRContext *ctx, bool duplicateDequantize)
      : OpRewritePattern(ctx, /*benefit=*/1),
        duplicateDequantize(duplicateDequantize) {}

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    WhyNotOr<SmallVector<quant::QuantizedType>> operandTypes =
        planHoist(quantize, duplicateDequantize);
    if (operandTypes.refused())
      return rewriter.notifyMatchFailure(quantize, operandTypes.whyNot().str());

    Operation *op = quantize.getInput().getDefiningOp();
    rewriter.setInsertionPoint(op);
    SmallVector<Operation *> created;
    WhyNotOr<Operation *> intOp =
        buildHoistedOp(rewriter, quantize, *operandTypes, created);
    if (intOp.refused()) {
      for (Operation *newOp : llvm::reverse(created))
        rewriter.eraseOp(newOp);
      return rewriter.notifyMatchFailure(quantize, intOp.whyNot().str());
    }
    rewriter.insert(*intOp);
    // Every user is a quantize with these parameters (planHoist checked).
    for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
      rewriter.replaceOp(user, (*intOp)->getResults());
    rewriter.eraseOp(op);
    return success();
  }

  bool duplicateDequantize;
};

/// mismatch-policy=adopt: dequantize(quantize(dequantize(x, P), Q), Q) ->
/// dequantize(x, P). Downstream sees the producer's values instead of their
/// rounding to Q's grid.
struct AdoptProducerParameters : OpRewritePattern<DequantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeOp outer,
                                PatternRewriter &rewriter) const override {
    auto quantize = outer.getInput().getDefiningOp<QuantizeOp>();
    if (!quantize)
      return failure();
    auto inner = quantize.getInput().getDefiningOp<DequantizeOp>();
    if (!inner || inner.getQtype() == quantize.getQtype() ||
        inner.getType() != outer.getType())
      return failure();
    outer->emitRemark("adopted ")
        << inner.getQtype() << " in place of " << quantize.getQtype()
        << " (mismatch-policy=adopt): the requantize is gone and numerics "
           "change";
    rewriter.replaceOp(outer, inner.getResult());
    return success();
  }
};

struct ShareQSpecsPass : qtosa::impl::ShareQSpecsPassBase<ShareQSpecsPass> {
  using ShareQSpecsPassBase::ShareQSpecsPassBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    ShareQSpecsPassBase::getDependentDialects(registry);
    registerTosaQuantBehaviourExternalModels(registry);
  }

  void runOnOperation() override;
};

/// For an op that could move onto integers: nothing when it touches no
/// dequantize (as an operand) and no quantize (as its user), and then no
/// rewrite can reach it; otherwise why it stays in float, empty when
/// nothing stands in the way.
std::optional<WhyNot> whyNextToQdqStaysInFloat(Operation *op,
                                               QuantBehaviourOpInterface iface,
                                               bool duplicateDequantize) {
  QuantizeOp quantizeUser = getQuantizeUser(op);
  bool nextToDequantize = llvm::any_of(op->getOperands(), [](Value v) {
    return v.getDefiningOp<DequantizeOp>();
  });
  if (!nextToDequantize && !quantizeUser)
    return std::nullopt;
  return whyStaysInFloat(iface, quantizeUser, duplicateDequantize);
}

} // namespace

void mlir::qtosa::populateShareQSpecsPatterns(RewritePatternSet &patterns,
                                              bool duplicateDequantize) {
  patterns.add<SinkDequantize, HoistQuantize>(patterns.getContext(),
                                              duplicateDequantize);
}

void mlir::qtosa::populateAdoptParametersPatterns(RewritePatternSet &patterns) {
  patterns.add<AdoptProducerParameters>(patterns.getContext());
}

void ShareQSpecsPass::runOnOperation() {
  Operation *root = getOperation();
  MLIRContext *ctx = &getContext();

  // Without quantize or dequantize nothing can move, and the greedy driver's
  // folding would still rewrite integer TOSA that other tools wrote.
  if (!containsQTosaOps(root)) {
    markAllAnalysesPreserved();
    return;
  }

  // Dequantizes sink as far as they go before any quantize moves up, so a
  // chain between a dequantize and a quantize ends with one requantize after
  // it rather than wherever the two walks would meet.
  // A data-movement op on a quantized constant (per-channel weights moved
  // into the layout their consumer wants) folds into a moved constant rather
  // than sinking: sunk, it would become an integer op on a constant that no
  // folder evaluates, and weights an NPU needs as constants would not be.
  // Top-down, producers fold before their users are matched (a reshape of
  // the stored weights before the transpose of their dequantize).
  RewritePatternSet sinkOnly(ctx);
  sinkOnly.add<SinkDequantize>(ctx, duplicateDequantize);
  populateFoldQuantizedConstantPatterns(sinkOnly, /*force=*/false,
                                        /*benefit=*/3);
  // Rewrites here never make blocks unreachable or mergeable, and ops they
  // leave dead are erased as they go: region simplification, a whole-region
  // sweep per iteration, would find nothing.
  //
  // Only ops next to a quantize or dequantize can match, so the drivers
  // start from those instead of every op of the function, and follow what
  // each rewrite touches: the ops a sunk dequantize now feeds, the quantize
  // a hoist creates.
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  config.setStrictness(GreedyRewriteStrictness::AnyOp);
  // Each walk of a large function misses the caches on most ops, so the
  // first one also counts the ops that could move, for numMoved.
  int64_t floatMovableBefore = 0;
  // What each driver starts from; CountMovable also counts, on the way, the
  // ops that could move (for numMoved).
  enum Seeds : unsigned {
    UsersOfDequantize = 1,
    Quantizes = 2,
    Dequantizes = 4,
    CountMovable = 8,
  };
  auto collect = [&](unsigned seeds) {
    bool usersOfDequantize = seeds & UsersOfDequantize;
    bool quantizes = seeds & Quantizes, dequantizes = seeds & Dequantizes;
    bool countMovable = seeds & CountMovable;
    SmallVector<Operation *> ops;
    DenseSet<Operation *> seen;
    root->walk([&](Operation *op) {
      if (countMovable)
        floatMovableBefore += getMovableOp(op).hasValue();
      if (auto dequantize = dyn_cast<DequantizeOp>(op)) {
        // The stored data's producer folds first (a reshape of a constant),
        // so that data movement after the dequantize sees the constant.
        if (Operation *producer = dequantize.getInput().getDefiningOp())
          if (usersOfDequantize && seen.insert(producer).second)
            ops.push_back(producer);
        if (dequantizes && seen.insert(op).second)
          ops.push_back(op);
        if (usersOfDequantize)
          for (Operation *user : dequantize->getUsers())
            if (seen.insert(user).second)
              ops.push_back(user);
      } else if (quantizes && isa<QuantizeOp>(op) && seen.insert(op).second) {
        ops.push_back(op);
      }
    });
    // The driver takes its list from the back: reversed, producers go first.
    std::reverse(ops.begin(), ops.end());
    return ops;
  };
  ChangeListener listener;
  config.setListener(&listener);
  if (failed(applyOpPatternsGreedily(collect(UsersOfDequantize | CountMovable),
                                     std::move(sinkOnly), config)))
    return signalPassFailure();
  RewritePatternSet patternList(ctx);
  populateShareQSpecsPatterns(patternList, duplicateDequantize);
  FrozenRewritePatternSet patterns(std::move(patternList));
  bool sinkChanged = listener.changed;
  listener.changed = false;
  if (failed(applyOpPatternsGreedily(collect(UsersOfDequantize | Quantizes),
                                     patterns, config)))
    return signalPassFailure();
  // A move can make another one possible on an op no rewrite touched: a
  // quantize hoisted above a ReLU completes a convolution's
  // dequantize -> op -> quantize group, and a dequantize that convolution
  // shares with a concat may then sink into the concat (a U-Net's skip
  // connection). One more round, from just those ops, when the round
  // before moved anything: otherwise it visited them all in vain already.
  if (listener.changed) {
    SmallVector<Operation *> nowMovable;
    root->walk([&](Operation *op) {
      WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
      if (iface.refused())
        return;
      std::optional<WhyNot> why =
          whyNextToQdqStaysInFloat(op, *iface, duplicateDequantize);
      if (why && !*why)
        nowMovable.push_back(op);
    });
    if (!nowMovable.empty() &&
        failed(applyOpPatternsGreedily(nowMovable, patterns, config)))
      return signalPassFailure();
  }
  listener.changed |= sinkChanged;

  if (mismatchPolicy == MismatchPolicy::Adopt) {
    RewritePatternSet adopt(ctx);
    populateAdoptParametersPatterns(adopt);
    int64_t before = 0;
    root->walk([&](DequantizeOp) { ++before; });
    if (failed(applyOpPatternsGreedily(collect(Dequantizes), std::move(adopt),
                                       config)))
      return signalPassFailure();
    int64_t after = 0;
    root->walk([&](DequantizeOp) { ++after; });
    numAdopted += before - after;
  }

  // Every op that could have moved but sits in float next to a quantize or
  // dequantize is explained; the same walk counts for the statistics.
  int64_t floatMovableAfter = 0;
  root->walk([&](Operation *op) {
    if (auto quantize = dyn_cast<QuantizeOp>(op)) {
      auto dequantize = quantize.getInput().getDefiningOp<DequantizeOp>();
      numRequantizes +=
          dequantize && dequantize.getQtype() != quantize.getQtype();
      return;
    }
    WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
    if (iface.refused())
      return;
    ++floatMovableAfter;
    std::optional<WhyNot> staysWhy =
        whyNextToQdqStaysInFloat(op, *iface, duplicateDequantize);
    if (!staysWhy)
      return;
    WhyNot why = std::move(*staysWhy);
    // Nothing stands in the way now, yet the moves are over: adopting a
    // producer's parameters, after them, can give an op's operands the
    // shared parameters they lacked.
    if (!why)
      why = mismatchPolicy == MismatchPolicy::Adopt
                ? "mismatch-policy=adopt gave its operands shared parameters "
                  "after the moves; running qtosa-share-qspecs again moves it"
                : "nothing stands in the way, but no move reached it";
    op->emitRemark() << "'" << op->getName()
                     << "' stays in float: " << why.str();
  });

  numMoved += floatMovableBefore - floatMovableAfter;
  if (!listener.changed)
    markAllAnalysesPreserved();
}

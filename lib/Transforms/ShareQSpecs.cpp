//===- ShareQSpecs.cpp - Commute quantize/dequantize through data movement ===//
//
// Which ops move is decided by QuantBehaviourOpInterface, never by op name:
// at the TOSA level moveaxis, movedim, permute and transpose are all
// tosa.transpose, and cat, concat and stack are all tosa.concat.
//
//===----------------------------------------------------------------------===//

#include "ChangeListener.h"
#include "VerifiedOp.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Dialect/QTosa/IR/QuantizedConstantFolds.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/TosaRescale.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_SHAREQSPECSPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// An op that may move: it has the interface, moves or orders values, and
/// has one float result. Asked of nearly every op the drivers visit, so the
/// reasons are fixed sentences (WhyNot keeps them as pointers).
WhyNotOr<QuantBehaviourOpInterface> getMovableOp(Operation *op) {
  auto iface = dyn_cast_or_null<QuantBehaviourOpInterface>(op);
  if (!iface || iface.getQuantBehaviour() == QuantBehaviour::Independent)
    return "it computes new values";
  if (op->getNumResults() != 1)
    return "it has several results";
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || (iface.resultHoldsValues() &&
                      !isa<FloatType>(resultType.getElementType())))
    return "its result is not a float tensor";
  return iface;
}

/// Why order-preserving ops stay in float on unsigned storage.
constexpr const char *kUnsignedOrder =
    "unsigned storage does not order like its values in TOSA's signed "
    "integer comparisons";

/// Per-tensor parameters of `qtype`, for the clamp bounds and pad values
/// that need one scale and zero point.
quant::UniformQuantizedType getPerTensor(quant::QuantizedType qtype) {
  return dyn_cast<quant::UniformQuantizedType>(qtype);
}

/// Stored bounds equal to a float clamp's on the values under `qtype`, when
/// the float bounds allow it. `exact` demands that a bound lying within the
/// representable range be itself representable (sinking a dequantize);
/// otherwise the quantized bounds are used as they round (hoisting a
/// quantize: quantize(clamp(v, lo, hi)) == clamp(q(v), q(lo), q(hi)) since
/// quantize is monotone).
WhyNotOr<std::pair<int64_t, int64_t>>
getStoredClampBounds(tosa::ClampOp clamp, quant::QuantizedType qtype,
                     bool exact) {
  quant::UniformQuantizedType params = getPerTensor(qtype);
  auto lowerAttr = dyn_cast<FloatAttr>(clamp.getMinValAttr());
  auto upperAttr = dyn_cast<FloatAttr>(clamp.getMaxValAttr());
  if (!params || !lowerAttr || !upperAttr)
    return "its bounds need per-tensor parameters";
  auto stored = [&](float bound) -> std::optional<int64_t> {
    int64_t q = quantizeElement(bound, params);
    if (!exact)
      return q;
    float back = dequantizeElement(q, params.getScale(), params.getZeroPoint());
    bool outside = q == params.getStorageTypeMin()   ? bound <= back
                   : q == params.getStorageTypeMax() ? bound >= back
                                                     : false;
    if (back == bound || outside)
      return q;
    return std::nullopt;
  };
  std::optional<int64_t> lower = stored(lowerAttr.getValueAsDouble());
  std::optional<int64_t> upper = stored(upperAttr.getValueAsDouble());
  if (!lower || !upper)
    return "a clamp bound falls between two quantized values";
  return std::make_pair(*lower, *upper);
}

/// What sinking the dequantizes of `op` (rule 1) would build.
struct SinkPlan {
  SmallVector<Value> operands;
  /// Parameters of the integer result, when it holds values.
  quant::QuantizedType resultType;
  std::optional<std::pair<int64_t, int64_t>> clampBounds;
  /// Pad value that is a float constant, stored under the input's params.
  std::optional<int64_t> storedPadValue;
};

/// `iface` is the movable op (getMovableOp).
WhyNotOr<SinkPlan> planSink(QuantBehaviourOpInterface iface,
                            bool duplicateDequantize) {
  Operation *op = iface.getOperation();
  SinkPlan plan;
  plan.operands.assign(op->operand_begin(), op->operand_end());

  std::optional<unsigned> floatPadValue;
  SmallVector<quant::QuantizedType> operandTypes;
  for (unsigned index : iface.getValueOperands()) {
    Value operand = op->getOperand(index);
    if (auto dequantize = operand.getDefiningOp<DequantizeOp>()) {
      if (!duplicateDequantize)
        for (Operation *user : dequantize->getUsers())
          // A quantize of the dequantize is a requantize: it needs no float.
          if (!isa<QuantizeOp>(user) &&
              getQuantBehaviour(user) == QuantBehaviour::Independent)
            return WhyNot::format("its dequantize also feeds '" +
                                  user->getName().getStringRef() +
                                  "', which needs the float value "
                                  "(duplicate-dequantize=true sinks it "
                                  "anyway)");
      plan.operands[index] = dequantize.getInput();
      operandTypes.push_back(dequantize.getQtype());
      continue;
    }
    if (isa<tosa::PadOp>(op) && index != 0 && getScalarFloatConstant(operand)) {
      floatPadValue = index;
      continue;
    }
    return WhyNot::format("operand #" + Twine(index) + " is not dequantized");
  }

  WhyNotOr<quant::QuantizedType> resultType =
      iface.getResultQuantType(operandTypes);
  if (!resultType)
    return std::move(resultType).whyNot();
  plan.resultType = *resultType;
  quant::QuantizedType inputType = operandTypes.front();

  if (iface.getQuantBehaviour() == QuantBehaviour::OrderPreserving) {
    if (!inputType.isSigned())
      return kUnsignedOrder;
    if (!iface.resultHoldsValues() && !isRoundTripExact(inputType))
      return "distinct stored values may dequantize to equal floats, which "
             "changes the index it returns";
    if (auto clamp = dyn_cast<tosa::ClampOp>(op)) {
      WhyNotOr<std::pair<int64_t, int64_t>> bounds =
          getStoredClampBounds(clamp, inputType, /*exact=*/true);
      if (!bounds)
        return std::move(bounds).whyNot();
      plan.clampBounds = *bounds;
    }
  }

  if (floatPadValue) {
    quant::UniformQuantizedType params = getPerTensor(inputType);
    float padValue = *getScalarFloatConstant(op->getOperand(*floatPadValue));
    if (!params)
      return "one pad value cannot hold per-axis parameters";
    plan.storedPadValue = storeExactly(
        padValue, params.getScale(), params.getZeroPoint(),
        params.getStorageTypeMin(), params.getStorageTypeMax());
    if (!plan.storedPadValue)
      return "its pad value is not a quantized value";
  }
  return plan;
}

/// True when `op`'s integer form is valid whenever its float form is: a
/// data-movement op whose tensors all had the float element type and now
/// all have `storage`, the other operands unchanged. Its verifier only
/// compares shapes and element types among the tensors, and those agree
/// as before; verifying it anyway cost about 5,800 instructions an op.
bool onlySwapsElementType(Operation *op, ArrayRef<Value> operands,
                          Type storage) {
  if (!isa<tosa::TransposeOp, tosa::ReshapeOp, tosa::SliceOp, tosa::ConcatOp,
           tosa::TileOp, tosa::ReverseOp, tosa::IdentityOp>(op))
    return false;
  Type floatElement = getElementTypeOrSelf(op->getResult(0));
  for (auto [floatOperand, intOperand] :
       llvm::zip(op->getOperands(), operands)) {
    if (getElementTypeOrSelf(floatOperand) == floatElement) {
      if (getElementTypeOrSelf(intOperand) != storage)
        return false;
    } else if (floatOperand.getType() != intOperand.getType()) {
      return false;
    }
  }
  return true;
}

/// Builds `op` on storage tensors, detached, unless the integer form does
/// not verify.
WhyNotOr<Operation *>
buildIntegerOp(Operation *op, ArrayRef<Value> operands,
               quant::QuantizedType resultType,
               std::optional<std::pair<int64_t, int64_t>> clamp) {
  auto floatResult = cast<RankedTensorType>(op->getResult(0).getType());
  Type resultTensor = resultType
                          ? floatResult.clone(resultType.getStorageType())
                          : Type(floatResult);
  NamedAttrList attrs(op->getAttrs());
  if (clamp) {
    Type storage = resultType.getStorageType();
    attrs.set("min_val", IntegerAttr::get(storage, clamp->first));
    attrs.set("max_val", IntegerAttr::get(storage, clamp->second));
  }
  OperationState state(op->getLoc(), op->getName(), operands, {resultTensor},
                       attrs);
  if (resultType && op->getNumOperands() == operands.size() &&
      onlySwapsElementType(op, operands, resultType.getStorageType()))
    return Operation::create(state);
  WhyNotOr<Operation *> intOp = createIfVerified(state);
  if (!intOp)
    return WhyNot::format("its integer form is not valid TOSA: " +
                          intOp.whyNot().str());
  return intOp;
}

/// The integer form sinking builds from `plan`, detached; the stored pad
/// value, if any, is created with `builder` and listed in `created`.
WhyNotOr<Operation *> buildSunkOp(OpBuilder &builder,
                                  QuantBehaviourOpInterface iface,
                                  SinkPlan &plan,
                                  SmallVectorImpl<Operation *> &created) {
  Operation *op = iface.getOperation();
  if (plan.storedPadValue) {
    plan.operands.back() = buildIntegerScalar(
        builder, op->getLoc(), plan.resultType.getStorageType(),
        *plan.storedPadValue);
    created.push_back(plan.operands.back().getDefiningOp());
  }
  quant::QuantizedType resultType =
      iface.resultHoldsValues() ? plan.resultType : quant::QuantizedType();
  return buildIntegerOp(op, plan.operands, resultType, plan.clampBounds);
}

/// Rule 1: op(dequantize(x, P)) -> dequantize(op(x), P').
struct SinkDequantize : RewritePattern {
  SinkDequantize(MLIRContext *ctx, bool duplicateDequantize)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, ctx),
        duplicateDequantize(duplicateDequantize) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
    if (!iface)
      return rewriter.notifyMatchFailure(op, iface.whyNot().str());
    WhyNotOr<SinkPlan> plan = planSink(*iface, duplicateDequantize);
    if (!plan)
      return rewriter.notifyMatchFailure(op, plan.whyNot().str());

    rewriter.setInsertionPoint(op);
    SmallVector<Operation *> created;
    WhyNotOr<Operation *> intOp = buildSunkOp(rewriter, *iface, *plan, created);
    if (!intOp) {
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

/// The operand parameters with which `quantize(op(y), Q)` becomes
/// `op(quantize(y, Q'))`, or why it cannot. `sinkPlanHolds` is whether
/// planSink holds for `op`, when the caller already asked it.
WhyNotOr<SmallVector<quant::QuantizedType>>
planHoist(QuantizeOp quantize, bool duplicateDequantize,
          std::optional<bool> sinkPlanHolds = std::nullopt) {
  Operation *op = quantize.getInput().getDefiningOp();
  WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
  if (!iface)
    return std::move(iface).whyNot();
  if (!iface->resultHoldsValues())
    return "its result is not made of its operands' values";
  for (Operation *user : op->getUsers()) {
    auto otherQuantize = dyn_cast<QuantizeOp>(user);
    if (!otherQuantize || otherQuantize.getQtype() != quantize.getQtype() ||
        otherQuantize.getType() != quantize.getType())
      return "its float result has other users";
  }
  // Rule 1 first: it keeps the requantize after the op, on fewer values.
  if (sinkPlanHolds ? *sinkPlanHolds
                    : static_cast<bool>(planSink(*iface, duplicateDequantize)))
    return "its dequantizes sink instead";
  quant::QuantizedType resultType = quantize.getQtype();
  if (iface->getQuantBehaviour() == QuantBehaviour::OrderPreserving &&
      !resultType.isSigned())
    return kUnsignedOrder;
  SmallVector<quant::QuantizedType> operandTypes;
  for (unsigned index : iface->getValueOperands()) {
    WhyNotOr<quant::QuantizedType> operandType =
        iface->getOperandQuantType(resultType, index);
    if (!operandType)
      return std::move(operandType).whyNot();
    operandTypes.push_back(*operandType);
  }
  return operandTypes;
}

/// The integer form hoisting `quantize` above its input builds from the
/// plan's `operandTypes`, detached; the quantizes and pad values it reads
/// are created with `builder` and listed in `created`.
WhyNotOr<Operation *>
buildHoistedOp(OpBuilder &builder, QuantizeOp quantize,
               ArrayRef<quant::QuantizedType> operandTypes,
               SmallVectorImpl<Operation *> &created) {
  Operation *op = quantize.getInput().getDefiningOp();
  auto iface = cast<QuantBehaviourOpInterface>(op);
  quant::QuantizedType resultType = quantize.getQtype();
  std::optional<std::pair<int64_t, int64_t>> clampBounds;
  if (auto clamp = dyn_cast<tosa::ClampOp>(op)) {
    WhyNotOr<std::pair<int64_t, int64_t>> bounds =
        getStoredClampBounds(clamp, resultType, /*exact=*/false);
    if (!bounds)
      return std::move(bounds).whyNot();
    clampBounds = *bounds;
  }

  SmallVector<Value> operands(op->getOperands());
  for (auto [index, operandType] :
       llvm::zip(iface.getValueOperands(), operandTypes)) {
    Value operand = op->getOperand(index);
    quant::UniformQuantizedType params = getPerTensor(operandType);
    std::optional<float> padValue =
        isa<tosa::PadOp>(op) && index != 0 ? getScalarFloatConstant(operand)
                                           : std::nullopt;
    if (padValue && params) {
      operands[index] = buildIntegerScalar(
          builder, op->getLoc(), operandType.getStorageType(),
          quantizeElement(*padValue, params));
    } else {
      auto floatType = cast<RankedTensorType>(operand.getType());
      // The moved quantize stands for the one above and for the op it
      // moved past: a diagnostic at it names both.
      operands[index] = QuantizeOp::create(
          builder,
          FusedLoc::get(op->getContext(), {quantize.getLoc(), op->getLoc()}),
          floatType.clone(operandType.getStorageType()), operand,
          TypeAttr::get(operandType));
    }
    created.push_back(operands[index].getDefiningOp());
  }
  return buildIntegerOp(op, operands, resultType, clampBounds);
}

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
    if (!operandTypes)
      return rewriter.notifyMatchFailure(quantize, operandTypes.whyNot().str());

    Operation *op = quantize.getInput().getDefiningOp();
    rewriter.setInsertionPoint(op);
    SmallVector<Operation *> created;
    WhyNotOr<Operation *> intOp =
        buildHoistedOp(rewriter, quantize, *operandTypes, created);
    if (!intOp) {
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

struct ShareQSpecsPass
    : qtosa::impl::ShareQSpecsPassBase<ShareQSpecsPass> {
  using ShareQSpecsPassBase::ShareQSpecsPassBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    ShareQSpecsPassBase::getDependentDialects(registry);
    registerTosaQuantBehaviourExternalModels(registry);
  }

  void runOnOperation() override;
};

} // namespace

/// Why the integer form a plan built is not kept: the verifier's reason,
/// or nothing when it is valid. What was built is detached and destroyed.
static WhyNot whyNotKept(WhyNotOr<Operation *> intOp,
                         ArrayRef<Operation *> created) {
  WhyNot why;
  if (intOp)
    (*intOp)->destroy();
  else
    why = std::move(intOp).whyNot();
  for (Operation *op : llvm::reverse(created))
    op->destroy();
  return why;
}

/// Why the movable `iface` stays in float, or nothing when it moves: its
/// dequantizes cannot sink, and (with a quantize user) that quantize cannot
/// hoist above it. Each direction is planned once; where a plan holds, the
/// integer form it builds is built detached and verified, as the patterns
/// do, so an op whose plan holds is explained by its verifier. The same
/// sentence serves the pass's remark and later passes that ask.
static WhyNot whyStaysInFloat(QuantBehaviourOpInterface iface,
                              QuantizeOp quantizeUser,
                              bool duplicateDequantize) {
  OpBuilder detached(iface->getContext());
  SmallVector<Operation *> created;
  WhyNotOr<SinkPlan> sink = planSink(iface, duplicateDequantize);
  bool sinkPlanHolds = static_cast<bool>(sink);
  WhyNot notSunk =
      sinkPlanHolds
          ? whyNotKept(buildSunkOp(detached, iface, *sink, created), created)
          : std::move(sink).whyNot();
  if (!notSunk || !quantizeUser)
    return notSunk;
  created.clear();
  WhyNotOr<SmallVector<quant::QuantizedType>> hoist =
      planHoist(quantizeUser, duplicateDequantize, sinkPlanHolds);
  WhyNot notHoisted =
      hoist ? whyNotKept(buildHoistedOp(detached, quantizeUser, *hoist,
                                        created),
                         created)
            : std::move(hoist).whyNot();
  if (!notHoisted)
    return {};
  return WhyNot::format(notSunk.str() +
                        "; its quantize cannot move above it: " +
                        notHoisted.str());
}

/// The quantize among `op`'s users, the last one if several.
static QuantizeOp getQuantizeUser(Operation *op) {
  QuantizeOp quantizeUser;
  for (Operation *user : op->getUsers())
    if (auto quantize = dyn_cast<QuantizeOp>(user))
      quantizeUser = quantize;
  return quantizeUser;
}

WhyNot mlir::qtosa::whyNotMovedToIntegers(Operation *op) {
  WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
  if (!iface)
    return std::move(iface).whyNot();
  return whyStaysInFloat(*iface, getQuantizeUser(op),
                         /*duplicateDequantize=*/false);
}

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
        floatMovableBefore += static_cast<bool>(getMovableOp(op));
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
  RewritePatternSet patterns(ctx);
  populateShareQSpecsPatterns(patterns, duplicateDequantize);
  if (failed(applyOpPatternsGreedily(collect(UsersOfDequantize | Quantizes),
                                     std::move(patterns), config)))
    return signalPassFailure();

  if (mismatchPolicy == MismatchPolicy::Adopt) {
    RewritePatternSet adopt(ctx);
    populateAdoptParametersPatterns(adopt);
    int64_t before = 0;
    root->walk([&](DequantizeOp) { ++before; });
    if (failed(applyOpPatternsGreedily(collect(Dequantizes),
                                       std::move(adopt), config)))
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
    if (!iface)
      return;
    ++floatMovableAfter;
    bool nextToDequantize = llvm::any_of(op->getOperands(), [](Value v) {
      return v.getDefiningOp<DequantizeOp>();
    });
    QuantizeOp quantizeUser = getQuantizeUser(op);
    if (!nextToDequantize && !quantizeUser)
      return;
    WhyNot why = whyStaysInFloat(*iface, quantizeUser, duplicateDequantize);
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

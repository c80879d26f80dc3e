//===- ShareQSpecsPlans.cpp - What qtosa-share-qspecs' moves need --------===//
//
// The plans of qtosa-share-qspecs' two moves (sink a dequantize below an op,
// hoist a quantize above it), the integer forms they build, and the reason
// an op stays in float, which later passes ask through
// whyNotMovedToIntegers. The patterns and the pass are in ShareQSpecs.cpp.
//
//===----------------------------------------------------------------------===//

#include "ShareQSpecsPlans.h"
#include "VerifiedOp.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/TosaRescale.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::share_qspecs;

namespace {

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
/// quantize is monotone, with either rounding of ties if the bounds are
/// rounded as `tiesAwayFromZero` says the values are).
WhyNotOr<std::pair<int64_t, int64_t>>
getStoredClampBounds(tosa::ClampOp clamp, quant::QuantizedType qtype,
                     bool exact, bool tiesAwayFromZero = false) {
  quant::UniformQuantizedType params = getPerTensor(qtype);
  auto lowerAttr = dyn_cast<FloatAttr>(clamp.getMinValAttr());
  auto upperAttr = dyn_cast<FloatAttr>(clamp.getMaxValAttr());
  if (!params || !lowerAttr || !upperAttr)
    return "its bounds need per-tensor parameters";
  auto stored = [&](float bound) -> std::optional<int64_t> {
    int64_t q = quantizeElement(bound, params, tiesAwayFromZero);
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

/// True when `op`'s integer form is valid whenever its float form is: a
/// data-movement op whose tensors all had the float element type and now
/// all have `storage`, the other operands unchanged. Its verifier only
/// compares shapes and element types among the tensors, and those agree
/// as before, so verifying it would only cost time (docs/performance.md,
/// "What the design choices save").
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
  if (intOp.refused())
    return WhyNot::format("its integer form is not valid TOSA: " +
                          intOp.whyNot().str());
  return intOp;
}

/// Whether `user` reads a dequantized value only as one operand of a
/// dequantize -> op -> quantize group: every value operand dequantized and
/// every use of its results a quantize. Lowering to integers removes that
/// float value, so a copy of the dequantize costs nothing (the state of an
/// unrolled GRU feeds both its recurrent FULLY_CONNECTED, through a
/// reshape, and the gate's MUL).
bool readsOnlyInQuantizedGroup(Operation *user) {
  auto iface = dyn_cast<QuantBehaviourOpInterface>(user);
  if (!iface || user->getNumResults() == 0)
    return false;
  for (unsigned index : iface.getValueOperands())
    if (!user->getOperand(index).getDefiningOp<DequantizeOp>())
      return false;
  for (Operation *resultUser : user->getUsers())
    if (!isa<QuantizeOp>(resultUser))
      return false;
  return !user->use_empty();
}

/// Why the integer form a plan built is not kept: the verifier's reason,
/// or nothing when it is valid. What was built is detached and destroyed.
WhyNot whyNotKept(WhyNotOr<Operation *> intOp, ArrayRef<Operation *> created) {
  WhyNot why;
  if (intOp.hasValue())
    (*intOp)->destroy();
  else
    why = std::move(intOp).whyNot();
  for (Operation *op : llvm::reverse(created))
    op->destroy();
  return why;
}

} // namespace

WhyNotOr<SinkPlan> share_qspecs::planSink(QuantBehaviourOpInterface iface,
                                          bool duplicateDequantize) {
  Operation *op = iface.getOperation();
  SinkPlan plan;
  plan.operands.assign(op->operand_begin(), op->operand_end());

  std::optional<unsigned> floatPadValue;
  SmallVector<quant::QuantizedType> operandTypes;
  for (unsigned index : iface.getValueOperands()) {
    Value operand = op->getOperand(index);
    if (auto dequantize = operand.getDefiningOp<DequantizeOp>()) {
      // A quantized constant is the exception: a copy of its dequantize
      // sunk below data movement leaves an integer op on a constant, which
      // qtosa-fold-quantized-constants (force=true) folds instead.
      bool constant = dequantize.getInput().getDefiningOp<tosa::ConstOp>();
      if (!duplicateDequantize)
        for (Operation *user : dequantize->getUsers())
          // A quantize of the dequantize is a requantize, and an op of a
          // quantized group reads the float only until it is lowered:
          // neither needs the float value.
          if (!isa<QuantizeOp>(user) &&
              getQuantBehaviour(user) == QuantBehaviour::Independent &&
              (constant || !readsOnlyInQuantizedGroup(user)))
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
  if (resultType.refused())
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
      if (bounds.refused())
        return std::move(bounds).whyNot();
      plan.clampBounds = *bounds;
    }
  }

  if (floatPadValue) {
    quant::UniformQuantizedType params = getPerTensor(inputType);
    float padValue = *getScalarFloatConstant(op->getOperand(*floatPadValue));
    if (!params)
      return "one pad value cannot hold per-axis parameters";
    plan.storedPadValue =
        storeExactly(padValue, params.getScale(), params.getZeroPoint(),
                     params.getStorageTypeMin(), params.getStorageTypeMax());
    if (!plan.storedPadValue)
      return "its pad value is not a quantized value";
  }
  return plan;
}

WhyNotOr<Operation *>
share_qspecs::buildSunkOp(OpBuilder &builder, QuantBehaviourOpInterface iface,
                          SinkPlan &plan,
                          SmallVectorImpl<Operation *> &created) {
  Operation *op = iface.getOperation();
  if (plan.storedPadValue) {
    plan.operands.back() = buildIntegerScalar(builder, op->getLoc(),
                                              plan.resultType.getStorageType(),
                                              *plan.storedPadValue);
    created.push_back(plan.operands.back().getDefiningOp());
  }
  quant::QuantizedType resultType =
      iface.resultHoldsValues() ? plan.resultType : quant::QuantizedType();
  return buildIntegerOp(op, plan.operands, resultType, plan.clampBounds);
}

WhyNotOr<SmallVector<quant::QuantizedType>>
share_qspecs::planHoist(QuantizeOp quantize, bool duplicateDequantize,
                        std::optional<bool> sinkPlanHolds) {
  Operation *op = quantize.getInput().getDefiningOp();
  WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
  if (iface.refused())
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
                    : planSink(*iface, duplicateDequantize).hasValue())
    return "its dequantizes sink instead";
  quant::QuantizedType resultType = quantize.getQtype();
  if (iface->getQuantBehaviour() == QuantBehaviour::OrderPreserving &&
      !resultType.isSigned())
    return kUnsignedOrder;
  SmallVector<quant::QuantizedType> operandTypes;
  for (unsigned index : iface->getValueOperands()) {
    WhyNotOr<quant::QuantizedType> operandType =
        iface->getOperandQuantType(resultType, index);
    if (operandType.refused())
      return std::move(operandType).whyNot();
    operandTypes.push_back(*operandType);
  }
  return operandTypes;
}

WhyNotOr<Operation *>
share_qspecs::buildHoistedOp(OpBuilder &builder, QuantizeOp quantize,
                             ArrayRef<quant::QuantizedType> operandTypes,
                             SmallVectorImpl<Operation *> &created) {
  Operation *op = quantize.getInput().getDefiningOp();
  auto iface = cast<QuantBehaviourOpInterface>(op);
  quant::QuantizedType resultType = quantize.getQtype();
  std::optional<std::pair<int64_t, int64_t>> clampBounds;
  if (auto clamp = dyn_cast<tosa::ClampOp>(op)) {
    WhyNotOr<std::pair<int64_t, int64_t>> bounds = getStoredClampBounds(
        clamp, resultType, /*exact=*/false, quantize.getTiesAwayFromZero());
    if (bounds.refused())
      return std::move(bounds).whyNot();
    clampBounds = *bounds;
  }

  SmallVector<Value> operands(op->getOperands());
  for (auto [index, operandType] :
       llvm::zip(iface.getValueOperands(), operandTypes)) {
    Value operand = op->getOperand(index);
    quant::UniformQuantizedType params = getPerTensor(operandType);
    std::optional<float> padValue = isa<tosa::PadOp>(op) && index != 0
                                        ? getScalarFloatConstant(operand)
                                        : std::nullopt;
    if (padValue && params) {
      operands[index] = buildIntegerScalar(
          builder, op->getLoc(), operandType.getStorageType(),
          quantizeElement(*padValue, params, quantize.getTiesAwayFromZero()));
    } else {
      auto floatType = cast<RankedTensorType>(operand.getType());
      // The moved quantize stands for the one above and for the op it
      // moved past: a diagnostic at it names both.
      operands[index] = QuantizeOp::create(
          builder,
          FusedLoc::get(op->getContext(), {quantize.getLoc(), op->getLoc()}),
          floatType.clone(operandType.getStorageType()), operand,
          TypeAttr::get(operandType), quantize.getTiesAwayFromZeroAttr());
    }
    created.push_back(operands[index].getDefiningOp());
  }
  return buildIntegerOp(op, operands, resultType, clampBounds);
}

WhyNot share_qspecs::whyStaysInFloat(QuantBehaviourOpInterface iface,
                                     QuantizeOp quantizeUser,
                                     bool duplicateDequantize) {
  OpBuilder detached(iface->getContext());
  SmallVector<Operation *> created;
  WhyNotOr<SinkPlan> sink = planSink(iface, duplicateDequantize);
  bool sinkPlanHolds = sink.hasValue();
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
      hoist.hasValue()
          ? whyNotKept(buildHoistedOp(detached, quantizeUser, *hoist, created),
                       created)
          : std::move(hoist).whyNot();
  if (!notHoisted)
    return {};
  return WhyNot::format(
      notSunk.str() +
      "; its quantize cannot move above it: " + notHoisted.str());
}

QuantizeOp share_qspecs::getQuantizeUser(Operation *op) {
  QuantizeOp quantizeUser;
  for (Operation *user : op->getUsers())
    if (auto quantize = dyn_cast<QuantizeOp>(user))
      quantizeUser = quantize;
  return quantizeUser;
}

WhyNot mlir::qtosa::whyNotMovedToIntegers(Operation *op) {
  WhyNotOr<QuantBehaviourOpInterface> iface = getMovableOp(op);
  if (iface.refused())
    return std::move(iface).whyNot();
  return whyStaysInFloat(*iface, getQuantizeUser(op),
                         /*duplicateDequantize=*/false);
}

//===- TosaQuantBehaviour.cpp - How quantization passes a TOSA op ---------===//
//
// The classification of every TOSA op is the table at the bottom of this
// file. Per-axis parameters follow the data through each data-movement op by
// the axis rules above it; per-tensor parameters pass unchanged.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "PerAxisReshape.h"
#include "qtosa/Utils/ShapedValues.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::qtosa;

#include "qtosa/Dialect/QTosa/IR/QTosaInterfaces.cpp.inc"

QuantBehaviour mlir::qtosa::getQuantBehaviour(Operation *op) {
  if (auto iface = dyn_cast<QuantBehaviourOpInterface>(op))
    return iface.getQuantBehaviour();
  return QuantBehaviour::Independent;
}

//===----------------------------------------------------------------------===//
// Axis rules
//===----------------------------------------------------------------------===//

namespace {
using namespace mlir::qtosa::per_axis;
using Result = WhyNotOr<quant::QuantizedType>;

/// What a data-movement or order-preserving op does with quantization
/// parameters: which operands carry values, whether the result holds them,
/// and where per-axis parameters go from a value operand to the result
/// (forward) and from the result to operand `index` (backward). Every op
/// attached with a ValueModel has an entry of its own below; the template
/// has no definition, so an op attached without one does not compile.
template <typename OpTy> struct Rules;

/// What entries start from: operand 0 carries the values, the result holds
/// them, and the op's class gives its behaviour.
struct RulesBase {
  static constexpr bool resultHoldsValues = true;
  static SmallVector<unsigned> valueOperands(Operation *) { return {0}; }
  static QuantBehaviour behaviour(Operation *, QuantBehaviour classBehaviour) {
    return classBehaviour;
  }
};

/// Ops whose result has the shape of their value operands: parameters pass
/// as they are, both ways.
struct SameShape : RulesBase {
  static Result forward(Operation *op, PerAxis type) {
    if (shapeOf(op->getOperand(0)) != shapeOf(op->getResult(0)))
      return "broadcasting moves the per-axis dimension";
    return quant::QuantizedType(type);
  }
  static Result backward(Operation *op, PerAxis type, unsigned) {
    return forward(op, type);
  }
};

template <> struct Rules<tosa::TransposeOp> : RulesBase {
  static Result forward(tosa::TransposeOp op, PerAxis type) {
    ArrayRef<int32_t> perms = op.getPerms();
    int32_t axis = type.getQuantizedDimension();
    return quant::QuantizedType(withAxis(
        type, static_cast<int32_t>(llvm::find(perms, axis) - perms.begin())));
  }

  static Result backward(tosa::TransposeOp op, PerAxis type, unsigned) {
    return quant::QuantizedType(
        withAxis(type, op.getPerms()[type.getQuantizedDimension()]));
  }
};

template <> struct Rules<tosa::ReshapeOp> : RulesBase {
  static Result forward(tosa::ReshapeOp op, PerAxis type) {
    int32_t axis = type.getQuantizedDimension();
    if (std::optional<int32_t> moved = reshapedAxis(
            shapeOf(op.getInput1()), shapeOf(op.getResult()), axis))
      return quant::QuantizedType(withAxis(type, *moved));
    return reshapeRegrouped(type, shapeOf(op.getInput1()),
                            shapeOf(op.getResult()));
  }

  static Result backward(tosa::ReshapeOp op, PerAxis type, unsigned) {
    int32_t axis = type.getQuantizedDimension();
    if (std::optional<int32_t> moved = reshapedAxis(
            shapeOf(op.getResult()), shapeOf(op.getInput1()), axis))
      return quant::QuantizedType(withAxis(type, *moved));
    return WhyNot::format("the reshape merges or splits per-axis dimension " +
                          Twine(axis));
  }
};

template <> struct Rules<tosa::SliceOp> : RulesBase {
  static Result forward(tosa::SliceOp op, PerAxis type) {
    int32_t axis = type.getQuantizedDimension();
    std::optional<SmallVector<int64_t>> start = getConstantShape(op.getStart());
    std::optional<SmallVector<int64_t>> size = getConstantShape(op.getSize());
    if (!start || !size)
      return "the slice bounds are not constant";
    int64_t count = static_cast<int64_t>(type.getScales().size());
    int64_t first = (*start)[axis];
    int64_t length = (*size)[axis] == -1 ? count - first : (*size)[axis];
    if (first < 0 || length < 0 || first + length > count)
      return WhyNot::format("the slice leaves per-axis dimension " +
                            Twine(axis));
    return quant::QuantizedType(
        rebuild(type, axis, type.getScales().slice(first, length),
                type.getZeroPoints().slice(first, length)));
  }

  static Result backward(tosa::SliceOp op, PerAxis type, unsigned) {
    int32_t axis = type.getQuantizedDimension();
    if (shapeOf(op.getInput1())[axis] != shapeOf(op.getResult())[axis])
      return WhyNot::format("the slice drops channels of per-axis dimension " +
                            Twine(axis) + ", whose parameters are unknown");
    return quant::QuantizedType(type);
  }
};

Result reverseAxis(tosa::ReverseOp op, PerAxis type) {
  if (static_cast<int64_t>(op.getAxis()) != type.getQuantizedDimension())
    return quant::QuantizedType(type);
  SmallVector<double> scales(llvm::reverse(type.getScales()));
  SmallVector<int64_t> zeroPoints(llvm::reverse(type.getZeroPoints()));
  return quant::QuantizedType(
      rebuild(type, type.getQuantizedDimension(), scales, zeroPoints));
}

template <> struct Rules<tosa::ReverseOp> : RulesBase {
  static Result forward(tosa::ReverseOp op, PerAxis type) {
    return reverseAxis(op, type);
  }

  static Result backward(tosa::ReverseOp op, PerAxis type, unsigned) {
    return reverseAxis(op, type);
  }
};

template <> struct Rules<tosa::TileOp> : RulesBase {
  static Result forward(tosa::TileOp op, PerAxis type) {
    int32_t axis = type.getQuantizedDimension();
    std::optional<SmallVector<int64_t>> multiples =
        getConstantShape(op.getMultiples());
    if (!multiples)
      return "the tile multiples are not constant";
    SmallVector<double> scales;
    SmallVector<int64_t> zeroPoints;
    for (int64_t copy = 0; copy < (*multiples)[axis]; ++copy) {
      llvm::append_range(scales, type.getScales());
      llvm::append_range(zeroPoints, type.getZeroPoints());
    }
    return quant::QuantizedType(rebuild(type, axis, scales, zeroPoints));
  }

  static Result backward(tosa::TileOp op, PerAxis type, unsigned) {
    int32_t axis = type.getQuantizedDimension();
    int64_t inputSize = shapeOf(op.getInput1())[axis];
    if (inputSize == static_cast<int64_t>(type.getScales().size()))
      return quant::QuantizedType(type);
    if (ShapedType::isDynamic(inputSize) ||
        inputSize > static_cast<int64_t>(type.getScales().size()))
      return WhyNot::format(
          "the tile's input is not a whole part of its result "
          "along per-axis dimension " +
          Twine(axis));
    // Each copy must carry the parameters of the first.
    ArrayRef<double> scales = type.getScales();
    ArrayRef<int64_t> zeroPoints = type.getZeroPoints();
    for (size_t i = inputSize; i < scales.size(); ++i)
      if (scales[i] != scales[i % inputSize] ||
          zeroPoints[i] != zeroPoints[i % inputSize])
        return WhyNot::format("the tile copies of per-axis dimension " +
                              Twine(axis) + " have different parameters");
    return quant::QuantizedType(rebuild(type, axis,
                                        scales.take_front(inputSize),
                                        zeroPoints.take_front(inputSize)));
  }
};

Result padAxis(tosa::PadOp op, PerAxis type) {
  int32_t axis = type.getQuantizedDimension();
  std::optional<SmallVector<int64_t>> padding =
      getConstantShape(op.getPadding());
  if (!padding)
    return "the padding is not constant";
  if ((*padding)[2 * axis] != 0 || (*padding)[2 * axis + 1] != 0)
    return WhyNot::format("padded channels of per-axis dimension " +
                          Twine(axis) + " would need parameters of their own");
  return quant::QuantizedType(type);
}

template <> struct Rules<tosa::PadOp> : RulesBase {
  static SmallVector<unsigned> valueOperands(tosa::PadOp op) {
    return {op.getInput1Mutable().getOperandNumber(),
            op.getPadConstMutable().getOperandNumber()};
  }
  static Result forward(tosa::PadOp op, PerAxis type) {
    return padAxis(op, type);
  }

  static Result backward(tosa::PadOp op, PerAxis type, unsigned index) {
    if (index != 0)
      return "one pad value cannot hold per-axis parameters";
    return padAxis(op, type);
  }
};

/// Ops that keep only some dimensions in place (NHWC pooling and resize keep
/// N and C, gather keeps N and C of [N, K, C], reductions keep all but one).
Result keptAxis(Operation *op, PerAxis type, ArrayRef<int64_t> keptAxes) {
  int64_t axis = type.getQuantizedDimension();
  if (!llvm::is_contained(keptAxes, axis))
    return WhyNot::format("'" + op->getName().getStringRef() +
                          "' mixes elements across per-axis dimension " +
                          Twine(axis));
  return quant::QuantizedType(type);
}

SmallVector<int64_t> allAxesBut(Operation *op, int64_t excluded) {
  SmallVector<int64_t> axes;
  for (int64_t axis = 0, rank = shapeOf(op->getOperand(0)).size(); axis < rank;
       ++axis)
    if (axis != excluded)
      axes.push_back(axis);
  return axes;
}

/// Order-preserving and data-movement ops that keep dimensions `Kept` in
/// place map parameters along them the same way in both directions.
template <int64_t... Kept> struct KeepsDims : RulesBase {
  static Result forward(Operation *op, PerAxis type) {
    return keptAxis(op, type, {Kept...});
  }
  static Result backward(Operation *op, PerAxis type, unsigned) {
    return forward(op, type);
  }
};

/// Reductions and argmax keep every dimension but their axis.
template <typename OpTy> struct KeepsAllButAxis : RulesBase {
  static Result forward(OpTy op, PerAxis type) {
    return keptAxis(op, type, allAxesBut(op, op.getAxis()));
  }
  static Result backward(OpTy op, PerAxis type, unsigned) {
    return forward(op, type);
  }
};

template <> struct Rules<tosa::IdentityOp> : SameShape {};
template <> struct Rules<tosa::MaximumOp> : SameShape {
  static SmallVector<unsigned> valueOperands(Operation *) { return {0, 1}; }
};
template <> struct Rules<tosa::MinimumOp> : SameShape {
  static SmallVector<unsigned> valueOperands(Operation *) { return {0, 1}; }
};
template <> struct Rules<tosa::MaxPool2dOp> : KeepsDims<0, 3> {};
template <> struct Rules<tosa::GatherOp> : KeepsDims<0, 2> {};
/// Nearest-neighbour resize copies; bilinear interpolates.
template <> struct Rules<tosa::ResizeOp> : KeepsDims<0, 3> {
  static QuantBehaviour behaviour(tosa::ResizeOp op,
                                  QuantBehaviour classBehaviour) {
    return op.getMode() == tosa::ResizeMode::NEAREST_NEIGHBOR
               ? classBehaviour
               : QuantBehaviour::Independent;
  }
};
template <>
struct Rules<tosa::ReduceMaxOp> : KeepsAllButAxis<tosa::ReduceMaxOp> {};
template <>
struct Rules<tosa::ReduceMinOp> : KeepsAllButAxis<tosa::ReduceMinOp> {};
/// argmax returns indices, not values.
template <> struct Rules<tosa::ArgMaxOp> : KeepsAllButAxis<tosa::ArgMaxOp> {
  static constexpr bool resultHoldsValues = false;
};
template <> struct Rules<tosa::ClampOp> : RulesBase {
  static Result forward(Operation *, PerAxis) {
    return "clamp bounds cannot differ per channel";
  }
  static Result backward(Operation *, PerAxis, unsigned) {
    return "clamp bounds cannot differ per channel";
  }
};

//===----------------------------------------------------------------------===//
// External models
//===----------------------------------------------------------------------===//

/// Every value operand must carry the same per-tensor parameters, or the same
/// per-axis parameters in positions the op keeps.
Result requireShared(ArrayRef<quant::QuantizedType> types) {
  if (types.empty())
    return "no quantized value operand";
  if (!llvm::all_equal(types))
    return "its inputs have different parameters";
  if (isa<quant::UniformQuantizedSubChannelType>(types.front()))
    return "sub-channel parameters do not follow data movement";
  return types.front();
}

/// TOSA's verifiers do not tie every result shape to the attributes (a tile
/// whose result is not its input times its multiples verifies), and the
/// rules above follow the attributes; parameters that would not fit the
/// value they are for are refused rather than built.
Result fitTo(Result type, Value value, StringRef role) {
  if (type.refused())
    return type;
  auto perAxis = dyn_cast<PerAxis>(*type);
  auto shaped = dyn_cast<RankedTensorType>(value.getType());
  if (!perAxis || !shaped)
    return type;
  int64_t axis = perAxis.getQuantizedDimension();
  int64_t count = static_cast<int64_t>(perAxis.getScales().size());
  if (axis < shaped.getRank() &&
      (shaped.isDynamicDim(axis) || shaped.getDimSize(axis) == count))
    return type;
  std::string reason;
  llvm::raw_string_ostream os(reason);
  os << "its per-axis parameters would not fit its ";
  os << role << " '" << shaped << "' (" << count << " scales for dimension "
     << axis;
  if (axis < shaped.getRank())
    os << " of size " << shaped.getDimSize(axis);
  os << ")";
  return WhyNot::format(os.str());
}

template <typename OpTy, QuantBehaviour Behaviour>
struct ValueModel
    : QuantBehaviourOpInterface::ExternalModel<ValueModel<OpTy, Behaviour>,
                                               OpTy> {
  QuantBehaviour getQuantBehaviour(Operation *op) const {
    return Rules<OpTy>::behaviour(cast<OpTy>(op), Behaviour);
  }

  SmallVector<unsigned> getValueOperands(Operation *op) const {
    return Rules<OpTy>::valueOperands(cast<OpTy>(op));
  }

  bool resultHoldsValues(Operation *) const {
    return Rules<OpTy>::resultHoldsValues;
  }

  Result getResultQuantType(Operation *op,
                            ArrayRef<quant::QuantizedType> operandTypes) const {
    Result shared = requireShared(operandTypes);
    if (shared.refused())
      return shared;
    if (auto perAxis = dyn_cast<PerAxis>(*shared))
      return fitTo(Rules<OpTy>::forward(cast<OpTy>(op), perAxis),
                   op->getResult(0), "result");
    return shared;
  }

  Result getOperandQuantType(Operation *op, quant::QuantizedType resultType,
                             unsigned index) const {
    if (isa<quant::UniformQuantizedSubChannelType>(resultType))
      return "sub-channel parameters do not follow data movement";
    if (auto perAxis = dyn_cast<PerAxis>(resultType))
      return fitTo(Rules<OpTy>::backward(cast<OpTy>(op), perAxis, index),
                   op->getOperand(index), "operand");
    return resultType;
  }
};

/// Concat along the per-axis dimension joins its inputs' parameters.
struct ConcatModel
    : QuantBehaviourOpInterface::ExternalModel<ConcatModel, tosa::ConcatOp> {
  QuantBehaviour getQuantBehaviour(Operation *) const {
    return QuantBehaviour::DataMovement;
  }
  SmallVector<unsigned> getValueOperands(Operation *op) const {
    return llvm::to_vector(llvm::seq<unsigned>(0, op->getNumOperands()));
  }
  bool resultHoldsValues(Operation *) const { return true; }

  Result getResultQuantType(Operation *op,
                            ArrayRef<quant::QuantizedType> operandTypes) const {
    auto concat = cast<tosa::ConcatOp>(op);
    auto first = operandTypes.empty() ? PerAxis()
                                      : dyn_cast<PerAxis>(operandTypes.front());
    if (!first ||
        first.getQuantizedDimension() != static_cast<int64_t>(concat.getAxis()))
      return requireShared(operandTypes);
    SmallVector<double> scales;
    SmallVector<int64_t> zeroPoints;
    for (quant::QuantizedType type : operandTypes) {
      auto perAxis = dyn_cast<PerAxis>(type);
      if (!perAxis ||
          perAxis.getQuantizedDimension() != first.getQuantizedDimension() ||
          perAxis.getFlags() != first.getFlags() ||
          perAxis.getStorageType() != first.getStorageType() ||
          perAxis.getStorageTypeMin() != first.getStorageTypeMin() ||
          perAxis.getStorageTypeMax() != first.getStorageTypeMax())
        return "its inputs have different kinds of parameters";
      llvm::append_range(scales, perAxis.getScales());
      llvm::append_range(zeroPoints, perAxis.getZeroPoints());
    }
    return fitTo(quant::QuantizedType(rebuild(
                     first, first.getQuantizedDimension(), scales, zeroPoints)),
                 op->getResult(0), "result");
  }

  Result getOperandQuantType(Operation *op, quant::QuantizedType resultType,
                             unsigned index) const {
    auto concat = cast<tosa::ConcatOp>(op);
    if (isa<quant::UniformQuantizedSubChannelType>(resultType))
      return "sub-channel parameters do not follow data movement";
    auto perAxis = dyn_cast<PerAxis>(resultType);
    int64_t axis = concat.getAxis();
    if (!perAxis || perAxis.getQuantizedDimension() != axis)
      return resultType;
    int64_t offset = 0;
    for (unsigned i = 0; i < index; ++i)
      offset += shapeOf(op->getOperand(i))[axis];
    int64_t length = shapeOf(op->getOperand(index))[axis];
    if (ShapedType::isDynamic(length) || offset < 0)
      return "the concatenated sizes are dynamic";
    if (offset + length > static_cast<int64_t>(perAxis.getScales().size()))
      return "its inputs are longer along the per-axis "
             "dimension than its result";
    return quant::QuantizedType(
        rebuild(perAxis, axis, perAxis.getScales().slice(offset, length),
                perAxis.getZeroPoints().slice(offset, length)));
  }
};

/// Ops whose output needs parameters of its own.
template <typename OpTy>
struct IndependentModel
    : QuantBehaviourOpInterface::ExternalModel<IndependentModel<OpTy>, OpTy> {
  QuantBehaviour getQuantBehaviour(Operation *) const {
    return QuantBehaviour::Independent;
  }
  SmallVector<unsigned> getValueOperands(Operation *) const { return {}; }
  bool resultHoldsValues(Operation *) const { return false; }
  Result getResultQuantType(Operation *, ArrayRef<quant::QuantizedType>) const {
    return "it computes new values";
  }
  Result getOperandQuantType(Operation *, quant::QuantizedType,
                             unsigned) const {
    return "it computes new values";
  }
};

template <typename... OpTys> void attachMovement(MLIRContext *ctx) {
  (OpTys::template attachInterface<
       ValueModel<OpTys, QuantBehaviour::DataMovement>>(*ctx),
   ...);
}
template <typename... OpTys> void attachOrdering(MLIRContext *ctx) {
  (OpTys::template attachInterface<
       ValueModel<OpTys, QuantBehaviour::OrderPreserving>>(*ctx),
   ...);
}
template <typename... OpTys> void attachIndependent(MLIRContext *ctx) {
  (OpTys::template attachInterface<IndependentModel<OpTys>>(*ctx), ...);
}

} // namespace

void mlir::qtosa::registerTosaQuantBehaviourExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tosa::TosaDialect *) {
    // Output elements are copies of input elements (or of the pad value).
    attachMovement<tosa::TransposeOp, tosa::ReshapeOp, tosa::SliceOp,
                   tosa::TileOp, tosa::ReverseOp, tosa::PadOp, tosa::GatherOp,
                   tosa::IdentityOp, tosa::ResizeOp>(ctx);
    tosa::ConcatOp::attachInterface<ConcatModel>(*ctx);

    // Output elements are selected by comparing input elements.
    attachOrdering<tosa::MaxPool2dOp, tosa::ReduceMaxOp, tosa::ReduceMinOp,
                   tosa::ClampOp, tosa::MaximumOp, tosa::MinimumOp,
                   tosa::ArgMaxOp>(ctx);

    // Everything else computes new values, or is no tensor op at all.
    attachIndependent<
        // Tensor arithmetic.
        tosa::AvgPool2dOp, tosa::Conv2DOp, tosa::Conv3DOp,
        tosa::DepthwiseConv2DOp, tosa::FFT2dOp, tosa::MatMulOp,
        tosa::MatmulTBlockScaledOp, tosa::RFFT2dOp, tosa::TransposeConv2DOp,
        // Elementwise arithmetic, logic and comparison.
        tosa::AbsOp, tosa::AddOp, tosa::ArithmeticRightShiftOp,
        tosa::BitwiseAndOp, tosa::BitwiseNotOp, tosa::BitwiseOrOp,
        tosa::BitwiseXorOp, tosa::CeilOp, tosa::ClzOp, tosa::CosOp,
        tosa::EqualOp, tosa::ErfOp, tosa::ExpOp, tosa::FloorOp,
        tosa::GreaterEqualOp, tosa::GreaterOp, tosa::IntDivOp, tosa::LogOp,
        tosa::LogicalAndOp, tosa::LogicalLeftShiftOp, tosa::LogicalNotOp,
        tosa::LogicalOrOp, tosa::LogicalRightShiftOp, tosa::LogicalXorOp,
        tosa::MulOp, tosa::NegateOp, tosa::PowOp, tosa::ReciprocalOp,
        tosa::RsqrtOp, tosa::SelectOp, tosa::SigmoidOp, tosa::SinOp,
        tosa::SubOp, tosa::TableOp, tosa::TanhOp,
        // Reductions that combine values.
        tosa::ReduceAllOp, tosa::ReduceAnyOp, tosa::ReduceProductOp,
        tosa::ReduceSumOp,
        // Type and scale conversion.
        tosa::CastOp, tosa::CastFromBlockScaledOp, tosa::CastToBlockScaledOp,
        tosa::RescaleOp, tosa::ApplyScaleOp,
        // Scatter writes updates into values: two sources, one result.
        tosa::ScatterOp,
        // Constants, custom ops, control flow and variables.
        tosa::ConstOp, tosa::CustomOp, tosa::IfOp, tosa::WhileOp, tosa::YieldOp,
        tosa::VariableOp, tosa::VariableReadOp, tosa::VariableWriteOp,
        // Shape arithmetic.
        tosa::AddShapeOp, tosa::ConcatShapeOp, tosa::ConstShapeOp, tosa::DimOp,
        tosa::DivCeilShapeOp, tosa::DivFloorShapeOp, tosa::Exp2ShapeOp,
        tosa::Log2CeilShapeOp, tosa::Log2FloorShapeOp, tosa::MaxShapeOp,
        tosa::MinShapeOp, tosa::ModShapeOp, tosa::MulShapeOp,
        tosa::SliceShapeOp, tosa::SubShapeOp>(ctx);
  });
}

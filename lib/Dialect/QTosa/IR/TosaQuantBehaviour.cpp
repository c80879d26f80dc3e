//===- TosaQuantBehaviour.cpp - How quantization passes a TOSA op ---------===//
//
// The classification of every TOSA op is the table at the bottom of this
// file. Per-axis parameters follow the data through each data-movement op by
// the axis rules above it; per-tensor parameters pass unchanged.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::qtosa;

#include "qtosa/Dialect/QTosa/IR/QTosaInterfaces.cpp.inc"

StringRef mlir::qtosa::stringifyQuantBehaviour(QuantBehaviour behaviour) {
  switch (behaviour) {
  case QuantBehaviour::DataMovement:
    return "data movement";
  case QuantBehaviour::OrderPreserving:
    return "order preserving";
  case QuantBehaviour::Independent:
    return "independent";
  }
  llvm_unreachable("unknown QuantBehaviour");
}

std::optional<SmallVector<int64_t>> mlir::qtosa::getConstantShape(Value value) {
  SmallVector<int64_t> values;
  Operation *producer = value.getDefiningOp();
  if (!producer || !tosa::getConstShapeValues(producer, values))
    return std::nullopt;
  return values;
}

/// The single element of a one-element tosa.const of attribute kind AttrT.
template <typename AttrT> static AttrT getScalarConstant(Value value) {
  auto constOp = value.getDefiningOp<tosa::ConstOp>();
  auto values = constOp ? dyn_cast<AttrT>(constOp.getValuesAttr()) : AttrT();
  return values && values.getNumElements() == 1 ? values : AttrT();
}

std::optional<float> mlir::qtosa::getScalarFloatConstant(Value value) {
  if (auto values = getScalarConstant<DenseFPElementsAttr>(value))
    return values.getValues<APFloat>()[0].convertToFloat();
  return std::nullopt;
}

std::optional<int64_t> mlir::qtosa::getScalarIntConstant(Value value) {
  if (auto values = getScalarConstant<DenseIntElementsAttr>(value))
    return values.getValues<APInt>()[0].getSExtValue();
  return std::nullopt;
}

QuantBehaviour mlir::qtosa::getQuantBehaviour(Operation *op) {
  if (auto iface = dyn_cast<QuantBehaviourOpInterface>(op))
    return iface.getQuantBehaviour();
  return QuantBehaviour::Independent;
}

//===----------------------------------------------------------------------===//
// Axis rules
//===----------------------------------------------------------------------===//

namespace {
using PerAxis = quant::UniformQuantizedPerAxisType;
using Result = FailureOr<quant::QuantizedType>;

Result fail(std::string &whyNot, const Twine &reason) {
  whyNot = reason.str();
  return failure();
}

PerAxis rebuild(PerAxis type, int32_t axis, ArrayRef<double> scales,
                ArrayRef<int64_t> zeroPoints) {
  return PerAxis::get(type.getFlags(), type.getStorageType(),
                      type.getExpressedType(), scales, zeroPoints, axis,
                      type.getStorageTypeMin(), type.getStorageTypeMax());
}

PerAxis withAxis(PerAxis type, int32_t axis) {
  return rebuild(type, axis, type.getScales(), type.getZeroPoints());
}

ArrayRef<int64_t> shapeOf(Value value) {
  return cast<ShapedType>(value.getType()).getShape();
}

/// Where dimension `axis` of `from` lands in `to`, when a reshape keeps it
/// whole: same size, same number of elements before it.
std::optional<int32_t> reshapedAxis(ArrayRef<int64_t> from,
                                    ArrayRef<int64_t> to, int64_t axis) {
  if (ShapedType::isDynamicShape(from) || ShapedType::isDynamicShape(to))
    return std::nullopt;
  int64_t before = 1;
  for (int64_t i = 0; i < axis; ++i)
    before *= from[i];
  int64_t prefix = 1;
  for (auto [index, size] : llvm::enumerate(to)) {
    if (prefix == before && size == from[axis])
      return static_cast<int32_t>(index);
    prefix *= size;
    if (prefix > before)
      break;
  }
  return std::nullopt;
}

/// The rule of ops whose result has the shape of their value operands:
/// parameters pass as they are.
template <typename OpTy>
Result forwardAxis(OpTy op, PerAxis type, std::string &whyNot) {
  if (shapeOf(op->getOperand(0)) != shapeOf(op->getResult(0)))
    return fail(whyNot, "broadcasting moves the per-axis dimension");
  return quant::QuantizedType(type);
}


Result forwardAxis(tosa::TransposeOp op, PerAxis type, std::string &) {
  ArrayRef<int32_t> perms = op.getPerms();
  int32_t axis = type.getQuantizedDimension();
  return quant::QuantizedType(withAxis(
      type, static_cast<int32_t>(llvm::find(perms, axis) - perms.begin())));
}

Result backwardAxis(tosa::TransposeOp op, PerAxis type, unsigned,
                    std::string &) {
  return quant::QuantizedType(
      withAxis(type, op.getPerms()[type.getQuantizedDimension()]));
}

/// Per-axis parameters after a reshape that merges the axis with its
/// neighbours (scales repeated for trailing, tiled for leading dimensions)
/// or splits it (per-tensor, per-axis or sub-channel, whichever describes
/// the parameters over the new dimensions). Every element keeps its scale
/// and zero point.
Result reshapeRegrouped(PerAxis type, ArrayRef<int64_t> from,
                        ArrayRef<int64_t> to, std::string &whyNot) {
  int64_t axis = type.getQuantizedDimension();
  auto regrouped = [&] {
    return fail(whyNot, "the reshape regroups per-axis dimension " +
                            Twine(axis) + " with other dimensions");
  };
  if (ShapedType::isDynamicShape(from) || ShapedType::isDynamicShape(to))
    return regrouped();
  // Prefix products; a group of dimensions ends where both shapes agree.
  SmallVector<int64_t> fromPrefix(1, 1), toPrefix(1, 1);
  for (int64_t size : from)
    fromPrefix.push_back(fromPrefix.back() * size);
  for (int64_t size : to)
    toPrefix.push_back(toPrefix.back() * size);
  auto boundaryIn = [&](int64_t prefix) {
    return llvm::is_contained(toPrefix, prefix);
  };
  int64_t first = axis, last = axis + 1;
  while (!boundaryIn(fromPrefix[first]))
    --first;
  while (!boundaryIn(fromPrefix[last]))
    ++last;
  int64_t toFirst = llvm::find(toPrefix, fromPrefix[first]) - toPrefix.begin();
  // Skip leading size-1 output dimensions of the group.
  while (toFirst + 1 < static_cast<int64_t>(toPrefix.size()) &&
         toPrefix[toFirst + 1] == fromPrefix[first])
    ++toFirst;
  int64_t toLast = llvm::find(toPrefix, fromPrefix[last]) - toPrefix.begin();

  ArrayRef<double> scales = type.getScales();
  ArrayRef<int64_t> zeroPoints = type.getZeroPoints();
  int64_t channels = static_cast<int64_t>(scales.size());

  if (toLast - toFirst == 1) {
    // Merged into one dimension: index = (leading, channel, trailing).
    int64_t trailing = fromPrefix[last] / fromPrefix[axis + 1];
    int64_t merged = to[toFirst];
    SmallVector<double> newScales;
    SmallVector<int64_t> newZeroPoints;
    for (int64_t index = 0; index < merged; ++index) {
      int64_t channel = (index / trailing) % channels;
      newScales.push_back(scales[channel]);
      newZeroPoints.push_back(zeroPoints[channel]);
    }
    return quant::QuantizedType(rebuild(
        type, static_cast<int32_t>(toFirst), newScales, newZeroPoints));
  }
  if (last - first != 1)
    return regrouped();

  // Split: the channel index is the linear index over to[toFirst, toLast).
  SmallVector<int64_t> factors(to.begin() + toFirst, to.begin() + toLast);
  auto coordinates = [&](int64_t channel) {
    SmallVector<int64_t> coords(factors.size());
    for (int64_t d = static_cast<int64_t>(factors.size()) - 1; d >= 0; --d) {
      coords[d] = channel % factors[d];
      channel /= factors[d];
    }
    return coords;
  };
  auto channelOf = [&](ArrayRef<int64_t> coords) {
    int64_t channel = 0;
    for (auto [coord, factor] : llvm::zip(coords, factors))
      channel = channel * factor + coord;
    return channel;
  };
  // The new dimensions along which the parameters change.
  SmallVector<bool> varies(factors.size(), false);
  for (int64_t channel = 0; channel < channels; ++channel) {
    SmallVector<int64_t> coords = coordinates(channel);
    for (size_t d = 0; d < factors.size(); ++d) {
      SmallVector<int64_t> base = coords;
      base[d] = 0;
      int64_t other = channelOf(base);
      if (scales[channel] != scales[other] ||
          zeroPoints[channel] != zeroPoints[other])
        varies[d] = true;
    }
  }
  SmallVector<int64_t> varying;
  for (size_t d = 0; d < factors.size(); ++d)
    if (varies[d])
      varying.push_back(d);

  // Parameters at the coordinates of `keep`, all others 0, in row-major order.
  SmallVector<double> newScales;
  SmallVector<int64_t> newZeroPoints;
  SmallVector<int64_t> paramShape(to.size(), 1);
  for (int64_t d : varying)
    paramShape[toFirst + d] = factors[d];
  int64_t count = 1;
  for (int64_t d : varying)
    count *= factors[d];
  for (int64_t linear = 0; linear < count; ++linear) {
    SmallVector<int64_t> coords(factors.size(), 0);
    int64_t rest = linear;
    for (int64_t i = static_cast<int64_t>(varying.size()) - 1; i >= 0; --i) {
      coords[varying[i]] = rest % factors[varying[i]];
      rest /= factors[varying[i]];
    }
    newScales.push_back(scales[channelOf(coords)]);
    newZeroPoints.push_back(zeroPoints[channelOf(coords)]);
  }

  if (varying.empty())
    return quant::QuantizedType(quant::UniformQuantizedType::get(
        type.getFlags(), type.getStorageType(), type.getExpressedType(),
        newScales.front(), newZeroPoints.front(), type.getStorageTypeMin(),
        type.getStorageTypeMax()));
  if (varying.size() == 1)
    return quant::QuantizedType(rebuild(
        type, static_cast<int32_t>(toFirst + varying.front()), newScales,
        newZeroPoints));

  auto expressed = dyn_cast<FloatType>(type.getExpressedType());
  if (!expressed)
    return regrouped();
  auto scalesType = RankedTensorType::get(paramShape, expressed);
  auto zeroPointsType = RankedTensorType::get(paramShape, type.getStorageType());
  SmallVector<Attribute> scaleAttrs, zeroPointAttrs;
  for (auto [scale, zp] : llvm::zip(newScales, newZeroPoints)) {
    scaleAttrs.push_back(FloatAttr::get(expressed, scale));
    zeroPointAttrs.push_back(IntegerAttr::get(type.getStorageType(), zp));
  }
  SmallVector<int32_t> dims;
  SmallVector<int64_t> blocks;
  for (int64_t d : varying) {
    dims.push_back(static_cast<int32_t>(toFirst + d));
    blocks.push_back(1);
  }
  return quant::QuantizedType(quant::UniformQuantizedSubChannelType::get(
      type.getFlags(), type.getStorageType(), type.getExpressedType(),
      DenseElementsAttr::get(scalesType, scaleAttrs),
      DenseElementsAttr::get(zeroPointsType, zeroPointAttrs), dims, blocks,
      type.getStorageTypeMin(), type.getStorageTypeMax()));
}

Result forwardAxis(tosa::ReshapeOp op, PerAxis type, std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  if (std::optional<int32_t> moved =
          reshapedAxis(shapeOf(op.getInput1()), shapeOf(op.getResult()), axis))
    return quant::QuantizedType(withAxis(type, *moved));
  return reshapeRegrouped(type, shapeOf(op.getInput1()),
                          shapeOf(op.getResult()), whyNot);
}

Result backwardAxis(tosa::ReshapeOp op, PerAxis type, unsigned,
                    std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  if (std::optional<int32_t> moved =
          reshapedAxis(shapeOf(op.getResult()), shapeOf(op.getInput1()), axis))
    return quant::QuantizedType(withAxis(type, *moved));
  return fail(whyNot, "the reshape merges or splits per-axis dimension " +
                          Twine(axis));
}

Result forwardAxis(tosa::SliceOp op, PerAxis type, std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  std::optional<SmallVector<int64_t>> start = getConstantShape(op.getStart());
  std::optional<SmallVector<int64_t>> size = getConstantShape(op.getSize());
  if (!start || !size)
    return fail(whyNot, "the slice bounds are not constant");
  int64_t count = static_cast<int64_t>(type.getScales().size());
  int64_t first = (*start)[axis];
  int64_t length = (*size)[axis] == -1 ? count - first : (*size)[axis];
  if (first < 0 || length < 0 || first + length > count)
    return fail(whyNot, "the slice leaves per-axis dimension " + Twine(axis));
  return quant::QuantizedType(
      rebuild(type, axis, type.getScales().slice(first, length),
              type.getZeroPoints().slice(first, length)));
}

Result backwardAxis(tosa::SliceOp op, PerAxis type, unsigned,
                    std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  if (shapeOf(op.getInput1())[axis] != shapeOf(op.getResult())[axis])
    return fail(whyNot, "the slice drops channels of per-axis dimension " +
                            Twine(axis) + ", whose parameters are unknown");
  return quant::QuantizedType(type);
}

Result reverseAxis(tosa::ReverseOp op, PerAxis type) {
  if (static_cast<int64_t>(op.getAxis()) != type.getQuantizedDimension())
    return quant::QuantizedType(type);
  SmallVector<double> scales(llvm::reverse(type.getScales()));
  SmallVector<int64_t> zeroPoints(llvm::reverse(type.getZeroPoints()));
  return quant::QuantizedType(
      rebuild(type, type.getQuantizedDimension(), scales, zeroPoints));
}

Result forwardAxis(tosa::ReverseOp op, PerAxis type, std::string &) {
  return reverseAxis(op, type);
}

Result backwardAxis(tosa::ReverseOp op, PerAxis type, unsigned,
                    std::string &) {
  return reverseAxis(op, type);
}

Result forwardAxis(tosa::TileOp op, PerAxis type, std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  std::optional<SmallVector<int64_t>> multiples =
      getConstantShape(op.getMultiples());
  if (!multiples)
    return fail(whyNot, "the tile multiples are not constant");
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
  for (int64_t copy = 0; copy < (*multiples)[axis]; ++copy) {
    llvm::append_range(scales, type.getScales());
    llvm::append_range(zeroPoints, type.getZeroPoints());
  }
  return quant::QuantizedType(rebuild(type, axis, scales, zeroPoints));
}

Result backwardAxis(tosa::TileOp op, PerAxis type, unsigned,
                    std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  int64_t inputSize = shapeOf(op.getInput1())[axis];
  if (inputSize == static_cast<int64_t>(type.getScales().size()))
    return quant::QuantizedType(type);
  if (ShapedType::isDynamic(inputSize) ||
      inputSize > static_cast<int64_t>(type.getScales().size()))
    return fail(whyNot, "the tile's input is not a whole part of its result "
                        "along per-axis dimension " +
                            Twine(axis));
  // Each copy must carry the parameters of the first.
  ArrayRef<double> scales = type.getScales();
  ArrayRef<int64_t> zeroPoints = type.getZeroPoints();
  for (size_t i = inputSize; i < scales.size(); ++i)
    if (scales[i] != scales[i % inputSize] ||
        zeroPoints[i] != zeroPoints[i % inputSize])
      return fail(whyNot, "the tile copies of per-axis dimension " +
                              Twine(axis) + " have different parameters");
  return quant::QuantizedType(rebuild(type, axis, scales.take_front(inputSize),
                                      zeroPoints.take_front(inputSize)));
}

Result padAxis(tosa::PadOp op, PerAxis type, std::string &whyNot) {
  int32_t axis = type.getQuantizedDimension();
  std::optional<SmallVector<int64_t>> padding = getConstantShape(op.getPadding());
  if (!padding)
    return fail(whyNot, "the padding is not constant");
  if ((*padding)[2 * axis] != 0 || (*padding)[2 * axis + 1] != 0)
    return fail(whyNot, "padded channels of per-axis dimension " +
                            Twine(axis) + " would need parameters of their own");
  return quant::QuantizedType(type);
}

Result forwardAxis(tosa::PadOp op, PerAxis type, std::string &whyNot) {
  return padAxis(op, type, whyNot);
}

Result backwardAxis(tosa::PadOp op, PerAxis type, unsigned index,
                    std::string &whyNot) {
  if (index != 0)
    return fail(whyNot, "one pad value cannot hold per-axis parameters");
  return padAxis(op, type, whyNot);
}

/// Ops that keep only some dimensions in place (NHWC pooling and resize keep
/// N and C, gather keeps N and C of [N, K, C], reductions keep all but one).
Result keptAxis(Operation *op, PerAxis type, ArrayRef<int64_t> keptAxes,
                std::string &whyNot) {
  int64_t axis = type.getQuantizedDimension();
  if (!llvm::is_contained(keptAxes, axis))
    return fail(whyNot, "'" + op->getName().getStringRef() +
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

Result forwardAxis(tosa::MaxPool2dOp op, PerAxis type, std::string &whyNot) {
  return keptAxis(op, type, {0, 3}, whyNot);
}
Result forwardAxis(tosa::ResizeOp op, PerAxis type, std::string &whyNot) {
  return keptAxis(op, type, {0, 3}, whyNot);
}
Result forwardAxis(tosa::GatherOp op, PerAxis type, std::string &whyNot) {
  return keptAxis(op, type, {0, 2}, whyNot);
}
Result forwardAxis(tosa::ReduceMaxOp op, PerAxis type, std::string &whyNot) {
  return keptAxis(op, type, allAxesBut(op, op.getAxis()), whyNot);
}
Result forwardAxis(tosa::ReduceMinOp op, PerAxis type, std::string &whyNot) {
  return keptAxis(op, type, allAxesBut(op, op.getAxis()), whyNot);
}
Result forwardAxis(tosa::ArgMaxOp op, PerAxis type, std::string &whyNot) {
  return keptAxis(op, type, allAxesBut(op, op.getAxis()), whyNot);
}

Result forwardAxis(tosa::ClampOp, PerAxis, std::string &whyNot) {
  return fail(whyNot, "clamp bounds cannot differ per channel");
}

/// Ops that keep the per-axis dimension in place map it the same way in
/// both directions. Declared after every forwardAxis so that each op finds
/// its own rule.
template <typename OpTy>
Result backwardAxis(OpTy op, PerAxis type, unsigned, std::string &whyNot) {
  return forwardAxis(op, type, whyNot);
}

//===----------------------------------------------------------------------===//
// Which operands carry values
//===----------------------------------------------------------------------===//

template <typename OpTy> SmallVector<unsigned> valueOperands(OpTy) {
  return {0};
}
SmallVector<unsigned> valueOperands(tosa::ConcatOp op) {
  return llvm::to_vector(llvm::seq<unsigned>(0, op->getNumOperands()));
}
SmallVector<unsigned> valueOperands(tosa::MaximumOp) { return {0, 1}; }
SmallVector<unsigned> valueOperands(tosa::MinimumOp) { return {0, 1}; }
SmallVector<unsigned> valueOperands(tosa::PadOp op) {
  return {op.getInput1Mutable().getOperandNumber(),
          op.getPadConstMutable().getOperandNumber()};
}

//===----------------------------------------------------------------------===//
// External models
//===----------------------------------------------------------------------===//

/// Every value operand must carry the same per-tensor parameters, or the same
/// per-axis parameters in positions the op keeps.
Result requireShared(ArrayRef<quant::QuantizedType> types,
                     std::string &whyNot) {
  if (types.empty())
    return fail(whyNot, "no quantized value operand");
  if (!llvm::all_equal(types))
    return fail(whyNot, "its inputs have different parameters");
  if (isa<quant::UniformQuantizedSubChannelType>(types.front()))
    return fail(whyNot, "sub-channel parameters do not follow data movement");
  return types.front();
}

template <typename OpTy>
QuantBehaviour behaviourOf(OpTy, QuantBehaviour classBehaviour) {
  return classBehaviour;
}

/// Nearest-neighbour resize copies; bilinear interpolates.
QuantBehaviour behaviourOf(tosa::ResizeOp op, QuantBehaviour classBehaviour) {
  return op.getMode() == tosa::ResizeMode::NEAREST_NEIGHBOR
             ? classBehaviour
             : QuantBehaviour::Independent;
}

/// TOSA's verifiers do not tie every result shape to the attributes (a tile
/// whose result is not its input times its multiples verifies), and the
/// rules above follow the attributes; parameters that would not fit the
/// value they are for are refused rather than built.
Result fitTo(Result type, Value value, StringRef role, std::string &whyNot) {
  if (failed(type))
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
  os << role << " '" << shaped
     << "' (" << count << " scales for dimension " << axis;
  if (axis < shaped.getRank())
    os << " of size " << shaped.getDimSize(axis);
  os << ")";
  return fail(whyNot, os.str());
}

template <typename OpTy, QuantBehaviour Behaviour>
struct ValueModel
    : QuantBehaviourOpInterface::ExternalModel<ValueModel<OpTy, Behaviour>,
                                               OpTy> {
  QuantBehaviour getQuantBehaviour(Operation *op) const {
    return behaviourOf(cast<OpTy>(op), Behaviour);
  }

  SmallVector<unsigned> getValueOperands(Operation *op) const {
    return valueOperands(cast<OpTy>(op));
  }

  bool resultHoldsValues(Operation *) const {
    return !std::is_same_v<OpTy, tosa::ArgMaxOp>;
  }

  Result getResultQuantType(Operation *op,
                            ArrayRef<quant::QuantizedType> operandTypes,
                            std::string &whyNot) const {
    Result shared = requireShared(operandTypes, whyNot);
    if (failed(shared))
      return failure();
    if (auto perAxis = dyn_cast<PerAxis>(*shared))
      return fitTo(forwardAxis(cast<OpTy>(op), perAxis, whyNot),
                   op->getResult(0), "result", whyNot);
    return shared;
  }

  Result getOperandQuantType(Operation *op, quant::QuantizedType resultType,
                             unsigned index, std::string &whyNot) const {
    if (isa<quant::UniformQuantizedSubChannelType>(resultType))
      return fail(whyNot, "sub-channel parameters do not follow data movement");
    if (auto perAxis = dyn_cast<PerAxis>(resultType))
      return fitTo(backwardAxis(cast<OpTy>(op), perAxis, index, whyNot),
                   op->getOperand(index), "operand", whyNot);
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
    return valueOperands(cast<tosa::ConcatOp>(op));
  }
  bool resultHoldsValues(Operation *) const { return true; }

  Result getResultQuantType(Operation *op,
                            ArrayRef<quant::QuantizedType> operandTypes,
                            std::string &whyNot) const {
    auto concat = cast<tosa::ConcatOp>(op);
    auto first = operandTypes.empty() ? PerAxis()
                                      : dyn_cast<PerAxis>(operandTypes.front());
    if (!first || first.getQuantizedDimension() !=
                      static_cast<int64_t>(concat.getAxis()))
      return requireShared(operandTypes, whyNot);
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
        return fail(whyNot, "its inputs have different kinds of parameters");
      llvm::append_range(scales, perAxis.getScales());
      llvm::append_range(zeroPoints, perAxis.getZeroPoints());
    }
    return fitTo(quant::QuantizedType(rebuild(
                     first, first.getQuantizedDimension(), scales, zeroPoints)),
                 op->getResult(0), "result", whyNot);
  }

  Result getOperandQuantType(Operation *op, quant::QuantizedType resultType,
                             unsigned index, std::string &whyNot) const {
    auto concat = cast<tosa::ConcatOp>(op);
    if (isa<quant::UniformQuantizedSubChannelType>(resultType))
      return fail(whyNot, "sub-channel parameters do not follow data movement");
    auto perAxis = dyn_cast<PerAxis>(resultType);
    int64_t axis = concat.getAxis();
    if (!perAxis || perAxis.getQuantizedDimension() != axis)
      return resultType;
    int64_t offset = 0;
    for (unsigned i = 0; i < index; ++i)
      offset += shapeOf(op->getOperand(i))[axis];
    int64_t length = shapeOf(op->getOperand(index))[axis];
    if (ShapedType::isDynamic(length) || offset < 0)
      return fail(whyNot, "the concatenated sizes are dynamic");
    if (offset + length > static_cast<int64_t>(perAxis.getScales().size()))
      return fail(whyNot, "its inputs are longer along the per-axis "
                          "dimension than its result");
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
  Result getResultQuantType(Operation *, ArrayRef<quant::QuantizedType>,
                            std::string &whyNot) const {
    return fail(whyNot, "it computes new values");
  }
  Result getOperandQuantType(Operation *, quant::QuantizedType, unsigned,
                             std::string &whyNot) const {
    return fail(whyNot, "it computes new values");
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
        tosa::GreaterEqualOp, tosa::GreaterOp, tosa::IntDivOp,
        tosa::LogOp, tosa::LogicalAndOp, tosa::LogicalLeftShiftOp,
        tosa::LogicalNotOp, tosa::LogicalOrOp, tosa::LogicalRightShiftOp,
        tosa::LogicalXorOp, tosa::MulOp, tosa::NegateOp, tosa::PowOp,
        tosa::ReciprocalOp, tosa::RsqrtOp, tosa::SelectOp, tosa::SigmoidOp,
        tosa::SinOp, tosa::SubOp, tosa::TableOp, tosa::TanhOp,
        // Reductions that combine values.
        tosa::ReduceAllOp, tosa::ReduceAnyOp, tosa::ReduceProductOp,
        tosa::ReduceSumOp,
        // Type and scale conversion.
        tosa::CastOp, tosa::CastFromBlockScaledOp, tosa::CastToBlockScaledOp,
        tosa::RescaleOp, tosa::ApplyScaleOp,
        // Scatter writes updates into values: two sources, one result.
        tosa::ScatterOp,
        // Constants, custom ops, control flow and variables.
        tosa::ConstOp, tosa::CustomOp, tosa::IfOp, tosa::WhileOp,
        tosa::YieldOp, tosa::VariableOp, tosa::VariableReadOp,
        tosa::VariableWriteOp,
        // Shape arithmetic.
        tosa::AddShapeOp, tosa::ConcatShapeOp, tosa::ConstShapeOp,
        tosa::DimOp, tosa::DivCeilShapeOp, tosa::DivFloorShapeOp,
        tosa::Exp2ShapeOp, tosa::Log2CeilShapeOp, tosa::Log2FloorShapeOp,
        tosa::MaxShapeOp, tosa::MinShapeOp, tosa::ModShapeOp,
        tosa::MulShapeOp, tosa::SliceShapeOp, tosa::SubShapeOp>(ctx);
  });
}

//===----------------------------------------------------------------------===//
// Zero-point operands
//===----------------------------------------------------------------------===//

template <typename OpTy>
static SmallVector<ZeroPointOperand> inputAndWeightZeroPoints(OpTy op) {
  return {{op.getInputZpMutable().getOperandNumber(),
           op.getInputMutable().getOperandNumber(), false},
          {op.getWeightZpMutable().getOperandNumber(),
           op.getWeightMutable().getOperandNumber(), false}};
}

SmallVector<ZeroPointOperand> mlir::qtosa::getZeroPointOperands(Operation *op) {
  return llvm::TypeSwitch<Operation *, SmallVector<ZeroPointOperand>>(op)
      .Case<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
            tosa::TransposeConv2DOp>(
          [](auto conv) { return inputAndWeightZeroPoints(conv); })
      .Case([](tosa::MatMulOp matmul) {
        return SmallVector<ZeroPointOperand>{
            {matmul.getAZpMutable().getOperandNumber(),
             matmul.getAMutable().getOperandNumber(), false},
            {matmul.getBZpMutable().getOperandNumber(),
             matmul.getBMutable().getOperandNumber(), false}};
      })
      .Case([](tosa::AvgPool2dOp pool) {
        return SmallVector<ZeroPointOperand>{
            {pool.getInputZpMutable().getOperandNumber(),
             pool.getInputMutable().getOperandNumber(), false},
            {pool.getOutputZpMutable().getOperandNumber(), 0, true}};
      })
      .Case([](tosa::NegateOp negate) {
        return SmallVector<ZeroPointOperand>{
            {negate.getInput1ZpMutable().getOperandNumber(),
             negate.getInput1Mutable().getOperandNumber(), false},
            {negate.getOutputZpMutable().getOperandNumber(), 0, true}};
      })
      .Default([](Operation *) { return SmallVector<ZeroPointOperand>{}; });
}

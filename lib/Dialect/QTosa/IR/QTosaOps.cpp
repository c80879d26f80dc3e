//===- QTosaOps.cpp - qtosa op verifiers ----------------------------------===//
//
// Each check names the rule it enforces; docs/design.md lists the rules.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/IR/OpImplementation.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;

/// `shape` as a tensor type spells it: `?x4`.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << '?';
        else
          os << dim;
      },
      "x");
  return text;
}

/// Verifies one quantize or dequantize: `storage` is its integer side and
/// `expressed` its float side.
static LogicalResult verifyQuantizedPair(Operation *op,
                                         quant::QuantizedType qtype,
                                         RankedTensorType storage,
                                         RankedTensorType expressed) {
  // [QTOSA-SHAPE] One shape on both sides, dynamic sizes included, as
  // quant.qcast/dcast require: the passes that rewrite these ops build one
  // side's type from the other's. Checked here rather than by
  // SameOperandsAndResultShape, whose generic check costs more than the
  // rest of this verifier, on every quantize and dequantize after every pass
  // (docs/performance.md, "What the design choices save").
  if (storage.getShape() != expressed.getShape())
    return op->emitOpError("float shape ")
           << formatShape(expressed.getShape()) << " and integer shape "
           << formatShape(storage.getShape()) << " differ";
  // [QTOSA-STORAGE] The integer tensor holds exactly the storage type; u8
  // storage lives in a signless i8 tensor, as in TOSA 1.0.
  if (storage.getElementType() != qtype.getStorageType())
    return op->emitOpError("storage element type ")
           << storage.getElementType() << " does not match storage type "
           << qtype.getStorageType() << " of " << qtype;
  // [QTOSA-EXPRESSED] The float tensor holds exactly the expressed type.
  if (expressed.getElementType() != qtype.getExpressedType())
    return op->emitOpError("float element type ")
           << expressed.getElementType() << " does not match expressed type "
           << qtype.getExpressedType() << " of " << qtype;
  // [QTOSA-UNIFORM], [QTOSA-SCALE], [QTOSA-ZP], [QTOSA-AXIS],
  // [QTOSA-AXIS-SIZE], [QTOSA-SUBCHANNEL]: parameters that fit the tensor.
  return verifyQuantParamsForShape([&] { return op->emitOpError(); }, qtype,
                                   storage.getShape());
}

LogicalResult QuantizeOp::verify() {
  return verifyQuantizedPair(*this, getQtype(), getOutput().getType(),
                             getInput().getType());
}

LogicalResult DequantizeOp::verify() {
  return verifyQuantizedPair(*this, getQtype(), getInput().getType(),
                             getOutput().getType());
}

LogicalResult AnnotateOp::verify() {
  // [QTOSA-ANNOTATE-STORAGE] Signed integer storage of a width the rest of
  // qtosa takes (u8 graphs come in through qtosa-signed-storage instead);
  // i48 only for a derived bias, the accumulator type of i16 x i8
  // convolutions.
  auto storage = cast<IntegerType>(getStorageType());
  unsigned width = storage.getWidth();
  if (width == 48 && !getDerivedFrom())
    return emitOpError("storage type i48 is only for a derived bias "
                       "(derived_from)");
  if (width != 4 && width != 8 && width != 16 && width != 32 && width != 48)
    return emitOpError("storage type ")
           << storage << " is not i4, i8, i16, i32 or i48";
  // [QTOSA-ANNOTATE-RANGE] A non-empty range inside the storage width.
  int64_t widthMin = -(int64_t(1) << (width - 1));
  int64_t widthMax = (int64_t(1) << (width - 1)) - 1;
  int64_t qmin = getStorageMinAttr().getInt();
  int64_t qmax = getStorageMaxAttr().getInt();
  if (qmin < widthMin || qmax > widthMax || qmin >= qmax)
    return emitOpError("storage range [")
           << qmin << ", " << qmax << "] is not a non-empty range inside ["
           << widthMin << ", " << widthMax << "] of " << storage;
  // [QTOSA-ANNOTATE-AXIS] Per-axis parameters run along a dimension.
  auto type = cast<RankedTensorType>(getInput().getType());
  std::optional<int64_t> axisSize;
  if (std::optional<uint32_t> axis = getAxis()) {
    if (*axis >= type.getRank())
      return emitOpError("axis ")
             << *axis << " is out of range for a tensor of rank "
             << type.getRank();
    if (!type.isDynamicDim(*axis))
      axisSize = type.getDimSize(*axis);
  }
  // [QTOSA-ANNOTATE-DERIVED] A derived bias names its input's and its
  // weight's groups and has no parameters of its own.
  if (std::optional<ArrayRef<int64_t>> from = getDerivedFrom()) {
    if (from->size() != 2 || (*from)[0] < 0 || (*from)[1] < 0)
      return emitOpError("derived_from must name two groups (input, "
                         "weight), got ")
             << from->size() << " value(s)";
    if (getScales() || getZeroPoints())
      return emitOpError("has both derived_from and fixed parameters");
  }
  // [QTOSA-ANNOTATE-PERCENTILE] A percentile observer clips an observed
  // per-tensor range; it keeps at least the middle half of the values.
  if (FloatAttr percentileAttr = getPercentileAttr()) {
    double percentile = percentileAttr.getValueAsDouble();
    if (!(percentile >= 50.0 && percentile <= 100.0))
      return emitOpError("percentile ") << percentile << " is not in [50, 100]";
    if (getScales() || getDerivedFrom() || getAxis())
      return emitOpError("a percentile observes a per-tensor range; this "
                         "marker has fixed, derived or per-axis parameters");
  }
  // [QTOSA-ANNOTATE-LEAST-ERROR] The least-error observer chooses an
  // observed per-tensor range; it is the percentile's alternative.
  if (getLeastError()) {
    if (getPercentileAttr())
      return emitOpError("has both a percentile and least_error: one "
                         "observer chooses the range");
    if (getScales() || getDerivedFrom() || getAxis())
      return emitOpError("least_error observes a per-tensor range; this "
                         "marker has fixed, derived or per-axis parameters");
  }
  // [QTOSA-ANNOTATE-GROUP]
  // (I64Attr's accessor is unsigned: read the attribute's signed value.)
  if (getGroupAttr().getInt() < 0)
    return emitOpError("group ") << getGroupAttr().getInt() << " is negative";
  // [QTOSA-ANNOTATE-FIXED] Fixed parameters come as scales and zero points
  // together, one each or one per index along the axis, with the same
  // limits as a !quant.uniform type's ([QTOSA-SCALE], [QTOSA-ZP]).
  std::optional<ArrayRef<double>> scales = getScales();
  std::optional<ArrayRef<int64_t>> zeroPoints = getZeroPoints();
  if (scales.has_value() != zeroPoints.has_value())
    return emitOpError("fixed parameters need both scales and zero_points");
  if (!scales)
    return success();
  if (scales->size() != zeroPoints->size())
    return emitOpError("has ") << scales->size() << " scale(s) but "
                               << zeroPoints->size() << " zero point(s)";
  if (!getAxis() && scales->size() != 1)
    return emitOpError("per-tensor parameters need one scale, got ")
           << scales->size();
  if (axisSize && int64_t(scales->size()) != *axisSize)
    return emitOpError("per-axis parameters on dimension ")
           << *getAxis() << " of size " << *axisSize << " need " << *axisSize
           << " scales, got " << scales->size();
  for (auto [index, scale] : llvm::enumerate(*scales))
    if (!std::isfinite(scale) || scale < std::numeric_limits<float>::min())
      return emitOpError("scale #")
             << index << " is " << scale
             << "; fixed scales must be finite and at least 2^-126";
  for (auto [index, zp] : llvm::enumerate(*zeroPoints)) {
    if (zp < qmin || zp > qmax)
      return emitOpError("zero point #")
             << index << " is " << zp << ", outside the storage range [" << qmin
             << ", " << qmax << "]";
    if (getSymmetric() && zp != 0)
      return emitOpError("zero point #")
             << index << " is " << zp << " but the spec is symmetric";
  }
  return success();
}

void DelegateOp::build(OpBuilder &builder, OperationState &state,
                       StringRef target, ValueRange inputs,
                       TypeRange resultTypes) {
  state.addAttribute(getTargetAttrName(state.name),
                     builder.getStringAttr(target));
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  Block *block = new Block();
  for (Value input : inputs)
    block->addArgument(input.getType(), input.getLoc());
  body->push_back(block);
}

LogicalResult DelegateOp::verify() {
  Block &block = getBody().front();
  // [QTOSA-DELEGATE-ARGS] The body receives exactly the operands.
  if (block.getArgumentTypes() != getInputs().getTypes())
    return emitOpError("body arguments ")
           << block.getArgumentTypes() << " do not match operands "
           << getInputs().getTypes();
  // [QTOSA-DELEGATE-YIELD] The body ends in qtosa.yield of the results.
  auto yield =
      dyn_cast_or_null<YieldOp>(block.empty() ? nullptr : &block.back());
  if (!yield)
    return emitOpError("body must end in qtosa.yield");
  if (yield.getResults().getTypes() != getOutputs().getTypes())
    return emitOpError("yields ")
           << yield.getResults().getTypes() << " but results are "
           << getOutputs().getTypes();
  return success();
}

#define GET_OP_CLASSES
#include "qtosa/Dialect/QTosa/IR/QTosaOps.cpp.inc"

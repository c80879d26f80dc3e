//===- QuantParams.cpp - Uniform quantization parameters ------------------===//

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;

namespace {
/// Scales and zero points of any uniform type, in the type's own layout.
struct RawParams {
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
};
} // namespace

static RawParams getRawParams(quant::QuantizedType qtype) {
  RawParams raw;
  if (auto uniform = dyn_cast<quant::UniformQuantizedType>(qtype)) {
    raw.scales.push_back(uniform.getScale());
    raw.zeroPoints.push_back(uniform.getZeroPoint());
  } else if (auto perAxis =
                 dyn_cast<quant::UniformQuantizedPerAxisType>(qtype)) {
    raw.scales.assign(perAxis.getScales().begin(), perAxis.getScales().end());
    raw.zeroPoints.assign(perAxis.getZeroPoints().begin(),
                          perAxis.getZeroPoints().end());
  } else if (auto sub =
                 dyn_cast<quant::UniformQuantizedSubChannelType>(qtype)) {
    for (const APFloat &scale : sub.getScales().getValues<APFloat>())
      raw.scales.push_back(scale.convertToDouble());
    // Zero points are stored at the storage width: u8's 200 reads as -56
    // when sign-extended.
    for (const APInt &zp : sub.getZeroPoints().getValues<APInt>())
      raw.zeroPoints.push_back(sub.isSigned() ? zp.getSExtValue()
                                              : zp.getZExtValue());
  }
  return raw;
}

LogicalResult mlir::qtosa::verifyQuantParamsForShape(
    function_ref<InFlightDiagnostic()> emitError, quant::QuantizedType qtype,
    ArrayRef<int64_t> shape) {
  if (!isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType,
           quant::UniformQuantizedSubChannelType>(qtype))
    return emitError() << "expected uniform quantization parameters "
                          "(per-tensor, per-axis or sub-channel), got "
                       << qtype;

  // [QTOSA-SCALE] The quant dialect bounds scales by the expressed type's
  // range; a NaN scale slips through its comparisons, and neither a zero
  // nor a negative scale gives an invertible mapping.
  RawParams raw = getRawParams(qtype);
  for (auto [index, scale] : llvm::enumerate(raw.scales)) {
    if (!std::isfinite(scale) || scale <= 0.0)
      return emitError() << "scale #" << index << " is " << scale
                         << "; scales must be finite and positive";
    // Quantize multiplies by 1/scale in f32 (see qtosa-expand-qdq): below
    // the smallest normal f32 that reciprocal overflows, and 0 * inf is NaN.
    if (scale < std::numeric_limits<float>::min())
      return emitError() << "scale #" << index << " is " << scale
                         << ", below 2^-126 (the smallest normal f32): "
                            "quantize multiplies by its reciprocal in f32, "
                            "which would overflow";
  }
  // [QTOSA-ZP]
  for (auto [index, zp] : llvm::enumerate(raw.zeroPoints))
    if (zp < qtype.getStorageTypeMin() || zp > qtype.getStorageTypeMax())
      return emitError() << "zero point #" << index << " is " << zp
                         << ", outside the storage range ["
                         << qtype.getStorageTypeMin() << ", "
                         << qtype.getStorageTypeMax() << "]";

  int64_t rank = static_cast<int64_t>(shape.size());
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(qtype)) {
    int64_t axis = perAxis.getQuantizedDimension();
    // [QTOSA-AXIS]
    if (axis >= rank)
      return emitError() << "quantized dimension " << axis
                         << " is out of range for a tensor of rank " << rank;
    // [QTOSA-AXIS-SIZE]
    int64_t count = static_cast<int64_t>(perAxis.getScales().size());
    if (!ShapedType::isDynamic(shape[axis]) && shape[axis] != count)
      return emitError() << "per-axis quantization on dimension " << axis
                         << " has " << count
                         << " scales, but that dimension has size "
                         << shape[axis];
  }

  // [QTOSA-SUBCHANNEL]
  if (auto sub = dyn_cast<quant::UniformQuantizedSubChannelType>(qtype)) {
    ArrayRef<int64_t> paramShape = sub.getScales().getType().getShape();
    if (static_cast<int64_t>(paramShape.size()) != rank)
      return emitError() << "sub-channel parameters have rank "
                         << paramShape.size() << ", but the tensor has rank "
                         << rank;
    SmallVector<int64_t> blockSizes(rank, 0);
    for (auto [dim, block] :
         llvm::zip(sub.getQuantizedDimensions(), sub.getBlockSizes())) {
      if (dim < 0 || dim >= rank)
        return emitError() << "sub-channel block on dimension " << dim
                           << " is out of range for a tensor of rank " << rank;
      blockSizes[dim] = block;
    }
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (ShapedType::isDynamic(shape[dim]))
        continue;
      // A dimension without a block size is one block.
      int64_t block = blockSizes[dim] ? blockSizes[dim] : shape[dim];
      if (block <= 0 || shape[dim] % block != 0 ||
          shape[dim] / block != paramShape[dim])
        return emitError() << "sub-channel dimension " << dim << " of size "
                           << shape[dim] << " with block size " << block
                           << " needs " << (block > 0 ? shape[dim] / block : 0)
                           << " parameter rows, but the parameters have "
                           << paramShape[dim];
    }
  }
  return success();
}

int64_t QuantParamLayout::paramIndex(int64_t dataIndex) const {
  int64_t result = 0;
  int64_t paramStride = 1;
  for (int64_t dim = static_cast<int64_t>(dataShape.size()) - 1; dim >= 0;
       --dim) {
    int64_t coordinate = dataIndex % dataShape[dim];
    dataIndex /= dataShape[dim];
    if (paramShape[dim] != 1)
      result += coordinate * paramStride;
    paramStride *= paramShape[dim];
  }
  return result;
}

FailureOr<QuantParamLayout>
mlir::qtosa::getQuantParamLayout(quant::QuantizedType qtype,
                                 ArrayRef<int64_t> shape) {
  QuantParamLayout layout;
  RawParams raw = getRawParams(qtype);
  if (raw.scales.empty())
    return failure();
  layout.scales = std::move(raw.scales);
  layout.zeroPoints = std::move(raw.zeroPoints);
  layout.dataShape.assign(shape.begin(), shape.end());
  layout.paramShape.assign(shape.size(), 1);

  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(qtype)) {
    int64_t axis = perAxis.getQuantizedDimension();
    if (axis >= static_cast<int64_t>(shape.size()))
      return failure();
    layout.paramShape[axis] = static_cast<int64_t>(layout.scales.size());
    return layout;
  }

  if (auto sub = dyn_cast<quant::UniformQuantizedSubChannelType>(qtype)) {
    ArrayRef<int64_t> blocks = sub.getScales().getType().getShape();
    if (blocks.size() != shape.size())
      return failure();
    layout.dataShape.clear();
    layout.paramShape.clear();
    for (auto [size, numBlocks] : llvm::zip(shape, blocks)) {
      // Whole-dimension and one-element blocks broadcast as they are.
      if (numBlocks == 1 || numBlocks == size) {
        layout.dataShape.push_back(size);
        layout.paramShape.push_back(numBlocks);
        continue;
      }
      if (ShapedType::isDynamic(size) || size % numBlocks != 0)
        return failure();
      layout.needsReshape = true;
      layout.dataShape.append({numBlocks, size / numBlocks});
      layout.paramShape.append({numBlocks, 1});
    }
  }
  return layout;
}

bool mlir::qtosa::hasFullStorageRange(quant::QuantizedType qtype) {
  unsigned width = qtype.getStorageTypeIntegralWidth();
  bool isSigned = qtype.isSigned();
  return qtype.getStorageTypeMin() ==
             quant::QuantizedType::getDefaultMinimumForInteger(isSigned,
                                                               width) &&
         qtype.getStorageTypeMax() ==
             quant::QuantizedType::getDefaultMaximumForInteger(isSigned, width);
}

bool mlir::qtosa::isRoundTripExact(quant::QuantizedType qtype) {
  unsigned width = qtype.getStorageTypeIntegralWidth();
  // A narrowed range clamps stored values outside it.
  if (!hasFullStorageRange(qtype))
    return false;

  auto expressed = dyn_cast<FloatType>(qtype.getExpressedType());
  if (!expressed)
    return false;
  // |q - zp| < 2^width; with p >= width + 2 bits of precision the relative
  // error of dequantize then quantize stays below 2^-(width+1), which keeps
  // the product within 1/4 of an integer. The f32 intermediate arithmetic
  // adds at most 2^(width-22), hence the 16-bit cap.
  const llvm::fltSemantics &sem = expressed.getFloatSemantics();
  if (width > 16 || llvm::APFloat::semanticsPrecision(sem) < width + 2)
    return false;

  double smallestNormal =
      llvm::APFloat::getSmallestNormalized(sem).convertToDouble();
  double largest = llvm::APFloat::getLargest(sem).convertToDouble();
  double maxMagnitude = std::ldexp(1.0, static_cast<int>(width));
  for (double scale : getRawParams(qtype).scales)
    if (!(scale >= smallestNormal) || scale * maxMagnitude > largest / 2)
      return false;
  return true;
}

int64_t mlir::qtosa::quantizeElement(float value, double scale,
                                     int64_t zeroPoint, int64_t storageMin,
                                     int64_t storageMax,
                                     bool tiesAwayFromZero) {
  float scaled = value * static_cast<float>(1.0 / scale);
  // NaN compares false both ways and, as in the expansion, lands on the
  // lower bound.
  float lower = static_cast<float>(storageMin - zeroPoint);
  float upper = static_cast<float>(storageMax - zeroPoint);
  if (!(scaled >= lower))
    scaled = lower;
  if (scaled > upper)
    scaled = upper;
  float rounded =
      tiesAwayFromZero ? std::round(scaled) : std::nearbyint(scaled);
  return static_cast<int64_t>(rounded) + zeroPoint;
}

float mlir::qtosa::dequantizeElement(int64_t stored, double scale,
                                     int64_t zeroPoint) {
  return static_cast<float>(stored - zeroPoint) * static_cast<float>(scale);
}

int64_t mlir::qtosa::quantizeElement(float value,
                                     quant::UniformQuantizedType params,
                                     bool tiesAwayFromZero) {
  return quantizeElement(value, params.getScale(), params.getZeroPoint(),
                         params.getStorageTypeMin(), params.getStorageTypeMax(),
                         tiesAwayFromZero);
}

std::optional<int64_t> mlir::qtosa::storeExactly(float value, double scale,
                                                 int64_t zeroPoint,
                                                 int64_t storageMin,
                                                 int64_t storageMax) {
  int64_t stored =
      quantizeElement(value, scale, zeroPoint, storageMin, storageMax);
  if (dequantizeElement(stored, scale, zeroPoint) != value)
    return std::nullopt;
  return stored;
}

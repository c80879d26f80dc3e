//===- BilinearAsConvolution.cpp - A bilinear upscale as a convolution ----===//
//
// Why it is exact, along one axis (the other is the same, and the weights
// multiply): with u the input repeated f times (u[j] = x[j / f]) and
// indices clamped to the input (bilinear sampling clamps; so does edge
// replication), the half-pixel resize by f (scale 2f/2, offset 1 - f) sums
// in units of 1/(2f)
//   out[o] = sum over t = 0..f of k[t] u[o + t - f/2],  k = [1, 2, .., 2, 1]
// (f + 1 taps: the triangle [1 3 .. 2f-1 2f-1 .. 3 1] of transposed
// upsampling is k convolved with the f-box that u's repetition is); for
// f = 2: out[2i] = x[i-1] + 3 x[i] = u[2i-1] + 2 u[2i] + u[2i+1]. The
// sampling at multiples of 1/f (scale f/1, offset 0) sums in units of 1/f
//   out[o] = sum over t = 0..f-1 of u[o + t]
// (out[fi + r] = (f - r) x[i] + r x[i+1]), with u's last element replicated
// when the output has f n elements (border f - 1: TF1's legacy sampling)
// and as it is when it has f (n - 1) + 1 (border 0: align_corners). The
// resize adds the stored values, zero points included, with these weights;
// so does a depthwise convolution with zero points 0, in the same
// accumulator.
//
// The edges are replicated on the input before the repetition (f times
// fewer elements to copy than after it): repeating x edge-padded by one
// gives u edge-padded by f, and the window starts where the taps need it.
// Measured with Vela 5.2 on 8x8x8 to 16x16x8 for Ethos-U55: 9966 NPU
// cycles, against 13632 when the repeated tensor is padded.
//
//===----------------------------------------------------------------------===//

#include "BilinearAsConvolution.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

namespace {

const char *const kAxisNames[] = {"rows", "columns"};
const char *const kEdgeNames[] = {"row", "column"};

/// `value` without the copy of its first slice along `dim` that
/// qtosa-nonnegative-resize-offsets puts in front of it
/// (concat(slice(t, first), t)),
/// or null when it is not that.
Value withoutLeadingRepeat(Value value, int64_t dim) {
  auto concat = value.getDefiningOp<tosa::ConcatOp>();
  if (!concat || concat.getAxis() != dim || concat.getInput1().size() != 2)
    return {};
  Value first = concat.getInput1()[0], rest = concat.getInput1()[1];
  auto slice = first.getDefiningOp<tosa::SliceOp>();
  if (!slice || slice.getInput1() != rest)
    return {};
  std::optional<SmallVector<int64_t>> start =
      getConstantShape(slice.getStart());
  std::optional<SmallVector<int64_t>> size = getConstantShape(slice.getSize());
  SmallVector<int64_t> expectedSize(shapeOf(rest));
  expectedSize[dim] = 1;
  if (!start || !size ||
      llvm::any_of(*start, [](int64_t v) { return v != 0; }) ||
      *size != expectedSize)
    return {};
  return rest;
}

std::string formatScale(ArrayRef<int64_t> scale) {
  return llvm::formatv("{0}/{1} x {2}/{3}", scale[0], scale[1], scale[2],
                       scale[3])
      .str();
}

/// `value` with its last slice along `dim` repeated after it, and its first
/// before it when `leading`.
Value replicateEdges(ImplicitLocOpBuilder &b, Value value, int64_t dim,
                     bool leading) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> size(type.getShape());
  size[dim] = 1;
  SmallVector<int64_t> start(type.getRank(), 0);
  auto edgeType = type.clone(size);
  Value sizeShape = tosa::getTosaConstShape(b, size);
  SmallVector<Value> parts;
  if (leading)
    parts.push_back(tosa::SliceOp::create(
        b, edgeType, value, tosa::getTosaConstShape(b, start), sizeShape));
  parts.push_back(value);
  start[dim] = type.getDimSize(dim) - 1;
  parts.push_back(tosa::SliceOp::create(
      b, edgeType, value, tosa::getTosaConstShape(b, start), sizeShape));
  SmallVector<int64_t> padded(type.getShape());
  padded[dim] += static_cast<int64_t>(parts.size()) - 1;
  return tosa::ConcatOp::create(b, type.clone(padded), parts, dim);
}

} // namespace

WhyNotOr<BilinearAsConvolution>
mlir::qtosa::ethosu::planBilinearAsConvolution(tosa::ResizeOp resize) {
  if (resize.getMode() != tosa::ResizeMode::BILINEAR)
    return "it is not BILINEAR";
  auto inType = dyn_cast<RankedTensorType>(resize.getInput().getType());
  auto outType = dyn_cast<RankedTensorType>(resize.getOutput().getType());
  if (!inType || !outType || !inType.hasStaticShape() ||
      !outType.hasStaticShape() || inType.getRank() != 4)
    return "its shapes are not static NHWC";
  Type in = inType.getElementType(), out = outType.getElementType();
  if (!(in.isSignlessInteger(8) && out.isSignlessInteger(32)) &&
      !(in.isSignlessInteger(16) && out.isSignlessInteger(48)))
    return WhyNot::format(llvm::formatv(
        "it resizes {0} into {1}, not the stored i8 into i32 (or i16 into "
        "i48) of qtosa-lower-to-tosa-int",
        in, out));
  std::optional<SmallVector<int64_t>> scale =
      getConstantShape(resize.getScale());
  std::optional<SmallVector<int64_t>> offset =
      getConstantShape(resize.getOffset());
  std::optional<SmallVector<int64_t>> border =
      getConstantShape(resize.getBorder());
  if (!scale || scale->size() != 4 || !offset || offset->size() != 2 ||
      !border || border->size() != 2)
    return "its scale, offset or border is not a constant";

  // Half-pixel by f: 2f/2 (d = 2); at multiples of 1/f: f/1 (d = 1). The
  // NEAREST repetition Vela compiles for U55 takes f = 2, 4 or 8.
  BilinearAsConvolution plan{resize,
                             resize.getInput(),
                             (*scale)[1] == 2 ? BilinearSampling::HalfPixel
                                              : BilinearSampling::Halves,
                             {0, 0},
                             {0, 0}};
  bool halfPixel = plan.sampling == BilinearSampling::HalfPixel;
  for (int axis = 0; axis < 2; ++axis) {
    int64_t n = (*scale)[2 * axis], d = (*scale)[2 * axis + 1];
    int64_t factor = halfPixel ? n / 2 : n;
    bool powerOfTwo = factor == 2 || factor == 4 || factor == 8;
    if (d != (halfPixel ? 2 : 1) || n != factor * d || !powerOfTwo)
      return WhyNot::format(llvm::formatv(
          "its scale is {0} (height x width); only upscales by 2, 4 or 8, "
          "as 2f/2 (half-pixel) or f/1 (TF1's legacy sampling, "
          "align_corners) on both axes, have a convolution form",
          formatScale(*scale)));
    plan.factor[axis] = factor;
    int64_t edge = (*border)[axis];
    if (edge != factor - 1 && (halfPixel || edge != 0))
      return WhyNot::format(llvm::formatv(
          "its {0} have scale {1}/{2} and border {3}; only border {4} has a "
          "convolution form",
          kAxisNames[axis], n, d, edge,
          halfPixel ? std::to_string(factor - 1)
                    : std::to_string(factor - 1) + " (f n outputs) or 0 (f (n "
                                                   "- 1) + 1)"));
    plan.border[axis] = edge;
  }

  // Half-pixel sampling has offset 1 - f, or 1 + f on an input whose first
  // row, then first column, is repeated in front
  // (qtosa-nonnegative-resize-offsets, which the integer lowering wrote
  // itself until 2026-11-27); undo the outer repeat first.
  for (int axis = 1; axis >= 0; --axis) {
    int64_t value = (*offset)[axis], factor = plan.factor[axis];
    if (!halfPixel) {
      if (value != 0)
        return WhyNot::format(llvm::formatv(
            "its {0} have scale {1}/1 and offset {2}, not 0 (samples at "
            "multiples of 1/{1})",
            kAxisNames[axis], factor, value));
      continue;
    }
    if (value == 1 - factor)
      continue;
    if (value != 1 + factor)
      return WhyNot::format(llvm::formatv(
          "its {0} have scale {1}/2 and offset {2}, not half-pixel sampling "
          "(offset {3}, or {4} after a repeated first {5})",
          kAxisNames[axis], 2 * factor, value, 1 - factor, 1 + factor,
          kEdgeNames[axis]));
    plan.source = withoutLeadingRepeat(plan.source, 1 + axis);
    if (!plan.source)
      return WhyNot::format(llvm::formatv(
          "its {0} have offset {1} but its input is not the repeated first "
          "{2} qtosa-nonnegative-resize-offsets writes with it",
          kAxisNames[axis], value, kEdgeNames[axis]));
  }
  ArrayRef<int64_t> from = shapeOf(plan.source), to = outType.getShape();
  for (int axis = 0; axis < 2; ++axis) {
    int64_t size = from[1 + axis], factor = plan.factor[axis];
    int64_t expected =
        halfPixel ? factor * size : factor * (size - 1) + 1 + plan.border[axis];
    if (to[1 + axis] != expected)
      return "its output size does not follow from its parameters";
  }
  if (to[0] != from[0] || to[3] != from[3])
    return "its output's batch or channels differ from its input's";
  return plan;
}

Value mlir::qtosa::ethosu::buildBilinearAsConvolution(
    OpBuilder &builder, const BilinearAsConvolution &plan) {
  tosa::ResizeOp resize = plan.resize;
  ImplicitLocOpBuilder b(resize.getLoc(), builder);
  bool halfPixel = plan.sampling == BilinearSampling::HalfPixel;
  auto sourceType = cast<RankedTensorType>(plan.source.getType());
  Type storage = sourceType.getElementType();
  auto accumulatorType = cast<RankedTensorType>(resize.getType());
  Type accumulator = accumulatorType.getElementType();
  int64_t batch = sourceType.getDimSize(0), channels = sourceType.getDimSize(3);
  const int64_t *factor = plan.factor;

  // Half-pixel sampling clamps at both edges; the sampling at multiples of
  // 1/f at the far one when its border is f - 1 (its last outputs read past
  // the input).
  Value padded = plan.source;
  for (int axis = 0; axis < 2; ++axis)
    if (halfPixel || plan.border[axis] != 0)
      padded = replicateEdges(b, padded, 1 + axis, /*leading=*/halfPixel);
  ArrayRef<int64_t> paddedShape = shapeOf(padded);

  // Each pixel f times: the one NEAREST form Vela compiles for Ethos-U55
  // (U55.RESIZE.REPEATS).
  SmallVector<int64_t> repeatedShape = {batch, factor[0] * paddedShape[1],
                                        factor[1] * paddedShape[2], channels};
  Value repeated = tosa::ResizeOp::create(
      b, sourceType.clone(repeatedShape), padded,
      tosa::getTosaConstShape(b, {2 * factor[0], 2, 2 * factor[1], 2}),
      tosa::getTosaConstShape(b, {1 - factor[0], 1 - factor[1]}),
      tosa::getTosaConstShape(b, {factor[0] - 1, factor[1] - 1}),
      tosa::ResizeMode::NEAREST_NEIGHBOR);

  // Per axis the taps, and the window they read: output size + taps - 1,
  // from f/2 in for half-pixel sampling (the taps start f/2 before the
  // output, and the input was padded by f repeated elements).
  SmallVector<int64_t> taps[2];
  SmallVector<int64_t> windowStart = {0, 0, 0, 0};
  SmallVector<int64_t> windowShape = {batch, 0, 0, channels};
  for (int axis = 0; axis < 2; ++axis) {
    int64_t f = factor[axis];
    if (halfPixel) {
      taps[axis].assign(f + 1, 2);
      taps[axis].front() = taps[axis].back() = 1;
      windowStart[1 + axis] = f / 2;
    } else {
      taps[axis].assign(f, 1);
    }
    windowShape[1 + axis] = accumulatorType.getDimSize(1 + axis) +
                            static_cast<int64_t>(taps[axis].size()) - 1;
  }
  Value window = repeated;
  if (windowShape != repeatedShape)
    window = tosa::SliceOp::create(b, sourceType.clone(windowShape), repeated,
                                   tosa::getTosaConstShape(b, windowStart),
                                   tosa::getTosaConstShape(b, windowShape));

  // Weights [KH, KW, C, 1]: the taps' outer product for every channel.
  int64_t kernelH = static_cast<int64_t>(taps[0].size()),
          kernelW = static_cast<int64_t>(taps[1].size());
  SmallVector<int8_t> weights;
  weights.reserve(kernelH * kernelW * channels);
  for (int64_t ky : taps[0])
    for (int64_t kx : taps[1])
      weights.append(channels, static_cast<int8_t>(ky * kx));
  auto weightType =
      RankedTensorType::get({kernelH, kernelW, channels, 1}, b.getI8Type());
  Value weight = tosa::ConstOp::create(
      b, weightType,
      DenseElementsAttr::get(weightType, ArrayRef<int8_t>(weights)));
  auto biasType = RankedTensorType::get({channels}, accumulator);
  Value bias = tosa::ConstOp::create(
      b, biasType,
      DenseElementsAttr::get(
          biasType, APInt::getZero(accumulator.getIntOrFloatBitWidth())));
  Value inputZeroPoint =
      *tosa::createZeroPointTensor(b, b.getLoc(), storage, 0);
  Value weightZeroPoint =
      *tosa::createZeroPointTensor(b, b.getLoc(), b.getI8Type(), 0);
  return tosa::DepthwiseConv2DOp::create(
      b, accumulatorType, window, weight, bias, inputZeroPoint, weightZeroPoint,
      ArrayRef<int64_t>{0, 0, 0, 0}, ArrayRef<int64_t>{1, 1},
      ArrayRef<int64_t>{1, 1}, accumulator);
}

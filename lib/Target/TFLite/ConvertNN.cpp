//===- ConvertNN.cpp - Convolutions, fully connected, pooling, matmul -----===//
//
// NHWC stays NHWC: TFLite's CONV_2D filter [O, KH, KW, I] and activations
// are TOSA's layout already. SAME/VALID become explicit pads by TFLite's
// rule; where TOSA 1.0 requires (in - 1 + pads - (k - 1) * dilation) to
// divide by the stride exactly, the rows no window reaches are dropped from
// the bottom pad or, failing that, sliced off the input.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

FailureOr<Value> tflite_import::weightAs(SubgraphImporter &im, int index,
                                         ArrayRef<int64_t> shape,
                                         std::optional<int32_t> newAxis) {
  const TensorInfo &info = im.tensor(index);
  auto perAxis =
      dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(info.qtype);
  if (info.isConstant && info.isQuantized() && (!perAxis || newAxis)) {
    quant::QuantizedType qtype = info.qtype;
    if (perAxis)
      qtype = quant::UniformQuantizedPerAxisType::get(
          perAxis.getFlags(), perAxis.getStorageType(),
          perAxis.getExpressedType(), perAxis.getScales(),
          perAxis.getZeroPoints(), *newAxis, perAxis.getStorageTypeMin(),
          perAxis.getStorageTypeMax());
    auto type = RankedTensorType::get(shape, info.storageElement);
    Value stored = tosa::ConstOp::create(
        im.builder(), im.loc(), type,
        DenseElementsAttr::getFromRawBuffer(
            type, ArrayRef<char>(info.data.data(), info.data.size())));
    return Value(DequantizeOp::create(im.builder(), im.loc(), im.f32Type(shape),
                                      stored, TypeAttr::get(qtype)));
  }
  FailureOr<Value> value = im.floatOf(index);
  if (failed(value))
    return failure();
  return im.reshape(*value, shape);
}

FailureOr<Value> tflite_import::biasOf(SubgraphImporter &im, int index,
                                       int64_t channels) {
  if (index < 0)
    return im.f32Splat({channels}, 0.0);
  const TensorInfo &info = im.tensor(index);
  if (info.numElements() != channels) {
    im.fail(llvm::formatv("bias tensor {0} has {1} elements for {2} output "
                          "channels",
                          index, info.numElements(), channels));
    return failure();
  }
  FailureOr<Value> value = im.floatOf(index);
  if (failed(value))
    return failure();
  return im.reshape(*value, {channels});
}

Value tflite_import::fullyConnectedAsConv(SubgraphImporter &im, Value input,
                                          Value weights, Value bias,
                                          int64_t outputs) {
  int64_t depth = cast<RankedTensorType>(weights.getType()).getShape().back();
  int64_t rows =
      cast<RankedTensorType>(input.getType()).getNumElements() / depth;
  Value zero = im.f32Scalar(0.0);
  return tosa::Conv2DOp::create(
      im.builder(), im.loc(), im.f32Type({1, rows, 1, outputs}),
      im.reshape(input, {1, rows, 1, depth}), weights, bias, zero, zero,
      ArrayRef<int64_t>{0, 0, 0, 0}, ArrayRef<int64_t>{1, 1},
      ArrayRef<int64_t>{1, 1}, im.builder().getF32Type());
}

namespace {

/// Shapes of an operator's tensors, checked for rank.
bool hasRank(const TensorInfo &info, size_t rank) {
  return info.shape.size() == rank;
}

/// The window along one dimension after TOSA's exact-division rule: the
/// pads to use and how many trailing input rows no window reaches.
struct Window {
  int64_t padBefore = 0, padAfter = 0, crop = 0;
};

FailureOr<Window> fitWindow(int64_t in, int64_t kernel, int64_t stride,
                            int64_t dilation, std::pair<int64_t, int64_t> pad) {
  Window window{pad.first, pad.second, 0};
  int64_t span = in + pad.first + pad.second - ((kernel - 1) * dilation + 1);
  if (span < 0 || stride <= 0)
    return failure();
  int64_t excess = span % stride;
  int64_t fromPad = std::min(window.padAfter, excess);
  window.padAfter -= fromPad;
  window.crop = excess - fromPad;
  return window;
}

/// Spatial windows of an NHWC input, with the input cropped to fit them.
struct Spatial {
  SmallVector<int64_t> pad; // top, bottom, left, right
  Value input;
};

FailureOr<Spatial> spatialWindows(SubgraphImporter &im, int inputIndex,
                                  Value input, ArrayRef<int64_t> inShape,
                                  tflite::Padding padding, int64_t kh,
                                  int64_t kw, int64_t sh, int64_t sw,
                                  int64_t dh, int64_t dw) {
  FailureOr<Window> h = fitWindow(
      inShape[1], kh, sh, dh, explicitPadding(padding, inShape[1], kh, sh, dh));
  FailureOr<Window> w = fitWindow(
      inShape[2], kw, sw, dw, explicitPadding(padding, inShape[2], kw, sw, dw));
  if (failed(h) || failed(w))
    return failure();
  Spatial result;
  result.pad = {h->padBefore, h->padAfter, w->padBefore, w->padAfter};
  result.input = input;
  if (!h->crop && !w->crop)
    return result;
  SmallVector<int64_t> start = {0, 0, 0, 0};
  SmallVector<int64_t> size = {inShape[0], inShape[1] - h->crop,
                               inShape[2] - w->crop, inShape[3]};
  // Crop the stored integers, not the float view: the slice then needs no
  // parameters of its own, and a dequantize that also feeds other ops (a
  // residual branch) does not keep it in float.
  const TensorInfo &info = im.tensor(inputIndex);
  if (info.isQuantized()) {
    FailureOr<Value> stored = im.stored(inputIndex);
    if (failed(stored))
      return failure();
    Value cropped = im.slice(*stored, start, size);
    result.input =
        DequantizeOp::create(im.builder(), im.loc(), im.f32Type(size), cropped,
                             TypeAttr::get(info.qtype));
    return result;
  }
  result.input = im.slice(input, start, size);
  return result;
}

OpStatus finish(SubgraphImporter &im, Value result,
                tflite::ActivationFunctionType act) {
  FailureOr<Value> activated = im.activation(result, act);
  if (failed(activated))
    return im.afterFailure();
  if (failed(im.setFromFloat(im.output(0), *activated)))
    return im.afterFailure();
  return OpStatus::Converted;
}

/// Channels [start, start + size) of a convolution's input. A dequantized
/// per-tensor input is cut on its stored integers, as spatialWindows' crop
/// is, so the slice needs no parameters of its own.
Value inputChannels(SubgraphImporter &im, Value input, int64_t start,
                    int64_t size) {
  auto dequantize = input.getDefiningOp<DequantizeOp>();
  if (!dequantize || !isa<quant::UniformQuantizedType>(dequantize.getQtype()))
    return im.sliceAxis(input, 3, start, size);
  Value stored = im.sliceAxis(dequantize.getInput(), 3, start, size);
  return DequantizeOp::create(
      im.builder(), im.loc(),
      im.f32Type(cast<RankedTensorType>(stored.getType()).getShape()), stored,
      TypeAttr::get(dequantize.getQtype()));
}

/// The part CONV_2D and DEPTHWISE_CONV_2D share once their operands are
/// read: strides and dilations from `options`, the windows over input
/// tensor `in` (`input`, shaped `x`) for the filter's KH and KW (`w`'s
/// dimensions 1 and 2), the float convolution into `y`'s shape and its fused
/// activation. With `groups` above 1 (CONV_2D only), filters [g O / G, (g +
/// 1) O / G) read input channels [g C / G, (g + 1) C / G): one convolution
/// per group, concatenated along C, as TFLite's kernel computes it and as
/// Vela's TFLite route runs it (each group's slice read in place).
template <typename ConvOp, typename Options>
OpStatus buildConvolution(SubgraphImporter &im, const Options &options, int in,
                          Value input, Value weight, Value bias,
                          const TensorInfo &x, const TensorInfo &w,
                          const TensorInfo &y, int64_t groups = 1) {
  int64_t dh = options.dilation_h_factor(), dw = options.dilation_w_factor();
  int64_t sh = options.stride_h(), sw = options.stride_w();
  if (sh <= 0 || sw <= 0 || dh <= 0 || dw <= 0)
    return im.fail("strides and dilations must be positive");
  FailureOr<Spatial> spatial =
      spatialWindows(im, in, input, x.shape, options.padding(), w.shape[1],
                     w.shape[2], sh, sw, dh, dw);
  if (failed(spatial))
    return im.fail("the filter does not fit the padded input");
  Value zero = im.f32Scalar(0.0);
  auto convolve = [&](Value groupInput, Value groupWeight, Value groupBias,
                      int64_t outputs) -> Value {
    SmallVector<int64_t> shape(y.shape);
    shape[3] = outputs;
    return ConvOp::create(im.builder(), im.loc(), im.f32Type(shape), groupInput,
                          groupWeight, groupBias, zero, zero, spatial->pad,
                          ArrayRef<int64_t>{sh, sw}, ArrayRef<int64_t>{dh, dw},
                          im.builder().getF32Type());
  };
  if (groups == 1)
    return finish(im, convolve(spatial->input, weight, bias, y.shape[3]),
                  options.fused_activation_function());
  int64_t inputsPerGroup = x.shape[3] / groups;
  int64_t outputsPerGroup = w.shape[0] / groups;
  SmallVector<Value> parts;
  for (int64_t group = 0; group < groups; ++group) {
    // One statement each: the order of the ops is the order written, not
    // the compiler's order of evaluating arguments.
    Value groupInput = inputChannels(im, spatial->input, group * inputsPerGroup,
                                     inputsPerGroup);
    Value groupWeight =
        im.sliceAxis(weight, 0, group * outputsPerGroup, outputsPerGroup);
    Value groupBias =
        im.sliceAxis(bias, 0, group * outputsPerGroup, outputsPerGroup);
    parts.push_back(
        convolve(groupInput, groupWeight, groupBias, outputsPerGroup));
  }
  return finish(im, im.concat(parts, 3), options.fused_activation_function());
}

OpStatus convertConv2D(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_Conv2DOptions();
  if (!options)
    return im.fail("has no Conv2DOptions");
  int in = im.input(0), filter = im.input(1), out = im.output(0);
  if (in < 0 || filter < 0 || out < 0)
    return im.fail("needs an input, a filter and an output");
  const TensorInfo &x = im.tensor(in), &w = im.tensor(filter),
                   &y = im.tensor(out);
  if (!hasRank(x, 4) || !hasRank(w, 4) || !hasRank(y, 4))
    return im.fail("input, filter and output must have rank 4");
  int64_t channels = x.shape[3];
  // One input channel per filter and a group per input channel (Keras'
  // Conv2D with groups equal to its channels, ConvNeXt's 7x7): a depthwise
  // convolution with multiplier O / C, filter o reading channel o / M. The
  // filter [O, KH, KW, 1] moves to TOSA's [KH, KW, C, M] in float, and
  // qtosa's constant folding moves the stored weights and their axis.
  bool depthwise =
      w.shape[3] == 1 && channels > 1 && w.shape[0] % channels == 0;
  // Otherwise G = C / (channels per filter) groups of filters.
  int64_t groups = 1;
  if (!depthwise && w.shape[3] != channels) {
    if (w.shape[3] <= 0 || channels % w.shape[3] != 0 ||
        w.shape[0] % (channels / w.shape[3]) != 0)
      return im.fail(llvm::formatv(
          "{0} input channels cannot be read as groups of {1} by {2} filters",
          channels, w.shape[3], w.shape[0]));
    groups = channels / w.shape[3];
  }
  FailureOr<Value> input = im.floatOf(in);
  if (failed(input))
    return im.afterFailure();
  FailureOr<Value> weight = im.floatOf(filter);
  if (failed(weight))
    return im.afterFailure();
  FailureOr<Value> bias = biasOf(im, im.input(2), w.shape[0]);
  if (failed(bias))
    return im.afterFailure();
  if (depthwise) {
    // [O, KH, KW, 1] -> [KH, KW, 1, O] -> [KH, KW, C, M]: output o = c * M
    // + m in both.
    int64_t outputs = w.shape[0];
    Value moved = tosa::TransposeOp::create(
        im.builder(), im.loc(),
        im.f32Type({w.shape[1], w.shape[2], 1, outputs}), *weight,
        im.builder().getDenseI32ArrayAttr({1, 2, 3, 0}));
    Value reshaped = im.reshape(
        moved, {w.shape[1], w.shape[2], channels, outputs / channels});
    return buildConvolution<tosa::DepthwiseConv2DOp>(im, *options, in, *input,
                                                     reshaped, *bias, x, w, y);
  }
  return buildConvolution<tosa::Conv2DOp>(im, *options, in, *input, *weight,
                                          *bias, x, w, y, groups);
}

OpStatus convertDepthwiseConv2D(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_DepthwiseConv2DOptions();
  if (!options)
    return im.fail("has no DepthwiseConv2DOptions");
  int in = im.input(0), filter = im.input(1), out = im.output(0);
  if (in < 0 || filter < 0 || out < 0)
    return im.fail("needs an input, a filter and an output");
  const TensorInfo &x = im.tensor(in), &w = im.tensor(filter),
                   &y = im.tensor(out);
  if (!hasRank(x, 4) || !hasRank(w, 4) || !hasRank(y, 4) || w.shape[0] != 1)
    return im.fail("input, filter [1, KH, KW, C*M] and output must have "
                   "rank 4");
  int64_t channels = x.shape[3];
  if (channels == 0 || w.shape[3] % channels != 0)
    return im.fail(llvm::formatv("filter has {0} channels, not a multiple "
                                 "of the input's {1}",
                                 w.shape[3], channels));
  int64_t multiplier = w.shape[3] / channels;
  // [1, KH, KW, C*M] and TOSA's [KH, KW, C, M] hold the elements in the same
  // order; per-channel scales (C*M of them) become per-axis on C when M is
  // 1 and on M when C is 1. Otherwise they vary over both dimensions, and
  // the reshape stays in float for qtosa's folding to split.
  std::optional<int32_t> axis;
  if (multiplier == 1)
    axis = 2;
  else if (channels == 1)
    axis = 3;
  FailureOr<Value> input = im.floatOf(in);
  if (failed(input))
    return im.afterFailure();
  FailureOr<Value> weight = weightAs(
      im, filter, {w.shape[1], w.shape[2], channels, multiplier}, axis);
  if (failed(weight))
    return im.afterFailure();
  FailureOr<Value> bias = biasOf(im, im.input(2), w.shape[3]);
  if (failed(bias))
    return im.afterFailure();
  return buildConvolution<tosa::DepthwiseConv2DOp>(im, *options, in, *input,
                                                   *weight, *bias, x, w, y);
}

OpStatus convertTransposeConv(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_TransposeConvOptions();
  if (!options)
    return im.fail("has no TransposeConvOptions");
  // Inputs: output shape, filter [O, KH, KW, I], input, optional bias.
  int filter = im.input(1), in = im.input(2), out = im.output(0);
  if (in < 0 || filter < 0 || out < 0)
    return im.fail("needs an input, a filter and an output");
  const TensorInfo &x = im.tensor(in), &w = im.tensor(filter),
                   &y = im.tensor(out);
  if (!hasRank(x, 4) || !hasRank(w, 4) || !hasRank(y, 4))
    return im.fail("input, filter and output must have rank 4");
  int64_t sh = options->stride_h(), sw = options->stride_w();
  if (sh <= 0 || sw <= 0)
    return im.fail("strides must be positive");
  FailureOr<Value> input = im.floatOf(in);
  if (failed(input))
    return im.afterFailure();
  FailureOr<Value> weight = im.floatOf(filter);
  if (failed(weight))
    return im.afterFailure();
  FailureOr<Value> bias = biasOf(im, im.input(3), w.shape[0]);
  if (failed(bias))
    return im.afterFailure();
  // TFLite pads the output as a convolution from the output to the input
  // would be padded; TOSA's out_pad is that padding, negated, plus whatever
  // the output shape adds beyond the full transposed convolution.
  auto outPad = [&](int64_t inSize, int64_t outSize, int64_t kernel,
                    int64_t stride) {
    auto [before, after] =
        explicitPadding(options->padding(), outSize, kernel, stride, 1);
    (void)after;
    int64_t top = -before;
    int64_t bottom = outSize - (inSize - 1) * stride - kernel - top;
    return std::make_pair(top, bottom);
  };
  auto [top, bottom] = outPad(x.shape[1], y.shape[1], w.shape[1], sh);
  auto [left, right] = outPad(x.shape[2], y.shape[2], w.shape[2], sw);
  Value zero = im.f32Scalar(0.0);
  Value conv = tosa::TransposeConv2DOp::create(
      im.builder(), im.loc(), im.f32Type(y.shape), *input, *weight, *bias, zero,
      zero, ArrayRef<int64_t>{top, bottom, left, right},
      ArrayRef<int64_t>{sh, sw}, im.builder().getF32Type());
  return finish(im, conv, options->fused_activation_function());
}

/// FULLY_CONNECTED becomes a 1x1 tosa.conv2d on [1, B, 1, I] with weights
/// [O, 1, 1, I]. Why not tosa.matmul: conv2d takes the bias and per-channel
/// weight scales, so qtosa-lower-to-tosa-int lowers it to one i8 x i8 -> i32
/// convolution with the bias in the accumulator and a per-channel rescale,
/// which is how Vela runs FULLY_CONNECTED on Ethos-U (as a 1x1 convolution);
/// tosa.matmul has no bias, needs a separate add, and takes per-tensor
/// right-hand parameters only. The batch goes to H so that N stays 1, the
/// only batch Ethos-U55 convolutions take.
OpStatus convertFullyConnected(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_FullyConnectedOptions();
  tflite::ActivationFunctionType act = tflite::ActivationFunctionType::NONE;
  if (options) {
    if (options->weights_format() !=
        tflite::FullyConnectedOptionsWeightsFormat::DEFAULT)
      return im.opaque("shuffled weights have no TOSA form");
    act = options->fused_activation_function();
  }
  int in = im.input(0), filter = im.input(1), out = im.output(0);
  if (in < 0 || filter < 0 || out < 0)
    return im.fail("needs an input, weights and an output");
  const TensorInfo &x = im.tensor(in), &w = im.tensor(filter),
                   &y = im.tensor(out);
  if (!hasRank(w, 2) || w.shape[1] == 0)
    return im.fail("weights must be [outputs, inputs]");
  int64_t outputs = w.shape[0], depth = w.shape[1];
  if (x.numElements() % depth != 0)
    return im.fail(llvm::formatv("input has {0} elements, not a multiple of "
                                 "the weights' {1} inputs",
                                 x.numElements(), depth));
  int64_t batch = x.numElements() / depth;
  if (y.numElements() != batch * outputs)
    return im.fail(llvm::formatv("output has {0} elements, not {1} x {2}",
                                 y.numElements(), batch, outputs));
  FailureOr<Value> input = im.floatOf(in);
  if (failed(input))
    return im.afterFailure();
  FailureOr<Value> weight = weightAs(im, filter, {outputs, 1, 1, depth}, 0);
  if (failed(weight))
    return im.afterFailure();
  FailureOr<Value> bias = biasOf(im, im.input(2), outputs);
  if (failed(bias))
    return im.afterFailure();
  Value conv = fullyConnectedAsConv(im, *input, *weight, *bias, outputs);
  FailureOr<Value> activated = im.activation(conv, act);
  if (failed(activated))
    return im.afterFailure();
  if (failed(im.setFromFloat(out, im.reshape(*activated, y.shape))))
    return im.afterFailure();
  return OpStatus::Converted;
}

OpStatus convertPool(SubgraphImporter &im, bool isMax) {
  const auto *options = im.op().builtin_options_as_Pool2DOptions();
  if (!options)
    return im.fail("has no Pool2DOptions");
  int in = im.input(0), out = im.output(0);
  if (in < 0 || out < 0)
    return im.fail("needs an input and an output");
  const TensorInfo &x = im.tensor(in), &y = im.tensor(out);
  if (!hasRank(x, 4) || !hasRank(y, 4))
    return im.fail("input and output must have rank 4");
  int64_t kh = options->filter_height(), kw = options->filter_width();
  int64_t sh = options->stride_h(), sw = options->stride_w();
  if (kh <= 0 || kw <= 0 || sh <= 0 || sw <= 0)
    return im.fail("filter sizes and strides must be positive");
  FailureOr<Value> input = im.floatOf(in);
  if (failed(input))
    return im.afterFailure();
  FailureOr<Spatial> spatial = spatialWindows(
      im, in, *input, x.shape, options->padding(), kh, kw, sh, sw, 1, 1);
  if (failed(spatial))
    return im.fail("the filter does not fit the padded input");
  Value pool;
  // Both exclude padding: TOSA's average divides by the valid elements, as
  // TFLite's does, and its max ignores the padding.
  if (isMax) {
    pool = tosa::MaxPool2dOp::create(
        im.builder(), im.loc(), im.f32Type(y.shape), spatial->input,
        ArrayRef<int64_t>{kh, kw}, ArrayRef<int64_t>{sh, sw}, spatial->pad);
  } else {
    Value zero = im.f32Scalar(0.0);
    pool = tosa::AvgPool2dOp::create(
        im.builder(), im.loc(), im.f32Type(y.shape), spatial->input, zero, zero,
        ArrayRef<int64_t>{kh, kw}, ArrayRef<int64_t>{sh, sw}, spatial->pad,
        im.builder().getF32Type());
  }
  return finish(im, pool, options->fused_activation_function());
}

OpStatus convertBatchMatMul(SubgraphImporter &im) {
  const auto *options = im.op().builtin_options_as_BatchMatMulOptions();
  int lhsIndex = im.input(0), rhsIndex = im.input(1), out = im.output(0);
  if (lhsIndex < 0 || rhsIndex < 0 || out < 0)
    return im.fail("needs two inputs and an output");
  const TensorInfo &lhsInfo = im.tensor(lhsIndex),
                   &rhsInfo = im.tensor(rhsIndex), &y = im.tensor(out);
  size_t rank = y.shape.size();
  if (rank < 2 || lhsInfo.shape.size() < 2 || rhsInfo.shape.size() < 2 ||
      lhsInfo.shape.size() > rank || rhsInfo.shape.size() > rank)
    return im.fail("operands and output need rank 2 or more");
  FailureOr<Value> lhs = im.floatOf(lhsIndex);
  if (failed(lhs))
    return im.afterFailure();
  FailureOr<Value> rhs = im.floatOf(rhsIndex);
  if (failed(rhs))
    return im.afterFailure();
  // Swap the last two dimensions of an adjoint operand.
  auto adjoint = [&](Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int32_t> perms;
    for (int32_t d = 0; d < type.getRank(); ++d)
      perms.push_back(d);
    std::swap(perms[type.getRank() - 1], perms[type.getRank() - 2]);
    SmallVector<int64_t> shape(type.getShape());
    std::swap(shape[type.getRank() - 1], shape[type.getRank() - 2]);
    return Value(tosa::TransposeOp::create(im.builder(), im.loc(),
                                           im.f32Type(shape), value, perms));
  };
  Value a = im.toRank(*lhs, rank), bValue = im.toRank(*rhs, rank);
  if (options && options->adj_x())
    a = adjoint(a);
  if (options && options->adj_y())
    bValue = adjoint(bValue);
  ArrayRef<int64_t> aShape = cast<RankedTensorType>(a.getType()).getShape();
  ArrayRef<int64_t> bShape =
      cast<RankedTensorType>(bValue.getType()).getShape();
  int64_t m = aShape[rank - 2], k = aShape[rank - 1], n = bShape[rank - 1];
  if (bShape[rank - 2] != k)
    return im.fail(llvm::formatv("inner dimensions {0} and {1} differ", k,
                                 bShape[rank - 2]));
  int64_t aBatch = 1, bBatch = 1;
  for (size_t d = 0; d + 2 < rank; ++d) {
    aBatch *= aShape[d];
    bBatch *= bShape[d];
  }
  if (aShape.drop_back(2) != bShape.drop_back(2) && bBatch != 1 && aBatch != 1)
    return im.opaque("broadcasting between batch dimensions of different "
                     "shapes has no direct TOSA form");
  int64_t batch = std::max(aBatch, bBatch);
  Value a3 = im.reshape(a, {aBatch, m, k});
  Value b3 = im.reshape(bValue, {bBatch, k, n});
  if (aBatch != batch)
    a3 = tosa::TileOp::create(im.builder(), im.loc(), im.f32Type({batch, m, k}),
                              a3, im.constShape({batch, 1, 1}));
  if (bBatch != batch)
    b3 = tosa::TileOp::create(im.builder(), im.loc(), im.f32Type({batch, k, n}),
                              b3, im.constShape({batch, 1, 1}));
  Value zero = im.f32Scalar(0.0);
  Value product = tosa::MatMulOp::create(
      im.builder(), im.loc(), im.f32Type({batch, m, n}), a3, b3, zero, zero);
  if (y.numElements() != batch * m * n)
    return im.fail("output shape does not match the product");
  if (failed(im.setFromFloat(out, im.reshape(product, y.shape))))
    return im.afterFailure();
  return OpStatus::Converted;
}

} // namespace

std::optional<OpStatus> tflite_import::convertNNOp(SubgraphImporter &im) {
  switch (im.opcode()) {
  case tflite::BuiltinOperator::CONV_2D:
    return convertConv2D(im);
  case tflite::BuiltinOperator::DEPTHWISE_CONV_2D:
    return convertDepthwiseConv2D(im);
  case tflite::BuiltinOperator::TRANSPOSE_CONV:
    return convertTransposeConv(im);
  case tflite::BuiltinOperator::FULLY_CONNECTED:
    return convertFullyConnected(im);
  case tflite::BuiltinOperator::AVERAGE_POOL_2D:
    return convertPool(im, /*isMax=*/false);
  case tflite::BuiltinOperator::MAX_POOL_2D:
    return convertPool(im, /*isMax=*/true);
  case tflite::BuiltinOperator::BATCH_MATMUL:
    return convertBatchMatMul(im);
  default:
    return std::nullopt;
  }
}

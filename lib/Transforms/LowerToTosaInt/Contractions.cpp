//===- Contractions.cpp - Convolutions and matmul on exact accumulators ---===//
//
// TOSA 1.0 contracts i8 x i8 (or i4 weights) into i32 and i16 x i8 into
// i48, with zero points 0 wherever the type is not i8. The float bias is
// folded into an integer one at the accumulator's scale, and one rescale
// takes the accumulator to the output.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Utils/ConvGeometry.h"
#include "qtosa/Utils/ShapedValues.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

namespace {

/// Output-channel count, the weight dimension whose scales the output
/// channels use, and the weight layout that maps one to the other.
struct ConvChannels {
  int64_t count = 0;
  int64_t weightAxis = 0;
  ConvGeometry geometry;

  /// The weight's scales are one per output channel, in output order (a
  /// depthwise weight whose scales vary over both C and M).
  bool scalePerOutputChannel = false;

  /// The index along `weightAxis` whose scale output channel `oc` uses.
  int64_t weightChannel(int64_t oc) const {
    return scalePerOutputChannel ? oc : geometry.weightIndex(oc, weightAxis);
  }
};

/// A depthwise weight [KH, KW, C, M] whose scales vary over C and M
/// together (TFLite's per-channel C*M scales of a depthwise filter with
/// C, M > 1, which no single quantized dimension holds): its parameters as
/// one scale per output channel c * M + m, the order of the weight's last
/// two dimensions. None when they also vary over KH or KW, or their zero
/// points differ.
std::optional<ChannelParams>
getDepthwiseOutputParams(quant::QuantizedType qtype, RankedTensorType weight) {
  if (weight.getRank() != 4 || !weight.hasStaticShape())
    return std::nullopt;
  FailureOr<QuantParamLayout> layout =
      getQuantParamLayout(qtype, weight.getShape());
  if (failed(layout) || layout->needsReshape ||
      !llvm::all_equal(layout->zeroPoints))
    return std::nullopt;
  int64_t outputs = weight.getDimSize(2) * weight.getDimSize(3);
  for (int64_t index = 0, end = weight.getNumElements(); index < end; ++index)
    if (layout->paramIndex(index) != layout->paramIndex(index % outputs))
      return std::nullopt;
  ChannelParams params = getStorageParams(qtype);
  params.zeroPoint = layout->zeroPoints.front();
  for (int64_t oc = 0; oc < outputs; ++oc)
    params.scales.push_back(layout->scales[layout->paramIndex(oc)]);
  if (!params.isSigned || (params.width != 8 && params.width != 4))
    return std::nullopt;
  return params;
}

WhyNotOr<ConvChannels> getConvChannels(Operation *op,
                                       const ConvGeometry &geometry,
                                       quant::QuantizedType weightType) {
  auto weight = cast<RankedTensorType>(geometry.weight.getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  ConvChannels channels;
  channels.count = result.getDimSize(result.getRank() - 1);
  if (ShapedType::isDynamic(channels.count) || !weight.hasStaticShape())
    return "its output channels or weight shape are dynamic";
  channels.geometry = geometry;
  std::optional<int64_t> quantizedDim;
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(weightType))
    quantizedDim = perAxis.getQuantizedDimension();
  channels.weightAxis = geometry.weightChannelAxis(quantizedDim);
  return channels;
}

/// The real bias per output channel: a float constant, or a dequantized
/// integer constant.
WhyNotOr<SmallVector<double>> getBiasValues(Value bias, int64_t channels) {
  SmallVector<double> values;
  DenseFPElementsAttr floats;
  if (matchPattern(bias, m_Constant(&floats))) {
    for (const APFloat &value : floats.getValues<APFloat>())
      values.push_back(value.convertToDouble());
  } else if (std::optional<Dequantized> dequantized = getDequantized(bias)) {
    DenseIntElementsAttr stored;
    auto type = cast<RankedTensorType>(bias.getType());
    FailureOr<QuantParamLayout> layout =
        getQuantParamLayout(dequantized->qtype, type.getShape());
    if (!matchPattern(dequantized->stored, m_Constant(&stored)) ||
        failed(layout) || layout->needsReshape)
      return "its bias is dequantized from a value that is not a constant "
             "with per-tensor or per-axis parameters";
    int64_t index = 0;
    for (const APInt &value : stored.getValues<APInt>()) {
      int64_t param = layout->paramIndex(index++);
      int64_t raw = dequantized->qtype.isSigned() ? value.getSExtValue()
                                                  : value.getZExtValue();
      values.push_back(dequantizeElement(raw, layout->scales[param],
                                         layout->zeroPoints[param]));
    }
  } else {
    return "its bias is neither a float constant nor a dequantized constant";
  }
  if (values.size() == 1)
    values.assign(channels, values.front());
  if (static_cast<int64_t>(values.size()) != channels)
    return WhyNot::format(
        llvm::formatv("its bias has {0} values for {1} output channels",
                      values.size(), channels));
  return values;
}

} // namespace

WhyNot lowering::lowerConvolution(Group &group) {
  Operation *op = group.op;
  if (WhyNot why = checkFloatZeroPoints(op))
    return why;
  ConvGeometry geometry = getConvGeometry(op);
  WhyNotOr<ArithmeticOperand> input =
      getArithmeticOperand(op, 0, "input", std::nullopt);
  if (input.refused())
    return std::move(input).whyNot();
  WhyNotOr<Dequantized> weight = requireDequantized(op, 1, "weight");
  if (weight.refused())
    return std::move(weight).whyNot();
  WhyNotOr<ConvChannels> channels =
      getConvChannels(op, geometry, weight->qtype);
  if (channels.refused())
    return std::move(channels).whyNot();
  WhyNotOr<ChannelParams> weightParams = getArithmeticParams(
      weight->qtype, channels->weightAxis, "the weight", true);
  if (weightParams.refused() && isa<tosa::DepthwiseConv2DOp>(op))
    if (std::optional<ChannelParams> perOutput = getDepthwiseOutputParams(
            weight->qtype, cast<RankedTensorType>(weight->stored.getType()))) {
      weightParams = std::move(*perOutput);
      channels->scalePerOutputChannel = true;
    }
  if (weightParams.refused())
    return std::move(weightParams).whyNot();

  bool wide = input->params.width == 16;
  if (wide && weightParams->width != 8)
    return "a 16-bit input takes 8-bit weights";
  if (weightParams->width == 16)
    return "16-bit weights have no integer TOSA convolution";
  if (wide && input->params.zeroPoint != 0)
    return WhyNot::format(llvm::formatv(
        "a 16-bit input needs zero point 0, not {0}", input->params.zeroPoint));
  if (weightParams->width == 4 && weightParams->zeroPoint != 0)
    return "4-bit weights need zero point 0";

  SmallVector<double> accScales;
  for (int64_t oc = 0; oc < channels->count; ++oc)
    accScales.push_back(input->params.scale(0) *
                        weightParams->scale(channels->weightChannel(oc)));
  WhyNotOr<SmallVector<double>> bias =
      getBiasValues(geometry.bias, channels->count);
  if (bias.refused())
    return std::move(bias).whyNot();
  unsigned accWidth = wide ? 48 : 32;
  int64_t accLimit = (int64_t(1) << (accWidth - 1)) - 1;
  SmallVector<APInt> storedBias;
  for (int64_t oc = 0; oc < channels->count; ++oc) {
    double stored = std::nearbyint((*bias)[oc] / accScales[oc]);
    if (!(std::fabs(stored) <= static_cast<double>(accLimit)))
      return WhyNot::format(llvm::formatv(
          "bias {0} of output channel {1} does not fit the {2}-bit "
          "accumulator at scale {3}",
          formatReal((*bias)[oc]), oc, accWidth, formatReal(accScales[oc])));
    storedBias.emplace_back(accWidth, static_cast<int64_t>(stored),
                            /*isSigned=*/true);
  }
  if (llvm::all_equal(accScales))
    accScales.resize(1);
  Type accElement = IntegerType::get(op->getContext(), accWidth);
  WhyNotOr<OutputRescale> output =
      planOutputRescale(group.quantize, accumulatorParams(std::move(accScales)),
                        accElement, group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  auto biasType = RankedTensorType::get(
      {static_cast<int64_t>(storedBias.size())}, accElement);
  Value biasConst = tosa::ConstOp::create(
      builder, loc, biasType, DenseElementsAttr::get(biasType, storedBias));
  Value inputZp = buildIntegerScalar(builder, loc, elementOf(input->stored),
                                     input->params.zeroPoint, group.pool);
  Value weightZp = buildIntegerScalar(builder, loc, elementOf(weight->stored),
                                      weightParams->zeroPoint, group.pool);
  Operation *conv = cloneOnIntegers(
      builder, op,
      {input->stored, weight->stored, biasConst, inputZp, weightZp},
      withElement(op->getResult(0), accElement));
  conv->setAttr("acc_type", TypeAttr::get(accElement));
  group.lowered =
      emitOutputRescale(builder, loc, conv->getResult(0), *output, group.pool);
  return {};
}

WhyNot lowering::lowerMatMul(Group &group) {
  auto matmul = cast<tosa::MatMulOp>(group.op);
  if (WhyNot why = checkFloatZeroPoints(matmul))
    return why;
  WhyNotOr<ArithmeticOperand> a =
      getArithmeticOperand(matmul, 0, "left operand", std::nullopt);
  if (a.refused())
    return std::move(a).whyNot();
  WhyNotOr<ArithmeticOperand> b =
      getArithmeticOperand(matmul, 1, "right operand", 2);
  if (b.refused())
    return std::move(b).whyNot();
  if (a->params.width != b->params.width)
    return WhyNot::format(llvm::formatv("its operands have {0}- and {1}-bit "
                                        "storage; tosa.matmul takes equal "
                                        "widths",
                                        a->params.width, b->params.width));
  bool wide = a->params.width == 16;
  if (wide && (a->params.zeroPoint != 0 || b->params.zeroPoint != 0))
    return "16-bit operands need zero point 0";
  SmallVector<double> accScales;
  for (double scale : b->params.scales)
    accScales.push_back(a->params.scale(0) * scale);
  Type accElement = IntegerType::get(matmul.getContext(), wide ? 48 : 32);
  WhyNotOr<OutputRescale> output =
      planOutputRescale(group.quantize, accumulatorParams(std::move(accScales)),
                        accElement, group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  Value aZp = buildIntegerScalar(builder, loc, elementOf(a->stored),
                                 a->params.zeroPoint, group.pool);
  Value bZp = buildIntegerScalar(builder, loc, elementOf(b->stored),
                                 b->params.zeroPoint, group.pool);
  Operation *product =
      cloneOnIntegers(builder, matmul, {a->stored, b->stored, aZp, bZp},
                      withElement(matmul.getResult(), accElement));
  group.lowered = emitOutputRescale(builder, loc, product->getResult(0),
                                    *output, group.pool);
  return {};
}

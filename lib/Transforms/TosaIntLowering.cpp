//===- TosaIntLowering.cpp - QDQ groups as integer TOSA 1.0 ---------------===//
//
// A group is dequantize(inputs) -> one float TOSA op -> quantize, rooted at
// the quantize. Every lowering first checks what it needs and computes every
// constant (plan), and only then creates ops (emit): a group it refuses is
// left untouched, and the same plan explains the refusal in a remark.
//
//===----------------------------------------------------------------------===//

#include "TosaIntLowering.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/TosaRescale.h"
#include "qtosa/Utils/ConvGeometry.h"
#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

using Emit = std::function<Value(OpBuilder &, Location)>;

/// A real number as a message shows it: six significant digits.
std::string formatReal(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6g", value);
  return text;
}

struct Dequantized {
  Value stored;
  quant::QuantizedType qtype;
};

std::optional<Dequantized> getDequantized(Value value) {
  auto dequantize = value.getDefiningOp<DequantizeOp>();
  if (!dequantize)
    return std::nullopt;
  return Dequantized{dequantize.getInput(), dequantize.getQtype()};
}


/// Scales along one dimension with a single zero point: what a TOSA op with
/// scalar zero-point operands and a per-channel rescale can express.
struct ChannelParams {
  SmallVector<double> scales; // one, or one per index of the dimension
  int64_t zeroPoint = 0;
  int64_t storageMin = 0;
  int64_t storageMax = 0;
  unsigned width = 0;
  bool isSigned = true;
  bool narrow = false;

  double scale(int64_t channel) const {
    return scales.size() == 1 ? scales.front() : scales[channel];
  }
};

/// The parameters of `qtype` as ChannelParams along `axis`; per-tensor
/// parameters always qualify. `role` names the value in messages.
FailureOr<ChannelParams> getChannelParams(quant::QuantizedType qtype,
                                          std::optional<int64_t> axis,
                                          StringRef role,
                                          std::string &whyNot) {
  ChannelParams params;
  params.storageMin = qtype.getStorageTypeMin();
  params.storageMax = qtype.getStorageTypeMax();
  params.width = qtype.getStorageTypeIntegralWidth();
  params.isSigned = qtype.isSigned();
  params.narrow = !hasFullStorageRange(qtype);
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(qtype)) {
    params.scales = {perTensor.getScale()};
    params.zeroPoint = perTensor.getZeroPoint();
    return params;
  }
  auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(qtype);
  if (!perAxis) {
    whyNot = (role + " has sub-channel parameters; integer TOSA takes one "
                     "scale per tensor or per output channel")
                 .str();
    return failure();
  }
  if (!axis || perAxis.getQuantizedDimension() != *axis) {
    whyNot = llvm::formatv("{0} is quantized along dimension {1}, which {2}",
                           role, perAxis.getQuantizedDimension(),
                           axis ? llvm::formatv("is not dimension {0}", *axis)
                                      .str()
                                : std::string("needs per-tensor parameters"))
                 .str();
    return failure();
  }
  if (!llvm::all_equal(perAxis.getZeroPoints())) {
    whyNot = (role + " has one zero point per channel; the TOSA operand "
                     "takes one")
                 .str();
    return failure();
  }
  params.scales.assign(perAxis.getScales().begin(), perAxis.getScales().end());
  params.zeroPoint = perAxis.getZeroPoints().front();
  return params;
}

/// Parameters of a value integer TOSA arithmetic reads: signed, 8 or 16 bit
/// (4 bit with `allowInt4`), one zero point.
FailureOr<ChannelParams> getArithmeticParams(quant::QuantizedType qtype,
                                             std::optional<int64_t> axis,
                                             StringRef role, bool allowInt4,
                                             std::string &whyNot) {
  FailureOr<ChannelParams> params =
      getChannelParams(qtype, axis, role, whyNot);
  if (failed(params))
    return failure();
  if (!params->isSigned) {
    whyNot = (role + " has unsigned storage; TOSA integer arithmetic is "
                     "signed (requantize it to signed storage first)")
                 .str();
    return failure();
  }
  if (params->width != 8 && params->width != 16 &&
      !(allowInt4 && params->width == 4)) {
    whyNot = llvm::formatv("{0} has {1}-bit storage; this op takes {2}", role,
                           params->width,
                           allowInt4 ? "4, 8 or 16 bits" : "8 or 16 bits")
                 .str();
    return failure();
  }
  return params;
}

/// The float zero-point operands of a float TOSA op must be zero: a float op
/// with another zero point is not what the QDQ group describes.
LogicalResult checkFloatZeroPoints(Operation *op, std::string &whyNot) {
  for (ZeroPointOperand zp : getZeroPointOperands(op)) {
    std::optional<float> value =
        getScalarFloatConstant(op->getOperand(zp.zeroPointIndex));
    if (value && *value == 0.0f)
      continue;
    whyNot = llvm::formatv("operand #{0} (a zero point) is not a constant 0",
                           zp.zeroPointIndex)
                 .str();
    return failure();
  }
  return success();
}

FailureOr<Dequantized> requireDequantized(Operation *op, unsigned index,
                                          StringRef role,
                                          std::string &whyNot) {
  if (std::optional<Dequantized> value =
          getDequantized(op->getOperand(index)))
    return *value;
  whyNot = llvm::formatv("its {0} (operand #{1}) is not a dequantized value",
                         role, index)
               .str();
  return failure();
}

/// A dequantized operand that integer TOSA arithmetic can read directly.
struct ArithmeticOperand {
  Value stored;
  quant::QuantizedType qtype;
  ChannelParams params;
};

FailureOr<ArithmeticOperand>
getArithmeticOperand(Operation *op, unsigned index, StringRef role,
                     std::optional<int64_t> axis, std::string &whyNot) {
  FailureOr<Dequantized> value = requireDequantized(op, index, role, whyNot);
  if (failed(value))
    return failure();
  FailureOr<ChannelParams> params = getArithmeticParams(
      value->qtype, axis, ("the " + role).str(), false, whyNot);
  if (failed(params))
    return failure();
  return ArithmeticOperand{value->stored, value->qtype, *params};
}

//===----------------------------------------------------------------------===//
// The rescale into the group's output
//===----------------------------------------------------------------------===//

/// A tosa.rescale from an accumulator (or stored value) to the quantize's
/// storage, and the clamp a narrow storage range needs after it.
struct OutputRescale {
  RankedTensorType type;
  RescaleSpec spec;
  std::optional<std::pair<int64_t, int64_t>> clamp;
};

/// tosa.rescale takes a nonzero zero point, on its input (`side` "input")
/// or its output ("output"), only on 8-bit values; its verifier rejects
/// anything else.
LogicalResult checkRescaleZeroPoint(StringRef side, unsigned width,
                                    int64_t zeroPoint, std::string &whyNot) {
  if (width == 8 || zeroPoint == 0)
    return success();
  whyNot = llvm::formatv("the {0} has {1}-bit storage with zero point {2}; "
                         "tosa.rescale takes a nonzero zero point only on "
                         "8-bit values",
                         side, width, zeroPoint)
               .str();
  return failure();
}

/// What tosa.rescale reads: 8, 16, 32 or 48 bits, with a nonzero zero
/// point only on 8 bits.
LogicalResult checkRescaleInput(unsigned width, int64_t zeroPoint,
                                std::string &whyNot) {
  if (width != 8 && width != 16 && width != 32 && width != 48) {
    whyNot = llvm::formatv("the input has {0}-bit storage; tosa.rescale "
                           "reads 8, 16, 32 or 48 bits",
                           width)
                 .str();
    return failure();
  }
  return checkRescaleZeroPoint("input", width, zeroPoint, whyNot);
}

/// Plans the rescale of values whose real value is `(v - inputZp) *
/// inputScale(c)` to the parameters of `quantize`.
FailureOr<OutputRescale>
planOutputRescale(QuantizeOp quantize, const ChannelParams &input,
                  Type inputElement, RescaleRounding rounding,
                  std::string &whyNot) {
  auto type = cast<RankedTensorType>(quantize.getType());
  int64_t channelAxis = type.getRank() - 1;
  FailureOr<ChannelParams> output =
      getChannelParams(quantize.getQtype(), channelAxis, "the output", whyNot);
  if (failed(output))
    return failure();
  if (input.scales.size() > 1 &&
      (type.getRank() == 0 ||
       type.getDimSize(channelAxis) != static_cast<int64_t>(input.scales.size()))) {
    whyNot = "the per-channel scales are not on the innermost dimension, "
             "which is where tosa.rescale applies them";
    return failure();
  }
  unsigned inputWidth = inputElement.getIntOrFloatBitWidth();
  if (!output->isSigned && !(inputWidth == 8 && input.isSigned &&
                             output->width == 8)) {
    whyNot = "the output has unsigned storage; tosa.rescale produces "
             "unsigned values only from signed 8-bit ones";
    return failure();
  }
  if (!input.isSigned && !(inputWidth == 8 && output->isSigned &&
                           output->width == 8)) {
    whyNot = "the input has unsigned storage; tosa.rescale reads unsigned "
             "values only into signed 8-bit ones";
    return failure();
  }
  if (output->width != 8 && output->width != 16 && output->width != 32) {
    whyNot = llvm::formatv("the output has {0}-bit storage; tosa.rescale "
                           "produces 8, 16 or 32 bits",
                           output->width)
                 .str();
    return failure();
  }
  if (failed(checkRescaleInput(inputWidth, input.zeroPoint, whyNot)) ||
      failed(checkRescaleZeroPoint("output", output->width, output->zeroPoint,
                                   whyNot)))
    return failure();
  size_t count = std::max(input.scales.size(), output->scales.size());
  SmallVector<double> factors;
  for (size_t c = 0; c < count; ++c)
    factors.push_back(input.scale(c) / output->scale(c));
  if (llvm::all_equal(factors))
    factors.resize(1);

  OutputRescale plan;
  plan.type = type;
  plan.spec.scale32 = inputWidth != 48;
  // TOSA defines DOUBLE_ROUND only with 32-bit multipliers.
  plan.spec.doubleRound =
      rounding == RescaleRounding::Double && plan.spec.scale32;
  std::optional<SmallVector<RescaleFactor>> encoded =
      computeRescaleFactors(factors, plan.spec.scale32);
  if (!encoded) {
    double largest = *llvm::max_element(factors);
    whyNot = llvm::formatv("the scale ratio {0} cannot be encoded in a "
                           "tosa.rescale (its shift would be below 2)",
                           formatReal(largest))
                 .str();
    return failure();
  }
  plan.spec.factors = std::move(*encoded);
  plan.spec.inputZeroPoint = input.zeroPoint;
  plan.spec.outputZeroPoint = output->zeroPoint;
  plan.spec.inputUnsigned = !input.isSigned;
  plan.spec.outputUnsigned = !output->isSigned;
  if (output->narrow) {
    if (!output->isSigned) {
      whyNot = "the output has a narrow unsigned storage range, which a "
               "signed tosa.clamp cannot enforce";
      return failure();
    }
    plan.clamp = std::make_pair(output->storageMin, output->storageMax);
  }
  return plan;
}

Value emitOutputRescale(OpBuilder &builder, Location loc, Value input,
                        const OutputRescale &plan) {
  Value result = buildRescale(builder, loc, input, plan.type, plan.spec);
  if (!plan.clamp)
    return result;
  Type element = plan.type.getElementType();
  return tosa::ClampOp::create(
      builder, loc, plan.type, result,
      builder.getIntegerAttr(element, plan.clamp->first),
      builder.getIntegerAttr(element, plan.clamp->second),
      tosa::NanPropagationModeAttr::get(builder.getContext(),
                                        tosa::NanPropagationMode::PROPAGATE));
}

/// An accumulator's parameters: zero point 0, given scales, signed.
ChannelParams accumulatorParams(SmallVector<double> scales) {
  ChannelParams params;
  params.scales = std::move(scales);
  return params;
}

/// Rescales a stored value to a wider integer (the caller's rescale result
/// type: i32 for arithmetic, i16 for a refined pool) without its zero point,
/// at `factor` times its own scale.
FailureOr<RescaleSpec> planWiden(const ChannelParams &params, double factor,
                                 RescaleRounding rounding,
                                 std::string &whyNot) {
  if (failed(checkRescaleInput(params.width, params.zeroPoint, whyNot)))
    return failure();
  RescaleSpec spec;
  spec.doubleRound = rounding == RescaleRounding::Double;
  std::optional<RescaleFactor> encoded = computeRescaleFactor(factor, true);
  if (!encoded) {
    whyNot = llvm::formatv("the factor {0} cannot be encoded in a "
                           "tosa.rescale",
                           formatReal(factor))
                 .str();
    return failure();
  }
  spec.factors = {*encoded};
  spec.inputZeroPoint = params.zeroPoint;
  return spec;
}

/// A copy of float op `op` on integer operands with an integer result.
Operation *cloneOnIntegers(OpBuilder &builder, Operation *op,
                           ArrayRef<Value> operands, Type resultType) {
  Operation *copy = builder.clone(*op);
  copy->setOperands(operands);
  copy->getResult(0).setType(resultType);
  return copy;
}

//===----------------------------------------------------------------------===//
// Requantize
//===----------------------------------------------------------------------===//

FailureOr<Emit> planRequantize(QuantizeOp quantize, DequantizeOp dequantize,
                               RescaleRounding rounding, std::string &whyNot) {
  auto type = cast<RankedTensorType>(quantize.getType());
  std::optional<int64_t> channelAxis;
  if (type.getRank() > 0)
    channelAxis = type.getRank() - 1;
  FailureOr<ChannelParams> input = getChannelParams(
      dequantize.getQtype(), channelAxis, "the requantized value", whyNot);
  if (failed(input))
    return failure();
  Type inputElement = elementOf(dequantize.getInput());
  FailureOr<OutputRescale> plan =
      planOutputRescale(quantize, *input, inputElement, rounding, whyNot);
  if (failed(plan))
    return failure();
  Value stored = dequantize.getInput();
  return Emit([plan = *plan, stored](OpBuilder &builder, Location loc) {
    return emitOutputRescale(builder, loc, stored, plan);
  });
}

//===----------------------------------------------------------------------===//
// Convolutions and matmul: exact integer accumulators
//===----------------------------------------------------------------------===//

/// Output-channel count, the weight dimension whose scales the output
/// channels use, and the weight layout that maps one to the other.
struct ConvChannels {
  int64_t count = 0;
  int64_t weightAxis = 0;
  ConvGeometry geometry;

  /// The index along `weightAxis` whose scale output channel `oc` uses.
  int64_t weightChannel(int64_t oc) const {
    return geometry.weightIndex(oc, weightAxis);
  }
};

FailureOr<ConvChannels> getConvChannels(Operation *op,
                                        quant::QuantizedType weightType,
                                        std::string &whyNot) {
  auto weight = cast<RankedTensorType>(op->getOperand(1).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  ConvChannels channels;
  channels.count = result.getDimSize(result.getRank() - 1);
  if (ShapedType::isDynamic(channels.count) || !weight.hasStaticShape()) {
    whyNot = "its output channels or weight shape are dynamic";
    return failure();
  }
  channels.geometry = getConvGeometry(op);
  std::optional<int64_t> quantizedDim;
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(weightType))
    quantizedDim = perAxis.getQuantizedDimension();
  channels.weightAxis = channels.geometry.weightChannelAxis(quantizedDim);
  return channels;
}

/// The real bias per output channel: a float constant, or a dequantized
/// integer constant.
FailureOr<SmallVector<double>> getBiasValues(Value bias, int64_t channels,
                                             std::string &whyNot) {
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
        failed(layout) || layout->needsReshape) {
      whyNot = "its bias is dequantized from a value that is not a constant "
               "with per-tensor or per-axis parameters";
      return failure();
    }
    int64_t index = 0;
    for (const APInt &value : stored.getValues<APInt>()) {
      int64_t param = layout->paramIndex(index++);
      int64_t raw = dequantized->qtype.isSigned() ? value.getSExtValue()
                                                  : value.getZExtValue();
      values.push_back(dequantizeElement(raw, layout->scales[param],
                                         layout->zeroPoints[param]));
    }
  } else {
    whyNot = "its bias is neither a float constant nor a dequantized constant";
    return failure();
  }
  if (values.size() == 1)
    values.assign(channels, values.front());
  if (static_cast<int64_t>(values.size()) != channels) {
    whyNot = llvm::formatv("its bias has {0} values for {1} output channels",
                           values.size(), channels)
                 .str();
    return failure();
  }
  return values;
}

FailureOr<Emit> planConvolution(Operation *op, QuantizeOp quantize,
                                RescaleRounding rounding,
                                std::string &whyNot) {
  if (failed(checkFloatZeroPoints(op, whyNot)))
    return failure();
  FailureOr<ArithmeticOperand> input =
      getArithmeticOperand(op, 0, "input", std::nullopt, whyNot);
  if (failed(input))
    return failure();
  FailureOr<Dequantized> weight = requireDequantized(op, 1, "weight", whyNot);
  if (failed(weight))
    return failure();
  FailureOr<ConvChannels> channels =
      getConvChannels(op, weight->qtype, whyNot);
  if (failed(channels))
    return failure();
  FailureOr<ChannelParams> weightParams = getArithmeticParams(
      weight->qtype, channels->weightAxis, "the weight", true, whyNot);
  if (failed(weightParams))
    return failure();

  // TOSA 1.0: i8 x i8 (or i4) into i32; i16 x i8 into i48 with zero
  // points 0 wherever the type is not i8.
  bool wide = input->params.width == 16;
  if (wide && weightParams->width != 8) {
    whyNot = "a 16-bit input takes 8-bit weights";
    return failure();
  }
  if (weightParams->width == 16) {
    whyNot = "16-bit weights have no integer TOSA convolution";
    return failure();
  }
  if (wide && input->params.zeroPoint != 0) {
    whyNot = llvm::formatv("a 16-bit input needs zero point 0, not {0}",
                           input->params.zeroPoint)
                 .str();
    return failure();
  }
  if (weightParams->width == 4 && weightParams->zeroPoint != 0) {
    whyNot = "4-bit weights need zero point 0";
    return failure();
  }

  SmallVector<double> accScales;
  for (int64_t oc = 0; oc < channels->count; ++oc)
    accScales.push_back(input->params.scale(0) *
                        weightParams->scale(channels->weightChannel(oc)));
  FailureOr<SmallVector<double>> bias =
      getBiasValues(op->getOperand(2), channels->count, whyNot);
  if (failed(bias))
    return failure();
  unsigned accWidth = wide ? 48 : 32;
  int64_t accLimit = (int64_t(1) << (accWidth - 1)) - 1;
  SmallVector<APInt> storedBias;
  for (int64_t oc = 0; oc < channels->count; ++oc) {
    double stored = std::nearbyint((*bias)[oc] / accScales[oc]);
    if (!(std::fabs(stored) <= static_cast<double>(accLimit))) {
      whyNot = llvm::formatv("bias {0} of output channel {1} does not fit "
                             "the {2}-bit accumulator at scale {3}",
                             formatReal((*bias)[oc]), oc, accWidth,
                             formatReal(accScales[oc]))
                   .str();
      return failure();
    }
    storedBias.emplace_back(accWidth, static_cast<int64_t>(stored),
                            /*isSigned=*/true);
  }
  if (llvm::all_equal(accScales))
    accScales.resize(1);
  Type accElement = IntegerType::get(op->getContext(), accWidth);
  FailureOr<OutputRescale> output =
      planOutputRescale(quantize, accumulatorParams(accScales), accElement,
                        rounding, whyNot);
  if (failed(output))
    return failure();

  return Emit([=, plan = *output](OpBuilder &builder, Location loc) {
    auto biasType = RankedTensorType::get(
        {static_cast<int64_t>(storedBias.size())}, accElement);
    Value biasConst = tosa::ConstOp::create(
        builder, loc, biasType, DenseElementsAttr::get(biasType, storedBias));
    Value inputZp =
        buildIntegerScalar(builder, loc, elementOf(input->stored),
                           input->params.zeroPoint);
    Value weightZp = buildIntegerScalar(
        builder, loc, elementOf(weight->stored),
        weightParams->zeroPoint);
    Operation *conv = cloneOnIntegers(
        builder, op,
        {input->stored, weight->stored, biasConst, inputZp, weightZp},
        withElement(op->getResult(0), accElement));
    conv->setAttr("acc_type", TypeAttr::get(accElement));
    return emitOutputRescale(builder, loc, conv->getResult(0), plan);
  });
}

FailureOr<Emit> planMatMul(tosa::MatMulOp op, QuantizeOp quantize,
                           RescaleRounding rounding, std::string &whyNot) {
  if (failed(checkFloatZeroPoints(op, whyNot)))
    return failure();
  FailureOr<ArithmeticOperand> a =
      getArithmeticOperand(op, 0, "left operand", std::nullopt, whyNot);
  if (failed(a))
    return failure();
  FailureOr<ArithmeticOperand> b =
      getArithmeticOperand(op, 1, "right operand", 2, whyNot);
  if (failed(b))
    return failure();
  if (a->params.width != b->params.width) {
    whyNot = llvm::formatv("its operands have {0}- and {1}-bit storage; "
                           "tosa.matmul takes equal widths",
                           a->params.width, b->params.width)
                 .str();
    return failure();
  }
  bool wide = a->params.width == 16;
  if (wide && (a->params.zeroPoint != 0 || b->params.zeroPoint != 0)) {
    whyNot = "16-bit operands need zero point 0";
    return failure();
  }
  SmallVector<double> accScales;
  for (double scale : b->params.scales)
    accScales.push_back(a->params.scale(0) * scale);
  Type accElement = IntegerType::get(op->getContext(), wide ? 48 : 32);
  FailureOr<OutputRescale> output =
      planOutputRescale(quantize, accumulatorParams(accScales), accElement,
                        rounding, whyNot);
  if (failed(output))
    return failure();
  Operation *matmul = op;
  return Emit([=, plan = *output](OpBuilder &builder, Location loc) {
    Value aZp = buildIntegerScalar(
        builder, loc, elementOf(a->stored), a->params.zeroPoint);
    Value bZp = buildIntegerScalar(
        builder, loc, elementOf(b->stored), b->params.zeroPoint);
    Operation *product =
        cloneOnIntegers(builder, matmul, {a->stored, b->stored, aZp, bZp},
                        withElement(matmul->getResult(0), accElement));
    return emitOutputRescale(builder, loc, product->getResult(0), plan);
  });
}

//===----------------------------------------------------------------------===//
// Elementwise arithmetic
//===----------------------------------------------------------------------===//

/// The largest |q - zp| over the storage range.
double largestMagnitude(const ChannelParams &params) {
  return static_cast<double>(
      std::max(std::abs(params.storageMin - params.zeroPoint),
               std::abs(params.storageMax - params.zeroPoint)));
}

/// add, sub and mul run on i32: each operand is widened without its zero
/// point (add and sub at a common scale, mul at its own), the op runs on the
/// wide values (mul keeps its shift operand) and one rescale takes the result
/// to the output.
FailureOr<Emit> planElementwiseI32(Operation *op, QuantizeOp quantize,
                                   RescaleRounding rounding,
                                   std::string &whyNot) {
  bool isMul = isa<tosa::MulOp>(op);
  if (isMul) {
    std::optional<int64_t> shift = getScalarIntConstant(op->getOperand(2));
    if (!shift || *shift != 0) {
      whyNot = "its shift operand is not a constant 0";
      return failure();
    }
  }
  FailureOr<ArithmeticOperand> lhs =
      getArithmeticOperand(op, 0, "first operand", std::nullopt, whyNot);
  if (failed(lhs))
    return failure();
  FailureOr<ArithmeticOperand> rhs =
      getArithmeticOperand(op, 1, "second operand", std::nullopt, whyNot);
  if (failed(rhs))
    return failure();

  double lhsFactor = 1.0, rhsFactor = 1.0, accScale;
  if (isMul) {
    if (largestMagnitude(lhs->params) * largestMagnitude(rhs->params) >
        kInt32Max) {
      whyNot = "the product of its operands' ranges overflows i32";
      return failure();
    }
    accScale = lhs->params.scale(0) * rhs->params.scale(0);
  } else {
    // A common scale max(scale) / 2^k, with k as large as the sum of the two
    // widest magnitudes allows, at most 20 (the TFLite choice for 8-bit
    // operands).
    double largestScale =
        std::max(lhs->params.scale(0), rhs->params.scale(0));
    double headroom = largestMagnitude(lhs->params) * lhs->params.scale(0) /
                          largestScale +
                      largestMagnitude(rhs->params) * rhs->params.scale(0) /
                          largestScale +
                      2.0;
    int shiftBits = std::min(
        20, static_cast<int>(std::floor(std::log2(kInt32Max / headroom))));
    accScale = std::ldexp(largestScale, -shiftBits);
    lhsFactor = lhs->params.scale(0) / accScale;
    rhsFactor = rhs->params.scale(0) / accScale;
  }
  FailureOr<RescaleSpec> lhsSpec =
      planWiden(lhs->params, lhsFactor, rounding, whyNot);
  if (failed(lhsSpec))
    return failure();
  FailureOr<RescaleSpec> rhsSpec =
      planWiden(rhs->params, rhsFactor, rounding, whyNot);
  if (failed(rhsSpec))
    return failure();
  Type i32 = IntegerType::get(op->getContext(), 32);
  FailureOr<OutputRescale> output = planOutputRescale(
      quantize, accumulatorParams({accScale}), i32, rounding, whyNot);
  if (failed(output))
    return failure();
  return Emit([=, plan = *output](OpBuilder &builder, Location loc) {
    SmallVector<Value> operands = {
        buildRescale(builder, loc, lhs->stored, withElement(lhs->stored, i32),
                     *lhsSpec),
        buildRescale(builder, loc, rhs->stored, withElement(rhs->stored, i32),
                     *rhsSpec)};
    if (isMul)
      operands.push_back(op->getOperand(2));
    Operation *wide = cloneOnIntegers(builder, op, operands,
                                      withElement(op->getResult(0), i32));
    return emitOutputRescale(builder, loc, wide->getResult(0), plan);
  });
}

//===----------------------------------------------------------------------===//
// Pooling and reductions
//===----------------------------------------------------------------------===//

FailureOr<Emit> planAvgPool(tosa::AvgPool2dOp op, QuantizeOp quantize,
                            RescaleRounding rounding, std::string &whyNot) {
  if (failed(checkFloatZeroPoints(op, whyNot)))
    return failure();
  FailureOr<ArithmeticOperand> input =
      getArithmeticOperand(op, 0, "input", std::nullopt, whyNot);
  if (failed(input))
    return failure();
  if (input->params.width == 16 && input->params.zeroPoint != 0) {
    whyNot = "a 16-bit input needs zero point 0";
    return failure();
  }
  // The integer pool averages into the input's own parameters, rounding to
  // the input's step; a rescale follows when the output's differ. Rounding
  // to a step more than 1.5 output steps wide could put the result 2 LSB
  // off, so an 8-bit input finer-scaled output first widens to i16 at 1/128
  // of the input's step (|q - zp| <= 255 keeps 128 (q - zp) in range).
  bool refine = false;
  if (auto outputType =
          dyn_cast<quant::UniformQuantizedType>(quantize.getQtype()))
    refine = input->params.width == 8 &&
             input->params.scale(0) > 1.5 * outputType.getScale();
  Type i16 = IntegerType::get(op->getContext(), 16);
  std::optional<RescaleSpec> widen;
  ChannelParams poolParams = input->params;
  if (refine) {
    FailureOr<RescaleSpec> spec =
        planWiden(input->params, 128.0, rounding, whyNot);
    if (failed(spec))
      return failure();
    widen = *spec;
    poolParams = accumulatorParams({input->params.scale(0) / 128.0});
  }
  std::optional<OutputRescale> output;
  if (refine || quantize.getQtype() != input->qtype) {
    FailureOr<OutputRescale> plan = planOutputRescale(
        quantize, poolParams, refine ? i16 : elementOf(input->stored), rounding,
        whyNot);
    if (failed(plan))
      return failure();
    output = *plan;
  }
  Operation *pool = op;
  return Emit([=](OpBuilder &builder, Location loc) -> Value {
    Value poolInput = input->stored;
    if (widen)
      poolInput = buildRescale(builder, loc, poolInput,
                               withElement(poolInput, i16), *widen);
    Type storage = elementOf(poolInput);
    Value zp = buildIntegerScalar(builder, loc, storage,
                                  widen ? 0 : input->params.zeroPoint);
    Operation *average =
        cloneOnIntegers(builder, pool, {poolInput, zp, zp},
                        withElement(pool->getResult(0), storage));
    average->setAttr("acc_type", TypeAttr::get(builder.getI32Type()));
    if (!output)
      return average->getResult(0);
    return emitOutputRescale(builder, loc, average->getResult(0), *output);
  });
}

FailureOr<Emit> planReduceSum(tosa::ReduceSumOp op, QuantizeOp quantize,
                              RescaleRounding rounding, std::string &whyNot) {
  FailureOr<ArithmeticOperand> input =
      getArithmeticOperand(op, 0, "input", std::nullopt, whyNot);
  if (failed(input))
    return failure();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t reduced = type.getDimSize(op.getAxis());
  if (ShapedType::isDynamic(reduced) ||
      static_cast<double>(reduced) * largestMagnitude(input->params) > kInt32Max) {
    whyNot = "the sum over its axis may overflow i32";
    return failure();
  }
  FailureOr<RescaleSpec> widen =
      planWiden(input->params, 1.0, rounding, whyNot);
  if (failed(widen))
    return failure();
  Type i32 = IntegerType::get(op->getContext(), 32);
  FailureOr<OutputRescale> output = planOutputRescale(
      quantize, accumulatorParams({input->params.scale(0)}), i32, rounding, whyNot);
  if (failed(output))
    return failure();
  Operation *reduce = op;
  return Emit([=, plan = *output](OpBuilder &builder, Location loc) {
    Value wideInput = buildRescale(builder, loc, input->stored,
                                   withElement(input->stored, i32), *widen);
    Operation *sum = cloneOnIntegers(builder, reduce, {wideInput},
                                     withElement(reduce->getResult(0), i32));
    return emitOutputRescale(builder, loc, sum->getResult(0), plan);
  });
}

//===----------------------------------------------------------------------===//
// Unary functions as tables
//===----------------------------------------------------------------------===//

using UnaryFunction = float (*)(float);

/// The function a unary float TOSA op computes, in f32.
UnaryFunction getUnaryFunction(Operation *op) {
  return llvm::TypeSwitch<Operation *, UnaryFunction>(op)
      .Case([](tosa::SigmoidOp) {
        return +[](float x) { return 1.0f / (1.0f + std::exp(-x)); };
      })
      .Case([](tosa::TanhOp) { return +[](float x) { return std::tanh(x); }; })
      .Case([](tosa::ExpOp) { return +[](float x) { return std::exp(x); }; })
      .Case([](tosa::LogOp) { return +[](float x) { return std::log(x); }; })
      .Case([](tosa::ErfOp) { return +[](float x) { return std::erf(x); }; })
      .Case([](tosa::ReciprocalOp) {
        return +[](float x) { return 1.0f / x; };
      })
      .Case([](tosa::RsqrtOp) {
        return +[](float x) { return 1.0f / std::sqrt(x); };
      })
      .Case([](tosa::SinOp) { return +[](float x) { return std::sin(x); }; })
      .Case([](tosa::CosOp) { return +[](float x) { return std::cos(x); }; })
      .Case([](tosa::AbsOp) { return +[](float x) { return std::fabs(x); }; })
      .Case([](tosa::NegateOp) { return +[](float x) { return -x; }; })
      .Case([](tosa::FloorOp) { return +[](float x) { return std::floor(x); }; })
      .Case([](tosa::CeilOp) { return +[](float x) { return std::ceil(x); }; })
      .Default([](Operation *) { return UnaryFunction(nullptr); });
}

/// A 256-entry tosa.table of signed 8-bit values: entry `i` is the exact
/// QDQ result for stored input `i - 128`.
Emit planTable8(UnaryFunction function, const ChannelParams &in,
                const ChannelParams &out, Value input,
                RankedTensorType outType) {
  SmallVector<int8_t> table;
  for (int64_t stored = -128; stored <= 127; ++stored) {
    float real = dequantizeElement(stored, in.scale(0), in.zeroPoint);
    table.push_back(static_cast<int8_t>(
        quantizeElement(function(real), out.scale(0), out.zeroPoint,
                        out.storageMin, out.storageMax)));
  }
  return [=](OpBuilder &builder, Location loc) -> Value {
    auto tableType = RankedTensorType::get({256}, builder.getI8Type());
    Value tableConst = tosa::ConstOp::create(
        builder, loc, tableType,
        DenseElementsAttr::get(tableType, ArrayRef(table)));
    return tosa::TableOp::create(builder, loc, outType, input, tableConst);
  };
}

/// TOSA's 16-bit TABLE samples every 128th input and interpolates linearly
/// between samples, returning the value with 7 fraction bits.
constexpr int64_t kTable16Step = 128;
constexpr int64_t kTable16Entries = 65536 / kTable16Step + 1;

/// A 513-entry interpolated tosa.table of signed 16-bit values, followed by
/// the rescale that drops the 7 fraction bits.
///
/// Entry k samples the function at stored input -32768 + 128k, in output
/// storage units (zero point included, so the rescale's output zero point is
/// 0 as TOSA requires for i16). A chord under- or overshoots a curved
/// function in the middle of its segment, so each entry is moved by half the
/// mean midpoint error of the two segments it ends; that halves the
/// interpolation error of smooth functions. Interpolation is exact only for
/// linear functions, so the table is then checked against the QDQ result at
/// every one of the 65536 inputs, through the same RESCALE arithmetic the
/// graph will run; a table that could be more than 1 LSB off the QDQ graph
/// anywhere is not emitted.
FailureOr<Emit> planTable16(UnaryFunction function, const ChannelParams &in,
                            const ChannelParams &out, Value input,
                            RankedTensorType outType, RescaleRounding rounding,
                            std::string &whyNot) {
  auto exact = [&](int64_t stored) -> double {
    float real = dequantizeElement(stored, in.scale(0), in.zeroPoint);
    return static_cast<double>(function(real)) / out.scale(0) + out.zeroPoint;
  };
  auto clampToStorage = [&](double value) {
    return std::clamp(value, static_cast<double>(out.storageMin),
                      static_cast<double>(out.storageMax));
  };
  SmallVector<double> samples, midpointErrors;
  for (int64_t k = 0; k < kTable16Entries; ++k)
    samples.push_back(exact(-32768 + k * kTable16Step));
  for (int64_t k = 0; k + 1 < kTable16Entries; ++k)
    midpointErrors.push_back(
        exact(-32768 + k * kTable16Step + kTable16Step / 2) -
        (samples[k] + samples[k + 1]) / 2);
  SmallVector<int16_t> table;
  for (int64_t k = 0; k < kTable16Entries; ++k) {
    double before = midpointErrors[std::max<int64_t>(k - 1, 0)];
    double after = midpointErrors[std::min<int64_t>(k, kTable16Entries - 2)];
    double entry = clampToStorage(samples[k] + (before + after) / 4);
    if (!std::isfinite(entry)) {
      whyNot = llvm::formatv("the function is unbounded or undefined near "
                             "stored input {0}, where the table samples it",
                             -32768 + k * kTable16Step)
                   .str();
      return failure();
    }
    table.push_back(static_cast<int16_t>(std::lround(entry)));
  }

  RescaleSpec spec;
  spec.factors = {*computeRescaleFactor(1.0 / kTable16Step, /*scale32=*/true)};
  spec.doubleRound = rounding == RescaleRounding::Double;
  for (int64_t stored = -32768; stored <= 32767; ++stored) {
    int64_t index = stored + 32768;
    int64_t base = table[index / kTable16Step];
    int64_t next = table[index / kTable16Step + 1];
    int64_t fraction = index % kTable16Step;
    int64_t interpolated = base * kTable16Step + (next - base) * fraction;
    int64_t result = std::clamp<int64_t>(
        applyRescaleFactor(interpolated, spec.factors.front(),
                           spec.doubleRound),
        out.storageMin, out.storageMax);
    // The QDQ graph rounds the exact value to an integer. A result less than
    // 1.5 - 1/16 from the exact value stays within 1 LSB of that rounding
    // even where the executor's f32 function is up to 1/16 LSB off ours.
    double error = std::fabs(result - clampToStorage(exact(stored)));
    if (!(error < 1.5 - 1.0 / 16)) {
      whyNot = llvm::formatv(
                   "a 513-entry interpolated tosa.table would be {0} LSB off "
                   "the QDQ result at stored input {1}: a line between "
                   "samples 128 inputs apart cannot follow the function "
                   "there at this input scale",
                   formatReal(error), stored)
                   .str();
      return failure();
    }
  }

  return Emit([=](OpBuilder &builder, Location loc) -> Value {
    auto tableType =
        RankedTensorType::get({kTable16Entries}, builder.getI16Type());
    Value tableConst = tosa::ConstOp::create(
        builder, loc, tableType,
        DenseElementsAttr::get(tableType, ArrayRef(table)));
    auto wideType =
        RankedTensorType::get(outType.getShape(), builder.getI32Type());
    Value interpolated =
        tosa::TableOp::create(builder, loc, wideType, input, tableConst);
    return buildRescale(builder, loc, interpolated, outType, spec);
  });
}

FailureOr<Emit> planTable(Operation *op, UnaryFunction function,
                          QuantizeOp quantize, RescaleRounding rounding,
                          std::string &whyNot) {
  if (failed(checkFloatZeroPoints(op, whyNot)))
    return failure();
  FailureOr<ArithmeticOperand> input =
      getArithmeticOperand(op, 0, "input", std::nullopt, whyNot);
  if (failed(input))
    return failure();
  auto outType = cast<RankedTensorType>(quantize.getType());
  FailureOr<ChannelParams> outParams = getChannelParams(
      quantize.getQtype(), std::nullopt, "the output", whyNot);
  if (failed(outParams))
    return failure();
  unsigned width = input->params.width;
  if ((width != 8 && width != 16) || outParams->width != width ||
      !outParams->isSigned) {
    whyNot = "a tosa.table needs signed input and output storage of one "
             "width, 8 bits (256 entries) or 16 bits (513 entries)";
    return failure();
  }
  if (width == 8)
    return planTable8(function, input->params, *outParams, input->stored,
                      outType);
  return planTable16(function, input->params, *outParams, input->stored,
                     outType, rounding, whyNot);
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// quantize(float constant): the stored integers, computed now.
FailureOr<Emit> planConstant(QuantizeOp quantize, DenseFPElementsAttr values,
                             std::string &whyNot) {
  quant::QuantizedType qtype = quantize.getQtype();
  auto type = cast<RankedTensorType>(quantize.getType());
  FailureOr<QuantParamLayout> layout =
      getQuantParamLayout(qtype, type.getShape());
  if (failed(layout) || !type.hasStaticShape()) {
    whyNot = "the constant's parameters cannot be laid out over its shape";
    return failure();
  }
  unsigned width = type.getElementTypeBitWidth();
  SmallVector<APInt> stored;
  stored.reserve(values.getNumElements());
  int64_t index = 0;
  for (const APFloat &value : values.getValues<APFloat>()) {
    int64_t param = layout->paramIndex(index++);
    int64_t q = quantizeElement(value.convertToFloat(), layout->scales[param],
                                layout->zeroPoints[param],
                                qtype.getStorageTypeMin(),
                                qtype.getStorageTypeMax());
    stored.emplace_back(width, static_cast<uint64_t>(q), /*isSigned=*/true,
                        /*implicitTrunc=*/true);
  }
  auto attr = DenseElementsAttr::get(type, stored);
  return Emit([=](OpBuilder &builder, Location loc) -> Value {
    return tosa::ConstOp::create(builder, loc, type, attr);
  });
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

FailureOr<Emit> planGroup(QuantizeOp quantize, RescaleRounding rounding,
                          std::string &whyNot) {
  Operation *op = quantize.getInput().getDefiningOp();
  if (!op) {
    whyNot = "its input is a block argument";
    return failure();
  }
  if (auto dequantize = dyn_cast<DequantizeOp>(op)) {
    if (dequantize.getQtype() == quantize.getQtype()) {
      whyNot = "a round trip with the same parameters is the quantize "
               "folder's";
      return failure();
    }
    return planRequantize(quantize, dequantize, rounding, whyNot);
  }
  DenseFPElementsAttr constant;
  if (op->hasTrait<OpTrait::ConstantLike>() &&
      matchPattern(op->getResult(0), m_Constant(&constant)))
    return planConstant(quantize, constant, whyNot);
  if (!isa_and_present<tosa::TosaDialect>(op->getDialect()) ||
      op->getNumResults() != 1) {
    whyNot = "its input is not produced by a single-result TOSA op";
    return failure();
  }
  for (Operation *user : op->getUsers()) {
    auto other = dyn_cast<QuantizeOp>(user);
    if (!other || other.getQtype() != quantize.getQtype()) {
      whyNot = "its result has users other than quantizes with these "
               "parameters, which need the float value";
      return failure();
    }
  }
  if (UnaryFunction function = getUnaryFunction(op))
    return planTable(op, function, quantize, rounding, whyNot);
  return llvm::TypeSwitch<Operation *, FailureOr<Emit>>(op)
      .Case<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
            tosa::TransposeConv2DOp>([&](Operation *conv) {
        return planConvolution(conv, quantize, rounding, whyNot);
      })
      .Case([&](tosa::MatMulOp matmul) {
        return planMatMul(matmul, quantize, rounding, whyNot);
      })
      .Case<tosa::AddOp, tosa::SubOp, tosa::MulOp>([&](Operation *binary) {
        return planElementwiseI32(binary, quantize, rounding, whyNot);
      })
      .Case([&](tosa::AvgPool2dOp pool) {
        return planAvgPool(pool, quantize, rounding, whyNot);
      })
      .Case([&](tosa::ReduceSumOp reduce) {
        return planReduceSum(reduce, quantize, rounding, whyNot);
      })
      .Default([&](Operation *) -> FailureOr<Emit> {
        if (getQuantBehaviour(op) == QuantBehaviour::Independent) {
          whyNot = "it has no integer lowering";
          return failure();
        }
        std::string notMoved = whyNotMovedToIntegers(op);
        whyNot = notMoved.empty()
                     ? "it moves or selects values, which qtosa-share-qspecs "
                       "moves onto integers, and it did not run before this "
                       "pass"
                     : "it moves or selects values, and cannot move onto "
                       "integers: " +
                           notMoved;
        return failure();
      });
}

/// Erases `op` if it became dead, then the dequantizes and constants that
/// fed only it; nothing further up, so a pass walking quantizes keeps them.
void eraseDeadGroup(RewriterBase &rewriter, Operation *op) {
  if (!op || !isOpTriviallyDead(op))
    return;
  SmallVector<Operation *> feeders;
  for (Value operand : op->getOperands())
    if (Operation *def = operand.getDefiningOp())
      feeders.push_back(def);
  rewriter.eraseOp(op);
  for (Operation *feeder : feeders) {
    if (!isOpTriviallyDead(feeder))
      continue;
    if (isa<DequantizeOp>(feeder)) {
      Operation *stored = feeder->getOperand(0).getDefiningOp();
      rewriter.eraseOp(feeder);
      if (stored && stored->hasTrait<OpTrait::ConstantLike>() &&
          stored->use_empty())
        rewriter.eraseOp(stored);
    } else if (feeder->hasTrait<OpTrait::ConstantLike>()) {
      rewriter.eraseOp(feeder);
    }
  }
}

struct LowerQuantizedGroup : OpRewritePattern<QuantizeOp> {
  LowerQuantizedGroup(MLIRContext *ctx, RescaleRounding rounding)
      : OpRewritePattern(ctx), rounding(rounding) {}

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    return lowerQuantizedGroup(rewriter, quantize, rounding);
  }

  RescaleRounding rounding;
};

} // namespace

LogicalResult mlir::qtosa::lowerQuantizedGroup(RewriterBase &rewriter,
                                               QuantizeOp quantize,
                                               RescaleRounding rounding) {
  std::string whyNot;
  FailureOr<Emit> emit = planGroup(quantize, rounding, whyNot);
  if (failed(emit))
    return failure();
  Operation *op = quantize.getInput().getDefiningOp();
  rewriter.setInsertionPoint(op);
  Value lowered = (*emit)(rewriter, op->getLoc());
  // Every quantize of the same float value with the same parameters reads
  // the one lowered value.
  SmallVector<Operation *> quantizes;
  for (Operation *user : op->getUsers())
    if (auto other = dyn_cast<QuantizeOp>(user);
        other && other.getQtype() == quantize.getQtype())
      quantizes.push_back(user);
  for (Operation *user : quantizes)
    rewriter.replaceOp(user, lowered);
  eraseDeadGroup(rewriter, op);
  return success();
}

std::string mlir::qtosa::whyNotLowerableToTosaInt(Operation *op) {
  auto quantize = dyn_cast<QuantizeOp>(op);
  if (!quantize)
    return "it is not a qtosa.quantize";
  std::string whyNot;
  if (succeeded(planGroup(quantize, RescaleRounding::Single, whyNot)))
    return "";
  return whyNot;
}

void mlir::qtosa::populateLowerToTosaIntPatterns(RewritePatternSet &patterns,
                                                 RescaleRounding rounding) {
  patterns.add<LowerQuantizedGroup>(patterns.getContext(), rounding);
}

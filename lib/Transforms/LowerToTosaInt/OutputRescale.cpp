//===- OutputRescale.cpp - The rescale into a group's output, and widening ===//

#include "Internals.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

/// tosa.rescale takes a nonzero zero point, on its input (`side` "input")
/// or its output ("output"), only on 8-bit values; its verifier rejects
/// anything else.
static WhyNot checkRescaleZeroPoint(StringRef side, unsigned width,
                                    int64_t zeroPoint) {
  if (width == 8 || zeroPoint == 0)
    return {};
  return WhyNot::format(
      llvm::formatv("the {0} has {1}-bit storage with zero point {2}; "
                    "tosa.rescale takes a nonzero zero point only on "
                    "8-bit values",
                    side, width, zeroPoint));
}

/// What tosa.rescale reads: 8, 16, 32 or 48 bits, with a nonzero zero
/// point only on 8 bits.
static WhyNot checkRescaleInput(unsigned width, int64_t zeroPoint) {
  if (width != 8 && width != 16 && width != 32 && width != 48)
    return WhyNot::format(llvm::formatv("the input has {0}-bit storage; "
                                        "tosa.rescale reads 8, 16, 32 or 48 "
                                        "bits",
                                        width));
  return checkRescaleZeroPoint("input", width, zeroPoint);
}

WhyNotOr<OutputRescale> lowering::planOutputRescale(QuantizeOp quantize,
                                                    const ChannelParams &input,
                                                    Type inputElement,
                                                    RescaleRounding rounding) {
  auto type = cast<RankedTensorType>(quantize.getType());
  int64_t channelAxis = type.getRank() - 1;
  WhyNotOr<ChannelParams> output =
      getChannelParams(quantize.getQtype(), channelAxis, "the output");
  if (output.refused())
    return std::move(output).whyNot();
  if (input.scales.size() > 1 &&
      (type.getRank() == 0 || type.getDimSize(channelAxis) !=
                                  static_cast<int64_t>(input.scales.size())))
    return "the per-channel scales are not on the innermost dimension, "
           "which is where tosa.rescale applies them";
  unsigned inputWidth = inputElement.getIntOrFloatBitWidth();
  if (!output->isSigned &&
      !(inputWidth == 8 && input.isSigned && output->width == 8))
    return "the output has unsigned storage; tosa.rescale produces "
           "unsigned values only from signed 8-bit ones";
  if (!input.isSigned &&
      !(inputWidth == 8 && output->isSigned && output->width == 8))
    return "the input has unsigned storage; tosa.rescale reads unsigned "
           "values only into signed 8-bit ones";
  if (output->width != 8 && output->width != 16 && output->width != 32)
    return WhyNot::format(llvm::formatv("the output has {0}-bit storage; "
                                        "tosa.rescale produces 8, 16 or 32 "
                                        "bits",
                                        output->width));
  if (WhyNot why = checkRescaleInput(inputWidth, input.zeroPoint))
    return why;
  if (WhyNot why =
          checkRescaleZeroPoint("output", output->width, output->zeroPoint))
    return why;
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
    return WhyNot::format(llvm::formatv("the scale ratio {0} cannot be "
                                        "encoded in a tosa.rescale (its "
                                        "shift would be below 2)",
                                        formatReal(largest)));
  }
  plan.spec.factors = std::move(*encoded);
  plan.spec.inputZeroPoint = input.zeroPoint;
  plan.spec.outputZeroPoint = output->zeroPoint;
  plan.spec.inputUnsigned = !input.isSigned;
  plan.spec.outputUnsigned = !output->isSigned;
  if (output->narrow) {
    if (!output->isSigned)
      return "the output has a narrow unsigned storage range, which a "
             "signed tosa.clamp cannot enforce";
    plan.clamp = std::make_pair(output->storageMin, output->storageMax);
  }
  return plan;
}

Value lowering::emitOutputRescale(OpBuilder &builder, Location loc, Value input,
                                  const OutputRescale &plan,
                                  ConstantPool *pool) {
  Value result = buildRescale(builder, loc, input, plan.type, plan.spec, pool);
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

WhyNotOr<RescaleSpec> lowering::planWiden(const ChannelParams &params,
                                          double factor,
                                          RescaleRounding rounding) {
  if (WhyNot why = checkRescaleInput(params.width, params.zeroPoint))
    return why;
  RescaleSpec spec;
  spec.doubleRound = rounding == RescaleRounding::Double;
  std::optional<RescaleFactor> encoded = computeRescaleFactor(factor, true);
  if (!encoded)
    return WhyNot::format(
        llvm::formatv("the factor {0} cannot be encoded in a tosa.rescale",
                      formatReal(factor)));
  spec.factors = {*encoded};
  spec.inputZeroPoint = params.zeroPoint;
  return spec;
}

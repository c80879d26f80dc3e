//===- KernelHardSwish.cpp - TFLite's 8-bit HARD_SWISH as a table ---------===//
//
// TFLite's HARD_SWISH kernel (reference_ops::HardSwish, which TFLite and
// TFLite Micro both run) does not compute x * relu6(x + 3) / 6 rounded: it
// works in Q0.15 with multipliers its Prepare computes in float32, rounds
// each product, and truncates the last one on purpose to cancel the bias of
// the others. The table of the function rounded once is 1 LSB off it on
// about 1 in 140 inputs. An 8-bit HARD_SWISH is a function of its stored
// input, so its table is the kernel's own results, computed here step by
// step, where the TFLite importer marked the region (kTFLiteKernelAttrName
// "HARD_SWISH" on its last op). Parameters TFLite's Prepare refuses (an
// output multiplier of 1 or more) keep the table of the function.
//
//===----------------------------------------------------------------------===//

#include "FixedPoint.h"
#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;
using namespace mlir::qtosa::lowering::fixed_point;

namespace {

/// HardSwishParams as TFLite's Prepare computes them.
struct HardSwishParams {
  int64_t inputZeroPoint;
  int64_t outputZeroPoint;
  int16_t outputMultiplier;
  int outputExponent;
  int16_t reluishMultiplier;
  int reluishExponent;
};

/// Prepare's arithmetic, float32 as TFLite writes it; nothing where TFLite
/// refuses the parameters or its 16-bit shifts would leave their range.
std::optional<HardSwishParams> prepare(const ChannelParams &in,
                                       const ChannelParams &out) {
  float hiresInputScale = (1.0f / 128.0f) * static_cast<float>(in.scale(0));
  float reluishScale = 3.0f / 32768.0f;
  float outputMultiplier = hiresInputScale / static_cast<float>(out.scale(0));
  float reluishMultiplier = hiresInputScale / reluishScale;
  auto [output32, outputExponent] = quantizeMultiplier(outputMultiplier);
  auto [reluish32, reluishExponent] = quantizeMultiplier(reluishMultiplier);
  if (outputExponent > 0 || outputExponent < -14 || reluishExponent < -14 ||
      reluishExponent > 15)
    return std::nullopt;
  return HardSwishParams{in.zeroPoint,
                         out.zeroPoint,
                         downScaleMultiplier(output32),
                         outputExponent,
                         downScaleMultiplier(reluish32),
                         reluishExponent};
}

/// The kernel's result for one stored input, before the output's clamp.
int64_t hardSwishAt(int64_t stored, const HardSwishParams &p) {
  auto input = static_cast<int16_t>(stored - p.inputZeroPoint);
  auto hires = static_cast<int16_t>(input * (1 << 7));
  int16_t preshiftOutputScale = doublingHighMul16(hires, p.outputMultiplier);
  int16_t reluish = hires;
  if (p.reluishExponent > 0)
    reluish = saturatingLeftShift16(reluish, p.reluishExponent - 1);
  reluish = doublingHighMul16(reluish, p.reluishMultiplier);
  if (p.reluishExponent > 0)
    reluish = saturatingLeftShift16(reluish, 1);
  if (p.reluishExponent < 0)
    reluish = roundingDivideByPowerOfTwo<int16_t>(reluish, -p.reluishExponent);
  reluish =
      static_cast<int16_t>((static_cast<int32_t>(reluish) + (1 << 15)) >> 1);
  int16_t preshift = truncatingDoublingHighMul16(reluish, preshiftOutputScale);
  auto output = static_cast<int16_t>(
      roundingDivideByPowerOfTwo<int16_t>(preshift, -p.outputExponent) +
      p.outputZeroPoint);
  return output;
}

} // namespace

bool lowering::lowerKernelHardSwish8(Group &group, const Dequantized &input) {
  WhyNotOr<ChannelParams> in =
      getArithmeticParams(input.qtype, std::nullopt, "the input", false);
  WhyNotOr<ChannelParams> out =
      getChannelParams(group.quantize.getQtype(), std::nullopt, "the output");
  if (in.refused() || out.refused() || in->width != 8 || out->width != 8 ||
      !out->isSigned)
    return false;
  std::optional<HardSwishParams> params = prepare(*in, *out);
  if (!params)
    return false;
  if (!group.builder)
    return true;
  int8_t table[256];
  for (int64_t stored = -128; stored <= 127; ++stored)
    table[stored + 128] = static_cast<int8_t>(std::clamp(
        hardSwishAt(stored, *params), out->storageMin, out->storageMax));
  group.lowered = buildTable8(*group.builder, group.loc(), input.stored, table,
                              cast<RankedTensorType>(group.quantize.getType()));
  return true;
}

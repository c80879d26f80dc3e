//===- TosaRescale.cpp - Real factors as TOSA RESCALE parameters ----------===//

#include "qtosa/Transforms/TosaRescale.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;

std::optional<RescaleFactor> mlir::qtosa::computeRescaleFactor(double factor,
                                                               bool scale32) {
  if (!std::isfinite(factor) || factor <= 0.0)
    return std::nullopt;
  const int fractionBits = scale32 ? 31 : 15;
  int exponent = 0;
  double mantissa = std::frexp(factor, &exponent); // factor = m * 2^e, m in [0.5, 1)
  int64_t multiplier = std::llround(std::ldexp(mantissa, fractionBits));
  if (multiplier == (int64_t(1) << fractionBits)) {
    multiplier >>= 1;
    ++exponent;
  }
  int64_t shift = fractionBits - exponent;
  if (shift < 2)
    return std::nullopt;
  if (shift > 62) {
    // Drop multiplier bits, rounding, until the shift fits; a factor this
    // small may round to a zero multiplier, which is what it means anyway.
    int64_t excess = shift - 62;
    multiplier = excess >= 63 ? 0
                              : (multiplier + (int64_t(1) << (excess - 1))) >>
                                    excess;
    shift = 62;
  }
  return RescaleFactor{static_cast<int32_t>(multiplier),
                       static_cast<int32_t>(shift)};
}

int64_t mlir::qtosa::applyRescaleFactor(int64_t value, RescaleFactor factor,
                                        bool doubleRound) {
  int64_t round = int64_t(1) << (factor.shift - 1);
  if (doubleRound && factor.shift > 31)
    round += value >= 0 ? (int64_t(1) << 30) : -(int64_t(1) << 30);
  return (value * factor.multiplier + round) >> factor.shift;
}

std::optional<SmallVector<RescaleFactor>>
mlir::qtosa::computeRescaleFactors(ArrayRef<double> factors, bool scale32) {
  SmallVector<RescaleFactor> encoded;
  for (double factor : factors) {
    std::optional<RescaleFactor> one = computeRescaleFactor(factor, scale32);
    if (!one)
      return std::nullopt;
    encoded.push_back(*one);
  }
  return encoded;
}

Value mlir::qtosa::buildIntegerScalar(OpBuilder &builder, Location loc,
                                      Type elementType, int64_t value) {
  auto type = RankedTensorType::get({1}, elementType);
  APInt bits(elementType.getIntOrFloatBitWidth(), static_cast<uint64_t>(value),
             /*isSigned=*/true, /*implicitTrunc=*/true);
  return tosa::ConstOp::create(builder, loc, type,
                               DenseElementsAttr::get(type, bits));
}

/// True when the rescale maps every value to itself: the same type on both
/// sides, equal zero points and signedness, and every factor exactly 1
/// ((v * 2^s + 2^(s-1)) >> s == v for any integer v, with either rounding).
static bool isIdentityRescale(Type inputType, RankedTensorType outputType,
                              const RescaleSpec &spec) {
  return inputType == outputType &&
         spec.inputZeroPoint == spec.outputZeroPoint &&
         spec.inputUnsigned == spec.outputUnsigned &&
         llvm::all_of(spec.factors, [](const RescaleFactor &factor) {
           return factor.shift >= 1 && factor.shift < 32 &&
                  factor.multiplier == (int64_t(1) << factor.shift);
         });
}

Value mlir::qtosa::buildRescale(OpBuilder &builder, Location loc, Value input,
                                RankedTensorType outputType,
                                const RescaleSpec &spec) {
  if (isIdentityRescale(input.getType(), outputType, spec))
    return input;
  int64_t count = spec.factors.size();
  Type multiplierElement =
      spec.scale32 ? builder.getI32Type() : builder.getIntegerType(16);
  auto multiplierType = RankedTensorType::get({count}, multiplierElement);
  auto shiftType = RankedTensorType::get({count}, builder.getI8Type());
  SmallVector<APInt> multipliers, shifts;
  for (const RescaleFactor &factor : spec.factors) {
    multipliers.emplace_back(multiplierElement.getIntOrFloatBitWidth(),
                             factor.multiplier, /*isSigned=*/true);
    shifts.emplace_back(8, factor.shift, /*isSigned=*/true);
  }
  Value multiplier = tosa::ConstOp::create(
      builder, loc, multiplierType,
      DenseElementsAttr::get(multiplierType, multipliers));
  Value shift = tosa::ConstOp::create(
      builder, loc, shiftType, DenseElementsAttr::get(shiftType, shifts));
  auto inputType = cast<RankedTensorType>(input.getType());
  Value inputZp = buildIntegerScalar(builder, loc, inputType.getElementType(),
                                     spec.inputZeroPoint);
  Value outputZp = buildIntegerScalar(builder, loc,
                                      outputType.getElementType(),
                                      spec.outputZeroPoint);
  auto rounding = spec.doubleRound ? tosa::RoundingMode::DOUBLE_ROUND
                                   : tosa::RoundingMode::SINGLE_ROUND;
  return tosa::RescaleOp::create(
      builder, loc, outputType, input, multiplier, shift, inputZp, outputZp,
      builder.getBoolAttr(spec.scale32),
      tosa::RoundingModeAttr::get(builder.getContext(), rounding),
      builder.getBoolAttr(count > 1), builder.getBoolAttr(spec.inputUnsigned),
      builder.getBoolAttr(spec.outputUnsigned));
}

//===- FixedPoint.h - TFLite's fixed-point arithmetic, on the host -*- C++
//-*-===//
//
// gemmlowp's and TFLite's integer helpers, as TFLite's kernels call them,
// for the lowerings that compute a kernel's results at compile time (the
// softmax's exp table, HARD_SWISH's table). Internal to
// qtosa-lower-to-tosa-int.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_LOWERTOTOSAINT_FIXEDPOINT_H
#define QTOSA_LIB_TRANSFORMS_LOWERTOTOSAINT_FIXEDPOINT_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace mlir::qtosa::lowering::fixed_point {

/// round(a * b / 2^31), ties away from zero, saturating the one overflow
/// (gemmlowp's SaturatingRoundingDoublingHighMul).
inline int32_t doublingHighMul(int32_t a, int32_t b) {
  if (a == b && a == std::numeric_limits<int32_t>::min())
    return std::numeric_limits<int32_t>::max();
  int64_t product = static_cast<int64_t>(a) * b;
  int64_t nudge = product >= 0 ? (1 << 30) : (1 - (1 << 30));
  return static_cast<int32_t>((product + nudge) / (int64_t(1) << 31));
}

/// The same on 16 bits: round(a * b / 2^15).
inline int16_t doublingHighMul16(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min())
    return std::numeric_limits<int16_t>::max();
  int32_t product = static_cast<int32_t>(a) * b;
  int32_t nudge = product >= 0 ? (1 << 14) : (1 - (1 << 14));
  return static_cast<int16_t>((product + nudge) / (1 << 15));
}

/// a * b / 2^15 truncated toward zero (TFLite's SaturatingDoublingHighMul,
/// which HARD_SWISH uses to cancel the rounding bias of the steps before).
inline int16_t truncatingDoublingHighMul16(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min())
    return std::numeric_limits<int16_t>::max();
  return static_cast<int16_t>(static_cast<int32_t>(a) * b / (1 << 15));
}

/// round(x / 2^exponent), ties away from zero (gemmlowp's
/// RoundingDivideByPOT), for any integer width.
template <typename Int>
inline Int roundingDivideByPowerOfTwo(Int x, int exponent) {
  Int mask = static_cast<Int>((int64_t(1) << exponent) - 1);
  Int remainder = static_cast<Int>(x & mask);
  Int threshold = static_cast<Int>((mask >> 1) + (x < 0 ? 1 : 0));
  return static_cast<Int>((x >> exponent) + (remainder > threshold ? 1 : 0));
}

/// value * 2^amount, saturated to int16 (TFLite's SaturatingLeftShift).
inline int16_t saturatingLeftShift16(int16_t value, int amount) {
  int64_t shifted = static_cast<int64_t>(value) * (int64_t(1) << amount);
  return static_cast<int16_t>(
      std::clamp<int64_t>(shifted, std::numeric_limits<int16_t>::min(),
                          std::numeric_limits<int16_t>::max()));
}

/// TFLite's QuantizeMultiplier: a Q0.31 significand and a power of two.
inline std::pair<int32_t, int> quantizeMultiplier(double real) {
  if (real == 0.0)
    return {0, 0};
  int shift = 0;
  double significand = std::frexp(real, &shift);
  int64_t fixed = std::llround(significand * (int64_t(1) << 31));
  if (fixed == (int64_t(1) << 31)) {
    fixed /= 2;
    ++shift;
  }
  if (shift < -31)
    return {0, 0};
  return {static_cast<int32_t>(fixed), shift};
}

/// TFLite's DownScaleInt32ToInt16Multiplier: a Q0.31 multiplier as Q0.15.
inline int16_t downScaleMultiplier(int32_t multiplier) {
  constexpr int32_t kRoundingOffset = 1 << 15;
  if (multiplier >= std::numeric_limits<int32_t>::max() - kRoundingOffset)
    return std::numeric_limits<int16_t>::max();
  return static_cast<int16_t>((multiplier + kRoundingOffset) >> 16);
}

} // namespace mlir::qtosa::lowering::fixed_point

#endif // QTOSA_LIB_TRANSFORMS_LOWERTOTOSAINT_FIXEDPOINT_H

//===- TosaRescaleTest.cpp - RESCALE multiplier and shift -----------------===//

#include "qtosa/Transforms/TosaRescale.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mlir::qtosa;

namespace {

// Every encodable factor lands in the spec's ranges, and applying it to any
// 32-bit value is within half a unit (plus the multiplier's relative error)
// of the exact product.
TEST(TosaRescaleTest, FactorsApplyWithinRounding) {
  std::mt19937_64 rng(20261121);
  // Factors up to 2^28 (32-bit multiplier) or 2^12 (16-bit) keep a shift of
  // at least 2.
  std::uniform_real_distribution<double> exponent32(-40.0, 28.0);
  std::uniform_real_distribution<double> exponent16(-40.0, 12.0);
  std::uniform_int_distribution<int64_t> value(INT32_MIN, INT32_MAX);
  for (int trial = 0; trial < 20000; ++trial) {
    bool scale32 = trial % 4 != 0;
    double factor =
        std::exp2(scale32 ? exponent32(rng) : exponent16(rng));
    std::optional<RescaleFactor> encoded = computeRescaleFactor(factor, scale32);
    ASSERT_TRUE(encoded) << factor;
    ASSERT_GE(encoded->shift, 2);
    ASSERT_LE(encoded->shift, 62);
    int64_t limit = scale32 ? (int64_t(1) << 31) : (int64_t(1) << 15);
    ASSERT_LT(encoded->multiplier, limit);
    // Only the tiniest factors lose multiplier bits.
    if (encoded->shift < 62) {
      ASSERT_GE(encoded->multiplier, limit / 2);
    }
    // A 48-bit input only takes a 16-bit multiplier.
    int64_t input = scale32 ? value(rng) : value(rng) * 65536;
    double exact = static_cast<double>(input) * factor;
    double relative = scale32 ? std::exp2(-30) : std::exp2(-14);
    double tolerance = 0.5 + std::fabs(exact) * relative + 1e-9;
    if (encoded->shift == 62)
      tolerance += std::fabs(static_cast<double>(input)) * std::exp2(-62);
    int64_t applied = applyRescaleFactor(input, *encoded, /*doubleRound=*/false);
    ASSERT_LE(std::fabs(static_cast<double>(applied) - exact), tolerance)
        << "factor " << factor << " input " << input;
    int64_t doubled = applyRescaleFactor(input, *encoded, /*doubleRound=*/true);
    ASSERT_LE(std::fabs(static_cast<double>(doubled) - exact), tolerance + 1.0);
  }
}

TEST(TosaRescaleTest, PowersOfTwoAreExact) {
  std::optional<RescaleFactor> two = computeRescaleFactor(2.0, true);
  ASSERT_TRUE(two);
  EXPECT_EQ(two->multiplier, 1 << 30);
  EXPECT_EQ(two->shift, 29);
  EXPECT_EQ(applyRescaleFactor(-7, *two, false), -14);
  // Round half up: 3 * 0.5 = 1.5 -> 2, -3 * 0.5 = -1.5 -> -1.
  std::optional<RescaleFactor> half = computeRescaleFactor(0.5, true);
  ASSERT_TRUE(half);
  EXPECT_EQ(applyRescaleFactor(3, *half, false), 2);
  EXPECT_EQ(applyRescaleFactor(-3, *half, false), -1);
}

TEST(TosaRescaleTest, RefusesWhatCannotBeEncoded) {
  EXPECT_FALSE(computeRescaleFactor(0.0, true));
  EXPECT_FALSE(computeRescaleFactor(-1.0, true));
  EXPECT_FALSE(computeRescaleFactor(NAN, true));
  EXPECT_FALSE(computeRescaleFactor(INFINITY, true));
  // 2^30 needs a shift of 0 with a 31-bit multiplier.
  EXPECT_FALSE(computeRescaleFactor(std::exp2(30), true));
  EXPECT_TRUE(computeRescaleFactor(std::exp2(28), true));
  // Far below 2^-62 the multiplier rounds to zero rather than failing.
  std::optional<RescaleFactor> tiny = computeRescaleFactor(std::exp2(-100), true);
  ASSERT_TRUE(tiny);
  EXPECT_EQ(tiny->shift, 62);
  EXPECT_EQ(tiny->multiplier, 0);
}

} // namespace

//===- TosaRescaleTest.cpp - RESCALE multiplier and shift -----------------===//

#include "qtosa/Transforms/TosaRescale.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mlir;
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
    double factor = std::exp2(scale32 ? exponent32(rng) : exponent16(rng));
    std::optional<RescaleFactor> encoded =
        computeRescaleFactor(factor, scale32);
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
    int64_t applied =
        applyRescaleFactor(input, *encoded, /*doubleRound=*/false);
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
  std::optional<RescaleFactor> tiny =
      computeRescaleFactor(std::exp2(-100), true);
  ASSERT_TRUE(tiny);
  EXPECT_EQ(tiny->shift, 62);
  EXPECT_EQ(tiny->multiplier, 0);
}

/// The constants of `block`, in order.
SmallVector<tosa::ConstOp> constantsOf(Block &block) {
  return llvm::to_vector(block.getOps<tosa::ConstOp>());
}

/// A rescale of i8 by 0.5 to i8 between zero points -3 and 5.
RescaleSpec halfSpec() {
  RescaleSpec spec;
  spec.factors = {*computeRescaleFactor(0.5, true)};
  spec.inputZeroPoint = -3;
  spec.outputZeroPoint = 5;
  return spec;
}

// Given a pool, buildRescale and buildIntegerScalar make each constant once
// per block, at the block's start; without one, every call makes its own.
TEST(TosaRescaleTest, PoolMakesEachConstantOncePerBlock) {
  MLIRContext context;
  context.loadDialect<tosa::TosaDialect>();
  Location loc = UnknownLoc::get(&context);
  auto type = RankedTensorType::get({4}, IntegerType::get(&context, 8));
  Block first, second, unpooled;
  Value x = first.addArgument(type, loc);
  Value y = second.addArgument(type, loc);
  Value z = unpooled.addArgument(type, loc);

  OpBuilder builder(&context);
  {
    ConstantPool pool;
    builder.setInsertionPointToEnd(&first);
    auto r1 = buildRescale(builder, loc, x, type, halfSpec(), &pool)
                  .getDefiningOp<tosa::RescaleOp>();
    auto r2 = buildRescale(builder, loc, r1, type, halfSpec(), &pool)
                  .getDefiningOp<tosa::RescaleOp>();
    ASSERT_TRUE(r1 && r2);
    // Multiplier, shift, the two zero points: four constants for both.
    EXPECT_EQ(constantsOf(first).size(), 4u);
    EXPECT_EQ(r1->getOperands().drop_front(), r2->getOperands().drop_front());
    EXPECT_EQ(buildIntegerScalar(builder, loc, type.getElementType(), 5, &pool),
              r1.getOutputZp());
    // Truncated to 8 bits, 261 is 5.
    EXPECT_EQ(
        buildIntegerScalar(builder, loc, type.getElementType(), 261, &pool),
        r1.getOutputZp());
    for (tosa::ConstOp constant : constantsOf(first))
      EXPECT_TRUE(constant->isBeforeInBlock(r1));

    // Another block gets its own.
    builder.setInsertionPointToEnd(&second);
    auto r3 = buildRescale(builder, loc, y, type, halfSpec(), &pool)
                  .getDefiningOp<tosa::RescaleOp>();
    EXPECT_EQ(constantsOf(second).size(), 4u);
    EXPECT_NE(r3.getMultiplier(), r1.getMultiplier());

    // A forgotten constant is made anew.
    Operation *zeroPoint = r3.getOutputZp().getDefiningOp();
    r3->erase();
    pool.forget(zeroPoint);
    zeroPoint->erase();
    builder.setInsertionPointToEnd(&second);
    Value again =
        buildIntegerScalar(builder, loc, type.getElementType(), 5, &pool);
    EXPECT_EQ(constantsOf(second).size(), 4u);
    EXPECT_NE(again.getDefiningOp(), nullptr);
  }
  // Without a pool every call makes its own.
  builder.setInsertionPointToEnd(&unpooled);
  Value u1 = buildRescale(builder, loc, z, type, halfSpec());
  (void)buildRescale(builder, loc, u1, type, halfSpec());
  EXPECT_EQ(constantsOf(unpooled).size(), 8u);

  // The blocks live on the stack: no op may still read a value when they go.
  for (Block *block : {&first, &second, &unpooled})
    block->dropAllDefinedValueUses();
}

// readRescaleSpec gives back what buildRescale was given: per tensor or per
// channel, 32- or 16-bit multipliers, either rounding, unsigned zero points
// read unsigned. It refuses what RescaleSpec cannot hold.
TEST(TosaRescaleTest, ReadGivesBackWhatWasBuilt) {
  MLIRContext context;
  context.loadDialect<tosa::TosaDialect>();
  Location loc = UnknownLoc::get(&context);
  auto i8Type = RankedTensorType::get({2, 3}, IntegerType::get(&context, 8));
  auto i16Type = RankedTensorType::get({2, 3}, IntegerType::get(&context, 16));
  auto i32Type = RankedTensorType::get({2, 3}, IntegerType::get(&context, 32));
  Block block;
  Value x8 = block.addArgument(i8Type, loc);
  Value x16 = block.addArgument(i16Type, loc);
  OpBuilder builder(&context);
  builder.setInsertionPointToEnd(&block);

  auto roundTrip = [&](Value input, RankedTensorType outputType,
                       const RescaleSpec &spec) {
    auto rescale = buildRescale(builder, loc, input, outputType, spec)
                       .getDefiningOp<tosa::RescaleOp>();
    EXPECT_TRUE(rescale);
    std::optional<RescaleSpec> read =
        rescale ? readRescaleSpec(rescale) : std::nullopt;
    ASSERT_TRUE(read);
    ASSERT_EQ(read->factors.size(), spec.factors.size());
    for (auto [got, want] : llvm::zip_equal(read->factors, spec.factors)) {
      EXPECT_EQ(got.multiplier, want.multiplier);
      EXPECT_EQ(got.shift, want.shift);
    }
    EXPECT_EQ(read->scale32, spec.scale32);
    EXPECT_EQ(read->doubleRound, spec.doubleRound);
    EXPECT_EQ(read->inputZeroPoint, spec.inputZeroPoint);
    EXPECT_EQ(read->outputZeroPoint, spec.outputZeroPoint);
    EXPECT_EQ(read->inputUnsigned, spec.inputUnsigned);
    EXPECT_EQ(read->outputUnsigned, spec.outputUnsigned);
  };

  roundTrip(x8, i32Type, halfSpec());
  RescaleSpec perChannel;
  perChannel.factors = *computeRescaleFactors({0.25, 1e-3, 3.5}, false);
  perChannel.scale32 = false;
  perChannel.doubleRound = true;
  perChannel.outputZeroPoint = -7;
  roundTrip(x16, i8Type, perChannel);
  RescaleSpec fromUnsigned = halfSpec();
  fromUnsigned.inputUnsigned = true;
  fromUnsigned.inputZeroPoint = 200; // stored as the i8 -56
  fromUnsigned.outputZeroPoint = -128;
  roundTrip(x8, i8Type, fromUnsigned);

  // Not constants, or a rounding RescaleSpec has no field for: nothing.
  auto built = buildRescale(builder, loc, x8, i32Type, halfSpec())
                   .getDefiningOp<tosa::RescaleOp>();
  ASSERT_TRUE(built);
  built.setRoundingMode(tosa::RoundingMode::INEXACT_ROUND);
  EXPECT_FALSE(readRescaleSpec(built));
  built.setRoundingMode(tosa::RoundingMode::SINGLE_ROUND);
  EXPECT_TRUE(readRescaleSpec(built));
  Value variable = block.addArgument(
      RankedTensorType::get({1}, IntegerType::get(&context, 32)), loc);
  built->setOperand(1, variable);
  EXPECT_FALSE(readRescaleSpec(built));

  block.dropAllDefinedValueUses();
}

} // namespace

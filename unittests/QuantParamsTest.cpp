//===- QuantParamsTest.cpp - parameter layout and round-trip exactness ----===//

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/APFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

class QuantParamsTest : public ::testing::Test {
protected:
  QuantParamsTest() { context.loadDialect<quant::QuantDialect>(); }

  quant::UniformQuantizedType perTensor(unsigned width, bool isSigned,
                                        Type expressed, double scale,
                                        int64_t zp) {
    return quant::UniformQuantizedType::get(
        isSigned ? quant::QuantizationFlags::Signed : 0,
        IntegerType::get(&context, width), expressed, scale, zp,
        quant::QuantizedType::getDefaultMinimumForInteger(isSigned, width),
        quant::QuantizedType::getDefaultMaximumForInteger(isSigned, width));
  }

  MLIRContext context;
};

/// Rounds an f32 value to `semantics` and back, as tosa.cast would.
float roundTo(float value, const llvm::fltSemantics &semantics) {
  llvm::APFloat converted(value);
  bool losesInfo = false;
  (void)converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                          &losesInfo);
  (void)converted.convert(llvm::APFloat::IEEEsingle(),
                          llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return converted.convertToFloat();
}

/// The arithmetic qtosa-expand-qdq writes, step for step, in C++.
int64_t dequantizeThenQuantize(int64_t stored, quant::UniformQuantizedType q,
                               const llvm::fltSemantics &expressed) {
  float scale = static_cast<float>(q.getScale());
  float inverse = static_cast<float>(1.0 / q.getScale());
  int64_t zp = q.getZeroPoint();
  float real = roundTo(static_cast<float>(stored - zp) * scale, expressed);
  float scaled = real * inverse;
  scaled = std::fmax(scaled, static_cast<float>(q.getStorageTypeMin() - zp));
  scaled = std::fmin(scaled, static_cast<float>(q.getStorageTypeMax() - zp));
  return static_cast<int64_t>(std::nearbyint(scaled)) + zp;
}

TEST_F(QuantParamsTest, PerTensorLayoutBroadcastsOverEveryDimension) {
  auto q = perTensor(8, true, Float32Type::get(&context), 0.5, -3);
  FailureOr<QuantParamLayout> layout = getQuantParamLayout(q, {2, 3, 4});
  ASSERT_TRUE(succeeded(layout));
  EXPECT_FALSE(layout->needsReshape);
  EXPECT_EQ(layout->paramShape, (SmallVector<int64_t>{1, 1, 1}));
  EXPECT_EQ(layout->scales, (SmallVector<double>{0.5}));
  EXPECT_EQ(layout->zeroPoints, (SmallVector<int64_t>{-3}));
}

TEST_F(QuantParamsTest, PerAxisLayoutRunsAlongItsAxis) {
  auto q = quant::UniformQuantizedPerAxisType::get(
      quant::QuantizationFlags::Signed, IntegerType::get(&context, 8),
      Float32Type::get(&context), {0.5, 0.25, 0.125}, {1, 2, 3},
      /*quantizedDimension=*/1, -128, 127);
  FailureOr<QuantParamLayout> layout = getQuantParamLayout(q, {4, 3, 2});
  ASSERT_TRUE(succeeded(layout));
  EXPECT_EQ(layout->paramShape, (SmallVector<int64_t>{1, 3, 1}));
  EXPECT_EQ(layout->zeroPoints, (SmallVector<int64_t>{1, 2, 3}));
  EXPECT_FALSE(llvm::all_equal(layout->scales));
}

TEST_F(QuantParamsTest, SubChannelBlocksSplitOnlyPartialDimensions) {
  // 4x6 tensor, blocks of 1 along dim 0 (one row each) and 3 along dim 1.
  auto f32 = Float32Type::get(&context);
  auto scalesType = RankedTensorType::get({4, 2}, f32);
  auto zpsType = RankedTensorType::get({4, 2}, IntegerType::get(&context, 8));
  SmallVector<float> scales = {1, 2, 3, 4, 5, 6, 7, 8};
  SmallVector<int8_t> zps(8, 0);
  auto q = quant::UniformQuantizedSubChannelType::get(
      quant::QuantizationFlags::Signed, IntegerType::get(&context, 8), f32,
      DenseElementsAttr::get(scalesType, ArrayRef(scales)),
      DenseElementsAttr::get(zpsType, ArrayRef(zps)), {0, 1}, {1, 3}, -128,
      127);
  FailureOr<QuantParamLayout> layout = getQuantParamLayout(q, {4, 6});
  ASSERT_TRUE(succeeded(layout));
  EXPECT_TRUE(layout->needsReshape);
  EXPECT_EQ(layout->dataShape, (SmallVector<int64_t>{4, 2, 3}));
  EXPECT_EQ(layout->paramShape, (SmallVector<int64_t>{4, 2, 1}));
  EXPECT_EQ(layout->scales.size(), 8u);
  EXPECT_EQ(layout->scales[3], 4.0);
}

TEST_F(QuantParamsTest, VerifierNamesScaleCountAndDimensionSize) {
  auto q = quant::UniformQuantizedPerAxisType::get(
      quant::QuantizationFlags::Signed, IntegerType::get(&context, 8),
      Float32Type::get(&context), {0.5, 0.25}, {0, 0}, 1, -128, 127);
  std::string message;
  ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(verifyQuantParamsForShape(
      [&] { return emitError(UnknownLoc::get(&context)); }, q, {4, 3})));
  EXPECT_NE(message.find("has 2 scales, but that dimension has size 3"),
            std::string::npos)
      << message;
}

// Whenever isRoundTripExact says so, every stored value must come back
// unchanged through the expansion's arithmetic, for any scale and zero point.
TEST_F(QuantParamsTest, RoundTripExactClaimHoldsForRandomParameters) {
  std::mt19937 rng(20261121);
  std::uniform_real_distribution<double> logScale(-12.0, 8.0);
  struct Case {
    unsigned width;
    bool isSigned;
    Type expressed;
  };
  SmallVector<Case> cases = {{8, true, Float32Type::get(&context)},
                             {8, false, Float32Type::get(&context)},
                             {16, true, Float32Type::get(&context)},
                             {4, true, Float32Type::get(&context)},
                             {8, true, Float16Type::get(&context)},
                             {4, true, BFloat16Type::get(&context)}};
  int checkedTypes = 0;
  for (const Case &c : cases) {
    int64_t qmin =
        quant::QuantizedType::getDefaultMinimumForInteger(c.isSigned, c.width);
    int64_t qmax =
        quant::QuantizedType::getDefaultMaximumForInteger(c.isSigned, c.width);
    std::uniform_int_distribution<int64_t> zpDist(qmin, qmax);
    for (int trial = 0; trial < 40; ++trial) {
      double scale = std::exp2(logScale(rng));
      auto q = perTensor(c.width, c.isSigned, c.expressed, scale, zpDist(rng));
      if (!isRoundTripExact(q))
        continue;
      ++checkedTypes;
      const auto &semantics = cast<FloatType>(c.expressed).getFloatSemantics();
      for (int64_t stored = qmin; stored <= qmax; ++stored)
        ASSERT_EQ(dequantizeThenQuantize(stored, q, semantics), stored)
            << "width " << c.width << " scale " << scale << " zp "
            << q.getZeroPoint();
    }
  }
  EXPECT_GT(checkedTypes, 200);
}

TEST_F(QuantParamsTest, RoundTripIsNotClaimedWhereItLoses) {
  auto f32 = Float32Type::get(&context);
  // Narrow range: -128 is stored but clamps to -127.
  auto narrow = quant::UniformQuantizedType::get(
      quant::QuantizationFlags::Signed, IntegerType::get(&context, 8), f32, 0.1,
      0, -127, 127);
  EXPECT_FALSE(isRoundTripExact(narrow));
  EXPECT_EQ(dequantizeThenQuantize(-128, narrow, llvm::APFloat::IEEEsingle()),
            -127);

  // bf16 has 8 bits of precision: an i8 difference of 255 does not survive.
  auto bf16 = perTensor(8, true, BFloat16Type::get(&context), 1.0 / 3.0, -128);
  EXPECT_FALSE(isRoundTripExact(bf16));
  bool lost = false;
  for (int64_t stored = -128; stored <= 127 && !lost; ++stored)
    lost =
        dequantizeThenQuantize(stored, bf16, llvm::APFloat::BFloat()) != stored;
  EXPECT_TRUE(lost);

  // i32 storage exceeds f32's 24-bit significand.
  EXPECT_FALSE(isRoundTripExact(perTensor(32, true, f32, 1.0, 0)));
}

} // namespace

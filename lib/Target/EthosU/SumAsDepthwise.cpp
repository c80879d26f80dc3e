//===- SumAsDepthwise.cpp - Plane sums as depthwise convolutions ----------===//
//
// See SumAsDepthwise.h.
//
//===----------------------------------------------------------------------===//

#include "SumAsDepthwise.h"

#include "qtosa/Transforms/TosaRescale.h"

#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

std::optional<SumAsDepthwise>
mlir::qtosa::ethosu::matchSumAsDepthwise(tosa::ReduceSumOp op, bool u55) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!type || !type.hasStaticShape() || type.getRank() != 3 ||
      type.getDimSize(0) != 1 || op.getAxis() != 1 ||
      !type.getElementType().isInteger(32) || type.getDimSize(1) < 2)
    return std::nullopt;
  auto widen = op.getInput().getDefiningOp<tosa::RescaleOp>();
  if (!widen || !widen->hasOneUse() || widen.getPerChannel() ||
      widen.getInputUnsigned())
    return std::nullopt;
  auto storedType = dyn_cast<RankedTensorType>(widen.getInput().getType());
  if (!storedType || !storedType.getElementType().isSignlessInteger(8))
    return std::nullopt;
  // A rescale by exactly 1: multiplier 2^30, shift 30, output zero point 0.
  std::optional<RescaleSpec> spec = readRescaleSpec(widen);
  if (!spec || spec->factors.front().multiplier != (int32_t(1) << 30) ||
      spec->factors.front().shift != 30 || spec->outputZeroPoint)
    return std::nullopt;

  SumAsDepthwise plan;
  plan.sum = op;
  plan.stored = widen.getInput();
  plan.inputZeroPoint = widen.getInputZp();
  plan.height = type.getDimSize(1);
  plan.width = 1;
  if (auto reshape = plan.stored.getDefiningOp<tosa::ReshapeOp>()) {
    auto plane = dyn_cast<RankedTensorType>(reshape.getInput1().getType());
    if (plane && plane.hasStaticShape() && plane.getRank() == 4 &&
        plane.getDimSize(0) == 1 && plane.getDimSize(3) == type.getDimSize(2)) {
      plan.stored = reshape.getInput1();
      plan.height = plane.getDimSize(1);
      plan.width = plane.getDimSize(2);
    }
  }
  // Where Vela's transpose costs more than the convolution, or the plane
  // is also read elsewhere (a squeeze-excite block multiplies it by the
  // gate), so that Vela copies it for the reshape (SumAsDepthwise.h).
  int64_t positions = type.getDimSize(1), channels = type.getDimSize(2);
  bool readElsewhere =
      plan.stored != widen.getInput() && !plan.stored.hasOneUse();
  if (!readElsewhere &&
      (u55 || (positions > kFewPositions && channels < kManyChannels)))
    return std::nullopt;
  return plan;
}

Value mlir::qtosa::ethosu::buildSumAsDepthwise(OpBuilder &builder,
                                               const SumAsDepthwise &plan) {
  tosa::ReduceSumOp op = plan.sum;
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  auto sumType = cast<RankedTensorType>(op.getType());
  int64_t channels = sumType.getDimSize(2);
  Type i8 = b.getIntegerType(8), i32 = b.getI32Type();
  Value input = plan.stored;
  SmallVector<int64_t> planeShape = {1, plan.height, plan.width, channels};
  if (cast<RankedTensorType>(input.getType()).getRank() != 4)
    input =
        tosa::ReshapeOp::create(b, RankedTensorType::get(planeShape, i8), input,
                                tosa::getTosaConstShape(b, planeShape));
  auto weightType =
      RankedTensorType::get({plan.height, plan.width, channels, 1}, i8);
  Value ones = tosa::ConstOp::create(
      b, weightType, DenseElementsAttr::get(weightType, b.getI8IntegerAttr(1)));
  auto biasType = RankedTensorType::get({channels}, i32);
  Value bias = tosa::ConstOp::create(
      b, biasType, DenseElementsAttr::get(biasType, b.getI32IntegerAttr(0)));
  auto zeroType = RankedTensorType::get({1}, i8);
  Value weightZeroPoint = tosa::ConstOp::create(
      b, zeroType, DenseElementsAttr::get(zeroType, b.getI8IntegerAttr(0)));
  auto convType = RankedTensorType::get({1, 1, 1, channels}, i32);
  Value conv = tosa::DepthwiseConv2DOp::create(
      b, convType, input, ones, bias, plan.inputZeroPoint, weightZeroPoint,
      ArrayRef<int64_t>{0, 0, 0, 0}, ArrayRef<int64_t>{1, 1},
      ArrayRef<int64_t>{1, 1}, i32);
  return tosa::ReshapeOp::create(
      b, sumType, conv, tosa::getTosaConstShape(b, sumType.getShape()));
}

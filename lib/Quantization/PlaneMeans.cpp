//===- PlaneMeans.cpp - A mean over H and W as one average pool -----------===//
//
// See PlaneMeans.h.
//
//===----------------------------------------------------------------------===//

#include "PlaneMeans.h"

#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"

#include <optional>

using namespace mlir;

namespace {

/// A mean over two adjacent axes of a rank-4 float tensor, as found.
struct PlaneMean {
  tosa::MulOp mul;
  tosa::ReduceSumOp outer;
  tosa::ReduceSumOp inner;
  /// The lower of the two axes: 1 (NHWC) or 2 (NCHW).
  int64_t firstAxis;
};

std::optional<double> getFloatSplat(Value value) {
  DenseFPElementsAttr values;
  if (!matchPattern(value, m_Constant(&values)) || !values.isSplat())
    return std::nullopt;
  return values.getSplatValue<APFloat>().convertToDouble();
}

std::optional<PlaneMean> matchPlaneMean(tosa::MulOp mul) {
  if (qtosa::getScalarIntConstant(mul.getShift()) != 0)
    return std::nullopt;
  for (unsigned sumIndex : {0u, 1u}) {
    auto outer = mul->getOperand(sumIndex).getDefiningOp<tosa::ReduceSumOp>();
    std::optional<double> factor = getFloatSplat(mul->getOperand(1 - sumIndex));
    if (!outer || !factor || !outer->hasOneUse() ||
        outer.getType() != mul.getType())
      continue;
    auto inner = outer.getInput().getDefiningOp<tosa::ReduceSumOp>();
    if (!inner || !inner->hasOneUse())
      continue;
    auto type = dyn_cast<RankedTensorType>(inner.getInput().getType());
    if (!type || type.getRank() != 4 || !type.hasStaticShape() ||
        !isa<FloatType>(type.getElementType()))
      continue;
    int64_t first = std::min(inner.getAxis(), outer.getAxis());
    int64_t second = std::max(inner.getAxis(), outer.getAxis());
    if (second != first + 1 || (first != 1 && first != 2))
      continue;
    // The factor is 1/count rounded to the graph's float type: compared
    // in f32, the widest type ExecuTorch writes.
    double count = static_cast<double>(type.getDimSize(first)) *
                   static_cast<double>(type.getDimSize(second));
    if (static_cast<float>(*factor) != static_cast<float>(1.0 / count))
      continue;
    return PlaneMean{mul, outer, inner, first};
  }
  return std::nullopt;
}

/// `nchw` as NHWC: the tensor an NCHW transpose read, or a new transpose.
Value getNHWC(OpBuilder &builder, Location loc, Value nchw) {
  if (auto transpose = nchw.getDefiningOp<tosa::TransposeOp>();
      transpose && transpose.getPerms() == ArrayRef<int32_t>{0, 3, 1, 2})
    return transpose.getInput1();
  auto type = cast<RankedTensorType>(nchw.getType());
  ArrayRef<int64_t> shape = type.getShape();
  return tosa::TransposeOp::create(
      builder, loc, type.clone({shape[0], shape[2], shape[3], shape[1]}), nchw,
      builder.getDenseI32ArrayAttr({0, 2, 3, 1}));
}

void rewrite(PlaneMean mean) {
  OpBuilder builder(mean.mul);
  Location loc = mean.mul.getLoc();
  Value input = mean.inner.getInput();
  Value nhwc = mean.firstAxis == 1 ? input : getNHWC(builder, loc, input);
  auto type = cast<RankedTensorType>(nhwc.getType());
  ArrayRef<int64_t> shape = type.getShape();
  Type element = type.getElementType();
  Value zero = tosa::ConstOp::create(
      builder, loc, RankedTensorType::get({1}, element),
      DenseElementsAttr::get(RankedTensorType::get({1}, element),
                             builder.getFloatAttr(element, 0.0)));
  Value mean2d = tosa::AvgPool2dOp::create(
      builder, loc, type.clone({shape[0], 1, 1, shape[3]}), nhwc, zero, zero,
      ArrayRef<int64_t>{shape[1], shape[2]}, ArrayRef<int64_t>{1, 1},
      ArrayRef<int64_t>{0, 0, 0, 0}, builder.getF32Type());
  if (mean.firstAxis == 2) {
    auto resultType = cast<RankedTensorType>(mean.mul.getType());
    ImplicitLocOpBuilder implicit(loc, builder);
    mean2d = tosa::ReshapeOp::create(
        builder, loc, resultType, mean2d,
        tosa::getTosaConstShape(implicit, resultType.getShape()));
  }
  SmallVector<Operation *> constants;
  for (Value operand : mean.mul->getOperands())
    if (Operation *defining = operand.getDefiningOp();
        defining && defining != mean.outer)
      constants.push_back(defining);
  mean.mul.replaceAllUsesWith(mean2d);
  mean.mul.erase();
  mean.outer.erase();
  mean.inner.erase();
  // The NCHW transpose the pool looked through, when nothing else reads it.
  if (auto transpose = input.getDefiningOp<tosa::TransposeOp>();
      transpose && transpose->use_empty())
    transpose.erase();
  for (Operation *constant : constants)
    if (constant->use_empty())
      constant->erase();
}

} // namespace

void mlir::qtosa::annotation::rewritePlaneMeansAsAveragePools(
    func::FuncOp function) {
  SmallVector<PlaneMean> means;
  function.walk([&](tosa::MulOp mul) {
    if (std::optional<PlaneMean> mean = matchPlaneMean(mul))
      means.push_back(*mean);
  });
  for (PlaneMean mean : means)
    rewrite(mean);
}

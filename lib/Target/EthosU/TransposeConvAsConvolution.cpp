//===- TransposeConvAsConvolution.cpp - 16x8 transposed convs on U55 ------===//
//
// See TransposeConvAsConvolution.h. Per axis, with stride s, kernel K,
// input length n and TOSA's out_pad (a before, b after): the transposed
// convolution adds x[i] w[k] into output o = i s + a + k, for (n - 1) s +
// a + b + K outputs. With U the input with s - 1 zero points after each
// element (n s long: U[i s] = x[i]), a convolution of stride 1 with the
// flipped kernel w'[k] = w[K - 1 - k] and padding P before, Q after, reads
// U[o + K - 1 - k - P] for w[k]: that is x[i] exactly when P = K - 1 + a,
// and it gives the same count of outputs when Q = K - s + b. A negative P
// or Q crops U instead.
//
//===----------------------------------------------------------------------===//

#include "TransposeConvAsConvolution.h"

#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

WhyNotOr<StaticTransposeConvTypes>
mlir::qtosa::ethosu::getStaticTransposeConvTypes(tosa::TransposeConv2DOp op) {
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto weight = dyn_cast<RankedTensorType>(op.getWeight().getType());
  auto result = dyn_cast<RankedTensorType>(op.getType());
  if (!input || !weight || !result || !input.hasStaticShape() ||
      !weight.hasStaticShape() || !result.hasStaticShape())
    return WhyNot("its shapes are not static");
  return StaticTransposeConvTypes{input, weight, result};
}

WhyNotOr<TransposeConvAsConvolution>
mlir::qtosa::ethosu::planTransposeConvAsConvolution(
    tosa::TransposeConv2DOp op) {
  WhyNotOr<StaticTransposeConvTypes> types = getStaticTransposeConvTypes(op);
  if (!types.hasValue())
    return types.whyNot();
  RankedTensorType inputType = types->input, weightType = types->weight;
  if (!inputType.getElementType().isInteger(16) ||
      !weightType.getElementType().isInteger(8))
    return WhyNot("it is not 16x8 (Vela compiles the others as they are)");
  DenseElementsAttr weights;
  if (!matchPattern(op.getWeight(), m_Constant(&weights)))
    return WhyNot("its weights are not a constant");
  std::optional<int64_t> inputZeroPoint = getScalarIntConstant(op.getInputZp());
  if (!inputZeroPoint)
    return WhyNot("its input zero point is not a constant");

  TransposeConvAsConvolution plan;
  plan.transposeConv = op;
  plan.inputZeroPoint = *inputZeroPoint;
  ArrayRef<int64_t> outPad = op.getOutPad();
  ArrayRef<int64_t> stride = op.getStride();
  for (int axis = 0; axis < 2; ++axis) {
    int64_t kernel = weightType.getDimSize(1 + axis);
    int64_t length = inputType.getDimSize(1 + axis) * stride[axis];
    int64_t before = kernel - 1 + outPad[2 * axis];
    int64_t after = kernel - stride[axis] + outPad[2 * axis + 1];
    plan.crop[2 * axis] = std::max<int64_t>(0, -before);
    plan.crop[2 * axis + 1] = std::max<int64_t>(0, -after);
    plan.pad[2 * axis] = std::max<int64_t>(0, before);
    plan.pad[2 * axis + 1] = std::max<int64_t>(0, after);
    if (plan.crop[2 * axis] + plan.crop[2 * axis + 1] >= length)
      return WhyNot::format(llvm::formatv(
          "its out_pad crops all {0} rows or columns of the convolution's "
          "input",
          length));
  }

  // [OC, KH, KW, IC] with KH and KW reversed.
  int64_t outC = weightType.getDimSize(0), kernelH = weightType.getDimSize(1),
          kernelW = weightType.getDimSize(2), inC = weightType.getDimSize(3);
  SmallVector<APInt> source(weights.getValues<APInt>());
  SmallVector<APInt> flipped;
  flipped.reserve(source.size());
  for (int64_t oc = 0; oc < outC; ++oc)
    for (int64_t ky = 0; ky < kernelH; ++ky)
      for (int64_t kx = 0; kx < kernelW; ++kx)
        for (int64_t ic = 0; ic < inC; ++ic)
          flipped.push_back(
              source[((oc * kernelH + (kernelH - 1 - ky)) * kernelW +
                      (kernelW - 1 - kx)) *
                         inC +
                     ic]);
  plan.flippedWeights = DenseElementsAttr::get(weightType, flipped);
  return plan;
}

namespace {

/// `value` [N, H, W, C] with `stride - 1` copies of `zeroPoint` after each
/// element along `dim` (1 or 2): a reshape that gives the axis a unit axis
/// after it, a concat along that axis, and a reshape back.
Value insertZeroPoints(ImplicitLocOpBuilder &b, Value value, int64_t dim,
                       int64_t stride, int64_t zeroPoint) {
  if (stride == 1)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> split(type.getShape());
  split.insert(split.begin() + dim + 1, 1);
  Value unit = tosa::ReshapeOp::create(b, type.clone(split), value,
                                       tosa::getTosaConstShape(b, split));
  SmallVector<int64_t> fillShape(split);
  fillShape[dim + 1] = stride - 1;
  auto fillType = type.clone(fillShape);
  Value fill = tosa::ConstOp::create(
      b, fillType,
      DenseElementsAttr::get(fillType, APInt(type.getElementTypeBitWidth(),
                                             static_cast<uint64_t>(zeroPoint),
                                             /*isSigned=*/true)));
  SmallVector<int64_t> joinedShape(split);
  joinedShape[dim + 1] = stride;
  Value joined = tosa::ConcatOp::create(b, type.clone(joinedShape),
                                        ValueRange{unit, fill}, dim + 1);
  SmallVector<int64_t> merged(type.getShape());
  merged[dim] *= stride;
  return tosa::ReshapeOp::create(b, type.clone(merged), joined,
                                 tosa::getTosaConstShape(b, merged));
}

} // namespace

Value mlir::qtosa::ethosu::buildTransposeConvAsConvolution(
    OpBuilder &builder, const TransposeConvAsConvolution &plan) {
  tosa::TransposeConv2DOp op = plan.transposeConv;
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  ArrayRef<int64_t> stride = op.getStride();
  Value spread = op.getInput();
  for (int axis = 0; axis < 2; ++axis)
    spread = insertZeroPoints(b, spread, 1 + axis, stride[axis],
                              plan.inputZeroPoint);
  auto spreadType = cast<RankedTensorType>(spread.getType());
  if (llvm::any_of(plan.crop, [](int64_t rows) { return rows != 0; })) {
    SmallVector<int64_t> start(4, 0), size(spreadType.getShape());
    for (int axis = 0; axis < 2; ++axis) {
      start[1 + axis] = plan.crop[2 * axis];
      size[1 + axis] -= plan.crop[2 * axis] + plan.crop[2 * axis + 1];
    }
    spread = tosa::SliceOp::create(b, spreadType.clone(size), spread,
                                   tosa::getTosaConstShape(b, start),
                                   tosa::getTosaConstShape(b, size));
  }
  Value weight = tosa::ConstOp::create(b, plan.flippedWeights.getType(),
                                       plan.flippedWeights);
  return tosa::Conv2DOp::create(
      b, op.getType(), spread, weight, op.getBias(), op.getInputZp(),
      op.getWeightZp(), ArrayRef<int64_t>(plan.pad), ArrayRef<int64_t>{1, 1},
      ArrayRef<int64_t>{1, 1}, op.getAccType());
}

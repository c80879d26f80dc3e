//===- TransposeConvAsKernelRows.cpp - kernel = stride transposes ---------===//
//
// See TransposeConvAsKernelRows.h. With kernel = stride and no out_pad, the
// transposed convolution of x [N, H, W, IC] is [N, H KH, W KW, OC], its
// element (n, i KH + kh, j KW + kw, oc) being the dot product of x[n, i, j]
// with w[oc, kh, kw] plus the bias. In memory that is the order (n, i, kh,
// j, kw, oc). The 1x1 convolution of row kh gives (n, i, j, kw, oc), which
// is [N, H, W KW, OC] as it is stored; the concat of the KH rows along W
// gives (n, i, kh, j, kw, oc), which is the result as it is stored.
//
//===----------------------------------------------------------------------===//

#include "TransposeConvAsKernelRows.h"

#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

namespace {

/// `values` (one per output channel) repeated `times` times, or null where
/// `values` holds one value for all channels, or there is one repeat.
WhyNotOr<DenseElementsAttr> repeatPerChannel(Value operand, int64_t channels,
                                             int64_t times, StringRef what) {
  auto type = dyn_cast<RankedTensorType>(operand.getType());
  if (!type || !type.hasStaticShape())
    return WhyNot::format("its " + what + " has no static shape");
  if (type.getNumElements() == 1 || times == 1)
    return DenseElementsAttr();
  if (type.getNumElements() != channels)
    return WhyNot::format("its " + what + " is not one per output channel");
  DenseElementsAttr values;
  if (!matchPattern(operand, m_Constant(&values)))
    return WhyNot::format("its " + what + " is not a constant");
  SmallVector<APInt> source(values.getValues<APInt>());
  SmallVector<APInt> repeated;
  repeated.reserve(source.size() * times);
  for (int64_t t = 0; t < times; ++t)
    repeated.append(source);
  return DenseElementsAttr::get(type.clone({channels * times}), repeated);
}

} // namespace

WhyNotOr<TransposeConvAsKernelRows>
mlir::qtosa::ethosu::planTransposeConvAsKernelRows(tosa::TransposeConv2DOp op) {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto weightType = dyn_cast<RankedTensorType>(op.getWeight().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!inputType || !weightType || !resultType || !inputType.hasStaticShape() ||
      !weightType.hasStaticShape() || !resultType.hasStaticShape())
    return WhyNot("its shapes are not static");
  int64_t outC = weightType.getDimSize(0), kernelH = weightType.getDimSize(1),
          kernelW = weightType.getDimSize(2), inC = weightType.getDimSize(3);
  ArrayRef<int64_t> stride = op.getStride();
  if (stride[0] != kernelH || stride[1] != kernelW)
    return WhyNot("its kernel is not its stride");
  if (llvm::any_of(op.getOutPad(), [](int64_t pad) { return pad != 0; }))
    return WhyNot("its out_pad is not zero");
  if (!op->hasOneUse())
    return WhyNot("its accumulator is read more than once");
  auto rescale = dyn_cast<tosa::RescaleOp>(*op->user_begin());
  if (!rescale || rescale.getInput() != op.getResult())
    return WhyNot("its accumulator is not rescaled");
  DenseElementsAttr weights;
  if (!matchPattern(op.getWeight(), m_Constant(&weights)))
    return WhyNot("its weights are not a constant");

  TransposeConvAsKernelRows plan;
  plan.transposeConv = op;
  plan.rescale = rescale;
  WhyNotOr<DenseElementsAttr> bias =
      repeatPerChannel(op.getBias(), outC, kernelW, "bias");
  if (!bias.hasValue())
    return bias.whyNot();
  plan.bias = *bias;
  if (rescale.getPerChannel()) {
    WhyNotOr<DenseElementsAttr> multiplier = repeatPerChannel(
        rescale.getMultiplier(), outC, kernelW, "rescale's multiplier");
    if (!multiplier.hasValue())
      return multiplier.whyNot();
    WhyNotOr<DenseElementsAttr> shift =
        repeatPerChannel(rescale.getShift(), outC, kernelW, "rescale's shift");
    if (!shift.hasValue())
      return shift.whyNot();
    plan.multiplier = *multiplier;
    plan.shift = *shift;
  }

  SmallVector<APInt> source(weights.getValues<APInt>());
  auto rowType = weightType.clone({kernelW * outC, 1, 1, inC});
  for (int64_t kh = 0; kh < kernelH; ++kh) {
    SmallVector<APInt> row;
    row.reserve(kernelW * outC * inC);
    for (int64_t kw = 0; kw < kernelW; ++kw)
      for (int64_t oc = 0; oc < outC; ++oc) {
        auto tap = source.begin() + ((oc * kernelH + kh) * kernelW + kw) * inC;
        row.append(tap, tap + inC);
      }
    plan.rowWeights.push_back(DenseElementsAttr::get(rowType, row));
  }
  return plan;
}

Value mlir::qtosa::ethosu::buildTransposeConvAsKernelRows(
    OpBuilder &builder, const TransposeConvAsKernelRows &plan) {
  tosa::TransposeConv2DOp op = plan.transposeConv;
  tosa::RescaleOp rescale = plan.rescale;
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  auto accType = cast<RankedTensorType>(op.getType());
  auto resultType = cast<RankedTensorType>(rescale.getType());
  int64_t batch = inputType.getDimSize(0), height = inputType.getDimSize(1),
          width = inputType.getDimSize(2), outC = accType.getDimSize(3);
  int64_t kernelH = plan.rowWeights.size();
  int64_t kernelW = plan.rowWeights.front().getType().getDimSize(0) / outC;

  auto constant = [&](DenseElementsAttr values, Value original) -> Value {
    if (!values)
      return original;
    return tosa::ConstOp::create(b, values.getType(), values);
  };
  Value bias = constant(plan.bias, op.getBias());
  Value multiplier = constant(plan.multiplier, rescale.getMultiplier());
  Value shift = constant(plan.shift, rescale.getShift());

  SmallVector<int64_t> tapsShape = {batch, height, width, kernelW * outC};
  SmallVector<int64_t> rowShape = {batch, height, width * kernelW, outC};
  SmallVector<Value> rows;
  for (DenseElementsAttr weights : plan.rowWeights) {
    Value weight = tosa::ConstOp::create(b, weights.getType(), weights);
    Value taps = tosa::Conv2DOp::create(
        b, accType.clone(tapsShape), op.getInput(), weight, bias,
        op.getInputZp(), op.getWeightZp(), ArrayRef<int64_t>{0, 0, 0, 0},
        ArrayRef<int64_t>{1, 1}, ArrayRef<int64_t>{1, 1}, op.getAccType());
    auto rescaled = cast<tosa::RescaleOp>(b.clone(*rescale));
    rescaled.getInputMutable().assign(taps);
    rescaled.getMultiplierMutable().assign(multiplier);
    rescaled.getShiftMutable().assign(shift);
    rescaled.getResult().setType(resultType.clone(tapsShape));
    Value row = rescaled.getResult();
    if (kernelW > 1)
      row = tosa::ReshapeOp::create(b, resultType.clone(rowShape), row,
                                    tosa::getTosaConstShape(b, rowShape));
    rows.push_back(row);
  }
  if (kernelH == 1)
    return rows.front();
  SmallVector<int64_t> joinedShape = {batch, height, kernelH * width * kernelW,
                                      outC};
  Value joined =
      tosa::ConcatOp::create(b, resultType.clone(joinedShape), rows, 2);
  return tosa::ReshapeOp::create(
      b, resultType, joined, tosa::getTosaConstShape(b, resultType.getShape()));
}

//===- TransposeConvAsPhases.cpp - Transposed convs as phases -------------===//
//
// See TransposeConvAsPhases.h. Per axis, with stride s, kernel K, m =
// ceil(K / s) taps, input length n and out_pad (a before, b after): the
// transposed convolution adds x[i] w[k] into output i s + k + a. Writing
// k = q s + r, output (i + q) s + r takes x[i] w[q s + r]: phase r of
// position j sums x[j - q] w[q s + r] over q, for j in [0, n + m - 1), a
// convolution of stride 1 over x padded by m - 1 on both sides whose tap t
// is w[(m - 1 - t) s + r]. The phases of position j, stored as channels,
// are outputs j s .. j s + s - 1 in order, so [.., n + m - 1, s C] read as
// [.., (n + m - 1) s, C] is the transposed convolution's (n - 1) s + K
// outputs followed by (m s - K) of the bias alone; the result is the slice
// from -a, (n - 1) s + K + a + b long. Along H the phases are separate
// convolutions (their rows interleave): the concat of the H phases along W
// puts, for each row j, phase 0's row before phase 1's, which read as
// [.., (n + m - 1) s_H, W', C] is the rows in order.
//
//===----------------------------------------------------------------------===//

#include "TransposeConvAsPhases.h"

#include "ConvolutionWeights.h"
#include "TransposeConvAsConvolution.h"

#include "qtosa/Utils/TosaUtils.h"

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

WhyNotOr<TransposeConvAsPhases>
mlir::qtosa::ethosu::planTransposeConvAsPhases(tosa::TransposeConv2DOp op) {
  WhyNotOr<StaticTransposeConvTypes> types = getStaticTransposeConvTypes(op);
  if (!types.hasValue())
    return types.whyNot();
  RankedTensorType inputType = types->input, weightType = types->weight,
                   resultType = types->result;
  int64_t outC = weightType.getDimSize(0), inC = weightType.getDimSize(3);
  int64_t kernel[2] = {weightType.getDimSize(1), weightType.getDimSize(2)};
  ArrayRef<int64_t> stride = op.getStride();
  ArrayRef<int64_t> outPad = op.getOutPad();
  if (!op->hasOneUse())
    return WhyNot("its accumulator is read more than once");
  auto rescale = dyn_cast<tosa::RescaleOp>(*op->user_begin());
  if (!rescale || rescale.getInput() != op.getResult())
    return WhyNot("its accumulator is not rescaled");
  WhyNotOr<ConvolutionWeights> constant = getConvolutionWeights(op);
  if (!constant.hasValue())
    return constant.whyNot();
  DenseElementsAttr weights = constant->values;
  int64_t weightZeroPoint = constant->zeroPoint;

  TransposeConvAsPhases plan;
  plan.transposeConv = op;
  plan.rescale = rescale;
  for (int axis = 0; axis < 2; ++axis) {
    int64_t s = stride[axis], k = kernel[axis];
    int64_t n = inputType.getDimSize(1 + axis);
    plan.taps[axis] = (k + s - 1) / s;
    plan.crop[axis] = -outPad[2 * axis];
    int64_t phases = (n + plan.taps[axis] - 1) * s;
    if (plan.crop[axis] < 0 ||
        plan.crop[axis] + resultType.getDimSize(1 + axis) > phases)
      return WhyNot("its out_pad adds outputs before the first or past the "
                    "phases' last");
  }
  int64_t strideH = stride[0], strideW = stride[1];
  WhyNotOr<DenseElementsAttr> bias =
      repeatPerChannel(op.getBias(), outC, strideW, "bias");
  if (!bias.hasValue())
    return bias.whyNot();
  plan.bias = *bias;
  if (rescale.getPerChannel()) {
    WhyNotOr<DenseElementsAttr> multiplier = repeatPerChannel(
        rescale.getMultiplier(), outC, strideW, "rescale's multiplier");
    if (!multiplier.hasValue())
      return multiplier.whyNot();
    WhyNotOr<DenseElementsAttr> shift =
        repeatPerChannel(rescale.getShift(), outC, strideW, "rescale's shift");
    if (!shift.hasValue())
      return shift.whyNot();
    plan.multiplier = *multiplier;
    plan.shift = *shift;
  }

  SmallVector<APInt> source(weights.getValues<APInt>());
  APInt zero(weightType.getElementTypeBitWidth(),
             static_cast<uint64_t>(weightZeroPoint), /*isSigned=*/true);
  int64_t tapsH = plan.taps[0], tapsW = plan.taps[1];
  auto phaseType = weightType.clone({strideW * outC, tapsH, tapsW, inC});
  for (int64_t rh = 0; rh < strideH; ++rh) {
    SmallVector<APInt> phase;
    phase.reserve(phaseType.getNumElements());
    for (int64_t rw = 0; rw < strideW; ++rw)
      for (int64_t oc = 0; oc < outC; ++oc)
        for (int64_t th = 0; th < tapsH; ++th)
          for (int64_t tw = 0; tw < tapsW; ++tw) {
            int64_t kh = (tapsH - 1 - th) * strideH + rh;
            int64_t kw = (tapsW - 1 - tw) * strideW + rw;
            if (kh >= kernel[0] || kw >= kernel[1]) {
              phase.append(inC, zero);
              continue;
            }
            auto tap =
                source.begin() + ((oc * kernel[0] + kh) * kernel[1] + kw) * inC;
            phase.append(tap, tap + inC);
          }
    plan.phaseWeights.push_back(DenseElementsAttr::get(phaseType, phase));
  }
  return plan;
}

Value mlir::qtosa::ethosu::buildTransposeConvAsPhases(
    OpBuilder &builder, const TransposeConvAsPhases &plan) {
  tosa::TransposeConv2DOp op = plan.transposeConv;
  tosa::RescaleOp rescale = plan.rescale;
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  auto accType = cast<RankedTensorType>(op.getType());
  auto resultType = cast<RankedTensorType>(rescale.getType());
  ArrayRef<int64_t> stride = op.getStride();
  int64_t strideH = stride[0], strideW = stride[1];
  int64_t tapsH = plan.taps[0], tapsW = plan.taps[1];
  int64_t batch = inputType.getDimSize(0), outC = accType.getDimSize(3);
  int64_t height = inputType.getDimSize(1) + tapsH - 1;
  int64_t width = inputType.getDimSize(2) + tapsW - 1;

  auto constant = [&](DenseElementsAttr values, Value original) -> Value {
    if (!values)
      return original;
    return tosa::ConstOp::create(b, values.getType(), values);
  };
  Value bias = constant(plan.bias, op.getBias());
  Value multiplier = constant(plan.multiplier, rescale.getMultiplier());
  Value shift = constant(plan.shift, rescale.getShift());

  SmallVector<int64_t> phasesShape = {batch, height, width, strideW * outC};
  SmallVector<int64_t> rowShape = {batch, height, width * strideW, outC};
  SmallVector<Value> rows;
  for (DenseElementsAttr weights : plan.phaseWeights) {
    Value weight = tosa::ConstOp::create(b, weights.getType(), weights);
    Value phases = tosa::Conv2DOp::create(
        b, accType.clone(phasesShape), op.getInput(), weight, bias,
        op.getInputZp(), op.getWeightZp(),
        ArrayRef<int64_t>{tapsH - 1, tapsH - 1, tapsW - 1, tapsW - 1},
        ArrayRef<int64_t>{1, 1}, ArrayRef<int64_t>{1, 1}, op.getAccType());
    auto rescaled = cast<tosa::RescaleOp>(b.clone(*rescale));
    rescaled.getInputMutable().assign(phases);
    rescaled.getMultiplierMutable().assign(multiplier);
    rescaled.getShiftMutable().assign(shift);
    rescaled.getResult().setType(resultType.clone(phasesShape));
    Value row = rescaled.getResult();
    if (strideW > 1)
      row = tosa::ReshapeOp::create(b, resultType.clone(rowShape), row,
                                    tosa::getTosaConstShape(b, rowShape));
    rows.push_back(row);
  }
  Value all = rows.front();
  SmallVector<int64_t> allShape = rowShape;
  if (strideH > 1) {
    SmallVector<int64_t> joinedShape = {batch, height,
                                        strideH * width * strideW, outC};
    Value joined =
        tosa::ConcatOp::create(b, resultType.clone(joinedShape), rows, 2);
    allShape = {batch, height * strideH, width * strideW, outC};
    all = tosa::ReshapeOp::create(b, resultType.clone(allShape), joined,
                                  tosa::getTosaConstShape(b, allShape));
  }
  if (ArrayRef<int64_t>(allShape) == resultType.getShape())
    return all;
  SmallVector<int64_t> start = {0, plan.crop[0], plan.crop[1], 0};
  return tosa::SliceOp::create(
      b, resultType, all, tosa::getTosaConstShape(b, start),
      tosa::getTosaConstShape(b, resultType.getShape()));
}

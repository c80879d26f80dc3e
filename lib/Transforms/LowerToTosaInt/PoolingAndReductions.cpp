//===- PoolingAndReductions.cpp - Weighted sums over windows --------------===//
//
// avg_pool2d, reduce_sum and bilinear resize: each sums stored values over a
// window with integer weights in a wide accumulator, then one rescale takes
// the sum to the output's parameters.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

WhyNot lowering::lowerAvgPool(Group &group) {
  auto pool = cast<tosa::AvgPool2dOp>(group.op);
  if (WhyNot why = checkFloatZeroPoints(pool))
    return why;
  WhyNotOr<ArithmeticOperand> input =
      getArithmeticOperand(pool, 0, "input", std::nullopt);
  if (input.refused())
    return std::move(input).whyNot();
  if (input->params.width == 16 && input->params.zeroPoint != 0)
    return "a 16-bit input needs zero point 0";
  // The integer pool averages into the input's own parameters, rounding to
  // the input's step; a rescale follows when the output's differ. Rounding
  // to a step more than 1.5 output steps wide could put the result 2 LSB
  // off, so an 8-bit input finer-scaled output first widens to i16 at 1/128
  // of the input's step (|q - zp| <= 255 keeps 128 (q - zp) in range).
  QuantizeOp quantize = group.quantize;
  bool refine = false;
  if (auto outputType =
          dyn_cast<quant::UniformQuantizedType>(quantize.getQtype()))
    refine = input->params.width == 8 &&
             input->params.scale(0) > 1.5 * outputType.getScale();
  Type i16 = IntegerType::get(pool.getContext(), 16);
  std::optional<RescaleSpec> widen;
  ChannelParams poolParams = input->params;
  if (refine) {
    WhyNotOr<RescaleSpec> spec =
        planWiden(input->params, 128.0, group.rounding);
    if (spec.refused())
      return std::move(spec).whyNot();
    widen = std::move(*spec);
    poolParams = accumulatorParams({input->params.scale(0) / 128.0});
  }
  std::optional<OutputRescale> output;
  if (refine || quantize.getQtype() != input->qtype) {
    WhyNotOr<OutputRescale> plan = planOutputRescale(
        quantize, poolParams, refine ? i16 : elementOf(input->stored),
        group.rounding);
    if (plan.refused())
      return std::move(plan).whyNot();
    output = std::move(*plan);
  }
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  Value poolInput = input->stored;
  if (widen)
    poolInput = buildRescale(builder, loc, poolInput,
                             withElement(poolInput, i16), *widen, group.pool);
  // Zero points 0: the pool averages the stored values, whose mean is the
  // mean of (q - zp) plus zp, so the result keeps the input's parameters.
  // TOSA's reciprocal_scale and apply_scale_32 then round that mean half
  // away from zero, as TFLite's AVERAGE_POOL_2D does on its stored values
  // (equal for every count up to 256 and |sum| up to 256 times the
  // count); with the input's zero point, a tie whose zero-point-free sum
  // has the other sign rounded the other way (1 LSB from TFLite).
  Type storage = elementOf(poolInput);
  Value zp = buildIntegerScalar(builder, loc, storage, 0, group.pool);
  Operation *average = cloneOnIntegers(builder, pool, {poolInput, zp, zp},
                                       withElement(pool.getResult(), storage));
  average->setAttr("acc_type", TypeAttr::get(builder.getI32Type()));
  group.lowered = output
                      ? emitOutputRescale(builder, loc, average->getResult(0),
                                          *output, group.pool)
                      : average->getResult(0);
  return {};
}

WhyNot lowering::lowerReduceSum(Group &group) {
  auto reduce = cast<tosa::ReduceSumOp>(group.op);
  WhyNotOr<ArithmeticOperand> input =
      getArithmeticOperand(reduce, 0, "input", std::nullopt);
  if (input.refused())
    return std::move(input).whyNot();
  auto type = cast<RankedTensorType>(reduce.getInput().getType());
  int64_t reduced = type.getDimSize(reduce.getAxis());
  if (ShapedType::isDynamic(reduced) ||
      static_cast<double>(reduced) * largestMagnitude(input->params) >
          kInt32Max)
    return "the sum over its axis may overflow i32";
  WhyNotOr<RescaleSpec> widen = planWiden(input->params, 1.0, group.rounding);
  if (widen.refused())
    return std::move(widen).whyNot();
  Type i32 = IntegerType::get(reduce.getContext(), 32);
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, accumulatorParams({input->params.scale(0)}), i32,
      group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  Value wideInput =
      buildRescale(builder, loc, input->stored, withElement(input->stored, i32),
                   *widen, group.pool);
  Operation *sum = cloneOnIntegers(builder, reduce, {wideInput},
                                   withElement(reduce.getResult(), i32));
  group.lowered =
      emitOutputRescale(builder, loc, sum->getResult(0), *output, group.pool);
  return {};
}

WhyNot lowering::lowerResize(Group &group) {
  auto resize = cast<tosa::ResizeOp>(group.op);
  // The dispatcher sends only BILINEAR here: NEAREST_NEIGHBOR moves values.
  WhyNotOr<ArithmeticOperand> input =
      getArithmeticOperand(resize, 0, "input", std::nullopt);
  if (input.refused())
    return std::move(input).whyNot();
  std::optional<SmallVector<int64_t>> scale =
      getConstantShape(resize.getScale());
  if (!scale || scale->size() != 4)
    return "its scale is not a constant";
  // The integer resize weighs the four neighbours in units of 1/scale_n per
  // axis, as TOSA specifies it and TFLite's TOSA legalization uses it: a
  // sum of the stored values (zero points included) weighed by integers
  // adding up to n = scale_y_n * scale_x_n, in i32 from 8 bits and i48 from
  // 16, so one rescale by input_scale / (n * output_scale) ends it.
  double n =
      static_cast<double>((*scale)[0]) * static_cast<double>((*scale)[2]);
  unsigned width = input->params.width;
  double bound = width == 8 ? kInt32Max : 0x1p47;
  // The largest |sum|: n times the largest stored magnitude, zero point
  // included (the sum is of stored values).
  double largestSum = n * std::max(std::abs(input->params.storageMin),
                                   std::abs(input->params.storageMax));
  if (largestSum > bound)
    return WhyNot::format(llvm::formatv(
        "the weighted sum at scale numerators {0} x {1} may overflow the "
        "i{2} accumulator",
        (*scale)[0], (*scale)[2], width == 8 ? 32 : 48));
  Type accumulator =
      IntegerType::get(resize.getContext(), width == 8 ? 32 : 48);
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, accumulatorParams({input->params.scale(0) / n}),
      accumulator, group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  // The sum carries the input's zero point n times: the rescale takes it
  // off through its output zero point, zp_out - zp_in * s_in / s_out, which
  // must be an integer (it is when the parameters are equal, as TFLite
  // requires of RESIZE_BILINEAR) that tosa.rescale can add.
  if (int64_t zp = input->params.zeroPoint) {
    auto outputType =
        dyn_cast<quant::UniformQuantizedType>(group.quantize.getQtype());
    if (!outputType)
      return "the input has a nonzero zero point and the output per-channel "
             "scales: taking it off would need an output zero point per "
             "channel";
    double shift = zp * input->params.scale(0) / outputType.getScale();
    double rounded = std::round(shift);
    if (std::abs(shift - rounded) > 0x1p-20)
      return WhyNot::format(llvm::formatv(
          "the input zero point {0} is {1} output steps, not a whole "
          "number the rescale's output zero point can take off",
          zp, formatReal(shift)));
    int64_t outputZeroPoint =
        output->spec.outputZeroPoint - static_cast<int64_t>(rounded);
    if (output->type.getElementTypeBitWidth() != 8 || outputZeroPoint < -128 ||
        outputZeroPoint > 127)
      return WhyNot::format(llvm::formatv(
          "the rescale would need output zero point {0} (the output's "
          "less the input's), which tosa.rescale takes only within i8",
          outputZeroPoint));
    output->spec.outputZeroPoint = outputZeroPoint;
  }
  // TFLite's int8 kernel (ResizeBilinearInteger) rounds its sum once, half
  // away from zero (half up when built with TFLITE_SINGLE_ROUNDING, which
  // rounding=single is). With equal parameters (TFLite's) and a power-of-two
  // n the rescale is by 2^-p: multiplier 2^30, shift p + 30. DOUBLE_ROUND
  // rounds that twice, first at bit 31, so a sum of 7/16 gave 1 (1 or 2 LSB
  // from TFLite Micro on the factory's resize_bilinear_int8). Multiplier
  // 2^31 - 1 with shift p + 31 gives floor((sum - sum/2^31 + 2^(p-1)
  // +- 1/2) / 2^p), which is half away from zero exactly while |sum| <
  // 2^30. (The 16-bit rescale has no DOUBLE_ROUND: it rounds half up.)
  if (output->spec.doubleRound && output->spec.factors.size() == 1 &&
      output->spec.factors[0].multiplier == (int32_t(1) << 30) &&
      output->spec.factors[0].shift > 31 &&
      output->spec.factors[0].shift < 62 && largestSum < 0x1p30) {
    output->spec.factors[0].multiplier = std::numeric_limits<int32_t>::max();
    ++output->spec.factors[0].shift;
  }
  // A negative offset (half-pixel upsampling) stays as TOSA allows it;
  // MLIR-based executors run qtosa-nonnegative-resize-offsets first.
  std::optional<SmallVector<int64_t>> offset =
      getConstantShape(resize.getOffset());
  if (!offset || offset->size() != 2)
    return "its offset is not a constant";
  for (int axis = 0; axis < 2; ++axis)
    if ((*offset)[axis] < -(*scale)[2 * axis])
      return WhyNot::format(llvm::formatv(
          "its offset {0} is below -scale_n = -{1}, which TOSA does not "
          "allow",
          (*offset)[axis], (*scale)[2 * axis]));
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  Operation *sum =
      cloneOnIntegers(builder, resize,
                      {input->stored, resize.getScale(), resize.getOffset(),
                       resize.getBorder()},
                      withElement(resize.getResult(), accumulator));
  group.lowered =
      emitOutputRescale(builder, loc, sum->getResult(0), *output, group.pool);
  return {};
}

//===- PoolingAndReductions.cpp - avg_pool2d and reduce_sum ---------------===//

#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

WhyNot lowering::lowerAvgPool(Group &group) {
  auto pool = cast<tosa::AvgPool2dOp>(group.op);
  if (WhyNot why = checkFloatZeroPoints(pool))
    return why;
  WhyNotOr<ArithmeticOperand> input =
      getArithmeticOperand(pool, 0, "input", std::nullopt);
  if (!input)
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
    if (!spec)
      return std::move(spec).whyNot();
    widen = std::move(*spec);
    poolParams = accumulatorParams({input->params.scale(0) / 128.0});
  }
  std::optional<OutputRescale> output;
  if (refine || quantize.getQtype() != input->qtype) {
    WhyNotOr<OutputRescale> plan = planOutputRescale(
        quantize, poolParams, refine ? i16 : elementOf(input->stored),
        group.rounding);
    if (!plan)
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
  Type storage = elementOf(poolInput);
  Value zp = buildIntegerScalar(
      builder, loc, storage, widen ? 0 : input->params.zeroPoint, group.pool);
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
  if (!input)
    return std::move(input).whyNot();
  auto type = cast<RankedTensorType>(reduce.getInput().getType());
  int64_t reduced = type.getDimSize(reduce.getAxis());
  if (ShapedType::isDynamic(reduced) ||
      static_cast<double>(reduced) * largestMagnitude(input->params) >
          kInt32Max)
    return "the sum over its axis may overflow i32";
  WhyNotOr<RescaleSpec> widen = planWiden(input->params, 1.0, group.rounding);
  if (!widen)
    return std::move(widen).whyNot();
  Type i32 = IntegerType::get(reduce.getContext(), 32);
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, accumulatorParams({input->params.scale(0)}), i32,
      group.rounding);
  if (!output)
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

//===- Elementwise.cpp - add, sub and mul on i32 --------------------------===//
//
// Each operand is widened to i32 without its zero point (add and sub at a
// common scale, mul at its own), the op runs on the wide values (mul keeps
// its shift operand) and one rescale takes the result to the output. A mul
// of a sub by itself is TFLite's SQUARED_DIFFERENCE, lowered as TFLite's
// kernel computes it.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

namespace {

/// The sub whose result `mul` squares, if nothing else reads that result:
/// the float form of a SQUARED_DIFFERENCE.
tosa::SubOp getSquaredSub(tosa::MulOp mul) {
  if (mul.getInput1() != mul.getInput2())
    return {};
  auto sub = mul.getInput1().getDefiningOp<tosa::SubOp>();
  if (!sub || llvm::any_of(sub->getUsers(),
                           [&](Operation *user) { return user != mul; }))
    return {};
  return sub;
}

/// quantize(mul(d, d)) with d = sub(dequantize a, dequantize b), as
/// TFLite's quantized SQUARED_DIFFERENCE computes it: each input widened to
/// i32 at a common scale 2 max(scale) / 2^k, with k = 7 for 8-bit storage
/// and 0 for 16-bit (TFLite's left shift: the most that keeps the square
/// within i32), the difference squared on i32 and one rescale to the
/// output. The difference is exact, where a quantized d would lose it.
WhyNot lowerSquaredDifference(Group &group, tosa::SubOp sub) {
  auto mul = cast<tosa::MulOp>(group.op);
  WhyNotOr<ArithmeticOperand> lhs =
      getArithmeticOperand(sub, 0, "first operand of its sub", std::nullopt);
  if (lhs.refused())
    return std::move(lhs).whyNot();
  WhyNotOr<ArithmeticOperand> rhs =
      getArithmeticOperand(sub, 1, "second operand of its sub", std::nullopt);
  if (rhs.refused())
    return std::move(rhs).whyNot();
  unsigned width = std::max(lhs->params.width, rhs->params.width);
  int leftShift = width <= 8 ? 7 : 0;
  double commonScale = std::ldexp(
      2.0 * std::max(lhs->params.scale(0), rhs->params.scale(0)), -leftShift);
  double lhsFactor = lhs->params.scale(0) / commonScale;
  double rhsFactor = rhs->params.scale(0) / commonScale;
  double largestDifference = largestMagnitude(lhs->params) * lhsFactor +
                             largestMagnitude(rhs->params) * rhsFactor;
  if (largestDifference * largestDifference > kInt32Max)
    return "the square of its operands' difference overflows i32";
  WhyNotOr<RescaleSpec> lhsSpec =
      planWiden(lhs->params, lhsFactor, group.rounding);
  if (lhsSpec.refused())
    return std::move(lhsSpec).whyNot();
  WhyNotOr<RescaleSpec> rhsSpec =
      planWiden(rhs->params, rhsFactor, group.rounding);
  if (rhsSpec.refused())
    return std::move(rhsSpec).whyNot();
  Type i32 = IntegerType::get(mul->getContext(), 32);
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, accumulatorParams({commonScale * commonScale}), i32,
      group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  Value widened[] = {
      buildRescale(builder, loc, lhs->stored, withElement(lhs->stored, i32),
                   *lhsSpec, group.pool),
      buildRescale(builder, loc, rhs->stored, withElement(rhs->stored, i32),
                   *rhsSpec, group.pool)};
  Value difference =
      cloneOnIntegers(builder, sub, widened, withElement(sub.getResult(), i32))
          ->getResult(0);
  Value square =
      cloneOnIntegers(builder, mul, {difference, difference, mul.getShift()},
                      withElement(mul.getResult(), i32))
          ->getResult(0);
  group.lowered = emitOutputRescale(builder, loc, square, *output, group.pool);
  group.absorbed.push_back(sub);
  return {};
}

} // namespace

WhyNot lowering::lowerAddSubMul(Group &group) {
  Operation *op = group.op;
  auto mul = dyn_cast<tosa::MulOp>(op);
  if (mul) {
    std::optional<int64_t> shift = getScalarIntConstant(mul.getShift());
    if (!shift || *shift != 0)
      return "its shift operand is not a constant 0";
    if (tosa::SubOp sub = getSquaredSub(mul))
      return lowerSquaredDifference(group, sub);
  }
  WhyNotOr<ArithmeticOperand> lhs =
      getArithmeticOperand(op, 0, "first operand", std::nullopt);
  if (lhs.refused())
    return std::move(lhs).whyNot();
  WhyNotOr<ArithmeticOperand> rhs =
      getArithmeticOperand(op, 1, "second operand", std::nullopt);
  if (rhs.refused())
    return std::move(rhs).whyNot();

  double lhsFactor = 1.0, rhsFactor = 1.0, accScale;
  if (mul) {
    if (largestMagnitude(lhs->params) * largestMagnitude(rhs->params) >
        kInt32Max)
      return "the product of its operands' ranges overflows i32";
    accScale = lhs->params.scale(0) * rhs->params.scale(0);
  } else {
    // A common scale max(scale) / 2^k, with k as large as the sum of the two
    // widest magnitudes allows, at most 19: Vela 5.2 fuses RESCALE, ADD,
    // RESCALE into one Ethos-U55 elementwise operation when the larger
    // operand is widened by exactly 2^19 (ExecuTorch's choice); at 2^20
    // (TFLite's) or 2^18 it runs each RESCALE as an operation of its own,
    // ten times the cycles (test/Target/EthosU/vela-add-fusion.mlir).
    double largestScale = std::max(lhs->params.scale(0), rhs->params.scale(0));
    double headroom =
        largestMagnitude(lhs->params) * lhs->params.scale(0) / largestScale +
        largestMagnitude(rhs->params) * rhs->params.scale(0) / largestScale +
        2.0;
    int shiftBits = std::min(
        19, static_cast<int>(std::floor(std::log2(kInt32Max / headroom))));
    accScale = std::ldexp(largestScale, -shiftBits);
    lhsFactor = lhs->params.scale(0) / accScale;
    rhsFactor = rhs->params.scale(0) / accScale;
  }
  WhyNotOr<RescaleSpec> lhsSpec =
      planWiden(lhs->params, lhsFactor, group.rounding);
  if (lhsSpec.refused())
    return std::move(lhsSpec).whyNot();
  WhyNotOr<RescaleSpec> rhsSpec =
      planWiden(rhs->params, rhsFactor, group.rounding);
  if (rhsSpec.refused())
    return std::move(rhsSpec).whyNot();
  Type i32 = IntegerType::get(op->getContext(), 32);
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, accumulatorParams({accScale}), i32, group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  SmallVector<Value, 3> operands = {
      buildRescale(builder, loc, lhs->stored, withElement(lhs->stored, i32),
                   *lhsSpec, group.pool),
      buildRescale(builder, loc, rhs->stored, withElement(rhs->stored, i32),
                   *rhsSpec, group.pool)};
  if (mul)
    operands.push_back(mul.getShift());
  Operation *wide = cloneOnIntegers(builder, op, operands,
                                    withElement(op->getResult(0), i32));
  group.lowered =
      emitOutputRescale(builder, loc, wide->getResult(0), *output, group.pool);
  return {};
}

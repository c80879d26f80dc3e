//===- Elementwise.cpp - add, sub and mul on i32 --------------------------===//
//
// Each operand is widened to i32 without its zero point (add and sub at a
// common scale, mul at its own), the op runs on the wide values (mul keeps
// its shift operand) and one rescale takes the result to the output. A mul
// of a sub by itself is TFLite's SQUARED_DIFFERENCE, and a select between x
// and x * alpha on the sign of x is PReLU; both are lowered as TFLite's
// kernels compute them.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"

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

/// One input of a SQUARED_DIFFERENCE to i32: TFLite shifts it left by k,
/// then multiplies by scale / (2 max scale) with its own rounding. One
/// rescale by the product rounds differently (a 1 LSB difference seen
/// against TFLite Micro), so unless that factor is a power of two the
/// shift is an exact rescale of its own.
struct SquaredDifferenceWiden {
  RescaleSpec first;
  std::optional<RescaleSpec> second;

  Value build(OpBuilder &builder, Location loc, Value stored,
              ConstantPool *pool) const {
    Type i32 = builder.getI32Type();
    Value wide = buildRescale(builder, loc, stored, withElement(stored, i32),
                              first, pool);
    if (!second)
      return wide;
    return buildRescale(builder, loc, wide, withElement(wide, i32), *second,
                        pool);
  }
};

WhyNotOr<SquaredDifferenceWiden>
planSquaredDifferenceWiden(const ChannelParams &params, int leftShift,
                           double factor, const Group &group) {
  double multiplier = std::ldexp(factor, -leftShift);
  int exponent = 0;
  bool powerOfTwo = std::frexp(multiplier, &exponent) == 0.5;
  WhyNotOr<RescaleSpec> first = planWiden(
      params, powerOfTwo ? factor : std::ldexp(1.0, leftShift), group.rounding);
  if (first.refused())
    return std::move(first).whyNot();
  SquaredDifferenceWiden plan{*first, std::nullopt};
  if (powerOfTwo)
    return plan;
  WhyNotOr<RescaleSpec> second =
      planWiden(accumulatorParams({1.0}), multiplier, group.rounding);
  if (second.refused())
    return std::move(second).whyNot();
  plan.second = *second;
  return plan;
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
  WhyNotOr<SquaredDifferenceWiden> lhsSpec =
      planSquaredDifferenceWiden(lhs->params, leftShift, lhsFactor, group);
  if (lhsSpec.refused())
    return std::move(lhsSpec).whyNot();
  WhyNotOr<SquaredDifferenceWiden> rhsSpec =
      planSquaredDifferenceWiden(rhs->params, leftShift, rhsFactor, group);
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
  Value widened[] = {lhsSpec->build(builder, loc, lhs->stored, group.pool),
                     rhsSpec->build(builder, loc, rhs->stored, group.pool)};
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

/// select(x >= 0, x, x * alpha), or with x > 0: PReLU as the TFLite import
/// writes it (and LEAKY_RELU with a tensor slope), x and alpha dequantized.
struct PReluMatch {
  ArithmeticOperand x;
  ArithmeticOperand alpha;
  tosa::MulOp scaled;
  Operation *compare;
};

WhyNotOr<PReluMatch> matchPRelu(tosa::SelectOp select) {
  Value x = select.getInput2();
  Operation *compare = select.getInput1().getDefiningOp();
  if (!isa_and_present<tosa::GreaterEqualOp, tosa::GreaterOp>(compare) ||
      compare->getOperand(0) != x ||
      !matchPattern(compare->getOperand(1), m_AnyZeroFloat()))
    return "its condition is not its first value compared with 0 (the "
           "select of a PReLU)";
  auto scaled = select.getInput3().getDefiningOp<tosa::MulOp>();
  if (!scaled || (scaled.getInput1() != x && scaled.getInput2() != x))
    return "its second value is not its first times a slope (the select of "
           "a PReLU)";
  std::optional<int64_t> shift = getScalarIntConstant(scaled.getShift());
  if (!shift || *shift != 0)
    return "its 'tosa.mul' has a shift operand that is not a constant 0";
  for (Operation *inner : {compare, scaled.getOperation()})
    if (llvm::any_of(inner->getUsers(),
                     [&](Operation *user) { return user != select; }))
      return WhyNot::format("its '" + inner->getName().getStringRef() +
                            "' has users outside the PReLU");
  WhyNotOr<ArithmeticOperand> value =
      getArithmeticOperand(select, 1, "its value", std::nullopt);
  if (value.refused())
    return std::move(value).whyNot();
  unsigned alphaIndex = scaled.getInput1() == x ? 1 : 0;
  WhyNotOr<ArithmeticOperand> alpha =
      getArithmeticOperand(scaled, alphaIndex, "its slope", std::nullopt);
  if (alpha.refused())
    return std::move(alpha).whyNot();
  return PReluMatch{*value, *alpha, scaled, compare};
}

/// A tosa.clamp of a stored value to [low, high].
Value buildStoredClamp(OpBuilder &builder, Location loc, Value stored,
                       int64_t low, int64_t high) {
  Type element = cast<RankedTensorType>(stored.getType()).getElementType();
  return tosa::ClampOp::create(
      builder, loc, stored.getType(), stored,
      builder.getIntegerAttr(element, low),
      builder.getIntegerAttr(element, high),
      tosa::NanPropagationModeAttr::get(builder.getContext(),
                                        tosa::NanPropagationMode::PROPAGATE));
}

/// Vela 5.2 fuses an ADD or SUB with its RESCALEs into one Ethos-U55
/// elementwise operation only when the two operands' factors differ; when
/// both operands have the same scale (the same widening by 2^19) it runs
/// each RESCALE as two operations of its own, five operations where one
/// does (test/Target/EthosU/vela-add-fusion.mlir). A widening by a power of
/// two, 2^30 >> s, becomes (2^30 - 1) >> s on the second operand: x (2^30 -
/// 1) + 2^(s-1) = x 2^30 + (2^(s-1) - x), and for -2^(s-1) < x <= 2^(s-1)
/// the last term stays in [0, 2^s), so the shifted result is still x 2^(30
/// - s), exactly.
void distinguishEqualWidening(const RescaleSpec &lhs, RescaleSpec &rhs,
                              const ChannelParams &rhsParams) {
  if (lhs.factors.size() != 1 || rhs.factors.size() != 1)
    return;
  RescaleFactor &factor = rhs.factors.front();
  const RescaleFactor &other = lhs.factors.front();
  if (factor.multiplier != other.multiplier || factor.shift != other.shift ||
      factor.multiplier != (int32_t(1) << 30))
    return;
  double bound = std::ldexp(1.0, factor.shift - 1);
  if (rhsParams.storageMin - rhsParams.zeroPoint <= -bound ||
      rhsParams.storageMax - rhsParams.zeroPoint > bound)
    return;
  factor.multiplier -= 1;
}

/// Whether `one` is a per-tensor constant whose every stored value is 1
/// above its zero point, of all-ones shape against `other`: a product with
/// it is `other` at the scale times `one`'s (LEAKY_RELU's slope, as the
/// TFLite import writes it).
bool isStoredOne(const ArithmeticOperand &one, Value other) {
  DenseIntElementsAttr values;
  if (one.params.scales.size() != 1 ||
      !matchPattern(one.stored, m_Constant(&values)) || !values.isSplat() ||
      values.getSplatValue<APInt>().getSExtValue() - one.params.zeroPoint != 1)
    return false;
  auto type = cast<RankedTensorType>(one.stored.getType());
  auto otherType = cast<RankedTensorType>(other.getType());
  return type.getRank() == otherType.getRank() &&
         llvm::all_of(type.getShape(), [](int64_t size) { return size == 1; });
}

/// quantize(x * one): x's stored value rescaled once to the output at
/// x's scale times `oneScale`. The general form (both to i32, a multiply by
/// 1, one rescale) computes the same; this is one op, which Vela 5.2 fuses
/// with the maximum of a LEAKY_RELU (an int16 one from 17,998 Ethos-U85
/// cycles to 640, the TFLite route's).
WhyNot lowerProductWithOne(Group &group, const ArithmeticOperand &x,
                           double oneScale) {
  ChannelParams scaled = x.params;
  for (double &scale : scaled.scales)
    scale *= oneScale;
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, scaled, getElementTypeOrSelf(x.stored.getType()),
      group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};
  group.lowered = emitOutputRescale(*group.builder, group.loc(), x.stored,
                                    *output, group.pool);
  return {};
}

} // namespace

/// PReLU as TFLite's kernel computes it:} // namespace

/// PReLU as TFLite's kernel computes it: where x >= its zero point, x
/// rescaled to the output; elsewhere (x - zp) * (alpha - zp_alpha) on i32,
/// rescaled to the output; one rounding either way. Ethos-U has no select:
/// x is clamped to each side of its zero point, both sides go to i32 at
/// the output's scale (the other side is 0 there), and their sum takes the
/// output's zero point in a last, exact rescale.
WhyNot lowering::lowerPRelu(Group &group) {
  auto select = cast<tosa::SelectOp>(group.op);
  WhyNotOr<PReluMatch> match = matchPRelu(select);
  if (match.refused())
    return std::move(match).whyNot();
  const ChannelParams &x = match->x.params;
  const ChannelParams &alpha = match->alpha.params;
  auto outType =
      dyn_cast<quant::UniformQuantizedType>(group.quantize.getQtype());
  if (!outType)
    return "its output is not quantized per tensor";
  double outScale = outType.getScale();
  if (largestMagnitude(x) * largestMagnitude(alpha) > kInt32Max)
    return "the product of its value's and slope's ranges overflows i32";
  WhyNotOr<RescaleSpec> positiveSpec =
      planWiden(x, x.scale(0) / outScale, group.rounding);
  if (positiveSpec.refused())
    return std::move(positiveSpec).whyNot();
  WhyNotOr<RescaleSpec> negativeSpec = planWiden(x, 1.0, group.rounding);
  if (negativeSpec.refused())
    return std::move(negativeSpec).whyNot();
  WhyNotOr<RescaleSpec> alphaSpec = planWiden(alpha, 1.0, group.rounding);
  if (alphaSpec.refused())
    return std::move(alphaSpec).whyNot();
  // The product, an i32 accumulator, to i32 at the output's scale.
  WhyNotOr<RescaleSpec> productSpec =
      planWiden(accumulatorParams({1.0}),
                x.scale(0) * alpha.scale(0) / outScale, group.rounding);
  if (productSpec.refused())
    return std::move(productSpec).whyNot();
  Type i32 = IntegerType::get(select->getContext(), 32);
  WhyNotOr<OutputRescale> output = planOutputRescale(
      group.quantize, accumulatorParams({outScale}), i32, group.rounding);
  if (output.refused())
    return std::move(output).whyNot();
  if (!group.builder)
    return {};

  OpBuilder &builder = *group.builder;
  Location loc = group.loc();
  Value stored = match->x.stored;
  RankedTensorType wideResult = withElement(select.getResult(), i32);
  Value positive = buildRescale(
      builder, loc,
      buildStoredClamp(builder, loc, stored, x.zeroPoint, x.storageMax),
      withElement(stored, i32), *positiveSpec, group.pool);
  Value negative = buildRescale(
      builder, loc,
      buildStoredClamp(builder, loc, stored, x.storageMin, x.zeroPoint),
      withElement(stored, i32), *negativeSpec, group.pool);
  Value slope = buildRescale(builder, loc, match->alpha.stored,
                             withElement(match->alpha.stored, i32), *alphaSpec,
                             group.pool);
  Value product = cloneOnIntegers(builder, match->scaled,
                                  {negative, slope, match->scaled.getShift()},
                                  withElement(match->scaled.getResult(), i32))
                      ->getResult(0);
  Value negativeOut =
      buildRescale(builder, loc, product, withElement(product, i32),
                   *productSpec, group.pool);
  Value sum =
      tosa::AddOp::create(builder, loc, wideResult, positive, negativeOut);
  group.lowered = emitOutputRescale(builder, loc, sum, *output, group.pool);
  group.absorbed = {match->scaled, match->compare};
  return {};
}

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

  if (mul)
    for (auto [value, one] : {std::pair(&*lhs, &*rhs), std::pair(&*rhs, &*lhs)})
      if (isStoredOne(*one, value->stored))
        return lowerProductWithOne(group, *value, one->params.scale(0));

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
    // ten times the cycles (test/Target/EthosU/vela-add-fusion.mlir). With
    // a 16-bit operand it fuses at exactly 2^14 (TFLite's int16 ADD, 2^15
    // times 1/2), not at 2^15, 2^13 or 2^16.
    double largestScale = std::max(lhs->params.scale(0), rhs->params.scale(0));
    double headroom =
        largestMagnitude(lhs->params) * lhs->params.scale(0) / largestScale +
        largestMagnitude(rhs->params) * rhs->params.scale(0) / largestScale +
        2.0;
    unsigned widest = std::max(lhs->params.width, rhs->params.width);
    int shiftBits =
        std::min(widest > 8 ? 14 : 19,
                 static_cast<int>(std::floor(std::log2(kInt32Max / headroom))));
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
  if (!mul)
    distinguishEqualWidening(*lhsSpec, *rhsSpec, rhs->params);
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

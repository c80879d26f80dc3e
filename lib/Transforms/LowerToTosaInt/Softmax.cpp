//===- Softmax.cpp - The float softmax as integer TOSA --------------------===//
//
// qtosa-translate --import-tflite writes SOFTMAX as float TOSA between a
// dequantize and a quantize (docs/tflite-import.md):
//
//   m = reduce_max(x), e = exp((x - m) [* beta]),
//   y = e * reciprocal(reduce_sum(e))
//
// all over the last axis. The group's op is the final mul; when the chain
// above it is exactly that form, this file replaces the whole chain by
// integer TOSA. Everything else stays float with a reason.
//
// The integer form works on d = max - q >= 0, the stored input's distance
// from its row's maximum (zero points cancel):
//   exp(-beta * s * d)  8-bit input: one factor, a table over d in 0..255.
//                       16-bit input: d = 256 h + l, two factors, tables
//                       over h and l. A factor's Q0.31 value comes from
//                       i8-indexed tosa.table ops, one per byte (TABLE has
//                       8-bit outputs), each widened to i32 in its place;
//                       for at most 16 rows each table reads an index
//                       chain of its own (IndexChain and
//                       SoftmaxBuilder::lookUp say why).
//   sum                 arithmetic_right_shift by k (round), reduce_sum.
//   1 / sum             clz normalizes the sum to [1, 2); three
//                       Newton-Raphson steps on i32 muls (gemmlowp's
//                       one_over_one_plus_x_for_x_in_0_1).
//   e / sum             mul (shift 30), then a rounding right shift by
//                       k + 31 - U - clz gives the probability times 2^U;
//                       a rescale moves it to the output's parameters.
// For 8-bit input and TFLite's output parameters (i8: scale 1/256, zero
// point -128, at most 511 values a row; i16: 1/65536, -32768), the table
// holds gemmlowp's exp_on_negative_values of TFLite's rescaled difference
// (beta, input multiplier, diff_min cut-off), k = 12 and U = 8 or 16:
// TFLite's int8 reference kernel step by step. Otherwise the tables hold exp
// rounded to Q0.31, and U = 15.
//
// Only i8 tables, i32 arithmetic, clz, shifts, rescales and reductions on
// the stored type: TOSA 1.0 PRO-INT, and ops Ethos-U55 runs (no int16
// TABLE, no BITWISE, no i32 REDUCE_MAX).
//
//===----------------------------------------------------------------------===//

#include "FixedPoint.h"
#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;
using namespace mlir::qtosa::lowering::fixed_point;

namespace {

constexpr int64_t kQ31One = std::numeric_limits<int32_t>::max();

//===----------------------------------------------------------------------===//
// Matching the importer's form
//===----------------------------------------------------------------------===//

struct SoftmaxMatch {
  Dequantized input;
  double beta = 1.0;
  int64_t rowLength = 0;
  int32_t axis = 0;
  /// The float ops above the final mul, consumers first.
  SmallVector<Operation *> chain;
};

bool hasOnlyUsers(Value value, ArrayRef<Operation *> users) {
  return llvm::all_of(value.getUsers(), [&](Operation *user) {
    return llvm::is_contained(users, user);
  });
}

bool hasZeroShift(tosa::MulOp mul) {
  std::optional<int64_t> shift = getScalarIntConstant(mul.getShift());
  return shift && *shift == 0;
}

/// The final mul of a softmax: exp(..) * reciprocal(reduce_sum(that exp)).
/// Only such a mul is the softmax lowering's; any other goes to the
/// arithmetic lowering.
bool looksLikeSoftmax(tosa::MulOp mul) {
  auto exp = mul.getInput1().getDefiningOp<tosa::ExpOp>();
  auto reciprocal = mul.getInput2().getDefiningOp<tosa::ReciprocalOp>();
  if (!exp || !reciprocal)
    return false;
  auto sum = reciprocal.getInput1().getDefiningOp<tosa::ReduceSumOp>();
  return sum && sum.getInput() == exp.getResult();
}

WhyNotOr<SoftmaxMatch> matchSoftmax(tosa::MulOp mul) {
  auto exp = mul.getInput1().getDefiningOp<tosa::ExpOp>();
  auto reciprocal = mul.getInput2().getDefiningOp<tosa::ReciprocalOp>();
  auto sum = reciprocal.getInput1().getDefiningOp<tosa::ReduceSumOp>();
  auto type = dyn_cast<RankedTensorType>(exp.getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0)
    return "a softmax needs a static, non-scalar shape";
  int32_t last = type.getRank() - 1;
  if (!hasZeroShift(mul))
    return "the softmax's final mul has a nonzero shift";
  if (sum.getAxis() != static_cast<uint32_t>(last))
    return WhyNot::format(
        llvm::formatv("the softmax sums over axis {0}, not the last ({1})",
                      sum.getAxis(), last));
  if (!hasOnlyUsers(exp.getResult(), {sum, mul}) ||
      !hasOnlyUsers(sum.getResult(), {reciprocal}) ||
      !hasOnlyUsers(reciprocal.getResult(), {mul}))
    return "a value inside the softmax has users outside it";

  SoftmaxMatch match;
  match.axis = last;
  match.rowLength = type.getDimSize(last);
  match.chain = {reciprocal, sum, exp};
  Value argument = exp.getInput1();
  if (auto scale = argument.getDefiningOp<tosa::MulOp>()) {
    std::optional<float> beta = getScalarFloatConstant(scale.getInput2());
    if (!beta || !hasZeroShift(scale))
      return "the softmax's exp argument is scaled by something other than "
             "a constant beta";
    if (!(*beta > 0.0f) || !std::isfinite(*beta))
      return WhyNot::format("the softmax's beta " + formatReal(*beta) +
                            " is not a positive number");
    if (!hasOnlyUsers(scale.getResult(), {exp}))
      return "a value inside the softmax has users outside it";
    match.beta = *beta;
    match.chain.push_back(scale);
    argument = scale.getInput1();
  }
  auto sub = argument.getDefiningOp<tosa::SubOp>();
  if (!sub)
    return "the softmax's exp does not read x - max(x)";
  WhyNotOr<Dequantized> input = requireDequantized(sub, 0, "softmax input");
  if (input.refused())
    return std::move(input).whyNot();
  match.input = *input;
  // The maximum in float, or (after qtosa-share-qspecs with
  // duplicate-dequantize) on the stored values with the input's parameters.
  auto max = sub.getInput2().getDefiningOp<tosa::ReduceMaxOp>();
  Operation *maxUser = sub;
  auto maxDequantize = sub.getInput2().getDefiningOp<DequantizeOp>();
  if (maxDequantize && maxDequantize.getQtype() == input->qtype) {
    max = maxDequantize.getInput().getDefiningOp<tosa::ReduceMaxOp>();
    maxUser = maxDequantize;
    if (!max || max.getInput() != input->stored)
      return "the softmax's exp does not read x - max(x)";
  } else if (!max || max.getInput() != sub.getInput1()) {
    return "the softmax's exp does not read x - max(x)";
  }
  if (max.getAxis() != static_cast<uint32_t>(last))
    return WhyNot::format(llvm::formatv(
        "the softmax's maximum is over axis {0}, not the last ({1})",
        max.getAxis(), last));
  if (!hasOnlyUsers(sub.getResult(), {match.chain.back()}) ||
      !hasOnlyUsers(max.getResult(), {maxUser}) ||
      (maxUser != sub && !hasOnlyUsers(maxDequantize.getResult(), {sub})))
    return "a value inside the softmax has users outside it";
  match.chain.push_back(sub);
  match.chain.push_back(max);
  return match;
}

//===----------------------------------------------------------------------===//
// gemmlowp's fixed-point arithmetic, as TFLite's int8 softmax runs it
//===----------------------------------------------------------------------===//

/// exp(a) for a in [-1/4, 0), both Q0.31: a Taylor polynomial around -1/8.
int32_t expOnQuarterInterval(int32_t a) {
  const int32_t expMinusEighth = 1895147668;
  const int32_t oneThird = 715827883;
  int32_t x = a + (1 << 28);
  int32_t x2 = doublingHighMul(x, x);
  int32_t x3 = doublingHighMul(x2, x);
  int32_t x4 = doublingHighMul(x2, x2);
  int32_t x4Over4 = roundingDivideByPowerOfTwo(x4, 2);
  int32_t terms = roundingDivideByPowerOfTwo(
      doublingHighMul(x4Over4 + x3, oneThird) + x2, 1);
  return expMinusEighth + doublingHighMul(expMinusEighth, x + terms);
}

/// exp(a) for a <= 0 in Q5.26, as Q0.31: the quarter interval, then one
/// multiplication by exp(-2^k) per set bit of the rest.
int32_t expOnNegativeValues(int32_t a) {
  if (a == 0)
    return static_cast<int32_t>(kQ31One);
  const int fractionBits = 26;
  const int32_t quarter = 1 << (fractionBits - 2);
  int32_t inQuarter = (a & (quarter - 1)) - quarter;
  int32_t result = expOnQuarterInterval(inQuarter * 32);
  int32_t rest = inQuarter - a;
  // exp(-1/4), exp(-1/2), exp(-1), exp(-2), exp(-4), exp(-8), exp(-16).
  const int32_t multipliers[] = {1672461947, 1302514674, 790015084, 290630308,
                                 39332535,   720401,     242};
  for (int exponent = -2; exponent <= 4; ++exponent)
    if (rest & (1 << (fractionBits + exponent)))
      result = doublingHighMul(result, multipliers[exponent + 2]);
  return result;
}

/// TFLite's int8 exp(beta * s * (q - max)) for d = max - q in 0..255.
SmallVector<int64_t> tfliteInt8ExpTable(double beta, double scale) {
  const int diffIntegerBits = 5;
  double real = std::min(beta * scale * (1 << (31 - diffIntegerBits)),
                         static_cast<double>(kQ31One));
  auto [multiplier, leftShift] = quantizeMultiplier(real);
  double radius = ((1 << diffIntegerBits) - 1) *
                  std::ldexp(1.0, 31 - diffIntegerBits) /
                  std::ldexp(1.0, leftShift);
  int64_t diffMin = -static_cast<int64_t>(std::floor(radius));
  SmallVector<int64_t> table;
  for (int64_t d = 0; d < 256; ++d) {
    if (-d < diffMin) {
      table.push_back(0);
      continue;
    }
    int32_t rescaled = doublingHighMul(
        static_cast<int32_t>(-d * (int64_t(1) << leftShift)), multiplier);
    table.push_back(expOnNegativeValues(rescaled));
  }
  return table;
}

/// exp(-step * i) in Q0.31 for i in 0..255, rounded.
SmallVector<int64_t> exactExpTable(double step) {
  SmallVector<int64_t> table;
  for (int64_t i = 0; i < 256; ++i)
    table.push_back(std::min<int64_t>(
        kQ31One, std::llround(std::exp(-step * i) * std::ldexp(1.0, 31))));
  return table;
}

//===----------------------------------------------------------------------===//
// The plan
//===----------------------------------------------------------------------===//

struct SoftmaxPlan {
  /// One table (8-bit input) or two (16-bit: high and low byte of d), each
  /// 256 Q0.31 values.
  SmallVector<SmallVector<int64_t>> factors;
  /// The bytes of each Q0.31 value that the graph reads (from the top).
  int firstByte = 0;
  int accumulationShift = 0; // k
  int unitBits = 0;          // U
  OutputRescale output;
  /// Set instead of `output` when the output is i16 with this zero point.
  std::optional<int64_t> wideZeroPoint;
};

/// Largest Q0.31 value the exp tables produce.
int64_t largestExp(const SoftmaxPlan &plan) {
  int64_t dropped = (int64_t(1) << (8 * plan.firstByte)) - 1;
  int64_t value = kQ31One & ~dropped;
  if (plan.factors.size() == 2)
    value = doublingHighMul(value, value);
  return value;
}

/// Whether the sum and the final shift stay in range with accumulation
/// shift k: the sum below 2^31 for any row, and the final right shift
/// k + 31 - U - clz(sum) in 0..31 (TOSA's limit) from the smallest sum (the
/// maximum alone) to the largest (every element at the maximum).
bool shiftsFit(const SoftmaxPlan &plan, int64_t rowLength, int k) {
  int64_t largest = largestExp(plan);
  int64_t term = (largest + (int64_t(1) << (k - 1))) >> k;
  int64_t largestSum = rowLength * term;
  if (largestSum >= (int64_t(1) << 31) || term == 0)
    return false;
  int fewestZeros = llvm::countl_zero(static_cast<uint32_t>(largestSum));
  int mostZeros = llvm::countl_zero(static_cast<uint32_t>(term));
  int base = k + 31 - plan.unitBits;
  return base - fewestZeros <= 31 && base - mostZeros >= 0 && fewestZeros >= 1;
}

WhyNotOr<SoftmaxPlan> planSoftmax(const SoftmaxMatch &match,
                                  QuantizeOp quantize,
                                  RescaleRounding rounding) {
  WhyNotOr<ChannelParams> in =
      getArithmeticParams(match.input.qtype, std::nullopt, "the softmax input",
                          /*allowInt4=*/false);
  if (in.refused())
    return std::move(in).whyNot();
  if (in->scales.size() != 1)
    return "the softmax input has per-channel parameters";
  WhyNotOr<ChannelParams> out =
      getChannelParams(quantize.getQtype(), std::nullopt, "the output");
  if (out.refused())
    return std::move(out).whyNot();
  if (out->scales.size() != 1)
    return "the softmax output has per-channel parameters";

  double step = match.beta * in->scale(0);
  SoftmaxPlan plan;
  // TFLite's int8 kernel writes int8 (scale 1/256, zero point -128) or
  // int16 (1/65536, -32768): the probability times 2^8 or 2^16, shifted by
  // the type's minimum. TFLite accepts output scales within 0.1% of those
  // (converters write 1/65535) and ignores the difference; so does this.
  auto isTFLiteOutput = [&](unsigned width) {
    double unit = std::ldexp(1.0, -static_cast<int>(width));
    return out->width == width && out->isSigned && !out->narrow &&
           std::fabs(out->scale(0) - unit) <= 0.001 * unit &&
           out->zeroPoint == -(int64_t(1) << (width - 1));
  };
  bool tfliteInt8 = in->width == 8 && (isTFLiteOutput(8) || isTFLiteOutput(16));
  if (tfliteInt8) {
    plan.factors = {tfliteInt8ExpTable(match.beta, in->scale(0))};
    plan.accumulationShift = 12;
    plan.unitBits = out->width;
    tfliteInt8 = shiftsFit(plan, match.rowLength, 12);
  }
  if (tfliteInt8 && out->width == 16) {
    // tosa.rescale takes no zero point on i16: subtract it on i32 and
    // saturate with a rescale by 1.
    plan.wideZeroPoint = out->zeroPoint;
    return plan;
  }
  if (!tfliteInt8) {
    plan.unitBits = 15;
    if (in->width == 8) {
      plan.factors = {exactExpTable(step)};
    } else {
      plan.factors = {exactExpTable(256 * step), exactExpTable(step)};
      plan.firstByte = 1;
    }
    plan.accumulationShift = 0;
    for (int k = 1; k <= 16 && !plan.accumulationShift; ++k)
      if (shiftsFit(plan, match.rowLength, k))
        plan.accumulationShift = k;
    if (!plan.accumulationShift)
      return WhyNot::format(llvm::formatv(
          "a softmax over {0} values overflows its i32 sum", match.rowLength));
  }
  WhyNotOr<OutputRescale> output = planOutputRescale(
      quantize, accumulatorParams({std::ldexp(1.0, -plan.unitBits)}),
      IntegerType::get(quantize.getContext(), 32), rounding);
  if (output.refused())
    return std::move(output).whyNot();
  plan.output = std::move(*output);
  return plan;
}

//===----------------------------------------------------------------------===//
// Rows of two
//===----------------------------------------------------------------------===//

/// A row of two stored values a, b: each output is a function of its own
/// t = a - b alone (the maximum makes one distance 0, the other |t|), t in
/// -255..255. So the softmax is a 1x1 convolution giving (a - b, b - a) and
/// a table of t:
/// - where the function is constant for t >= 127 and for t <= -128 (logits
///   more than about 6 apart in real terms at the ends), a saturating
///   rescale to i8 and one 8-bit table;
/// - otherwise a rescale by 128 to i16 and a 16-bit table: t * 128 indexes
///   entry t + 256 with no fraction, so the interpolation is exact, and a
///   rescale by 1/128 gives the entry back.
/// Vela 5.2 runs the 8-bit form as one NPU operation; the general form is
/// about twenty (the U-Net's two-class softmax over 1,024 positions took
/// about 40,000 Ethos-U55 cycles as four byte tables and i32 arithmetic).
///
/// The table is what buildSoftmax's graph computes for t, evaluated here op
/// by op with TOSA 1.0's arithmetic: TFLite's int8 kernel where the plan
/// follows it, bit for bit.
class PairTable {
public:
  explicit PairTable(const SoftmaxPlan &plan) : plan(plan) {}

  /// Whether the plan is one the table can follow: an 8-bit input (one exp
  /// factor over d in 0..255), a signed 8-bit output by one rescale.
  static bool applies(const SoftmaxMatch &match, const SoftmaxPlan &plan) {
    const RescaleSpec &spec = plan.output.spec;
    return match.rowLength == 2 && plan.factors.size() == 1 &&
           plan.firstByte == 0 && !plan.wideZeroPoint && plan.output.type &&
           plan.output.type.getElementType().isSignlessInteger(8) &&
           spec.factors.size() == 1 && !spec.inputUnsigned &&
           !spec.outputUnsigned;
  }

  /// The stored output for t (PairTable::applies holds).
  int64_t output(int64_t t) const {
    int64_t self = t >= 0 ? 0 : -t, other = t >= 0 ? t : 0;
    const SmallVector<int64_t> &exp = plan.factors.front();
    int k = plan.accumulationShift;
    int64_t sum =
        roundingShiftRight(exp[self], k) + roundingShiftRight(exp[other], k);
    int zeros = llvm::countl_zero(static_cast<uint32_t>(sum));
    int64_t halfDenominator = wrap32(sum << (zeros - 1));
    int64_t estimate =
        wrap32(1515870810 - roundingMul(halfDenominator, 1010580540, 31));
    for (int step = 0; step < 3; ++step) {
      int64_t product = roundingMul(halfDenominator, estimate, 31);
      int64_t error = wrap32((int64_t(1) << 29) - product);
      int64_t correction = roundingMul(estimate, error, 31);
      estimate = wrap32(estimate + wrap32(correction * 4));
    }
    int64_t scaled = roundingMul(exp[self], estimate, 30);
    int64_t unit = roundingShiftRight(scaled, k + 31 - plan.unitBits - zeros);
    const RescaleSpec &spec = plan.output.spec;
    int64_t result =
        applyRescaleFactor(unit - spec.inputZeroPoint, spec.factors.front(),
                           spec.doubleRound) +
        spec.outputZeroPoint;
    result = std::clamp<int64_t>(result, -128, 127);
    if (plan.output.clamp)
      result = std::clamp(result, plan.output.clamp->first,
                          plan.output.clamp->second);
    return result;
  }

  /// The 8-bit table for t in -128..127, or nullopt where some t outside
  /// that range has another output than the range's end.
  std::optional<SmallVector<int8_t>> entries8() const {
    for (int64_t t = 128; t <= 255; ++t)
      if (output(t) != output(127) || output(-t) != output(-128))
        return std::nullopt;
    SmallVector<int8_t> table;
    for (int64_t t = -128; t <= 127; ++t)
      table.push_back(static_cast<int8_t>(output(t)));
    return table;
  }

  /// The 16-bit table: entry j holds the output for t = j - 256 (t * 128
  /// indexes it); entries 0 and 512, which no t reads, repeat the ends.
  SmallVector<int16_t> entries16() const {
    SmallVector<int16_t> table;
    for (int64_t j = 0; j < kTable16Entries; ++j)
      table.push_back(static_cast<int16_t>(
          output(std::clamp<int64_t>(j - 256, -255, 255))));
    return table;
  }

private:
  static int64_t wrap32(int64_t value) {
    return static_cast<int32_t>(static_cast<uint32_t>(value));
  }
  /// tosa.arithmetic_right_shift with round: half up.
  static int64_t roundingShiftRight(int64_t value, int shift) {
    return shift > 0 ? (value + (int64_t(1) << (shift - 1))) >> shift : value;
  }
  /// tosa.mul of i32 with a shift: half up.
  static int64_t roundingMul(int64_t a, int64_t b, int shift) {
    return (a * b + (int64_t(1) << (shift - 1))) >> shift;
  }

  const SoftmaxPlan &plan;
};

/// The softmax of rows of two as PairTable says: (a - b, b - a) by a 1x1
/// convolution, then the 8-bit or the 16-bit table of t.
Value buildPairSoftmax(OpBuilder &builder, ConstantPool *pool, Location loc,
                       Value stored, const PairTable &pairs,
                       RankedTensorType outType) {
  auto storedType = cast<RankedTensorType>(stored.getType());
  Type i8 = builder.getI8Type(), i16 = builder.getI16Type(),
       i32 = builder.getI32Type();
  ImplicitLocOpBuilder b(loc, builder);
  auto reshape = [&](Value value, ArrayRef<int64_t> shape) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getShape() == shape)
      return value;
    return tosa::ReshapeOp::create(b, type.clone(shape), value,
                                   tosa::getTosaConstShape(b, shape));
  };
  SmallVector<int64_t> convShape(storedType.getShape());
  if (storedType.getRank() != 4)
    convShape = {1, 1, storedType.getNumElements() / 2, 2};
  Value rows = reshape(stored, convShape);

  auto weightType = RankedTensorType::get({2, 1, 1, 2}, i8);
  const int8_t weights[] = {1, -1, -1, 1};
  Value weight =
      pool->get(builder, loc,
                DenseElementsAttr::get(weightType, ArrayRef<int8_t>(weights)));
  auto biasType = RankedTensorType::get({2}, i32);
  Value bias =
      pool->get(builder, loc,
                DenseElementsAttr::get(biasType, builder.getI32IntegerAttr(0)));
  // Zero points 0 for both: the weights sum to zero, so the input's zero
  // point cancels.
  Value zero = buildIntegerScalar(builder, loc, i8, 0, pool);
  Value differences = tosa::Conv2DOp::create(
      builder, loc, RankedTensorType::get(convShape, i32), rows, weight, bias,
      zero, zero, builder.getDenseI64ArrayAttr({0, 0, 0, 0}),
      builder.getDenseI64ArrayAttr({1, 1}),
      builder.getDenseI64ArrayAttr({1, 1}), TypeAttr::get(i32));
  auto convType = RankedTensorType::get(convShape, i8);
  Value result;
  if (std::optional<SmallVector<int8_t>> table = pairs.entries8()) {
    Value index = buildRescale(builder, loc, differences, convType,
                               unitRescaleSpec(), pool);
    result = buildTable8(builder, loc, index, *table, convType);
  } else {
    auto bySpec = [](double factor) {
      RescaleSpec spec = unitRescaleSpec();
      spec.factors = {*computeRescaleFactor(factor, /*scale32=*/true)};
      return spec;
    };
    Value index = buildRescale(builder, loc, differences, convType.clone(i16),
                               bySpec(kTable16Step), pool);
    Value entry = buildTable16(builder, loc, index, pairs.entries16());
    result = buildRescale(builder, loc, entry, convType,
                          bySpec(1.0 / kTable16Step), pool);
  }
  return reshape(result, outType.getShape());
}

//===----------------------------------------------------------------------===//
// Building
//===----------------------------------------------------------------------===//

/// Softmaxes of at most this many rows give each byte table an index chain
/// of its own (IndexChain).
constexpr int64_t kPrivateIndexRows = 16;

/// The i8 index the byte tables read: built once and shared, or built again
/// for each table. Vela 5.2 fuses a TABLE into its producer, and that
/// producer's input rescales into it, only when each has one consumer;
/// tables sharing an index run as standalone LUT passes, each with a fixed
/// cost of about 300-400 cycles. Private chains remove those passes but add
/// i32 passes (a subtraction and rescales per table). Measured with Vela 5.2
/// on int8 softmaxes (session 25, cycles shared -> private):
///
///   rows x length   Ethos-U55         Ethos-U85
///   1 x 2           2,496 -> 1,043    1,956 -> 593
///   1 x 10          2,637 -> 1,085    2,020 -> 642
///   1 x 1001        37,478 -> 33,246  27,761 -> 23,073
///   16 x 4          9,869 -> 8,509    5,248 -> 4,820
///   16 x 8          13,365 -> 13,365  6,312 -> 5,396
///   64 x 2          7,464 -> 6,280    4,703 -> 7,623
///   64 x 8          26,404 -> 27,748  11,707 -> 10,395
///   256 x 4         40,197 -> 38,533  21,127 -> 32,519
///   256 x 8         102,464 -> 108,992  50,327 -> 46,615
///   1024 x 2        94,028 -> 91,340  53,765 -> 115,973
///
/// Up to 16 rows (classifier heads) private chains win on both targets;
/// beyond, each target loses on some shapes, and the shared index stays.
struct IndexChain {
  llvm::function_ref<Value()> build;
  bool shared;
  Value built = {};

  Value operator()() {
    if (!shared)
      return build();
    if (!built)
      built = build();
    return built;
  }
};

class SoftmaxBuilder : public I32Arithmetic {
public:
  using I32Arithmetic::I32Arithmetic;

  /// The Q0.31 value `table[index + 128]`, with `index` giving the i8 index
  /// (IndexChain): one 8-bit tosa.table per byte, each widened to i32 in
  /// its place. Byte 3 of a Q0.31 value is 0..127: stored as it is, cast
  /// and shifted. A lower byte is stored less 128 and widened by either
  /// - a rescale by 2^(8 byte) from zero point -128 (Vela 5.2: an add and
  ///   an i32 multiply), or
  /// - a cast and a shift, with one add of the 128s for all bytes (cheaper
  ///   per byte on Ethos-U85 for small tensors, but one more i32 pass).
  /// Measured (session 25, cycles rescale -> cast): a 10-wide row on
  /// Ethos-U85 2,202 -> 1,982 (Ethos-U55 1,936 both); the 16-bit U-Net's
  /// softmax over 1,024 rows 348,612 -> 353,732 (Ethos-U55) and 186,303 ->
  /// 188,863 (Ethos-U85). Private index chains go with casts.
  Value lookUp(IndexChain &index, ArrayRef<int64_t> table, int firstByte) {
    bool castLowerBytes = !index.shared;
    Value sum;
    int64_t restored = 0;
    for (int byte = 3; byte >= firstByte; --byte) {
      int64_t stored = byte == 3 ? 0 : 128;
      SmallVector<int8_t> entries;
      for (int64_t value : table)
        entries.push_back(
            static_cast<int8_t>(((value >> (8 * byte)) & 255) - stored));
      Value at = index();
      auto atType = cast<RankedTensorType>(at.getType());
      Value bytes = buildTable8(builder, loc, at, entries, atType);
      auto wide = withElement(at, i32);
      Value placed;
      if (byte == 3 || castLowerBytes) {
        placed = tosa::CastOp::create(builder, loc, wide, bytes);
        if (byte != 0)
          placed = shiftLeft(placed, splat(8 * byte), wide);
        restored += stored << (8 * byte);
      } else {
        placed = rescale(bytes, wide, std::ldexp(1.0, 8 * byte),
                         /*inputZp=*/-stored);
      }
      sum = sum ? add(sum, placed, wide) : placed;
    }
    if (restored == 0)
      return sum;
    Value offset = splat(restored);
    return add(sum, offset, cast<RankedTensorType>(sum.getType()));
  }
};

Value buildSoftmax(OpBuilder &builder, ConstantPool *pool, Location loc,
                   const SoftmaxMatch &match, const SoftmaxPlan &plan) {
  Value stored = match.input.stored;
  auto storedType = cast<RankedTensorType>(stored.getType());
  SoftmaxBuilder b(builder, pool, loc, storedType.getRank());
  SmallVector<int64_t> rowShape(storedType.getShape());
  rowShape.back() = 1;
  auto wide = withElement(stored, b.i32);
  auto rowWide = RankedTensorType::get(rowShape, b.i32);
  auto index = withElement(stored, builder.getI8Type());

  // d = max - q, zero points cancelling.
  Value max = tosa::ReduceMaxOp::create(
      builder, loc,
      RankedTensorType::get(rowShape, storedType.getElementType()), stored,
      match.axis);
  auto distance = [&]() {
    Value wideInput = b.rescale(stored, wide, 1.0);
    Value wideMax = b.rescale(max, rowWide, 1.0);
    return b.sub(wideMax, wideInput, wide);
  };
  // matchSoftmax takes static shapes only; a zero-length row has no rows.
  int64_t rows =
      match.rowLength == 0 ? 0 : storedType.getNumElements() / match.rowLength;
  bool shared = rows > kPrivateIndexRows;

  Value exp;
  if (plan.factors.size() == 1) {
    auto buildIndex = [&]() {
      return b.rescale(distance(), index, 1.0, 0, -128);
    };
    IndexChain at{buildIndex, shared};
    exp = b.lookUp(at, plan.factors[0], plan.firstByte);
  } else {
    // d = 256 h + l with h = floor(d / 256): (d - 128) >> 8, rounding.
    Value d = distance();
    Value offsetDistance = b.sub(d, b.splat(128), wide);
    Value high = b.shiftRight(offsetDistance, b.splat(8), wide, /*round=*/true);
    Value highPlaced = b.shiftLeft(high, b.splat(8), wide);
    Value low = b.sub(d, highPlaced, wide);
    auto buildHigh = [&]() { return b.rescale(high, index, 1.0, 0, -128); };
    auto buildLow = [&]() { return b.rescale(low, index, 1.0, 0, -128); };
    IndexChain highAt{buildHigh, shared};
    IndexChain lowAt{buildLow, shared};
    Value highExp = b.lookUp(highAt, plan.factors[0], plan.firstByte);
    Value lowExp = b.lookUp(lowAt, plan.factors[1], plan.firstByte);
    exp = b.mul(highExp, lowExp, 31, wide);
  }

  // The sum with k integer bits, and 1 / sum by Newton-Raphson on the sum
  // normalized to [1/2, 1) (gemmlowp's one_over_one_plus_x_for_x_in_0_1).
  Value terms = b.shiftRight(exp, b.splat(plan.accumulationShift), wide,
                             /*round=*/true);
  Value sum =
      tosa::ReduceSumOp::create(builder, loc, rowWide, terms, match.axis);
  Value zeros = tosa::ClzOp::create(builder, loc, rowWide, sum);
  Value halfDenominator =
      b.shiftLeft(sum, b.sub(zeros, b.splat(1), rowWide), rowWide);
  const int64_t fortyEightSeventeenths = 1515870810; // 48/17 in Q2.29
  const int64_t thirtyTwoSeventeenths = 1010580540;  // 32/17 in Q2.29
  Value estimate =
      b.sub(b.splat(fortyEightSeventeenths),
            b.mul(halfDenominator, b.splat(thirtyTwoSeventeenths), 31, rowWide),
            rowWide);
  for (int step = 0; step < 3; ++step) {
    Value product = b.mul(halfDenominator, estimate, 31, rowWide);
    Value error = b.sub(b.splat(1 << 29), product, rowWide);
    Value correction = b.mul(estimate, error, 31, rowWide);
    estimate =
        b.add(estimate, b.shiftLeft(correction, b.splat(2), rowWide), rowWide);
  }

  // e / sum * 2^U: the Q2.29 reciprocal doubled is Q0.31 (shift 30, not 31).
  Value scaled = b.mul(exp, estimate, 30, wide);
  Value shift = b.sub(b.splat(plan.accumulationShift + 31 - plan.unitBits),
                      zeros, rowWide);
  Value unit = b.shiftRight(scaled, shift, wide, /*round=*/true);
  if (plan.wideZeroPoint)
    return b.rescale(b.add(unit, b.splat(*plan.wideZeroPoint), wide),
                     withElement(stored, builder.getI16Type()), 1.0);
  return emitOutputRescale(builder, loc, unit, plan.output, pool);
}

} // namespace

WhyNot lowering::lowerMul(Group &group) {
  auto mul = cast<tosa::MulOp>(group.op);
  if (!looksLikeSoftmax(mul))
    return lowerAddSubMul(group);
  WhyNotOr<SoftmaxMatch> match = matchSoftmax(mul);
  if (match.refused())
    return WhyNot::format("it ends a softmax that stays in float: " +
                          std::move(match).whyNot().take());
  WhyNotOr<SoftmaxPlan> plan =
      planSoftmax(*match, group.quantize, group.rounding);
  if (plan.refused())
    return WhyNot::format("it ends a softmax that stays in float: " +
                          std::move(plan).whyNot().take());
  if (!group.builder)
    return {};
  if (PairTable::applies(*match, *plan))
    group.lowered = buildPairSoftmax(*group.builder, group.pool, group.loc(),
                                     match->input.stored, PairTable(*plan),
                                     plan->output.type);
  else
    group.lowered =
        buildSoftmax(*group.builder, group.pool, group.loc(), *match, *plan);
  group.absorbed = std::move(match->chain);
  return {};
}

//===- KernelSigmoid16.cpp - TFLite's 16-bit LOGISTIC and TANH ------------===//
//
// TFLite's int16 LOGISTIC and TANH kernels (reference_integer_ops'
// Logistic and Tanh, which TFLite Micro's kernels and its LSTM call) do not
// compute the function rounded: they scale the input to v = x * 3 / 4 units
// of 2^-12 (exactly, for a power-of-two scale), take |v|, read a 256-entry
// Q0.16 table of sigmoid(i / 24) at its top bits and interpolate linearly
// on the rest (9 bits for the sigmoid, 8 for the tanh, which reads the same
// table as tanh(y) = 2 sigmoid(2y) - 1), then mirror the result for v < 0.
// At TFLite's int16 parameters (zero points 0, output scale 2^-15), on
// tensors of at most kMaxKernelElements, the 16-bit sigmoid and tanh are
// lowered as that kernel, step by step, so that an imported LSTM matches
// TFLite Micro bit for bit; a single 513-entry TOSA table cannot (its
// samples are 128 stored inputs apart, the kernel's 512 / 3 or 256 / 3).
//
// Only ops Ethos-U runs cheaply: the table's 16-bit intercepts and slopes
// are read as four 8-bit tables, each behind an index rescale of its own,
// which Vela fuses into the rescale (one consumer), and widened by an i8
// multiply; the rest is i32 arithmetic (see KernelBuilder for what each step
// costs). A 16-bit TOSA TABLE costs Vela about 6,500 Ethos-U55 cycles (three
// LUT passes, each loading its LUT); this form about 2,500 on 96 elements,
// but its passes grow with the tensor, so tensors of more than
// kMaxKernelElements keep the 16-bit table.
//
// The kernel is up to 3 LSB from the rounded function at some input scales
// (its tanh at scales finer than 2^-12). An op the TFLite importer made from
// TFLite's kernel (kTFLiteKernelAttrName) is lowered as the kernel at every
// input scale; any other only where the kernel is within 1 LSB of the QDQ
// result everywhere. The rest keep the tables of Tables.cpp.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Utils/ShapedValues.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

namespace {

/// sigmoid(i / 24) in Q0.16, TFLite's `sigmoid_table_uint16`
/// (tensorflow/lite/kernels/internal/common.h). Its entries are not the
/// rounded function (44 of them are one above round(65536 sigmoid(i / 24)),
/// others below), so they are TFLite's data, not something to recompute;
/// the model factory checks them against TFLite Micro.
constexpr uint16_t kSigmoidTable[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498,
    40149, 40794, 41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255,
    46817, 47369, 47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409, 51865,
    52311, 52745, 53169, 53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174,
    56503, 56823, 57133, 57433, 57724, 58007, 58280, 58544, 58800, 59048, 59288,
    59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110, 61279, 61441,
    61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886,
    62990, 63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835,
    63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450,
    64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786, 64816, 64845,
    64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079, 65097,
    65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258,
    65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360,
    65367, 65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425,
    65429, 65433, 65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465,
    65468, 65471, 65474, 65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491,
    65493, 65495, 65497, 65498, 65500, 65501, 65503, 65504, 65505, 65507, 65508,
    65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516, 65517, 65517, 65518,
    65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524, 65525,
    65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529,
    65529, 65529, 65530, 65530, 65530, 65530, 65531, 65531, 65531, 65531, 65531,
    65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533, 65533, 65533,
    65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65534, 65534, 65535};

/// The largest tensor lowered as the kernel. Its 20-odd elementwise passes
/// grow with the tensor, a 16-bit TABLE's three LUT passes hardly. Measured
/// with Vela 5.2 on 2026-12-02 (models' NPU cycles against Vela's TFLite
/// route, with the 16-bit TABLE -> with the kernel on the tensor):
///   model (sigmoid, tanh elements)       Ethos-U55         Ethos-U85
///   fused_lstm_step (96, 32)             7.07x -> 1.48x    1.39x -> 1.24x
///   DTLN (384 keeps the table, 128)      1.67x -> 0.98x    1.07x -> 1.23x
/// The kernel on every size: DTLN 1.15x and 1.56x, the factory's 16x8
/// elementwise model (512) from 1.54x and 1.19x to 3.41x and 4.30x. One
/// threshold serves both targets (the lowering does not know the target);
/// Ethos-U55, where the 16-bit TABLE costs most, chose it. Above it the
/// 513-entry table of the function is used (within 1 LSB of it; 1 or 2 LSB
/// from TFLite).
constexpr int64_t kMaxKernelElements = 128;

/// The kernel's input scaling v = (x * multiplier + round) >> shift, as
/// TFLite Micro's LogisticPrepare and TanhPrepare choose it for int16: a
/// power-of-two scale that the kernel takes as it is (2^-12, and 2^-11 for
/// the tanh) is multiplied by 3 (or 6); any other scale by
/// `scale * 3 * 4096` as a 15-bit multiplier and a shift. TFLite's LSTM
/// calls the same kernel at its cell state's power-of-two scale with a
/// multiplier and shift that give the same v.
struct KernelInput {
  int64_t multiplier;
  int shift;
};

std::optional<KernelInput> kernelInput(double scale, bool isTanh) {
  // TFLite's CheckedLog2, in float as TFLite computes it.
  float log2 = std::log(static_cast<float>(scale)) * (1.0f / std::log(2.0f));
  float rounded = std::round(log2);
  bool powerOfTwo = std::abs(log2 - rounded) < 1e-3f;
  int leftShift = 12 + static_cast<int>(rounded);
  if (powerOfTwo && (leftShift == 0 || (isTanh && leftShift == 1)))
    return KernelInput{int64_t(3) << leftShift, 0};
  double multiplier = scale * 4096.0 * 3.0;
  int shift = 0;
  while (multiplier <= 32767.0 / 2.0 && shift <= 30) {
    ++shift;
    multiplier *= 2.0;
  }
  // TFLite checks the multiplier fits 15 bits (a scale above about 2^-1.6
  // has no kernel), and a multiplier of 0 would mean the power-of-two case.
  if (multiplier > 32767.0 || multiplier < 1.0)
    return std::nullopt;
  return KernelInput{static_cast<int64_t>(multiplier), shift};
}

/// The kernel's output for stored input `x`, as TFLite computes it.
int64_t kernelAt(int64_t x, KernelInput in, bool isTanh) {
  int64_t round = in.shift > 0 ? int64_t(1) << (in.shift - 1) : 0;
  int64_t v = (x * in.multiplier + round) >> in.shift;
  int64_t a = std::abs(v);
  int fraction = isTanh ? 8 : 9;
  int64_t index = a >> fraction;
  int64_t result;
  if (index >= 255) {
    result = isTanh ? int64_t(0xFFFF) << 8 : int64_t(0x7FFF) << 10;
  } else {
    int64_t base = kSigmoidTable[index];
    int64_t next = kSigmoidTable[index + 1];
    int64_t within = a & ((int64_t(1) << fraction) - 1);
    result = (base << fraction) + within * (next - base);
  }
  if (isTanh)
    return (v >= 0 ? result - (1 << 23) + (1 << 7)
                   : -result + (1 << 23) + (1 << 7) - 1) >>
           8;
  return (v >= 0 ? result + (1 << 9) : (1 << 25) - result + (1 << 9) - 1) >> 10;
}

/// The kernel's interpolation rewritten so that it needs no `within`:
/// with c = min(|v|, 255 << fraction) and i = c >> fraction,
///   (entry(i) << fraction) + (c - (i << fraction)) * slope(i)
///     = c * slope(i) + ((entry(i) - i * slope(i)) << fraction),
/// and the intercept entry(i) - i * slope(i) is 32768..65535 (sigmoid(i / 24)
/// is concave for i >= 0). Less 32768, which is the kernel's own offset for
/// v >= 0 (2^24 >> 9 for the sigmoid, 2^23 >> 8 for the tanh), it leaves
/// the result's magnitude:
///   tanh:    intercept + round(c * slope / 2^8)
///   sigmoid: (floor(c * slope / 2^9) + intercept + 1) >> 1
/// Index 255 holds the saturated result with slope 0, which is what the
/// kernel returns for every |v| from 255 << fraction up.
struct Segment {
  int64_t intercept; // 0..32767
  int64_t slope;     // 0..683
};

Segment segment(int i, bool isTanh) {
  if (i == 255)
    return {(isTanh ? 0xFFFF : 0xFFFE) - 32768, 0};
  int64_t slope = int64_t(kSigmoidTable[i + 1]) - kSigmoidTable[i];
  return {kSigmoidTable[i] - i * slope - 32768, slope};
}

/// The intercept is stored less kInterceptOffset, as 256 high + low with a
/// signed low byte (high byte -64..64); the slope as 64 high + low
/// (0..10, 0..63). Every byte fits int8, and a multiply by an int8 constant
/// widens it to i32 in one Ethos-U operation, scaled (64) or not (1).
constexpr int64_t kInterceptOffset = 16384;

struct ByteTables {
  int8_t interceptHigh[256], interceptLow[256], slopeHigh[256], slopeLow[256];
};

ByteTables byteTables(bool isTanh) {
  ByteTables tables;
  for (int i = 0; i < 256; ++i) {
    Segment s = segment(i, isTanh);
    int64_t intercept = s.intercept - kInterceptOffset;
    int64_t low = ((intercept + 128) & 255) - 128;
    tables.interceptHigh[i] = static_cast<int8_t>((intercept - low) / 256);
    tables.interceptLow[i] = static_cast<int8_t>(low);
    tables.slopeHigh[i] = static_cast<int8_t>(s.slope >> 6);
    tables.slopeLow[i] = static_cast<int8_t>(s.slope & 63);
  }
  return tables;
}

/// I32Arithmetic on the kernel's one i32 shape, shift amounts as integers.
/// What each step costs Ethos-U55 (Vela 5.2, cycles on 96 elements) chose
/// the forms: an i8 or i16 multiply into i32 72, abs 96, an i32 shift,
/// minimum or maximum 120, an i32 add 144; a rescale widening i8 to i32
/// 264 (two operations) and one narrowing i32 to i8 604.
class KernelBuilder : public I32Arithmetic {
public:
  KernelBuilder(OpBuilder &builder, ConstantPool *pool, Location loc,
                RankedTensorType wide)
      : I32Arithmetic(builder, pool, loc, wide.getRank()), wide(wide),
        bytes(wide.clone(builder.getI8Type())) {}

  Value add(Value a, Value b) { return I32Arithmetic::add(a, b, wide); }
  Value mul(Value a, Value b, int64_t shift = 0) {
    return I32Arithmetic::mul(a, b, shift, wide);
  }
  Value shiftRight(Value a, int64_t bits, bool round) {
    return I32Arithmetic::shiftRight(a, splat(bits), wide, round);
  }
  Value shiftLeft(Value a, int64_t bits) {
    return I32Arithmetic::shiftLeft(a, splat(bits), wide);
  }
  Value minimum(Value a, Value b) {
    return tosa::MinimumOp::create(builder, loc, wide, a, b, propagate());
  }
  Value maximum(Value a, Value b) {
    return tosa::MaximumOp::create(builder, loc, wide, a, b, propagate());
  }
  /// table[index] * factor, in i32. The index (0..255) gets a rescale of its
  /// own, into which Vela fuses the table as a LUT.
  Value lookUp(Value index, ArrayRef<int8_t> entries, int64_t factor) {
    Value at = rescale(index, bytes, 1.0, /*inputZp=*/0, /*outputZp=*/-128);
    Value entry = buildTable8(builder, loc, at, entries, bytes);
    return mul(entry, splat(factor, builder.getI8Type()));
  }

  RankedTensorType wide;
  RankedTensorType bytes;

private:
  tosa::NanPropagationModeAttr propagate() {
    return tosa::NanPropagationModeAttr::get(
        builder.getContext(), tosa::NanPropagationMode::PROPAGATE);
  }
};

Value buildKernel(OpBuilder &builder, ConstantPool *pool, Location loc,
                  Value input, RankedTensorType outType, KernelInput in,
                  bool isTanh) {
  auto wide = withElement(input, builder.getI32Type());
  KernelBuilder b(builder, pool, loc, wide);
  int fraction = isTanh ? 8 : 9;
  // v, exactly as the kernel rounds it (half up). The multiplier has 15
  // bits: an i16 multiply, not a rescale (two Ethos-U operations).
  Value v = b.mul(input, b.splat(in.multiplier, builder.getI16Type()));
  if (in.shift > 0)
    v = b.shiftRight(v, in.shift, /*round=*/true);
  Value magnitude = tosa::AbsOp::create(builder, loc, wide, v);
  // PRO-INT has no i32 CLAMP; |v| is never negative.
  Value clamped = b.minimum(magnitude, b.splat(255 << fraction));
  Value index = b.shiftRight(clamped, fraction, /*round=*/false);
  ByteTables tables = byteTables(isTanh);
  Value slope = b.add(b.lookUp(index, tables.slopeHigh, 64),
                      b.lookUp(index, tables.slopeLow, 1));
  Value intercept =
      b.add(b.shiftLeft(b.lookUp(index, tables.interceptHigh, 64), 2),
            b.lookUp(index, tables.interceptLow, 1));
  // The result's magnitude less its part of kInterceptOffset (Segment).
  Value offsetMagnitude;
  int64_t offset;
  if (isTanh) {
    offsetMagnitude = b.add(b.mul(clamped, slope, /*shift=*/8), intercept);
    offset = kInterceptOffset;
  } else {
    Value product = b.shiftRight(b.mul(clamped, slope), 9, /*round=*/false);
    offsetMagnitude =
        b.shiftRight(b.add(product, intercept), 1, /*round=*/true);
    offset = kInterceptOffset / 2;
  }
  // For v < 0 the kernel's result is the magnitude negated; v = 0 gives 0.
  Value sign = b.minimum(b.maximum(v, b.splat(-1)), b.splat(1));
  Value mirrored = b.mul(b.add(offsetMagnitude, b.splat(offset)), sign);
  if (!isTanh)
    mirrored = b.add(mirrored, b.splat(16384));
  return b.rescale(mirrored, outType, 1.0);
}

} // namespace

bool lowering::lowerKernelSigmoid16(Group &group, const Dequantized &input,
                                    bool isTanh) {
  auto type = cast<RankedTensorType>(input.stored.getType());
  if (!type.hasStaticShape() || type.getNumElements() > kMaxKernelElements)
    return false;
  auto inParams = getArithmeticParams(input.qtype, std::nullopt, "the input",
                                      /*allowInt4=*/false);
  auto outParams =
      getChannelParams(group.quantize.getQtype(), std::nullopt, "the output");
  if (inParams.refused() || outParams.refused() || inParams->width != 16 ||
      outParams->width != 16 || !outParams->isSigned ||
      inParams->zeroPoint != 0 || outParams->zeroPoint != 0 ||
      std::abs(outParams->scale(0) * 32768.0 - 1.0) > 1e-3)
    return false;
  std::optional<KernelInput> in = kernelInput(inParams->scale(0), isTanh);
  if (!in)
    return false;
  // An op an importer marked as TFLite's kernel is that kernel. Otherwise
  // the kernel where it is within 1 LSB of the QDQ result (the function in
  // f32, rounded) at every input, as the table lowering is.
  bool marked = group.op->hasAttr(kTFLiteKernelAttrName);
  for (int64_t stored = -32768; !marked && stored <= 32767; ++stored) {
    float real = dequantizeElement(stored, inParams->scale(0), 0);
    int64_t exact = quantizeElement(
        isTanh ? f32::tanh(real) : f32::sigmoid(real), outParams->scale(0), 0,
        outParams->storageMin, outParams->storageMax);
    if (std::abs(kernelAt(stored, *in, isTanh) - exact) > 1)
      return false;
  }
  if (group.builder)
    group.lowered = buildKernel(
        *group.builder, group.pool, group.loc(), input.stored,
        cast<RankedTensorType>(group.quantize.getType()), *in, isTanh);
  return true;
}

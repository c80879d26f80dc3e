//===- Internals.h - Private to qtosa-lower-to-tosa-int ---------*- C++ -*-===//
//
// Private to this folder. A group is dequantize(inputs) -> one float TOSA op
// -> quantize, rooted at the quantize; the lowering replaces it with integer
// TOSA. Each lowering first checks what it needs and computes every constant,
// and only then, when it has a builder, creates ops: a group it refuses is
// left untouched, and the same code explains the refusal in a remark.
//
// Which file does what:
//   Internals.h              this header: the shared types and helpers
//   Lowerings.def            which float op each lowering takes, grouped
//                            under the family file that defines it (one
//                            .cpp per op family)
//   ChannelParams.cpp        quantization parameters as TOSA operands read
//                            them (ChannelParams, ArithmeticOperand), the
//                            zero-point checks, cloneOnIntegers
//   OutputRescale.cpp        planning and building the rescale into the
//                            group's output, and widening an operand
//   Requantize.cpp           dequantize -> quantize with other parameters
//   Constants.cpp            quantize(float constant)
//   KernelSigmoid16.cpp      16-bit sigmoid and tanh at TFLite's parameters
//                            as TFLite's kernel computes them
//   I32Arithmetic.cpp        the i32 ops Softmax.cpp and KernelSigmoid16.cpp
//                            compose their kernels of
//   UnaryRegions.cpp         elementwise float ops computing a function of
//                            one dequantized input, as one table (Tables.cpp)
//   NarrowMinMax.cpp         maximum and minimum that qtosa-share-qspecs
//                            moved onto i8/i16, rewritten on i32 (PRO-INT)
//   Dispatch.cpp             the table from op to lowering (Lowerings.def),
//                            one group's lowering, the exported entry points
//   LowerToTosaIntPass.cpp   the pass: visiting order, shared constants,
//                            remarks
//
// A lowering `WhyNot lowerFoo(Group &group)` returns a reason for everything
// the op cannot take before building anything; then, only `if
// (group.builder)`, it builds the integer ops at the builder's insertion
// point and sets group.lowered. How to add one, with every file it touches
// and its tests: docs/design.md, "How to add a TOSA op".
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_LOWERTOTOSAINT_INTERNALS_H
#define QTOSA_LIB_TRANSFORMS_LOWERTOTOSAINT_INTERNALS_H

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/TosaRescale.h"
#include "qtosa/Utils/WhyNot.h"

#include "mlir/IR/Builders.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>

namespace mlir {
class RewriterBase;
namespace qtosa::lowering {

//===----------------------------------------------------------------------===//
// One group
//===----------------------------------------------------------------------===//

/// The group being lowered. `builder` is null when the caller only asks why
/// the group cannot be lowered; otherwise its insertion point is before
/// `op`, and a lowering that succeeds sets `lowered` to the value that
/// replaces the quantize.
struct Group {
  QuantizeOp quantize;
  /// The quantize's producer: the float TOSA op, a dequantize or a constant.
  Operation *op;
  RescaleRounding rounding;
  OpBuilder *builder = nullptr;
  /// Where the lowering's rescales and zero points take their constants
  /// (buildRescale, buildIntegerScalar): the pass's pool, shared by all its
  /// groups; null makes new ones each time.
  ConstantPool *pool = nullptr;
  Value lowered;
  /// Float ops above `op` that the lowered value also replaces, consumers
  /// first; each is erased once it has no users left.
  SmallVector<Operation *> absorbed;

  Location loc() const { return op->getLoc(); }
};

/// A lowering of one op family: the reason it refuses `group`, or nothing
/// (and, with a builder, the lowered value).
using LowerFn = WhyNot (*)(Group &group);

/// Lowers the group that ends in `quantize`, or leaves the IR untouched and
/// says why not; its constants come from `pool` (Group::pool). With
/// `rewriter` null it only checks.
WhyNot lowerQuantizedGroup(RewriterBase *rewriter, ConstantPool *pool,
                           QuantizeOp quantize, RescaleRounding rounding);

//===----------------------------------------------------------------------===//
// Parameters as TOSA operands read them (ChannelParams.cpp)
//===----------------------------------------------------------------------===//

/// A real number as a message shows it: six significant digits.
std::string formatReal(double value);

/// A value read through a qtosa.dequantize.
struct Dequantized {
  Value stored;
  quant::QuantizedType qtype;
};
std::optional<Dequantized> getDequantized(Value value);

/// Scales along one dimension with a single zero point: what a TOSA op with
/// scalar zero-point operands and a per-channel rescale can express.
struct ChannelParams {
  SmallVector<double> scales; // one, or one per index of the dimension
  int64_t zeroPoint = 0;
  int64_t storageMin = 0;
  int64_t storageMax = 0;
  unsigned width = 0;
  bool isSigned = true;
  bool narrow = false;

  double scale(int64_t channel) const {
    return scales.size() == 1 ? scales.front() : scales[channel];
  }
};

/// The storage fields of `qtype` (range, width, sign, narrowness) as
/// ChannelParams without scales or zero point.
ChannelParams getStorageParams(quant::QuantizedType qtype);

/// The parameters of `qtype` as ChannelParams along `axis`; per-tensor
/// parameters always qualify. `role` names the value in messages.
WhyNotOr<ChannelParams> getChannelParams(quant::QuantizedType qtype,
                                         std::optional<int64_t> axis,
                                         StringRef role);

/// Parameters of a value integer TOSA arithmetic reads: signed, 8 or 16 bit
/// (4 bit with `allowInt4`), one zero point.
WhyNotOr<ChannelParams> getArithmeticParams(quant::QuantizedType qtype,
                                            std::optional<int64_t> axis,
                                            StringRef role, bool allowInt4);

/// The float zero-point operands of a float TOSA op must be zero: a float op
/// with another zero point is not what the QDQ group describes.
WhyNot checkFloatZeroPoints(Operation *op);

/// Operand `index` of `op` (its `role`) as a dequantized value.
WhyNotOr<Dequantized> requireDequantized(Operation *op, unsigned index,
                                         StringRef role);

/// A dequantized operand that integer TOSA arithmetic can read directly.
struct ArithmeticOperand {
  Value stored;
  quant::QuantizedType qtype;
  ChannelParams params;
};
WhyNotOr<ArithmeticOperand> getArithmeticOperand(Operation *op, unsigned index,
                                                 StringRef role,
                                                 std::optional<int64_t> axis);

/// An accumulator's parameters: zero point 0, given scales, signed, `width`
/// bits (what planWiden reads when the accumulator is rescaled again).
ChannelParams accumulatorParams(SmallVector<double> scales,
                                unsigned width = 32);

/// The largest |q - zp| over the storage range.
double largestMagnitude(const ChannelParams &params);

/// A copy of float op `op` on integer operands with an integer result.
Operation *cloneOnIntegers(OpBuilder &builder, Operation *op,
                           ArrayRef<Value> operands, Type resultType);

//===----------------------------------------------------------------------===//
// Output rescale and widening (OutputRescale.cpp)
//===----------------------------------------------------------------------===//

/// A tosa.rescale from an accumulator (or stored value) to the quantize's
/// storage, and the clamp a narrow storage range needs after it.
struct OutputRescale {
  RankedTensorType type;
  RescaleSpec spec;
  std::optional<std::pair<int64_t, int64_t>> clamp;
};

/// Plans the rescale of values whose real value is `(v - inputZp) *
/// inputScale(c)` to the parameters of `quantize`.
WhyNotOr<OutputRescale> planOutputRescale(QuantizeOp quantize,
                                          const ChannelParams &input,
                                          Type inputElement,
                                          RescaleRounding rounding);

/// Builds `plan` on `input`, its constants from `pool` (Group::pool).
Value emitOutputRescale(OpBuilder &builder, Location loc, Value input,
                        const OutputRescale &plan, ConstantPool *pool);

/// Rescales a stored value to a wider integer (the caller's rescale result
/// type: i32 for arithmetic, i16 for a refined pool) without its zero point,
/// at `factor` times its own scale.
WhyNotOr<RescaleSpec> planWiden(const ChannelParams &params, double factor,
                                RescaleRounding rounding);

//===----------------------------------------------------------------------===//
// The families
//===----------------------------------------------------------------------===//

// Requantize.cpp: `group.op` is a dequantize.
WhyNot lowerRequantize(Group &group);
// Constants.cpp: `group.op` is a float constant.
WhyNot lowerConstant(Group &group);
// One per row of Lowerings.def: `group.op` is the row's float op.
#define QTOSA_LOWERING(OP, FN) WhyNot FN(Group &group);
#include "Lowerings.def"

// Tables.cpp and UnaryRegions.cpp
/// The float ops a table samples, in f32 as the float graph computes them:
/// one op's table (Tables.cpp) and a region's evaluation op by op
/// (UnaryRegions.cpp) must agree.
namespace f32 {
inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
inline float tanh(float x) { return std::tanh(x); }
inline float exp(float x) { return std::exp(x); }
inline float log(float x) { return std::log(x); }
inline float erf(float x) { return std::erf(x); }
inline float reciprocal(float x) { return 1.0f / x; }
inline float rsqrt(float x) { return 1.0f / std::sqrt(x); }
inline float sin(float x) { return std::sin(x); }
inline float cos(float x) { return std::cos(x); }
inline float abs(float x) { return std::fabs(x); }
inline float negate(float x) { return -x; }
inline float floor(float x) { return std::floor(x); }
inline float ceil(float x) { return std::ceil(x); }
} // namespace f32

// Tables.cpp
/// tosa.table of i8 `input` through 256 signed 8-bit `entries` (entry `i`
/// for input `i - 128`), with result type `outType`.
Value buildTable8(OpBuilder &builder, Location loc, Value input,
                  ArrayRef<int8_t> entries, RankedTensorType outType);
/// TOSA's 16-bit TABLE samples every 128th input and interpolates linearly
/// between samples, returning the value with 7 fraction bits.
constexpr int64_t kTable16Step = 128;
constexpr int64_t kTable16Entries = 65536 / kTable16Step + 1;
/// tosa.table of i16 `input` through kTable16Entries signed 16-bit
/// `entries`: the i32 interpolated result with 7 fraction bits.
Value buildTable16(OpBuilder &builder, Location loc, Value input,
                   ArrayRef<int16_t> entries);
/// Lowers `group` to a tosa.table of `input` (8 or 16 bit, signed, per
/// tensor) through `function`, the group's float computation in f32: 256
/// exact entries, or 513 interpolated ones (or two such tables, one over a
/// magnified input) checked at every input.
WhyNot lowerTableOf(Group &group, const Dequantized &input,
                    llvm::function_ref<float(float)> function);

// I32Arithmetic.cpp
/// Builds elementwise i32 arithmetic on tensors of rank `rank` at one
/// location: what a lowering that computes a kernel op by op (Softmax.cpp,
/// KernelSigmoid16.cpp) is made of. Rescales and shift amounts take their
/// constants from `pool`.
class I32Arithmetic {
public:
  I32Arithmetic(OpBuilder &builder, ConstantPool *pool, Location loc,
                int64_t rank);

  /// A constant of the rank, all sizes 1, of `elementType` (i32 unless
  /// given): it broadcasts to any operand of that type.
  Value splat(int64_t value, Type elementType = {});
  /// `input` rescaled by `factor` (SINGLE_ROUND, 32-bit multiplier).
  Value rescale(Value input, RankedTensorType type, double factor,
                int64_t inputZp = 0, int64_t outputZp = 0);
  /// round(a * b / 2^shift).
  Value mul(Value a, Value b, int64_t shift, RankedTensorType type);
  Value sub(Value a, Value b, RankedTensorType type);
  Value add(Value a, Value b, RankedTensorType type);
  Value shiftLeft(Value a, Value b, RankedTensorType type);
  Value shiftRight(Value a, Value b, RankedTensorType type, bool round);

  OpBuilder &builder;
  ConstantPool *pool;
  Location loc;
  int64_t rank;
  Type i32;
};

// KernelSigmoid16.cpp
/// At TFLite's int16 parameters (zero points 0, output scale 2^-15), lowers
/// `group`, a 16-bit sigmoid or tanh of `input`, as TFLite's kernel computes
/// it (8-bit tables and i32 arithmetic) and returns true; false where the
/// parameters are others or the kernel is further from the QDQ result than
/// the table lowering may be. Builds only with a builder.
bool lowerKernelSigmoid16(Group &group, const Dequantized &input, bool isTanh);

// KernelHardSwish.cpp
/// Lowers `group`, the 8-bit HARD_SWISH region the TFLite importer marked,
/// to the table of TFLite's kernel at its parameters and returns true;
/// false where TFLite's Prepare refuses them. Builds only with a builder.
bool lowerKernelHardSwish8(Group &group, const Dequantized &input);

// UnaryRegions.cpp
/// Lowers a group whose float op ends a region of elementwise float ops
/// that is a function of one dequantized input alone (hard-swish's add,
/// clamp and muls; GELU's erf formula) to one table of that input, or says
/// why not; `isRegion` says whether more than the group's op was found.
WhyNot lowerUnaryRegion(Group &group, bool &isRegion);

// NarrowMinMax.cpp: not a group. After the groups are lowered, every
// maximum and minimum on i8/i16 under `root` is rewritten on i32, its
// rescales' constants from `pool`.
void widenNarrowMinMax(RewriterBase &rewriter, ConstantPool *pool,
                       Operation *root);

} // namespace qtosa::lowering
} // namespace mlir

#endif // QTOSA_LIB_TRANSFORMS_LOWERTOTOSAINT_INTERNALS_H

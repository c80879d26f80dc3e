//===- ConvertElementwise.cpp - Arithmetic, activations, reductions -------===//
//
// Elementwise operators compute in f32 between the inputs' dequantize and
// the output's quantize. TFLite broadcasts like NumPy; TOSA broadcasts only
// size-1 dimensions of equal ranks, so lower-rank operands are reshaped
// with leading 1s first.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"
#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

namespace {

OpStatus finish(
    SubgraphImporter &im, Value result,
    tflite::ActivationFunctionType act = tflite::ActivationFunctionType::NONE) {
  FailureOr<Value> activated = im.activation(result, act);
  if (failed(activated))
    return im.afterFailure();
  if (failed(im.setFromFloat(im.output(0), *activated)))
    return im.afterFailure();
  return OpStatus::Converted;
}

/// Reads the operator's first input and checks its output.
struct Unary {
  Value input;
  RankedTensorType outType;
};

FailureOr<Unary> unary(SubgraphImporter &im) {
  if (im.input(0) < 0 || im.output(0) < 0) {
    im.fail("needs an input and an output");
    return failure();
  }
  FailureOr<Value> input = im.floatOf(im.input(0));
  if (failed(input))
    return failure();
  return Unary{*input, im.f32Type(im.tensor(im.output(0)).shape)};
}

struct Binary {
  Value lhs, rhs;
  RankedTensorType outType;
};

FailureOr<Binary> binary(SubgraphImporter &im) {
  if (im.input(0) < 0 || im.input(1) < 0 || im.output(0) < 0) {
    im.fail("needs two inputs and an output");
    return failure();
  }
  const TensorInfo &out = im.tensor(im.output(0));
  FailureOr<Value> lhs = im.floatOf(im.input(0));
  if (failed(lhs))
    return failure();
  FailureOr<Value> rhs = im.floatOf(im.input(1));
  if (failed(rhs))
    return failure();
  int64_t rank = out.shape.size();
  if (im.tensor(im.input(0)).shape.size() > static_cast<size_t>(rank) ||
      im.tensor(im.input(1)).shape.size() > static_cast<size_t>(rank)) {
    im.fail("an input has a higher rank than the output");
    return failure();
  }
  return Binary{im.toRank(*lhs, rank), im.toRank(*rhs, rank),
                im.f32Type(out.shape)};
}

Value mul(SubgraphImporter &im, Type type, Value lhs, Value rhs) {
  return tosa::MulOp::create(im.builder(), im.loc(), type, lhs, rhs,
                             im.mulShift());
}

/// `x >= 0 ? x : slope * x`, with `slope` a tensor that broadcasts to x.
Value negativeSlope(SubgraphImporter &im, Value x, Value slope) {
  auto type = cast<RankedTensorType>(x.getType());
  Value scaled = mul(im, type, x, slope);
  Value zero = im.f32Splat(SmallVector<int64_t>(type.getRank(), 1), 0.0);
  Value nonNegative = tosa::GreaterEqualOp::create(
      im.builder(), im.loc(),
      RankedTensorType::get(type.getShape(), im.builder().getI1Type()), x,
      zero);
  return tosa::SelectOp::create(im.builder(), im.loc(), type, nonNegative, x,
                                scaled);
}

template <typename OpTy>
OpStatus convertBinary(SubgraphImporter &im,
                       tflite::ActivationFunctionType act) {
  FailureOr<Binary> operands = binary(im);
  if (failed(operands))
    return im.afterFailure();
  Value result = OpTy::create(im.builder(), im.loc(), operands->outType,
                              operands->lhs, operands->rhs);
  return finish(im, result, act);
}

/// `tfliteKernel` marks the op as TFLite's own int16 kernel
/// (kTFLiteKernelAttrName).
template <typename OpTy>
OpStatus convertUnary(SubgraphImporter &im, bool tfliteKernel = false) {
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  auto op =
      OpTy::create(im.builder(), im.loc(), operand->outType, operand->input);
  if (tfliteKernel)
    op->setAttr(kTFLiteKernelAttrName, im.builder().getUnitAttr());
  return finish(im, op);
}

OpStatus convertSoftmax(SubgraphImporter &im) {
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  const auto *options = im.op().builtin_options_as_SoftmaxOptions();
  double beta = options ? options->beta() : 1.0;
  RankedTensorType type = operand->outType;
  if (type.getRank() == 0 ||
      type.getShape() !=
          cast<RankedTensorType>(operand->input.getType()).getShape())
    return im.fail("input and output must have the same non-scalar shape");
  // exp(beta * (x - max)) / sum, over the last dimension.
  uint32_t axis = type.getRank() - 1;
  SmallVector<int64_t> reduced(type.getShape());
  reduced[axis] = 1;
  OpBuilder &b = im.builder();
  Value max = tosa::ReduceMaxOp::create(b, im.loc(), im.f32Type(reduced),
                                        operand->input, axis);
  Value shifted = tosa::SubOp::create(b, im.loc(), type, operand->input, max);
  if (beta != 1.0)
    shifted = mul(im, type, shifted,
                  im.f32Splat(SmallVector<int64_t>(type.getRank(), 1), beta));
  Value exp = tosa::ExpOp::create(b, im.loc(), type, shifted);
  Value sum =
      tosa::ReduceSumOp::create(b, im.loc(), im.f32Type(reduced), exp, axis);
  Value inverse =
      tosa::ReciprocalOp::create(b, im.loc(), im.f32Type(reduced), sum);
  return finish(im, mul(im, type, exp, inverse));
}

OpStatus convertLeakyRelu(SubgraphImporter &im) {
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  const auto *options = im.op().builtin_options_as_LeakyReluOptions();
  double alpha = options ? options->alpha() : 0.2;
  Value x = operand->input;
  auto type = cast<RankedTensorType>(x.getType());
  if (alpha == 0.0)
    return finish(im, x, tflite::ActivationFunctionType::RELU);
  // alpha as the quantized constant +-1 with scale |alpha|: alpha * x is
  // then a product of two dequantized values, which qtosa-lower-to-tosa-int
  // turns into an integer multiply and a rescale, as TFLite's kernel does.
  SmallVector<int64_t> ones(type.getRank(), 1);
  auto storageType = RankedTensorType::get(ones, im.builder().getI8Type());
  Value stored = tosa::ConstOp::create(
      im.builder(), im.loc(), storageType,
      DenseElementsAttr::get(
          storageType, im.builder().getI8IntegerAttr(alpha > 0 ? 1 : -1)));
  auto qtype = quant::UniformQuantizedType::getChecked(
      [&] { return emitError(im.loc()); }, quant::QuantizationFlags::Signed,
      im.builder().getI8Type(), im.builder().getF32Type(), std::fabs(alpha), 0,
      -128, 127);
  if (!qtype)
    return OpStatus::Failed;
  Value slope = DequantizeOp::create(im.builder(), im.loc(), im.f32Type(ones),
                                     stored, TypeAttr::get(qtype));
  // For 0 <= alpha <= 1, max(x, alpha * x) is the same function.
  if (alpha >= 0.0 && alpha <= 1.0)
    return finish(im, tosa::MaximumOp::create(im.builder(), im.loc(), type, x,
                                              mul(im, type, x, slope)));
  return finish(im, negativeSlope(im, x, slope));
}

OpStatus convertPRelu(SubgraphImporter &im) {
  FailureOr<Binary> operands = binary(im);
  if (failed(operands))
    return im.afterFailure();
  return finish(im, negativeSlope(im, operands->lhs, operands->rhs));
}

/// What an activation's float form is built from: its input, the input's
/// type, and splat constants of the input's rank. The builders below make
/// one op per statement: the order of a call's arguments is the compiler's
/// choice, and the IR must not depend on it.
struct Activation {
  SubgraphImporter &im;
  Value x;
  RankedTensorType type;

  Value splat(double value) const {
    return im.f32Splat(SmallVector<int64_t>(type.getRank(), 1), value);
  }
  Value multiply(Value lhs, Value rhs) const { return mul(im, type, lhs, rhs); }
  Value scale(Value value, double factor) const {
    Value constant = splat(factor);
    return multiply(value, constant);
  }
  Value add(Value value, double constant) const {
    Value splatted = splat(constant);
    return tosa::AddOp::create(im.builder(), im.loc(), type, value, splatted);
  }
};

/// An activation of one input that TOSA writes as elementwise ops:
/// `build` makes its float form. qtosa-lower-to-tosa-int turns such ops,
/// a function of x alone, into one table.
OpStatus
convertActivation(SubgraphImporter &im,
                  llvm::function_ref<Value(const Activation &)> build) {
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  Value x = operand->input;
  return finish(im,
                build(Activation{im, x, cast<RankedTensorType>(x.getType())}));
}

/// HARD_SWISH: x * relu6(x + 3) / 6. Its last op is marked as TFLite's
/// kernel (kTFLiteKernelAttrName), whose fixed-point rounding the lowering
/// then follows.
Value buildHardSwish(const Activation &a) {
  Value gate = a.im.clamp(a.add(a.x, 3.0), 0.0f, 6.0f);
  Value product = a.multiply(a.x, gate);
  Value result = a.scale(product, 1.0 / 6.0);
  result.getDefiningOp()->setAttr(kTFLiteKernelAttrName,
                                  a.im.builder().getStringAttr("HARD_SWISH"));
  return result;
}

/// NEG: TOSA's negate, its float zero points 0.
Value buildNeg(const Activation &a) {
  Value zero = a.im.f32Splat({1}, 0.0);
  return tosa::NegateOp::create(a.im.builder(), a.im.loc(), a.type, a.x, zero,
                                zero);
}

/// GELU as TFLite's kernel defines it: 0.5 x (1 + erf(x / sqrt 2)), or
/// with `approximate` 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))).
Value buildGelu(const Activation &a, bool approximate) {
  OpBuilder &b = a.im.builder();
  Value inner;
  if (approximate) {
    Value square = a.multiply(a.x, a.x);
    Value cube = a.multiply(square, a.x);
    Value term = a.scale(cube, 0.044715);
    Value poly = tosa::AddOp::create(b, a.im.loc(), a.type, a.x, term);
    Value arg = a.scale(poly, std::sqrt(2.0 / M_PI));
    inner = tosa::TanhOp::create(b, a.im.loc(), a.type, arg);
  } else {
    Value arg = a.scale(a.x, M_SQRT1_2);
    inner = tosa::ErfOp::create(b, a.im.loc(), a.type, arg);
  }
  Value onePlus = a.add(inner, 1.0);
  Value product = a.multiply(a.x, onePlus);
  return a.scale(product, 0.5);
}

/// ELU: x where x > 0, else exp(x) - 1.
Value buildElu(const Activation &a) {
  OpBuilder &b = a.im.builder();
  Location loc = a.im.loc();
  auto boolType = RankedTensorType::get(a.type.getShape(), b.getI1Type());
  Value zero = a.splat(0.0);
  Value positive = tosa::GreaterOp::create(b, loc, boolType, a.x, zero);
  Value exp = tosa::ExpOp::create(b, loc, a.type, a.x);
  Value one = a.splat(1.0);
  Value expMinus1 = tosa::SubOp::create(b, loc, a.type, exp, one);
  return tosa::SelectOp::create(b, loc, a.type, positive, a.x, expMinus1);
}

OpStatus convertSquaredDifference(SubgraphImporter &im) {
  FailureOr<Binary> operands = binary(im);
  if (failed(operands))
    return im.afterFailure();
  Value difference = tosa::SubOp::create(
      im.builder(), im.loc(), operands->outType, operands->lhs, operands->rhs);
  return finish(im, mul(im, operands->outType, difference, difference));
}

OpStatus convertDiv(SubgraphImporter &im, tflite::ActivationFunctionType act) {
  FailureOr<Binary> operands = binary(im);
  if (failed(operands))
    return im.afterFailure();
  Value inverse = tosa::ReciprocalOp::create(
      im.builder(), im.loc(), operands->rhs.getType(), operands->rhs);
  return finish(im, mul(im, operands->outType, operands->lhs, inverse), act);
}

/// QUANTIZE (float or requantize) and DEQUANTIZE: the value passes through,
/// from the input's parameters to the output's. A QUANTIZE of a float
/// tensor rounds ties away from zero, as TFLite's kernel does; its
/// requantize is a rescale, which the lowering writes as TFLite's.
OpStatus convertQuantizeOrDequantize(SubgraphImporter &im) {
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  OpStatus status = finish(im, operand->input);
  if (status != OpStatus::Converted || im.tensor(im.input(0)).isQuantized())
    return status;
  FailureOr<Value> stored = im.stored(im.output(0));
  if (succeeded(stored))
    if (auto quantize = stored->getDefiningOp<QuantizeOp>();
        quantize && quantize.getInput() == operand->input)
      quantize.setTiesAwayFromZero(true);
  return status;
}

/// CAST from an 8- or 16-bit integer tensor to FLOAT32 gives the stored
/// integers as floats: TFLite's CAST ignores quantization parameters. That
/// is a dequantize at scale 1 and zero point 0, exact, and integer
/// arithmetic once a quantize follows. Other casts have no form here
/// (std::nullopt: a host call).
std::optional<OpStatus> convertCast(SubgraphImporter &im) {
  if (im.input(0) < 0 || im.output(0) < 0)
    return im.fail("needs an input and an output");
  const TensorInfo &in = im.tensor(im.input(0));
  const TensorInfo &out = im.tensor(im.output(0));
  auto inType = dyn_cast_or_null<quant::UniformQuantizedType>(in.qtype);
  if (!inType || out.tfliteType != tflite::TensorType::FLOAT32 ||
      in.shape != out.shape)
    return std::nullopt;
  FailureOr<Value> stored = im.stored(im.input(0));
  if (failed(stored))
    return im.afterFailure();
  auto plain = quant::UniformQuantizedType::get(
      inType.getFlags(), inType.getStorageType(), inType.getExpressedType(),
      1.0, 0, inType.getStorageTypeMin(), inType.getStorageTypeMax());
  Value value =
      DequantizeOp::create(im.builder(), im.loc(), im.f32Type(in.shape),
                           *stored, TypeAttr::get(plain));
  return finish(im, value);
}

/// The axes of a reduction, normalized, sorted and without repeats.
FailureOr<SmallVector<int64_t>> reductionAxes(SubgraphImporter &im, int index,
                                              int64_t rank) {
  FailureOr<SmallVector<int64_t>> axes = im.constInts(index);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> result;
  for (int64_t axis : *axes) {
    if (axis < -rank || axis >= rank) {
      im.fail(
          llvm::formatv("axis {0} is out of range for rank {1}", axis, rank));
      return failure();
    }
    result.push_back(axis < 0 ? axis + rank : axis);
  }
  llvm::sort(result);
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

/// A quantized MEAN over one axis or adjacent axes (TF2's global average
/// pool: axes 1 and 2 of NHWC; LayerNorm's moments: the last axis) as one
/// tosa.reduce_sum between the input's dequantize and
/// a quantize whose scale is the output's times the count, whose stored
/// integers are the output's: round(sum / (count * scale)) is
/// round(mean / scale). That is the dequantize -> reduce_sum -> quantize
/// group qtosa-lower-to-tosa-int makes integer (an i32 sum and one
/// rescale, TFLite's own kernel), where a sum per axis and a multiply by
/// 1/count would stay in float. Returns std::nullopt for any other MEAN.
std::optional<OpStatus> convertQuantizedMean(SubgraphImporter &im,
                                             const Unary &operand,
                                             ArrayRef<int64_t> axes) {
  const TensorInfo &in = im.tensor(im.input(0));
  const TensorInfo &out = im.tensor(im.output(0));
  auto inType = dyn_cast_or_null<quant::UniformQuantizedType>(in.qtype);
  auto outType = dyn_cast_or_null<quant::UniformQuantizedType>(out.qtype);
  if (!inType || !outType || axes.empty())
    return std::nullopt;
  for (size_t i = 1; i < axes.size(); ++i)
    if (axes[i] != axes[i - 1] + 1)
      return std::nullopt;
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(operand.input.getType()).getShape();
  int64_t count = 1;
  for (int64_t axis : axes)
    count *= shape[axis];
  if (count <= 1 || out.numElements() * count != in.numElements())
    return std::nullopt;
  // The reduced axes merged into the first of them, on the stored
  // integers: a reshape between the dequantize and the sum would stay in
  // float whenever the input has other users.
  SmallVector<int64_t> merged(shape.take_front(axes.front()));
  merged.push_back(count);
  llvm::append_range(merged, shape.drop_front(axes.back() + 1));
  FailureOr<Value> stored = im.stored(im.input(0));
  if (failed(stored))
    return im.afterFailure();
  Value value =
      DequantizeOp::create(im.builder(), im.loc(), im.f32Type(merged),
                           im.reshape(*stored, merged), TypeAttr::get(inType));
  merged[axes.front()] = 1;
  value = tosa::ReduceSumOp::create(im.builder(), im.loc(), im.f32Type(merged),
                                    value, static_cast<uint32_t>(axes.front()));
  auto sumType = quant::UniformQuantizedType::get(
      outType.getFlags(), outType.getStorageType(), outType.getExpressedType(),
      outType.getScale() * static_cast<double>(count), outType.getZeroPoint(),
      outType.getStorageTypeMin(), outType.getStorageTypeMax());
  Value sum = QuantizeOp::create(
      im.builder(), im.loc(), RankedTensorType::get(merged, out.storageElement),
      value, TypeAttr::get(sumType));
  im.setStored(im.output(0), im.reshape(sum, out.shape));
  return OpStatus::Converted;
}

/// The TFLite reductions: SUM and MEAN become per-axis sums (MEAN scaled
/// by 1/count), REDUCE_MAX and REDUCE_MIN per-axis extrema, which keep the
/// order of their values and so move onto integers (qtosa-share-qspecs).
enum class Reduction { Sum, Mean, Max, Min };

OpStatus convertReduction(SubgraphImporter &im, Reduction kind) {
  bool isMean = kind == Reduction::Mean;
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  SmallVector<int64_t> shape(
      cast<RankedTensorType>(operand->input.getType()).getShape());
  FailureOr<SmallVector<int64_t>> axes =
      reductionAxes(im, im.input(1), shape.size());
  if (failed(axes))
    return im.afterFailure();
  if (isMean)
    if (std::optional<OpStatus> status =
            convertQuantizedMean(im, *operand, *axes))
      return *status;
  Value value = operand->input;
  int64_t count = 1;
  for (int64_t axis : *axes) {
    count *= shape[axis];
    shape[axis] = 1;
    auto axisAttr = static_cast<uint32_t>(axis);
    Type type = im.f32Type(shape);
    if (kind == Reduction::Max)
      value = tosa::ReduceMaxOp::create(im.builder(), im.loc(), type, value,
                                        axisAttr);
    else if (kind == Reduction::Min)
      value = tosa::ReduceMinOp::create(im.builder(), im.loc(), type, value,
                                        axisAttr);
    else
      value = tosa::ReduceSumOp::create(im.builder(), im.loc(), type, value,
                                        axisAttr);
  }
  if (isMean && count != 0)
    value = mul(im, value.getType(), value,
                im.f32Splat(SmallVector<int64_t>(shape.size(), 1),
                            1.0 / static_cast<double>(count)));
  if (operand->outType.getNumElements() !=
      cast<RankedTensorType>(value.getType()).getNumElements())
    return im.fail("output shape does not match the reduction");
  return finish(im, im.reshape(value, operand->outType.getShape()));
}

OpStatus convertArgMax(SubgraphImporter &im) {
  FailureOr<Unary> operand = unary(im);
  if (failed(operand))
    return im.afterFailure();
  int64_t rank = cast<RankedTensorType>(operand->input.getType()).getRank();
  FailureOr<SmallVector<int64_t>> axes = reductionAxes(im, im.input(1), rank);
  if (failed(axes))
    return im.afterFailure();
  if (axes->size() != 1)
    return im.fail("needs exactly one axis");
  const TensorInfo &out = im.tensor(im.output(0));
  if (out.isQuantized() || !out.storageElement ||
      !out.storageElement.isInteger() ||
      out.storageElement.getIntOrFloatBitWidth() < 32)
    return im.fail("output must be an INT32 or INT64 index tensor");
  auto indexType = RankedTensorType::get(out.shape, im.builder().getI32Type());
  Value indices =
      tosa::ArgMaxOp::create(im.builder(), im.loc(), indexType, operand->input,
                             static_cast<uint32_t>((*axes)[0]));
  if (!out.storageElement.isInteger(32))
    indices = tosa::CastOp::create(im.builder(), im.loc(), out.storageType(),
                                   indices);
  im.setStored(im.output(0), indices);
  return OpStatus::Converted;
}

template <typename OptionsTy>
tflite::ActivationFunctionType fusedActivation(const OptionsTy *options) {
  return options ? options->fused_activation_function()
                 : tflite::ActivationFunctionType::NONE;
}

} // namespace

std::optional<OpStatus>
tflite_import::convertElementwiseOp(SubgraphImporter &im) {
  const tflite::Operator &op = im.op();
  using tflite::ActivationFunctionType;
  switch (im.opcode()) {
  case tflite::BuiltinOperator::ADD:
    return convertBinary<tosa::AddOp>(
        im, fusedActivation(op.builtin_options_as_AddOptions()));
  case tflite::BuiltinOperator::SUB:
    return convertBinary<tosa::SubOp>(
        im, fusedActivation(op.builtin_options_as_SubOptions()));
  case tflite::BuiltinOperator::MUL: {
    FailureOr<Binary> operands = binary(im);
    if (failed(operands))
      return im.afterFailure();
    return finish(im, mul(im, operands->outType, operands->lhs, operands->rhs),
                  fusedActivation(op.builtin_options_as_MulOptions()));
  }
  case tflite::BuiltinOperator::DIV:
    return convertDiv(im, fusedActivation(op.builtin_options_as_DivOptions()));
  case tflite::BuiltinOperator::MAXIMUM:
    return convertBinary<tosa::MaximumOp>(im, ActivationFunctionType::NONE);
  case tflite::BuiltinOperator::MINIMUM:
    return convertBinary<tosa::MinimumOp>(im, ActivationFunctionType::NONE);
  case tflite::BuiltinOperator::SQUARED_DIFFERENCE:
    return convertSquaredDifference(im);
  case tflite::BuiltinOperator::LOGISTIC:
    return convertUnary<tosa::SigmoidOp>(im, /*tfliteKernel=*/true);
  case tflite::BuiltinOperator::TANH:
    return convertUnary<tosa::TanhOp>(im, /*tfliteKernel=*/true);
  case tflite::BuiltinOperator::EXP:
    return convertUnary<tosa::ExpOp>(im);
  case tflite::BuiltinOperator::LOG:
    return convertUnary<tosa::LogOp>(im);
  case tflite::BuiltinOperator::RSQRT:
    return convertUnary<tosa::RsqrtOp>(im);
  case tflite::BuiltinOperator::ABS:
    return convertUnary<tosa::AbsOp>(im);
  case tflite::BuiltinOperator::FLOOR:
    return convertUnary<tosa::FloorOp>(im);
  case tflite::BuiltinOperator::CEIL:
    return convertUnary<tosa::CeilOp>(im);
  case tflite::BuiltinOperator::RELU:
  case tflite::BuiltinOperator::RELU6:
  case tflite::BuiltinOperator::RELU_N1_TO_1: {
    FailureOr<Unary> operand = unary(im);
    if (failed(operand))
      return im.afterFailure();
    ActivationFunctionType act = im.opcode() == tflite::BuiltinOperator::RELU
                                     ? ActivationFunctionType::RELU
                                 : im.opcode() == tflite::BuiltinOperator::RELU6
                                     ? ActivationFunctionType::RELU6
                                     : ActivationFunctionType::RELU_N1_TO_1;
    return finish(im, operand->input, act);
  }
  case tflite::BuiltinOperator::RELU_0_TO_1: {
    // No fused activation of TFLite's has these bounds.
    FailureOr<Unary> operand = unary(im);
    if (failed(operand))
      return im.afterFailure();
    return finish(im, im.clamp(operand->input, 0.0f, 1.0f));
  }
  case tflite::BuiltinOperator::LEAKY_RELU:
    return convertLeakyRelu(im);
  case tflite::BuiltinOperator::PRELU:
    return convertPRelu(im);
  case tflite::BuiltinOperator::HARD_SWISH:
    return convertActivation(im, buildHardSwish);
  case tflite::BuiltinOperator::NEG:
    return convertActivation(im, buildNeg);
  case tflite::BuiltinOperator::GELU:
    return convertActivation(im, [&](const Activation &a) {
      const auto *options = im.op().builtin_options_as_GeluOptions();
      return buildGelu(a, options && options->approximate());
    });
  case tflite::BuiltinOperator::ELU:
    return convertActivation(im, buildElu);
  case tflite::BuiltinOperator::SOFTMAX:
    return convertSoftmax(im);
  case tflite::BuiltinOperator::QUANTIZE:
  case tflite::BuiltinOperator::DEQUANTIZE:
    return convertQuantizeOrDequantize(im);
  case tflite::BuiltinOperator::CAST:
    return convertCast(im);
  case tflite::BuiltinOperator::MEAN:
    return convertReduction(im, Reduction::Mean);
  case tflite::BuiltinOperator::SUM:
    return convertReduction(im, Reduction::Sum);
  case tflite::BuiltinOperator::REDUCE_MAX:
    return convertReduction(im, Reduction::Max);
  case tflite::BuiltinOperator::REDUCE_MIN:
    return convertReduction(im, Reduction::Min);
  case tflite::BuiltinOperator::ARG_MAX:
    return convertArgMax(im);
  default:
    return std::nullopt;
  }
}

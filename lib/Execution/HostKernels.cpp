//===- HostKernels.cpp - The engine's stand-ins for host calls ------------===//
//
// Each kernel reads the call's stored tensors with the quantization the
// importer recorded (`tflite.input_types`, `tflite.output_types`) and
// computes the operator in f32 TOSA, rounding once at the end. TFLite's
// integer kernels compute in fixed point, so a result can differ from
// theirs by one step where the exact value is close to a rounding boundary
// (test/Factory/expected-deviations.txt).
//
//===----------------------------------------------------------------------===//

#include "HostKernels.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// TOSA ops over tensors of one rank, constants broadcast as [1, ..., 1],
/// reductions over the last axis.
class TensorBuilder {
public:
  TensorBuilder(OpBuilder &builder, Location loc, RankedTensorType shape)
      : f32(builder.getF32Type()), builder(builder), loc(loc), shape(shape) {}

  Type f32;

  RankedTensorType like(Type element) const {
    return RankedTensorType::get(shape.getShape(), element);
  }
  RankedTensorType row(Type element) const {
    SmallVector<int64_t> dims(shape.getShape());
    dims.back() = 1;
    return RankedTensorType::get(dims, element);
  }

  Value splat(double value, Type element) {
    auto type = RankedTensorType::get(SmallVector<int64_t>(shape.getRank(), 1),
                                      element);
    Attribute scalar = isa<FloatType>(element)
                           ? Attribute(builder.getFloatAttr(element, value))
                           : Attribute(builder.getIntegerAttr(
                                 element, static_cast<int64_t>(value)));
    return tosa::ConstOp::create(builder, loc, type,
                                 DenseElementsAttr::get(type, scalar));
  }
  Value convert(Value value, Type element) {
    return tosa::CastOp::create(builder, loc, withElement(value, element),
                                value);
  }
  Value add(Value a, Value b) {
    return tosa::AddOp::create(builder, loc, resultType(a, b), a, b);
  }
  Value sub(Value a, Value b) {
    return tosa::SubOp::create(builder, loc, resultType(a, b), a, b);
  }
  Value mul(Value a, Value b) {
    Value shift = tosa::ConstOp::create(
        builder, loc, RankedTensorType::get({1}, builder.getI8Type()),
        DenseElementsAttr::get(RankedTensorType::get({1}, builder.getI8Type()),
                               builder.getI8IntegerAttr(0)));
    return tosa::MulOp::create(builder, loc, resultType(a, b), a, b, shift);
  }
  Value bitwiseAnd(Value a, Value b) {
    return tosa::BitwiseAndOp::create(builder, loc, resultType(a, b), a, b);
  }
  Value exp(Value a) {
    return tosa::ExpOp::create(builder, loc, a.getType(), a);
  }
  Value log(Value a) {
    return tosa::LogOp::create(builder, loc, a.getType(), a);
  }
  Value reduceMax(Value a) {
    return tosa::ReduceMaxOp::create(builder, loc, row(elementOf(a)), a,
                                     shape.getRank() - 1);
  }
  Value reduceSum(Value a) {
    return tosa::ReduceSumOp::create(builder, loc, row(elementOf(a)), a,
                                     shape.getRank() - 1);
  }
  Value clamp(Value a, int64_t low, int64_t high) {
    Type element = elementOf(a);
    return tosa::ClampOp::create(
        builder, loc, a.getType(), a, builder.getIntegerAttr(element, low),
        builder.getIntegerAttr(element, high),
        tosa::NanPropagationModeAttr::get(builder.getContext(),
                                          tosa::NanPropagationMode::PROPAGATE));
  }

private:
  static Type elementOf(Value value) {
    return cast<RankedTensorType>(value.getType()).getElementType();
  }
  static RankedTensorType withElement(Value value, Type element) {
    return cast<RankedTensorType>(value.getType()).clone(element);
  }
  /// The broadcast shape of two operands of the same rank.
  static RankedTensorType resultType(Value a, Value b) {
    auto left = cast<RankedTensorType>(a.getType());
    auto right = cast<RankedTensorType>(b.getType());
    SmallVector<int64_t> dims;
    for (auto [x, y] : llvm::zip_equal(left.getShape(), right.getShape()))
      dims.push_back(std::max(x, y));
    return RankedTensorType::get(dims, left.getElementType());
  }

  OpBuilder &builder;
  Location loc;
  RankedTensorType shape;
};

/// The quantization `types[index]` records for a stored tensor, if it is a
/// per-tensor uniform type.
quant::UniformQuantizedType recordedType(func::CallOp call, StringRef name,
                                         unsigned index) {
  auto types = call->getAttrOfType<ArrayAttr>(name);
  if (!types || index >= types.size())
    return {};
  auto type = dyn_cast<TypeAttr>(types[index]);
  return type ? dyn_cast<quant::UniformQuantizedType>(type.getValue())
              : quant::UniformQuantizedType();
}

/// TFLite's LOG_SOFTMAX over the last axis: x - max - log(sum(exp(x - max)))
/// in real values, quantized to the output's parameters (16/256 and 127
/// for int8, 255 for uint8, which TFLite's kernel requires). The input's
/// zero point cancels.
LogicalResult expandLogSoftmax(func::CallOp call, std::string &why) {
  auto inputType = recordedType(call, "tflite.input_types", 0);
  auto outputType = recordedType(call, "tflite.output_types", 0);
  auto stored = call.getNumOperands() == 1 && call.getNumResults() == 1
                    ? dyn_cast<RankedTensorType>(call.getOperand(0).getType())
                    : RankedTensorType();
  if (!inputType || !outputType || !stored || stored.getRank() == 0 ||
      !stored.hasStaticShape() ||
      inputType.getStorageTypeIntegralWidth() > 16) {
    why = "its call has no per-tensor quantized input and output of at "
          "most 16 bits recorded as tflite.input_types and "
          "tflite.output_types, which the engine's LOG_SOFTMAX needs";
    return failure();
  }

  OpBuilder builder(call);
  TensorBuilder b(builder, call.getLoc(), stored);
  Value wide = b.convert(call.getOperand(0), builder.getI32Type());
  // i8 storage holds a uint8 as its bits.
  if (!inputType.isSigned())
    wide = b.bitwiseAnd(
        wide, b.splat((1 << inputType.getStorageTypeIntegralWidth()) - 1,
                      builder.getI32Type()));
  Value real =
      b.mul(b.convert(wide, b.f32), b.splat(inputType.getScale(), b.f32));
  Value shifted = b.sub(real, b.reduceMax(real));
  Value logSum = b.log(b.reduceSum(b.exp(shifted)));
  Value scaled =
      b.add(b.mul(b.sub(shifted, logSum),
                  b.splat(1.0 / outputType.getScale(), b.f32)),
            b.splat(static_cast<double>(outputType.getZeroPoint()), b.f32));
  Value rounded =
      b.clamp(b.convert(scaled, builder.getI32Type()),
              outputType.getStorageTypeMin(), outputType.getStorageTypeMax());
  auto resultType = cast<RankedTensorType>(call.getResult(0).getType());
  Value result = b.convert(rounded, resultType.getElementType());
  call.getResult(0).replaceAllUsesWith(result);
  call.erase();
  return success();
}

} // namespace

LogicalResult mlir::qtosa::expandHostKernels(ModuleOp module,
                                             Operation *&failedCall,
                                             std::string &why) {
  SmallVector<func::CallOp> calls;
  module.walk([&](func::CallOp call) {
    auto name = call->getAttrOfType<StringAttr>(kOpaqueHostOpAttrName);
    if (name && name.getValue() == "LOG_SOFTMAX")
      calls.push_back(call);
  });
  for (func::CallOp call : calls) {
    if (succeeded(expandLogSoftmax(call, why)))
      continue;
    failedCall = call;
    return failure();
  }
  return success();
}

//===- I32Arithmetic.cpp - i32 elementwise ops for multi-op lowerings -----===//
//
// The i32 arithmetic the lowerings that compute a kernel op by op build
// (the softmax, TFLite's 16-bit sigmoid and tanh): rank-matched splat
// constants, rescales, and elementwise add, sub, mul and shifts.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

I32Arithmetic::I32Arithmetic(OpBuilder &builder, ConstantPool *pool,
                             Location loc, int64_t rank)
    : builder(builder), pool(pool), loc(loc), rank(rank),
      i32(builder.getI32Type()) {}

Value I32Arithmetic::splat(int64_t value, Type elementType) {
  if (!elementType)
    elementType = i32;
  auto type = RankedTensorType::get(SmallVector<int64_t>(rank, 1), elementType);
  return tosa::ConstOp::create(
      builder, loc, type,
      DenseElementsAttr::get(type, builder.getIntegerAttr(elementType, value)));
}

Value I32Arithmetic::rescale(Value input, RankedTensorType type, double factor,
                             int64_t inputZp, int64_t outputZp) {
  RescaleSpec spec;
  spec.factors = {*computeRescaleFactor(factor, /*scale32=*/true)};
  spec.inputZeroPoint = inputZp;
  spec.outputZeroPoint = outputZp;
  return buildRescale(builder, loc, input, type, spec, pool);
}

Value I32Arithmetic::mul(Value a, Value b, int64_t shift,
                         RankedTensorType type) {
  Value shiftConst =
      buildIntegerScalar(builder, loc, builder.getI8Type(), shift, pool);
  return tosa::MulOp::create(builder, loc, type, a, b, shiftConst);
}

Value I32Arithmetic::sub(Value a, Value b, RankedTensorType type) {
  return tosa::SubOp::create(builder, loc, type, a, b);
}

Value I32Arithmetic::add(Value a, Value b, RankedTensorType type) {
  return tosa::AddOp::create(builder, loc, type, a, b);
}

Value I32Arithmetic::shiftLeft(Value a, Value b, RankedTensorType type) {
  return tosa::LogicalLeftShiftOp::create(builder, loc, type, a, b);
}

Value I32Arithmetic::shiftRight(Value a, Value b, RankedTensorType type,
                                bool round) {
  return tosa::ArithmeticRightShiftOp::create(builder, loc, type, a, b, round);
}

//===- ShapedValues.h - Element types and shapes of values -----*- C++ -*-===//
//
// One spelling for the casts every lowering and rule makes to read a
// tensor value's element type or shape.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_SHAPEDVALUES_H
#define QTOSA_UTILS_SHAPEDVALUES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

namespace mlir::qtosa {

/// The element type of a shaped value.
inline Type elementOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// The shape of a ranked shaped value.
inline ArrayRef<int64_t> shapeOf(Value value) {
  return cast<ShapedType>(value.getType()).getShape();
}

/// The ranked tensor type of `value` with element type `element`.
inline RankedTensorType withElement(Value value, Type element) {
  return cast<RankedTensorType>(value.getType()).clone(element);
}

/// Whether `type` is a ranked tensor of signed (or signless) 8- or 16-bit
/// integers: the narrow types that integer TOSA stores quantized values in.
inline bool isNarrowSignedTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return false;
  auto element = dyn_cast<IntegerType>(tensor.getElementType());
  return element && !element.isUnsigned() &&
         (element.getWidth() == 8 || element.getWidth() == 16);
}

} // namespace mlir::qtosa

#endif // QTOSA_UTILS_SHAPEDVALUES_H

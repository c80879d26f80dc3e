//===- Reshape.h - A reshape built by the Ethos-U rewrites ------*- C++ -*-===//
//
// Private to lib/Target/EthosU: the reshape the legalization's rewrites
// (EthosULegalize.cpp, OneShapeReaders.cpp) build around the forms they
// write.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_RESHAPE_H
#define QTOSA_LIB_TARGET_ETHOSU_RESHAPE_H

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::qtosa::ethosu {

/// `value` reshaped to `shape`, its element type kept.
inline Value reshapeTo(ImplicitLocOpBuilder &b, Value value,
                       ArrayRef<int64_t> shape) {
  Type element = cast<ShapedType>(value.getType()).getElementType();
  return tosa::ReshapeOp::create(b, RankedTensorType::get(shape, element),
                                 value, tosa::getTosaConstShape(b, shape));
}

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_RESHAPE_H

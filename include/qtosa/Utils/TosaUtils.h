//===- TosaUtils.h - Small questions about TOSA ops and values -*- C++ -*-===//
//
// Helpers every layer of qtosa asks of TOSA IR (the dialect's quantization
// behaviour, the passes, the Ethos-U rules): constant operands read as
// numbers, zero-point operands by name, and the numeric limits integer TOSA
// works within. Element types and shapes are in ShapedValues.h.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_TOSAUTILS_H
#define QTOSA_UTILS_TOSAUTILS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace mlir::qtosa {

//===----------------------------------------------------------------------===//
// Numeric limits
//===----------------------------------------------------------------------===//

/// The largest int32 (an i32 accumulator's bound), as the double that range
/// checks compare against.
inline constexpr double kInt32Max =
    static_cast<double>(std::numeric_limits<int32_t>::max());

//===----------------------------------------------------------------------===//
// Constant operands
//===----------------------------------------------------------------------===//

/// The values of a !tosa.shape operand produced by tosa.const_shape.
std::optional<SmallVector<int64_t>> getConstantShape(Value value);

/// The value of a one-element float tosa.const (a pad value, say).
std::optional<float> getScalarFloatConstant(Value value);

/// The value of a one-element integer tosa.const (a zero point, say).
std::optional<int64_t> getScalarIntConstant(Value value);

//===----------------------------------------------------------------------===//
// Zero-point operands
//===----------------------------------------------------------------------===//

/// A zero-point operand of a TOSA op (conv2d, matmul, avg_pool2d, ...) and
/// the value it belongs to: data operand `ownerIndex`, or result
/// `ownerIndex` when `ownerIsResult` is set. Indices come from the ops'
/// named accessors, never from positions written here.
struct ZeroPointOperand {
  unsigned zeroPointIndex;
  unsigned ownerIndex;
  bool ownerIsResult;
};

/// The zero-point operands of `op`, inputs before outputs (for conv and
/// matmul: input then weight, a then b). Empty for ops without any.
SmallVector<ZeroPointOperand> getZeroPointOperands(Operation *op);

} // namespace mlir::qtosa

#endif // QTOSA_UTILS_TOSAUTILS_H

//===- TosaQuantBehaviour.h - How quantization passes a TOSA op -*- C++ -*-===//
//
// Quantize and dequantize are elementwise and monotone. Whether they commute
// with a TOSA op follows from what the op does with element values, not from
// its name: QuantBehaviourOpInterface answers that for every TOSA op.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_DIALECT_QTOSA_IR_TOSAQUANTBEHAVIOUR_H
#define QTOSA_DIALECT_QTOSA_IR_TOSAQUANTBEHAVIOUR_H

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/OpDefinition.h"

#include <string>

namespace mlir {
class DialectRegistry;
namespace qtosa {

enum class QuantBehaviour {
  /// Every output element is a copy of an input element (or of a pad
  /// value): quantize/dequantize commute exactly.
  DataMovement,
  /// The op selects or orders values (max, min, clamp, argmax): a monotone
  /// quantize commutes exactly when all quantized inputs share parameters.
  OrderPreserving,
  /// Arithmetic whose output needs its own parameters.
  Independent,
};

StringRef stringifyQuantBehaviour(QuantBehaviour behaviour);

} // namespace qtosa
} // namespace mlir

#include "qtosa/Dialect/QTosa/IR/QTosaInterfaces.h.inc"

namespace mlir::qtosa {

/// Attaches QuantBehaviourOpInterface to every TOSA op.
void registerTosaQuantBehaviourExternalModels(DialectRegistry &registry);

/// The values of a !tosa.shape operand produced by tosa.const_shape.
std::optional<SmallVector<int64_t>> getConstantShape(Value value);

/// The value of a one-element float tosa.const (a pad value, say).
std::optional<float> getScalarFloatConstant(Value value);

/// The value of a one-element integer tosa.const (a zero point, say).
std::optional<int64_t> getScalarIntConstant(Value value);

/// The behaviour of `op`: Independent for ops without the interface.
QuantBehaviour getQuantBehaviour(Operation *op);

/// For TOSA ops that take zero points as operands (conv2d, matmul,
/// avg_pool2d, ...): the index of the data operand, or of the result when
/// `ownerIsResult` is set, that each zero-point operand belongs to. Empty for
/// other ops.
struct ZeroPointOperand {
  unsigned zeroPointIndex;
  unsigned ownerIndex;
  bool ownerIsResult;
};
SmallVector<ZeroPointOperand> getZeroPointOperands(Operation *op);

} // namespace mlir::qtosa

#endif // QTOSA_DIALECT_QTOSA_IR_TOSAQUANTBEHAVIOUR_H

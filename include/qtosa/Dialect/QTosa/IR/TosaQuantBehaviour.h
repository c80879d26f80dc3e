//===- TosaQuantBehaviour.h - How quantization passes a TOSA op -*- C++ -*-===//
//
// Quantize and dequantize are elementwise and monotone. Whether they commute
// with a TOSA op follows from what the op does with element values, not from
// its name: QuantBehaviourOpInterface answers that for every TOSA op.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_DIALECT_QTOSA_IR_TOSAQUANTBEHAVIOUR_H
#define QTOSA_DIALECT_QTOSA_IR_TOSAQUANTBEHAVIOUR_H

#include "qtosa/Utils/TosaUtils.h"
#include "qtosa/Utils/WhyNot.h"

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

} // namespace qtosa
} // namespace mlir

#include "qtosa/Dialect/QTosa/IR/QTosaInterfaces.h.inc"

namespace mlir::qtosa {

/// Attaches QuantBehaviourOpInterface to every TOSA op.
void registerTosaQuantBehaviourExternalModels(DialectRegistry &registry);

/// The behaviour of `op`: Independent for ops without the interface.
QuantBehaviour getQuantBehaviour(Operation *op);

} // namespace mlir::qtosa

#endif // QTOSA_DIALECT_QTOSA_IR_TOSAQUANTBEHAVIOUR_H

//===- QTosaOps.cpp - qtosa op verifiers ----------------------------------===//
//
// Each check names the rule it enforces; docs/design.md lists the rules.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/IR/OpImplementation.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

using namespace mlir;
using namespace mlir::qtosa;

/// Verifies one quantize or dequantize: `storage` is its integer side and
/// `expressed` its float side.
static LogicalResult verifyQuantizedPair(Operation *op,
                                         quant::QuantizedType qtype,
                                         RankedTensorType storage,
                                         RankedTensorType expressed) {
  // [QTOSA-STORAGE] The integer tensor holds exactly the storage type; u8
  // storage lives in a signless i8 tensor, as in TOSA 1.0.
  if (storage.getElementType() != qtype.getStorageType())
    return op->emitOpError("storage element type ")
           << storage.getElementType() << " does not match storage type "
           << qtype.getStorageType() << " of " << qtype;
  // [QTOSA-EXPRESSED] The float tensor holds exactly the expressed type.
  if (expressed.getElementType() != qtype.getExpressedType())
    return op->emitOpError("float element type ")
           << expressed.getElementType() << " does not match expressed type "
           << qtype.getExpressedType() << " of " << qtype;
  // [QTOSA-UNIFORM], [QTOSA-SCALE], [QTOSA-ZP], [QTOSA-AXIS],
  // [QTOSA-AXIS-SIZE], [QTOSA-SUBCHANNEL]: parameters that fit the tensor.
  return verifyQuantParamsForShape([&] { return op->emitOpError(); }, qtype,
                                   storage.getShape());
}

LogicalResult QuantizeOp::verify() {
  return verifyQuantizedPair(*this, getQtype(), getOutput().getType(),
                             getInput().getType());
}

LogicalResult DequantizeOp::verify() {
  return verifyQuantizedPair(*this, getQtype(), getInput().getType(),
                             getOutput().getType());
}

#define GET_OP_CLASSES
#include "qtosa/Dialect/QTosa/IR/QTosaOps.cpp.inc"

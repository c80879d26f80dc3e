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

/// `shape` as a tensor type spells it: `?x4`.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << '?';
        else
          os << dim;
      },
      "x");
  return text;
}

/// Verifies one quantize or dequantize: `storage` is its integer side and
/// `expressed` its float side.
static LogicalResult verifyQuantizedPair(Operation *op,
                                         quant::QuantizedType qtype,
                                         RankedTensorType storage,
                                         RankedTensorType expressed) {
  // [QTOSA-SHAPE] One shape on both sides, dynamic sizes included, as
  // quant.qcast/dcast require: the passes that rewrite these ops build one
  // side's type from the other's. Checked here rather than by
  // SameOperandsAndResultShape, whose generic check costs three times the
  // rest of this verifier, on every quantize and dequantize after every pass.
  if (storage.getShape() != expressed.getShape())
    return op->emitOpError("float shape ")
           << formatShape(expressed.getShape()) << " and integer shape "
           << formatShape(storage.getShape()) << " differ";
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

void DelegateOp::build(OpBuilder &builder, OperationState &state,
                       StringRef target, ValueRange inputs,
                       TypeRange resultTypes) {
  state.addAttribute(getTargetAttrName(state.name),
                     builder.getStringAttr(target));
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  Region *body = state.addRegion();
  Block *block = new Block();
  for (Value input : inputs)
    block->addArgument(input.getType(), input.getLoc());
  body->push_back(block);
}

LogicalResult DelegateOp::verify() {
  Block &block = getBody().front();
  // [QTOSA-DELEGATE-ARGS] The body receives exactly the operands.
  if (block.getArgumentTypes() != getInputs().getTypes())
    return emitOpError("body arguments ")
           << block.getArgumentTypes() << " do not match operands "
           << getInputs().getTypes();
  // [QTOSA-DELEGATE-YIELD] The body ends in qtosa.yield of the results.
  auto yield = dyn_cast_or_null<YieldOp>(
      block.empty() ? nullptr : &block.back());
  if (!yield)
    return emitOpError("body must end in qtosa.yield");
  if (yield.getResults().getTypes() != getOutputs().getTypes())
    return emitOpError("yields ")
           << yield.getResults().getTypes() << " but results are "
           << getOutputs().getTypes();
  return success();
}

#define GET_OP_CLASSES
#include "qtosa/Dialect/QTosa/IR/QTosaOps.cpp.inc"

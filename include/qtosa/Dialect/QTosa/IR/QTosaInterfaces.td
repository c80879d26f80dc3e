//===- QTosaInterfaces.td - How quantization passes an op -*- tablegen -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSAINTERFACES_TD
#define QTOSA_DIALECT_QTOSA_IR_QTOSAINTERFACES_TD

include "mlir/IR/OpBase.td"

def QTosa_QuantBehaviourOpInterface : OpInterface<"QuantBehaviourOpInterface"> {
  let cppNamespace = "::mlir::qtosa";
  let description = [{
    Says how quantize and dequantize pass through an op, from what the op
    does with element values: copies them (data movement), selects or orders
    them (order preserving), or computes new ones (independent). qtosa
    attaches it to every TOSA op as an external model.
  }];
  let methods = [
    InterfaceMethod<"How quantize/dequantize pass through this op.",
      "::mlir::qtosa::QuantBehaviour", "getQuantBehaviour">,
    InterfaceMethod<[{
        Indices of the operands whose element values reach the result (all
        inputs of concat, the values of gather, the pad value of pad, ...).
        Empty for independent ops.
      }],
      "::llvm::SmallVector<unsigned>", "getValueOperands">,
    InterfaceMethod<[{
        Whether result 0 holds values of the value operands (argmax returns
        indices instead).
      }],
      "bool", "resultHoldsValues">,
    InterfaceMethod<[{
        The parameters of result 0 when value operand i has parameters
        `operandTypes[i]`, or why there are none.
      }],
      "::mlir::qtosa::WhyNotOr<::mlir::quant::QuantizedType>",
      "getResultQuantType",
      (ins "::llvm::ArrayRef<::mlir::quant::QuantizedType>":$operandTypes)>,
    InterfaceMethod<[{
        The parameters value operand `index` needs so that the result has
        `resultType`, or why there are none.
      }],
      "::mlir::qtosa::WhyNotOr<::mlir::quant::QuantizedType>",
      "getOperandQuantType",
      (ins "::mlir::quant::QuantizedType":$resultType, "unsigned":$index)>,
  ];
}

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSAINTERFACES_TD

//===- PassesEnums.td - Enumerated options of qtosa's passes -*- tablegen -*-===//
//
// Each enumerated option's values, spelled once: passes, pipelines, docs
// and messages use the generated stringify* / symbolize*.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TRANSFORMS_PASSESENUMS_TD
#define QTOSA_TRANSFORMS_PASSESENUMS_TD

include "mlir/IR/EnumAttr.td"

// What qtosa-share-qspecs does where values moved onto integers meet
// parameters other than their own.
def QTosa_MismatchPolicy : I32Enum<"MismatchPolicy",
    "What to do where moved values meet different parameters", [
  // Requantize to the consumer's parameters: exact.
  I32EnumAttrCase<"Rescale", 0, "rescale">,
  // Keep the producer's parameters downstream, dropping the requantize.
  I32EnumAttrCase<"Adopt", 1, "adopt">,
]> {
  let cppNamespace = "::mlir::qtosa";
}

// Where qtosa-lower-pipeline leaves the quantization of graph inputs and
// outputs.
def QTosa_GraphIO : I32Enum<"GraphIO",
    "Where graph inputs are quantized and outputs dequantized", [
  // qtosa.quantize/dequantize at the function boundary, run by the host.
  I32EnumAttrCase<"Host", 0, "host">,
  // Public functions take and return storage integers (qtosa-integer-io).
  I32EnumAttrCase<"Int", 1, "int">,
]> {
  let cppNamespace = "::mlir::qtosa";
}

// The rounding mode of the tosa.rescale ops the lowering emits.
def QTosa_RescaleRounding : I32Enum<"RescaleRounding",
    "Rounding mode of the emitted tosa.rescale ops", [
  I32EnumAttrCase<"Single", 0, "single">,
  I32EnumAttrCase<"Double", 1, "double">,
  // What the module's qtosa.rescale_rounding names; single without one.
  I32EnumAttrCase<"Auto", 2, "auto">,
]> {
  let cppNamespace = "::mlir::qtosa";
}

#endif // QTOSA_TRANSFORMS_PASSESENUMS_TD

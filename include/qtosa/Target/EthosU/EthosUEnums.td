//===- EthosUEnums.td - Names of the Ethos-U configurations --*- tablegen -*-===//
//
// The one place the targets' names are spelled: the pass options, the
// report, the delegate's target attribute and the Python module read them
// through the generated stringifyEthosUTarget / symbolizeEthosUTarget.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TARGET_ETHOSU_ETHOSUENUMS_TD
#define QTOSA_TARGET_ETHOSU_ETHOSUENUMS_TD

include "mlir/IR/EnumAttr.td"

def QTosa_EthosUTarget : I32Enum<"EthosUTarget",
    "The NPU configurations qtosa knows", [
  // Ethos-U55 with 128 MACs; its rules also hold for Ethos-U65.
  I32EnumAttrCase<"U55_128", 0, "ethos-u55-128">,
  // Ethos-U85 with 256 MACs.
  I32EnumAttrCase<"U85_256", 1, "ethos-u85-256">,
]> {
  let cppNamespace = "::mlir::qtosa";
}

#endif // QTOSA_TARGET_ETHOSU_ETHOSUENUMS_TD

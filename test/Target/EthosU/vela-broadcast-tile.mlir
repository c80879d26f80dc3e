// Vela 5.2 compiles qtosa-ethosu-legalize's form of a broadcasting TILE
// (qtosa-ethosu-legalize-tile.mlir) into one elementwise maximum on Ethos-U85
// (an Add and a Maximum on Ethos-U55), where the TILE was eight memory
// copies.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s --check-prefix=U55
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s --check-prefix=U85
// U55: NPU operations: 2
// U55-NEXT: Add
// U55-NEXT: Maximum
// U85: NPU operations: 1
// U85-NEXT: Maximum

func.func @expand_as(%x: tensor<1x8x8x1xi8>) -> tensor<1x8x8x8xi8> {
  %m = tosa.const_shape {values = dense<[1, 1, 1, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %t = tosa.tile %x, %m : (tensor<1x8x8x1xi8>, !tosa.shape<4>) -> tensor<1x8x8x8xi8>
  return %t : tensor<1x8x8x8xi8>
}

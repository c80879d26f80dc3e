// Vela 5.2 on attention's K^T as PyTorch writes it through ExecuTorch: a
// transpose of [16, 3, 1, 32] i8 by (1, 2, 3, 0), which moves N. As it is,
// Vela splits it into seven transposes on either target (in the panel's
// transformer encoder, where the graph's K slice reads it, six of 19,107
// Ethos-U85 cycles); qtosa-ethosu-legalize makes it one transpose of
// [1, 1, 16, 96] between reshapes
// (qtosa-ethosu-legalize-transpose-axes.mlir), which Vela runs as one.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t/native.tosa
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/native.tosa | FileCheck %s --check-prefix=NATIVE85
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/native.tosa | FileCheck %s --check-prefix=NATIVE55
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// NATIVE85: NPU operations: 7
// NATIVE85-COUNT-7: Transpose
// NATIVE55: NPU operations: 7
// NATIVE55-COUNT-7: Transpose
// CHECK: NPU operations: 1
// CHECK-NEXT: Transpose

func.func @main(%k: tensor<16x3x1x32xi8>) -> tensor<3x1x32x16xi8> {
  %t = tosa.transpose %k {perms = array<i32: 1, 2, 3, 0>} : (tensor<16x3x1x32xi8>) -> tensor<3x1x32x16xi8>
  return %t : tensor<3x1x32x16xi8>
}

// Vela 5.2 compiles qtosa-ethosu-legalize's form of a channel reverse
// (qtosa-ethosu-legalize-reverse.mlir) for Ethos-U55: the rot90 that
// ExecuTorch's TOSA backend writes (a transpose, a reverse of the last
// axis, a transpose) becomes one delegate of two transposes and a reverse,
// where the reverse itself was on the host before. Vela runs the second
// transpose (perms 0, 2, 3, 1) as two of its own.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55 report-file=-})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTITION
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s --check-prefix=VELA
// PARTITION: ethos-u55-128: 1 delegate(s); 3 op(s): 3 on the NPU (100.0%), 0 on the host
// VELA: NPU operations: 4
// VELA-NEXT: Transpose
// VELA-NEXT: Reverse
// VELA-NEXT: Transpose
// VELA-NEXT: Transpose

func.func @rot90(%x: tensor<1x4x6x8xi8>) -> tensor<1x6x4x8xi8> {
  %t = tosa.transpose %x {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x6x8xi8>) -> tensor<1x8x4x6xi8>
  %r = tosa.reverse %t {axis = 3 : i32} : (tensor<1x8x4x6xi8>) -> tensor<1x8x4x6xi8>
  %u = tosa.transpose %r {perms = array<i32: 0, 3, 2, 1>} : (tensor<1x8x4x6xi8>) -> tensor<1x6x4x8xi8>
  return %u : tensor<1x6x4x8xi8>
}

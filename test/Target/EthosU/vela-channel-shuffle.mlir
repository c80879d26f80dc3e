// Vela 5.2 compiles qtosa-ethosu-legalize's form of a channel shuffle
// (qtosa-ethosu-legalize-shuffle.mlir) for Ethos-U85 into one convolution,
// where the shuffle's transpose was a Transpose of its own.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// CHECK: NPU operations: 1
// CHECK-NEXT: Conv2D

func.func @shuffle(%x: tensor<1x8x8x8xi8>) -> tensor<1x8x8x8xi8> {
  %s1 = tosa.const_shape {values = dense<[8, 8, 2, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[1, 8, 8, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %a = tosa.reshape %x, %s1 : (tensor<1x8x8x8xi8>, !tosa.shape<4>) -> tensor<8x8x2x4xi8>
  %t = tosa.transpose %a {perms = array<i32: 0, 1, 3, 2>} : (tensor<8x8x2x4xi8>) -> tensor<8x8x4x2xi8>
  %b = tosa.reshape %t, %s2 : (tensor<8x8x4x2xi8>, !tosa.shape<4>) -> tensor<1x8x8x8xi8>
  return %b : tensor<1x8x8x8xi8>
}

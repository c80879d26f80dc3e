// Vela 5.2 compiles qtosa-ethosu-legalize's form of a depthwise convolution
// with depth multiplier 2 (qtosa-ethosu-legalize-depthwise-multiplier.mlir)
// into one convolution on both targets, where it ran the depthwise form as
// nine operations (eight of them transposes: 19,664 Ethos-U55 and 58,144
// Ethos-U85 cycles for this graph, against 5,056 and 1,696).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// CHECK: NPU operations: 1
// CHECK-NEXT: Conv2D

func.func @multiplier_two(%x: tensor<1x16x16x8xi8>) -> tensor<1x16x16x16xi8> {
  %w3 = "tosa.const"() <{values = dense<[[[[ 89, 35], [ 3, -59], [ -49, -117], [-108, -123], [ -83, 80], [ 38, 105], [ 1, 27], [ 120, 59]], [[ 34, 11], [ 15, 111], [ -57, 81], [ 44, -127], [ -27, 91], [ 14, -119], [ 68, 59], [ 88, -83]], [[-105, 93], [-122, 11], [-107, -51], [ -5, -20], [ -25, -120], [-126, -96], [-125, 44], [ 7, 38]]], [[[ -62, 29], [ 67, -30], [ -10, 127], [ 78, 123], [ -31, 47], [ 115, 38], [ 87, 48], [ 52, -28]], [[ 96, -93], [ 20, 56], [ 88, 6], [ -32, -48], [ -20, -4], [ 56, 99], [-109, 111], [ 8, -36]], [[ 44, 18], [ -63, -45], [ 56, 24], [ 1, -41], [ 66, -28], [ -44, 100], [ -60, -70], [ 55, 31]]], [[[-115, -106], [ -31, 85], [ -25, 73], [ -47, -66], [ 74, 96], [-107, -113], [ 44, -42], [ 19, -89]], [[ 92, -13], [ 101, 76], [ 52, -69], [ 68, -114], [ 18, -24], [ 127, -77], [ 114, -104], [ 31, 20]], [[ 102, -51], [ 103, 44], [ 100, -77], [ 66, 113], [-115, -34], [ 35, -101], [ 3, 33], [ 67, 109]]]]> : tensor<3x3x8x2xi8>}> : () -> tensor<3x3x8x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<16xi32>}> : () -> tensor<16xi32>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<40> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %acc = tosa.depthwise_conv2d %x, %w3, %b, %zp, %zp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x16x8xi8>, tensor<3x3x8x2xi8>, tensor<16xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x16x16x16xi32>
  %r = tosa.rescale %acc, %m, %s, %z32, %zp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x16x16x16xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x16x16x16xi8>
  return %r : tensor<1x16x16x16xi8>
}

// Vela 5.2 compiles qtosa-ethosu-legalize's form of the integer MEAN over
// a plane (qtosa-ethosu-legalize-plane-sum.mlir) for Ethos-U85 into one
// depthwise convolution and the rescale, where it ran a transpose of the
// whole tensor before the REDUCE_SUM (20,000 cycles of the factory's
// MobileNetV2 head, 2x2x1280).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// CHECK: NPU operations: 1
// CHECK-NEXT: DepthwiseConv2D
// CHECK-NOT: Transpose

func.func @plane_mean(%x: tensor<1x2x2x1280xi8>) -> tensor<1x1x1280xi8> {
  %shape = tosa.const_shape {values = dense<[1, 4, 1280]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %r = tosa.reshape %x, %shape : (tensor<1x2x2x1280xi8>, !tosa.shape<3>) -> tensor<1x4x1280xi8>
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = tosa.rescale %r, %one, %s30, %izp, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x4x1280xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x4x1280xi32>
  %sum = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x4x1280xi32>) -> tensor<1x1x1280xi32>
  %m = "tosa.const"() <{values = dense<1073797145> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<32> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.rescale %sum, %m, %s, %z32, %izp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x1x1280xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x1x1280xi8>
  return %y : tensor<1x1x1280xi8>
}

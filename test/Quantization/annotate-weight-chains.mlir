// A weight reached from a float constant through reshapes and transposes
// (how importers change a weight's layout: TFLite's float FULLY_CONNECTED
// and DEPTHWISE_CONV_2D) is folded into one constant first, so that it gets
// per-channel parameters from its values; the chain and its constants go
// away when nothing else reads them.
//
// RUN: qtosa-opt %s --qtosa-annotate | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @transposed_matmul_weight
// CHECK-NOT: tosa.transpose
// The [1, 3, 2] constant transposed to [1, 2, 3]: element (0, c, w) is
// (0, w, c) of the original.
// CHECK: %[[W:.*]] = "tosa.const"() <{values = dense<{{\[\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]]> : tensor<1x2x3xf32>}>
// CHECK-NEXT: %[[WM:.*]] = qtosa.annotate %[[W]] group {{[0-9]+}} storage i8<-127 : 127> {axis = 2 : i32, scales = array<f64: 0.015748031496062992, 0.031496062992125984, 0.047244094488188976>, symmetric, zero_points = array<i64: 0, 0, 0>} : tensor<1x2x3xf32>
// CHECK: tosa.matmul %{{.*}}, %[[WM]],
func.func @transposed_matmul_weight(%x: tensor<1x4x2xf32>) -> tensor<1x4x3xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]]> : tensor<1x3x2xf32>} : () -> tensor<1x3x2xf32>
  %wt = tosa.transpose %w {perms = array<i32: 0, 2, 1>} : (tensor<1x3x2xf32>) -> tensor<1x2x3xf32>
  %y = tosa.matmul %x, %wt, %zero, %zero : (tensor<1x4x2xf32>, tensor<1x2x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

// A reshape then a transpose; the bias through a reshape too.
// CHECK-LABEL: func.func @reshaped_conv_weight
// CHECK-NOT: tosa.reshape
// CHECK-NOT: tosa.transpose
// CHECK: %[[W:.*]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}1.000000e+00, 3.000000e+00]]], {{\[\[\[}}2.000000e+00, 4.000000e+00]]]]> : tensor<2x1x1x2xf32>}>
// CHECK-NEXT: qtosa.annotate %[[W]] group [[WG:[0-9]+]] storage i8<-127 : 127> {axis = 0 : i32
// CHECK: %[[B:.*]] = "tosa.const"() <{values = dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>}>
// CHECK-NEXT: qtosa.annotate %[[B]] group {{[0-9]+}} storage i32<{{.*}}> {axis = 0 : i32, derived_from = array<i64: 0, [[WG]]>, symmetric} : tensor<2xf32>
// CHECK: tosa.conv2d
// CHECK-NOT: tosa.const_shape
func.func @reshaped_conv_weight(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %bias_flat = "tosa.const"() {values = dense<[[0.5, -0.5]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %bias_shape = tosa.const_shape {values = dense<[2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %bias = tosa.reshape %bias_flat, %bias_shape : (tensor<1x2xf32>, !tosa.shape<1>) -> tensor<2xf32>
  // [IC, OC] = [[1, 2], [3, 4]] -> [IC, 1, 1, OC] -> [OC, 1, 1, IC].
  %w = "tosa.const"() {values = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %w_shape = tosa.const_shape {values = dense<[2, 1, 1, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %w4 = tosa.reshape %w, %w_shape : (tensor<2x2xf32>, !tosa.shape<4>) -> tensor<2x1x1x2xf32>
  %wt = tosa.transpose %w4 {perms = array<i32: 3, 1, 2, 0>} : (tensor<2x1x1x2xf32>) -> tensor<2x1x1x2xf32>
  %y = tosa.conv2d %x, %wt, %bias, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

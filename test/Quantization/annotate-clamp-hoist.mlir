// qtosa-annotate moves a clamp above the transposes and reshapes only it
// reads, so that it meets the convolution it follows and is fused into it:
// ExecuTorch's TOSA backend writes conv (NHWC), transpose back to NCHW,
// then the ReLU. The convolution's output is then not observed on its own
// (it would hold the negative values the ReLU drops): one marker, after the
// clamp, and the transpose follows it.
//
// RUN: qtosa-opt %s --qtosa-annotate | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @conv_transpose_relu(
// CHECK:         %[[CONV:.+]] = tosa.conv2d
// CHECK-NOT:     qtosa.annotate %[[CONV]]
// CHECK:         %[[RELU:.+]] = tosa.clamp %[[CONV]] {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK:         %[[MARK:.+]] = qtosa.annotate %[[RELU]] group
// CHECK:         %[[T:.+]] = tosa.transpose %[[MARK]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
// CHECK:         %[[R:.+]] = tosa.reshape %[[T]]
// CHECK-NOT:     tosa.clamp
// CHECK:         return %[[R]]
func.func @conv_transpose_relu(%x: tensor<1x4x4x8xf32>) -> tensor<1x128xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<0.25> : tensor<8x1x1x8xf32>} : () -> tensor<8x1x1x8xf32>
  %b = "tosa.const"() {values = dense<0.0> : tensor<8xf32>} : () -> tensor<8xf32>
  %y = tosa.conv2d %x, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x8xf32>, tensor<8x1x1x8xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x8xf32>
  %t = tosa.transpose %y {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %s = tosa.const_shape {values = dense<[1, 128]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %t, %s : (tensor<1x8x4x4xf32>, !tosa.shape<2>) -> tensor<1x128xf32>
  %c = tosa.clamp %r {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x128xf32>) -> tensor<1x128xf32>
  return %c : tensor<1x128xf32>
}

// A transpose another op also reads stays where it is, and so does the
// clamp after it.
// CHECK-LABEL: func.func @shared_transpose(
// CHECK:         tosa.transpose
// CHECK:         tosa.clamp %{{.+}} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
func.func @shared_transpose(%x: tensor<1x4x4x8xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) {
  %t = tosa.transpose %x {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x8xf32>) -> tensor<1x8x4x4xf32>
  %c = tosa.clamp %t {max_val = 6.0 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %c, %t : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}

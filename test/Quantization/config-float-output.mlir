// "outputs": [null] keeps the result float through the data movement that
// only leads to it: ExecuTorch writes a transpose back to NCHW before the
// return, which shared the convolution's parameters, so the result was
// still quantized with them (the config changed nothing).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"outputs": [null]}' > %t/float.json
// RUN: qtosa-opt %s --qtosa-annotate="config=%t/float.json" | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --qtosa-annotate | FileCheck %s --check-prefix=DEFAULT --enable-var-scope

// CHECK-LABEL: func.func @conv_then_transpose
// CHECK:         %[[C:.*]] = tosa.conv2d
// CHECK-NOT:     qtosa.annotate
// CHECK:         %[[T:.*]] = tosa.transpose %[[C]]
// CHECK-NEXT:    return %[[T]]

// Without the config the transpose reads the convolution's marker.
// DEFAULT-LABEL: func.func @conv_then_transpose
// DEFAULT:         %[[C:.*]] = tosa.conv2d
// DEFAULT-NEXT:    %[[M:.*]] = qtosa.annotate %[[C]]
// DEFAULT:         tosa.transpose %[[M]]

func.func @conv_then_transpose(%x: tensor<1x4x4x2xf32>) -> tensor<1x3x4x4xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<[[[[0.5, -0.25]]], [[[1.0, 0.1]]], [[[-0.3, 0.2]]]]> : tensor<3x1x1x2xf32>} : () -> tensor<3x1x1x2xf32>
  %b = "tosa.const"() {values = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c = tosa.conv2d %x, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %t = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  return %t : tensor<1x3x4x4xf32>
}

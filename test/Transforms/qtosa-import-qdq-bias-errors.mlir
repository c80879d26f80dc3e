// A plain integer bias whose scale cannot be derived is an error at the
// convolution, never a float island that does not verify.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --qtosa-import-qdq

!a = !quant.uniform<i8:f32, 0.5>
!w = !quant.uniform<i8:f32:3, {0.1}>
func.func @weights_axis_not_output_channel(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x2xf32> {
  %w = "tosa.const"() {values = dense<1> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1x!w>
  %b = "tosa.const"() {values = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // expected-error @+1 {{cannot import 'tosa.conv2d': its plain integer bias takes one scale per output channel, and the weights are quantized along dimension 3, which is not the output channel}}
  %c = tosa.conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<2x1x1x1x!w>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi32>
  %f = tosa.cast %c : (tensor<1x1x1x2xi32>) -> tensor<1x1x1x2xf32>
  return %f : tensor<1x1x1x2xf32>
}

// -----

!a = !quant.uniform<i16:f32, 0.5>
!w = !quant.uniform<i8:f32, 0.1>
func.func @i48_bias(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x1xi48> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1x!w>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %zx = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // expected-error @+1 {{cannot import 'tosa.conv2d': its plain i48 bias would be stored at input scale x weight scale, and quantized types hold at most 32-bit storage}}
  %c = tosa.conv2d %x, %w, %b, %zx, %z {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<1x1x1x1x!w>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  return %c : tensor<1x1x1x1xi48>
}

// -----

!a = !quant.uniform<i8:f32, 0.5>
!w = !quant.uniform<i8:f32:0, {0.1, 0.2}>
func.func @bias_length(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x2xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1x!w>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // expected-error @+1 {{cannot import 'tosa.conv2d': its plain integer bias has 1 values for 2 per-channel weight scales}}
  %c = tosa.conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<2x1x1x1x!w>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi32>
  return %c : tensor<1x1x1x2xi32>
}

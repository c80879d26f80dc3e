// A derived bias that the accumulator it is added to cannot hold is an
// error at the bias, never a saturated integer: i48 under a 16-bit input,
// i32 under an 8-bit one. Every parameter is fixed: no samples needed.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"inputs": [{"dtype": "int16", "symmetric": true, "scale": 1e-6}, {"dtype": "int8", "symmetric": true, "scale": 1e-4}], "outputs": [{"dtype": "int16", "symmetric": true, "scale": 1.0}]}' > %t/config.json
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(qtosa-quantize-pipeline{config=%t/config.json})'

// 10^4 / (10^-6 x 0.001 / 127) = 1.27e15 steps, beyond i48 (1.4e14). Both
// functions take two arguments, as the config has two input specs.
func.func @beyond_i48(%x16: tensor<1x1x1x1xf32>, %unused: tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<0.001> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  // expected-error @+1 {{bias 10000 of channel 0 is 1.27e+15 steps of its scale 7.87402e-12 (input scale x weight scale), outside the 'i48' range [-140737488355328, 140737488355327] of the accumulator it is added to}}
  %b = "tosa.const"() {values = dense<10000.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %x16, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  return %y : tensor<1x1x1x1xf32>
}

// -----

// 100 / (10^-4 x 0.01 / 127) = 1.27e10 steps, beyond i32.
func.func @beyond_i32(%unused: tensor<1x1x1x1xf32>, %x8: tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<0.01> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  // expected-error @+1 {{bias 100 of channel 0 is 1.27e+10 steps of its scale 7.87402e-09 (input scale x weight scale), outside the 'i32' range [-2147483648, 2147483647] of the accumulator it is added to}}
  %b = "tosa.const"() {values = dense<100.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %x8, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  return %y : tensor<1x1x1x1xf32>
}

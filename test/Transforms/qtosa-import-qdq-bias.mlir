// Quant-typed TOSA (TensorFlow's legalization) writes a convolution's bias as
// a plain i32 tensor stored at input scale x weight scale with zero point 0.
// The float island reads it through a dequantize at that scale (per output
// channel for per-channel weights), so the island is a valid f32
// convolution; it used to take the i32 bias as it was, an invalid
// (f32, f32, i32) conv2d with exit 0.
//
// RUN: qtosa-opt %s --split-input-file --qtosa-import-qdq | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --split-input-file --qtosa-import-qdq \
// RUN:   | qtosa-opt --split-input-file --tosa-attach-target=profiles=pro_fp --tosa-validate -o /dev/null
// Lowered, the bias adds straight into the accumulator, and an accumulator
// already at the output's scale needs no rescale (no identity tosa.rescale
// by 2^30 >> 30):
// RUN: qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | FileCheck %s --check-prefix=LOWER --enable-var-scope
// RUN: qtosa-opt %s --split-input-file --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | mlir-opt --split-input-file --tosa-attach-target=profiles=pro_int --tosa-validate=strict-op-spec-alignment -o /dev/null

!a = !quant.uniform<i8:f32, 0.1>
!w = !quant.uniform<i8:f32, 0.1>
!acc = !quant.uniform<i32:f32, 0.01>

// CHECK-LABEL: func.func @per_tensor(
// CHECK: %[[B:.*]] = "tosa.const"() <{values = dense<7> : tensor<1xi32>}>
// CHECK: %[[BF:.*]] = qtosa.dequantize %[[B]] as !quant.uniform<i32:f32, 0.010000000000000002> : tensor<1xi32> -> tensor<1xf32>
// CHECK: tosa.conv2d %{{.*}}, %{{.*}}, %[[BF]], %{{.*}}, %{{.*}} {acc_type = f32
// CHECK-SAME: (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>

// LOWER-LABEL: func.func @per_tensor(
// LOWER: %[[C:.*]] = tosa.conv2d
// LOWER-SAME: -> tensor<1x1x1x1xi32>
// LOWER-NOT: tosa.rescale
// LOWER: return %[[C]]
func.func @per_tensor(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x1x!acc> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1x!w>
  %b = "tosa.const"() {values = dense<7> : tensor<1xi32>} : () -> tensor<1xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<1x1x1x1x!w>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x!acc>
  return %c : tensor<1x1x1x1x!acc>
}

// -----

// The same model with the bias typed at the accumulator's parameters gained
// an i32 -> i32 rescale by 2^30 >> 30; an identity rescale is not built.
!a = !quant.uniform<i8:f32, 0.1>
!w = !quant.uniform<i8:f32, 0.1>
!acc = !quant.uniform<i32:f32, 0.01>
// LOWER-LABEL: func.func @typed_bias(
// LOWER-NOT: tosa.rescale
// LOWER: return
func.func @typed_bias(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x1x!acc> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1x!w>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1x!acc>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<1x1x1x1x!w>, tensor<1x!acc>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x!acc>
  return %c : tensor<1x1x1x1x!acc>
}

// -----

// Per-channel weights: one bias scale per output channel.
!a = !quant.uniform<i8:f32, 0.5>
!w = !quant.uniform<i8:f32:0, {0.1, 0.2}>
!o = !quant.uniform<i8:f32, 0.05>
// CHECK-LABEL: func.func @per_channel(
// CHECK: qtosa.dequantize %{{.*}} as !quant.uniform<i32:f32:0, {5.000000e-02,1.000000e-01}> : tensor<2xi32> -> tensor<2xf32>
// LOWER-LABEL: func.func @per_channel(
// LOWER: tosa.conv2d
// LOWER: tosa.rescale {{.*}}per_channel = true
func.func @per_channel(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x2x!o> {
  %w = "tosa.const"() {values = dense<[[[[2]]], [[[5]]]]> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1x!w>
  %b = "tosa.const"() {values = dense<[10, -4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<2x1x1x1x!w>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2x!o>
  return %c : tensor<1x1x1x2x!o>
}

// -----

// Depthwise weights [KH, KW, C, M] quantized along C: output channel c * M + m
// takes the scale of c.
!a = !quant.uniform<i8:f32, 0.5>
!w = !quant.uniform<i8:f32:2, {0.1, 0.2}>
!o = !quant.uniform<i8:f32, 0.05>
// CHECK-LABEL: func.func @depthwise(
// CHECK: qtosa.dequantize %{{.*}} as !quant.uniform<i32:f32:0, {5.000000e-02,5.000000e-02,1.000000e-01,1.000000e-01}> : tensor<4xi32> -> tensor<4xf32>
func.func @depthwise(%x: tensor<1x1x1x2x!a>) -> tensor<1x1x1x4x!o> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x2x2xi8>} : () -> tensor<1x1x2x2x!w>
  %b = "tosa.const"() {values = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.depthwise_conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x2x!a>, tensor<1x1x2x2x!w>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x4x!o>
  return %c : tensor<1x1x1x4x!o>
}

// RUN: qtosa-opt %s --split-input-file --qtosa-signed-storage | FileCheck %s --enable-var-scope

// A u8 quantize read only by dequantizes: both sides move to i8, zero
// point and range 128 lower.
// CHECK-LABEL: func.func @pair(
// CHECK: qtosa.quantize %{{.*}} as !quant.uniform<i8:f32, 5.000000e-02> :
// CHECK: qtosa.dequantize %{{.*}} as !quant.uniform<i8:f32, 5.000000e-02> :
// CHECK: qtosa.dequantize %{{.*}} as !quant.uniform<i8<-127:127>:f32, 5.000000e-02:-8> :
func.func @pair(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %q = qtosa.quantize %x as !quant.uniform<u8:f32, 0.05:128> : tensor<4xf32> -> tensor<4xi8>
  %d = qtosa.dequantize %q as !quant.uniform<u8:f32, 0.05:128> : tensor<4xi8> -> tensor<4xf32>
  %e = qtosa.dequantize %q as !quant.uniform<u8<1:255>:f32, 0.05:120> : tensor<4xi8> -> tensor<4xf32>
  return %d, %e : tensor<4xf32>, tensor<4xf32>
}

// -----

// A u8 constant: its stored values move 128 down (u8 200 -> i8 72, u8 0 ->
// i8 -128), per axis as well.
// CHECK-LABEL: func.func @constant(
// CHECK: %[[C:.*]] = "tosa.const"() <{values = dense<[72, -128]> : tensor<2xi8>}>
// CHECK: qtosa.dequantize %[[C]] as !quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}> :
func.func @constant() -> tensor<2xf32> {
  %c = "tosa.const"() {values = dense<[-56, 0]> : tensor<2xi8>} : () -> tensor<2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<u8:f32:0, {0.1:128, 0.2:128}> : tensor<2xi8> -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// -----

// A u8 input stays u8 at the interface; a requantize to i8 follows it, and
// the float users read that.
// CHECK-LABEL: func.func @input(
// CHECK-SAME: %[[X:.*]]: tensor<4xi8>
// CHECK: %[[D:.*]] = qtosa.dequantize %[[X]] as !quant.uniform<u8:f32, 5.000000e-02:128>
// CHECK: %[[Q:.*]] = qtosa.quantize %[[D]] as !quant.uniform<i8:f32, 5.000000e-02>
// CHECK: %[[S:.*]] = qtosa.dequantize %[[Q]] as !quant.uniform<i8:f32, 5.000000e-02>
// CHECK: tosa.abs %[[S]]
func.func @input(%x: tensor<4xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<u8:f32, 0.05:128> : tensor<4xi8> -> tensor<4xf32>
  %a = tosa.abs %d : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// A u8 stored value that leaves the function keeps u8 storage.
// CHECK-LABEL: func.func @escapes(
// CHECK: qtosa.quantize %{{.*}} as !quant.uniform<u8:f32, 5.000000e-02:128>
func.func @escapes(%x: tensor<4xf32>) -> tensor<4xi8> {
  %q = qtosa.quantize %x as !quant.uniform<u8:f32, 0.05:128> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

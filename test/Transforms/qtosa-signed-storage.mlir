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

// -----

// Slices and reshapes of the stored values (TF1's whole-uint8 form) move
// with the storage: the quantize and both dequantizes go to i8, and the
// slice and reshape are unchanged.
// CHECK-LABEL: func.func @through_movers(
// CHECK:         %[[Q:.*]] = qtosa.quantize %{{.*}} as !quant.uniform<i8:f32, 5.000000e-02:-28>
// CHECK:         qtosa.dequantize %[[Q]] as !quant.uniform<i8:f32, 5.000000e-02:-28>
// CHECK:         %[[S:.*]] = tosa.slice %[[Q]]
// CHECK:         %[[R:.*]] = tosa.reshape %[[S]]
// CHECK:         qtosa.dequantize %[[R]] as !quant.uniform<i8:f32, 5.000000e-02:-28>
// CHECK-NOT:     u8
func.func @through_movers(%x: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x2xf32>, tensor<1x18xf32>) {
  %q = qtosa.quantize %x as !quant.uniform<u8:f32, 0.05:100> : tensor<1x4x4x2xf32> -> tensor<1x4x4x2xi8>
  %d = qtosa.dequantize %q as !quant.uniform<u8:f32, 0.05:100> : tensor<1x4x4x2xi8> -> tensor<1x4x4x2xf32>
  %start = tosa.const_shape {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
  %size = tosa.const_shape {values = dense<[1, 3, 3, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s = tosa.slice %q, %start, %size : (tensor<1x4x4x2xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x3x3x2xi8>
  %shape = tosa.const_shape {values = dense<[1, 18]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %s, %shape : (tensor<1x3x3x2xi8>, !tosa.shape<2>) -> tensor<1x18xi8>
  %e = qtosa.dequantize %r as !quant.uniform<u8:f32, 0.05:100> : tensor<1x18xi8> -> tensor<1x18xf32>
  return %d, %e : tensor<1x4x4x2xf32>, tensor<1x18xf32>
}

// -----

// A moved stored value that leaves the function keeps the source u8.
// CHECK-LABEL: func.func @mover_escapes(
// CHECK: qtosa.quantize %{{.*}} as !quant.uniform<u8:f32, 5.000000e-02:100>
func.func @mover_escapes(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<4xi8>) {
  %q = qtosa.quantize %x as !quant.uniform<u8:f32, 0.05:100> : tensor<2x2xf32> -> tensor<2x2xi8>
  %d = qtosa.dequantize %q as !quant.uniform<u8:f32, 0.05:100> : tensor<2x2xi8> -> tensor<2x2xf32>
  %shape = tosa.const_shape {values = dense<4> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %q, %shape : (tensor<2x2xi8>, !tosa.shape<1>) -> tensor<4xi8>
  return %d, %r : tensor<2x2xf32>, tensor<4xi8>
}

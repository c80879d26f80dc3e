// mismatch-policy=adopt keeps the producer's parameters downstream (PT2E's
// SharedQuantizationSpec): no requantize, different numerics, a remark.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --qtosa-share-qspecs=mismatch-policy=adopt | FileCheck %s --enable-var-scope
// The default policy keeps the exact requantize.
// RUN: qtosa-opt %s -split-input-file --qtosa-share-qspecs | FileCheck %s --check-prefix=RESCALE --enable-var-scope

// CHECK-LABEL: func.func @moveaxis_observed_twice
// CHECK: %[[T:.+]] = tosa.transpose %arg0
// CHECK: %[[D:.+]] = qtosa.dequantize %[[T]] as !quant.uniform<i8:f32, 4.000000e-02:3>
// CHECK-NEXT: return %[[D]]
// RESCALE-LABEL: func.func @moveaxis_observed_twice
// RESCALE: %[[D:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32, 4.000000e-02:3>
// RESCALE: %[[Q:.+]] = qtosa.quantize %[[D]] as !quant.uniform<i8:f32, 4.100000e-02:3>
// RESCALE: qtosa.dequantize %[[Q]] as !quant.uniform<i8:f32, 4.100000e-02:3>
func.func @moveaxis_observed_twice(%x: tensor<1x2x2x4xi8>) -> tensor<1x4x2x2xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.04:3> : tensor<1x2x2x4xi8> -> tensor<1x2x2x4xf32>
  %t = tosa.transpose %d {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x4xf32>) -> tensor<1x4x2x2xf32>
  %q = qtosa.quantize %t as !quant.uniform<i8:f32, 0.041:3> : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xi8>
  // expected-remark @+1 {{adopted '!quant.uniform<i8:f32, 4.000000e-02:3>' in place of '!quant.uniform<i8:f32, 4.100000e-02:3>' (mismatch-policy=adopt): the requantize is gone and numerics change}}
  %d2 = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.041:3> : tensor<1x4x2x2xi8> -> tensor<1x4x2x2xf32>
  return %d2 : tensor<1x4x2x2xf32>
}

// -----

// Different input scales cannot be adopted by one concat: it requantizes.
// CHECK-LABEL: func.func @concat_keeps_requantizes
// CHECK-COUNT-2: qtosa.quantize {{.+}} as !quant.uniform<i8:f32, 3.000000e-01:-1>
// CHECK: tosa.concat
func.func @concat_keeps_requantizes(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<4x3xi8> {
  %da = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %db = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.2:1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %c = tosa.concat %da, %db {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %q = qtosa.quantize %c as !quant.uniform<i8:f32, 0.3:-1> : tensor<4x3xf32> -> tensor<4x3xi8>
  return %q : tensor<4x3xi8>
}

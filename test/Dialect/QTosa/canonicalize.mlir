// quantize(dequantize(x, P), P) folds where every stored value survives;
// nothing else about quantize/dequantize does. Fold and no-fold side by side.
// RUN: qtosa-opt %s -split-input-file --canonicalize | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @requantize_same_params_folds
// CHECK-SAME: (%[[X:.+]]: tensor<4xi8>)
// CHECK-NOT: qtosa.
// CHECK: return %[[X]]
func.func @requantize_same_params_folds(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:-3> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.5:-3> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// CHECK-LABEL: func.func @requantize_other_params_stays
// CHECK: qtosa.dequantize
// CHECK: qtosa.quantize
func.func @requantize_other_params_stays(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:-3> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-3> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @per_axis_folds
// CHECK-NOT: qtosa.
func.func @per_axis_folds(%x: tensor<2x3xi16>) -> tensor<2x3xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32:1, {0.5:1, 0.25:2, 2.0:3}> : tensor<2x3xi16> -> tensor<2x3xf32>
  %q = qtosa.quantize %d as !quant.uniform<i16:f32:1, {0.5:1, 0.25:2, 2.0:3}> : tensor<2x3xf32> -> tensor<2x3xi16>
  return %q : tensor<2x3xi16>
}

// A narrow range clamps the stored -128 to -127: not a no-op.
// CHECK-LABEL: func.func @narrow_range_stays
// CHECK: qtosa.dequantize
// CHECK: qtosa.quantize
func.func @narrow_range_stays(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8<-127:127>:f32, 0.5> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8<-127:127>:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// bf16 holds 8 significant bits, too few for every i8 difference.
// CHECK-LABEL: func.func @bf16_i8_stays
// CHECK: qtosa.dequantize
// CHECK: qtosa.quantize
func.func @bf16_i8_stays(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:bf16, 0.3:-128> : tensor<4xi8> -> tensor<4xbf16>
  %q = qtosa.quantize %d as !quant.uniform<i8:bf16, 0.3:-128> : tensor<4xbf16> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// dequantize(quantize(x)) rounds x to the grid: never folded, and the
// float consumer keeps reading the dequantized value.
// CHECK-LABEL: func.func @quantize_then_dequantize_stays
// CHECK: %[[Q:.+]] = qtosa.quantize
// CHECK: %[[D:.+]] = qtosa.dequantize %[[Q]]
// CHECK: tosa.transpose %[[D]]
func.func @quantize_then_dequantize_stays(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.5:-3> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

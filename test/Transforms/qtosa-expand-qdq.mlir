// RUN: qtosa-opt %s -split-input-file --qtosa-expand-qdq | FileCheck %s --enable-var-scope
// The output is pure upstream MLIR: plain mlir-opt parses and verifies it.
// RUN: qtosa-opt %s -split-input-file --qtosa-expand-qdq | mlir-opt -split-input-file | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM-NOT: qtosa.{{(de)?quantize}}
// UPSTREAM: tosa.cast

// CHECK-LABEL: func.func @quantize_per_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-DAG: %[[INV:.+]] = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1xf32>}>
// CHECK-DAG: %[[SHIFT:.+]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK: %[[SCALED:.+]] = tosa.mul %[[X]], %[[INV]], %[[SHIFT]]
// CHECK: %[[CLAMPED:.+]] = tosa.clamp %[[SCALED]] {max_val = 1.300000e+02 : f32, min_val = -1.250000e+02 : f32, nan_mode = IGNORE}
// CHECK: %[[ROUNDED:.+]] = tosa.cast %[[CLAMPED]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK: %[[ZP:.+]] = "tosa.const"() <{values = dense<-3> : tensor<1x1xi32>}>
// CHECK: %[[SHIFTED:.+]] = tosa.add %[[ROUNDED]], %[[ZP]]
// CHECK: %[[STORED:.+]] = tosa.cast %[[SHIFTED]] : (tensor<2x3xi32>) -> tensor<2x3xi8>
// CHECK: return %[[STORED]]
func.func @quantize_per_tensor(%x: tensor<2x3xf32>) -> tensor<2x3xi8> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:-3> : tensor<2x3xf32> -> tensor<2x3xi8>
  return %q : tensor<2x3xi8>
}

// A zero zero point adds nothing.
// CHECK-LABEL: func.func @quantize_symmetric
// CHECK-NOT: tosa.add
// CHECK: return
func.func @quantize_symmetric(%x: tensor<4xf32>) -> tensor<4xi8> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// TFLite's rounding: the clamped product is rounded half away from zero in
// f32 (floor of the magnitude, plus one from a fraction of 0.5, the sign put
// back) before TOSA's cast, which would take ties to even.
// CHECK-LABEL: func.func @quantize_ties_away_from_zero
// CHECK: %[[CLAMPED:.+]] = tosa.clamp
// CHECK: %[[MAGNITUDE:.+]] = tosa.abs %[[CLAMPED]]
// CHECK: %[[WHOLE:.+]] = tosa.floor %[[MAGNITUDE]]
// CHECK: %[[HALF:.+]] = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}>
// CHECK-NEXT: %[[FRACTION:.+]] = tosa.sub %[[MAGNITUDE]], %[[WHOLE]]
// CHECK: %[[UP:.+]] = tosa.greater_equal %[[FRACTION]], %[[HALF]]
// CHECK: %[[ONE:.+]] = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}>
// CHECK: %[[NEXT:.+]] = tosa.add %[[WHOLE]], %[[ONE]]
// CHECK: %[[ROUNDED:.+]] = tosa.select %[[UP]], %[[NEXT]], %[[WHOLE]]
// CHECK: %[[ZERO:.+]] = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}>
// CHECK: %[[NEGATIVE:.+]] = tosa.greater %[[ZERO]], %[[CLAMPED]]
// CHECK: %[[NEGATED:.+]] = tosa.sub %[[ZERO]], %[[ROUNDED]] : (tensor<1x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[SIGNED:.+]] = tosa.select %[[NEGATIVE]], %[[NEGATED]], %[[ROUNDED]]
// CHECK: tosa.cast %[[SIGNED]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
func.func @quantize_ties_away_from_zero(%x: tensor<2x3xf32>) -> tensor<2x3xi16> {
  %q = qtosa.quantize %x as !quant.uniform<i16:f32, 0.5> ties_away_from_zero : tensor<2x3xf32> -> tensor<2x3xi16>
  return %q : tensor<2x3xi16>
}

// -----

// Per-axis parameters broadcast along their axis; differing zero points need
// per-channel bounds, so maximum/minimum replace the clamp.
// CHECK-LABEL: func.func @quantize_per_axis
// CHECK-DAG: "tosa.const"() <{values = dense<[{{\[}}[2.000000e+00], [4.000000e+00], [1.000000e+00]]]> : tensor<1x3x1xf32>}>
// CHECK: tosa.maximum {{.+}} {nan_mode = IGNORE} : (tensor<2x3x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK: tosa.minimum {{.+}} {nan_mode = IGNORE} : (tensor<2x3x4xf32>, tensor<1x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK: "tosa.const"() <{values = dense<[{{\[}}[0], [1], [2]]]> : tensor<1x3x1xi32>}>
func.func @quantize_per_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xi8> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 1.0:2}> : tensor<2x3x4xf32> -> tensor<2x3x4xi8>
  return %q : tensor<2x3x4xi8>
}

// -----

// Unsigned storage is widened by masking off the sign extension.
// CHECK-LABEL: func.func @dequantize_unsigned
// CHECK-SAME: (%[[Q:.+]]: tensor<4xi8>)
// CHECK: %[[WIDE:.+]] = tosa.cast %[[Q]] : (tensor<4xi8>) -> tensor<4xi32>
// CHECK: %[[MASK:.+]] = "tosa.const"() <{values = dense<255> : tensor<1xi32>}>
// CHECK: %[[U:.+]] = tosa.bitwise_and %[[WIDE]], %[[MASK]]
// CHECK: %[[ZP:.+]] = "tosa.const"() <{values = dense<128> : tensor<1xi32>}>
// CHECK: %[[DIFF:.+]] = tosa.sub %[[U]], %[[ZP]]
// CHECK: %[[F:.+]] = tosa.cast %[[DIFF]] : (tensor<4xi32>) -> tensor<4xf32>
// CHECK: tosa.mul %[[F]]
func.func @dequantize_unsigned(%q: tensor<4xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<u8:f32, 0.25:128> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// Narrower expressed types are reached from f32 at the end.
// CHECK-LABEL: func.func @dequantize_to_f16
// CHECK: tosa.mul {{.+}} -> tensor<4xf32>
// CHECK: tosa.cast {{.+}} : (tensor<4xf32>) -> tensor<4xf16>
func.func @dequantize_to_f16(%q: tensor<4xi8>) -> tensor<4xf16> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f16, 0.5> : tensor<4xi8> -> tensor<4xf16>
  return %d : tensor<4xf16>
}

// -----

// Blocks of two columns: the data is viewed as 2x2x2 so that the 2x2x1
// scales broadcast, then viewed back.
// CHECK-LABEL: func.func @dequantize_sub_channel
// CHECK: tosa.reshape {{.+}} -> tensor<2x2x2xi32>
// CHECK: "tosa.const"() <{values = dense<[{{\[}}[1.000000e+00], [2.000000e+00]], {{\[}}[3.000000e+00], [4.000000e+00]]]> : tensor<2x2x1xf32>}>
// CHECK: tosa.reshape {{.+}} -> tensor<2x4xf32>
func.func @dequantize_sub_channel(%q: tensor<2x4xi8>) -> tensor<2x4xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}> : tensor<2x4xi8> -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}

// Dynamic dimensions are fine where parameters broadcast.
// CHECK-LABEL: func.func @dequantize_dynamic_per_axis
// CHECK: tosa.mul {{.+}} : (tensor<?x3xf32>, tensor<1x3xf32>, tensor<1xi8>) -> tensor<?x3xf32>
func.func @dequantize_dynamic_per_axis(%q: tensor<?x3xi8>) -> tensor<?x3xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:1, {0.5, 0.25, 1.0}> : tensor<?x3xi8> -> tensor<?x3xf32>
  return %d : tensor<?x3xf32>
}

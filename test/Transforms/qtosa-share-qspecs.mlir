// One case per rule, moved and not moved side by side.
// RUN: qtosa-opt %s -split-input-file --qtosa-share-qspecs | FileCheck %s --enable-var-scope

!p = !quant.uniform<i8:f32, 0.5:-3>
!q = !quant.uniform<i8:f32, 0.25:1>

// Rule 1: the transpose runs on the stored integers.
// CHECK-LABEL: func.func @sink_transpose
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xi8>)
// CHECK: %[[T:.+]] = tosa.transpose %[[X]] {perms = array<i32: 1, 0>} : (tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK: %[[D:.+]] = qtosa.dequantize %[[T]] as !quant.uniform<i8:f32, 5.000000e-01:-3>
// CHECK: return %[[D]]
func.func @sink_transpose(%x: tensor<2x3xi8>) -> tensor<3x2xf32> {
  %d = qtosa.dequantize %x as !p : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// Per-axis parameters follow the permutation: axis 1 becomes axis 0.
// CHECK-LABEL: func.func @sink_per_axis_transpose
// CHECK: tosa.transpose {{.+}} -> tensor<3x2xi8>
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01,1.250000e-01}>
func.func @sink_per_axis_transpose(%x: tensor<2x3xi8>) -> tensor<3x2xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:1, {0.5, 0.25, 0.125}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// A reshape keeping the per-axis dimension whole moves it to its new index.
// CHECK-LABEL: func.func @sink_per_axis_reshape
// CHECK: tosa.reshape {{.+}} -> tensor<6x4xi8>
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00,3.000000e+00,4.000000e+00}>
func.func @sink_per_axis_reshape(%x: tensor<2x3x4xi8>) -> tensor<6x4xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:2, {1.0, 2.0, 3.0, 4.0}> : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %s = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %d, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// Merging the per-axis dimension with a leading one tiles its parameters:
// row r of the 6x4 result is channel r mod 3.
// CHECK-LABEL: func.func @sink_per_axis_merge
// CHECK: tosa.reshape {{.+}} -> tensor<6x4xi8>
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00,3.000000e+00,1.000000e+00,2.000000e+00,3.000000e+00}>
func.func @sink_per_axis_merge(%x: tensor<2x3x4xi8>) -> tensor<6x4xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}> : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %s = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %d, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// Merging with a trailing dimension repeats each parameter.
// CHECK-LABEL: func.func @sink_per_axis_merge_trailing
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:0, {1.000000e+00,1.000000e+00,2.000000e+00,2.000000e+00}>
func.func @sink_per_axis_merge_trailing(%x: tensor<2x2xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:0, {1.0, 2.0}> : tensor<2x2xi8> -> tensor<2x2xf32>
  %s = tosa.const_shape {values = dense<4> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %d, %s : (tensor<2x2xf32>, !tosa.shape<1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// Splitting the per-axis dimension: parameters that change only with the
// inner factor stay per-axis on it; with both factors, sub-channel.
// CHECK-LABEL: func.func @sink_per_axis_split
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00,3.000000e+00}> : tensor<2x3x4xi8>
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:{0:1, 1:1}, {{\{\{\{}}1.000000e+00}, {2.000000e+00}, {3.000000e+00}}, {{\{\{}}4.000000e+00}, {5.000000e+00}, {6.000000e+00}}}> : tensor<2x3x4xi8>
func.func @sink_per_axis_split(%x: tensor<6x4xi8>, %y: tensor<6x4xi8>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %s = tosa.const_shape {values = dense<[2, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %dx = qtosa.dequantize %x as !quant.uniform<i8:f32:0, {1.0, 2.0, 3.0, 1.0, 2.0, 3.0}> : tensor<6x4xi8> -> tensor<6x4xf32>
  %rx = tosa.reshape %dx, %s : (tensor<6x4xf32>, !tosa.shape<3>) -> tensor<2x3x4xf32>
  %dy = qtosa.dequantize %y as !quant.uniform<i8:f32:0, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}> : tensor<6x4xi8> -> tensor<6x4xf32>
  %ry = tosa.reshape %dy, %s : (tensor<6x4xf32>, !tosa.shape<3>) -> tensor<2x3x4xf32>
  return %rx, %ry : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// A reshape that regroups the per-axis dimension with others (2x3x4 to
// 4x6) has no per-element description: it stays in float.
// CHECK-LABEL: func.func @no_sink_regrouping_reshape
// CHECK: qtosa.dequantize
// CHECK: tosa.reshape {{.+}} -> tensor<4x6xf32>
func.func @no_sink_regrouping_reshape(%x: tensor<2x3x4xi8>) -> tensor<4x6xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}> : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %s = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %d, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.25:1>

// Rule 2: a quantize after a float producer moves above the transpose.
// CHECK-LABEL: func.func @hoist_quantize
// CHECK: %[[S:.+]] = tosa.add
// CHECK: %[[Q:.+]] = qtosa.quantize %[[S]] as !quant.uniform<i8:f32, 2.500000e-01:1> : tensor<2x3xf32> -> tensor<2x3xi8>
// CHECK: %[[T:.+]] = tosa.transpose %[[Q]] {{.+}} -> tensor<3x2xi8>
// CHECK: return %[[T]]
func.func @hoist_quantize(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xi8> {
  %s = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = tosa.transpose %s {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q = qtosa.quantize %t as !q : tensor<3x2xf32> -> tensor<3x2xi8>
  return %q : tensor<3x2xi8>
}

// The moved quantize keeps TFLite's rounding of ties.
// CHECK-LABEL: func.func @hoist_quantize_ties_away_from_zero
// CHECK: qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 2.500000e-01:1> ties_away_from_zero : tensor<2x3xf32> -> tensor<2x3xi8>
// CHECK: tosa.transpose
func.func @hoist_quantize_ties_away_from_zero(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xi8> {
  %s = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = tosa.transpose %s {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q = qtosa.quantize %t as !q ties_away_from_zero : tensor<3x2xf32> -> tensor<3x2xi8>
  return %q : tensor<3x2xi8>
}

// A float chain with no quantize or dequantize inside ends up on integers.
// CHECK-LABEL: func.func @hoist_through_chain
// CHECK: qtosa.quantize {{.+}} : tensor<2x3x4xf32> -> tensor<2x3x4xi8>
// CHECK: tosa.transpose {{.+}} -> tensor<4x3x2xi8>
// CHECK: tosa.transpose {{.+}} -> tensor<3x4x2xi8>
// CHECK: tosa.reshape {{.+}} -> tensor<12x2xi8>
// CHECK-NEXT: return
func.func @hoist_through_chain(%a: tensor<2x3x4xf32>) -> tensor<12x2xi8> {
  %e = tosa.exp %a : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %t1 = tosa.transpose %e {perms = array<i32: 2, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  %t2 = tosa.transpose %t1 {perms = array<i32: 1, 0, 2>} : (tensor<4x3x2xf32>) -> tensor<3x4x2xf32>
  %s = tosa.const_shape {values = dense<[12, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %t2, %s : (tensor<3x4x2xf32>, !tosa.shape<2>) -> tensor<12x2xf32>
  %q = qtosa.quantize %r as !q : tensor<12x2xf32> -> tensor<12x2xi8>
  return %q : tensor<12x2xi8>
}

// -----

// Rule 3: three scales meet in one concat by requantizing each input to the
// output's parameters first.
// CHECK-LABEL: func.func @concat_mismatched_scales
// CHECK-DAG: %[[DA:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32, 1.000000e-01>
// CHECK-DAG: %[[DB:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32, 2.000000e-01:1>
// CHECK-DAG: %[[RA:.+]] = qtosa.quantize %[[DA]] as !quant.uniform<i8:f32, 3.000000e-01:-1>
// CHECK-DAG: %[[RB:.+]] = qtosa.quantize %[[DB]] as !quant.uniform<i8:f32, 3.000000e-01:-1>
// CHECK: %[[C:.+]] = tosa.concat %[[RA]], %[[RB]] {axis = 0 : i32} : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<4x3xi8>
// CHECK: return %[[C]]
func.func @concat_mismatched_scales(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<4x3xi8> {
  %da = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %db = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.2:1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %c = tosa.concat %da, %db {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %q = qtosa.quantize %c as !quant.uniform<i8:f32, 0.3:-1> : tensor<4x3xf32> -> tensor<4x3xi8>
  return %q : tensor<4x3xi8>
}

// Equal input parameters concatenate directly (rule 1).
// CHECK-LABEL: func.func @concat_shared_scales
// CHECK: %[[C:.+]] = tosa.concat %arg0, %arg1 {{.+}} -> tensor<4x3xi8>
// CHECK: qtosa.dequantize %[[C]]
func.func @concat_shared_scales(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<4x3xf32> {
  %da = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %db = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.1> : tensor<2x3xi8> -> tensor<2x3xf32>
  %c = tosa.concat %da, %db {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %c : tensor<4x3xf32>
}

// -----

!p = !quant.uniform<i8:f32, 0.5:-3>

// Rule 4: with the same parameters on both sides nothing is left but the
// integer op.
// CHECK-LABEL: func.func @same_params_fold
// CHECK-NEXT: %[[M:.+]] = tosa.max_pool2d %arg0 {{.+}} -> tensor<1x2x2x2xi8>
// CHECK-NEXT: return %[[M]]
func.func @same_params_fold(%x: tensor<1x4x4x2xi8>) -> tensor<1x2x2x2xi8> {
  %d = qtosa.dequantize %x as !p : tensor<1x4x4x2xi8> -> tensor<1x4x4x2xf32>
  %m = tosa.max_pool2d %d {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %q = qtosa.quantize %m as !p : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi8>
  return %q : tensor<1x2x2x2xi8>
}

// Clamp bounds on the grid sink as stored integers: (0 / 0.5) - 3 = -3 and
// (6 / 0.5) - 3 = 9.
// CHECK-LABEL: func.func @clamp_on_grid
// CHECK: tosa.clamp %arg0 {max_val = 9 : i8, min_val = -3 : i8} : (tensor<4xi8>) -> tensor<4xi8>
// CHECK: qtosa.dequantize
func.func @clamp_on_grid(%x: tensor<4xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %x as !p : tensor<4xi8> -> tensor<4xf32>
  %c = tosa.clamp %d {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// Bounds between grid points cannot sink, but the quantize after the clamp
// moves above it with its bounds quantized: round(0.4) - 3, round(12.2) - 3.
// CHECK-LABEL: func.func @clamp_off_grid_hoists
// CHECK-NEXT: %[[C:.+]] = tosa.clamp %arg0 {max_val = 9 : i8, min_val = -3 : i8}
// CHECK-NEXT: return %[[C]]
func.func @clamp_off_grid_hoists(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !p : tensor<4xi8> -> tensor<4xf32>
  %c = tosa.clamp %d {min_val = 0.2 : f32, max_val = 6.1 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %c as !p : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// Bounds on ties round as the quantize does: 0.25 / 0.5 and 6.25 / 0.5
// are 0.5 and 12.5, away from zero 1 and 13, then zero point -3 (to even
// they would be -3 and 9).
// CHECK-LABEL: func.func @clamp_ties_away_from_zero_hoists
// CHECK-NEXT: %[[C:.+]] = tosa.clamp %arg0 {max_val = 10 : i8, min_val = -2 : i8}
// CHECK-NEXT: return %[[C]]
func.func @clamp_ties_away_from_zero_hoists(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !p : tensor<4xi8> -> tensor<4xf32>
  %c = tosa.clamp %d {min_val = 0.25 : f32, max_val = 6.25 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %c as !p ties_away_from_zero : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// A zero pad value is the zero point in storage.
// CHECK-LABEL: func.func @pad_value
// CHECK: %[[V:.+]] = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}>
// CHECK: tosa.pad %arg0, %{{.+}}, %[[V]] : (tensor<2x2xi8>, !tosa.shape<4>, tensor<1xi8>) -> tensor<4x2xi8>
func.func @pad_value(%x: tensor<2x2xi8>) -> tensor<4x2xf32> {
  %d = qtosa.dequantize %x as !p : tensor<2x2xi8> -> tensor<2x2xf32>
  %p = tosa.const_shape {values = dense<[1, 1, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %r = tosa.pad %d, %p, %v : (tensor<2x2xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// argmax of dequantized values is argmax of the stored ones.
// CHECK-LABEL: func.func @argmax
// CHECK-NEXT: %[[A:.+]] = tosa.argmax %arg0 {axis = 1 : i32} : (tensor<2x3xi8>) -> tensor<2xi32>
// CHECK-NEXT: return %[[A]]
func.func @argmax(%x: tensor<2x3xi8>) -> tensor<2xi32> {
  %d = qtosa.dequantize %x as !p : tensor<2x3xi8> -> tensor<2x3xf32>
  %a = tosa.argmax %d {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2xi32>
  return %a : tensor<2xi32>
}

// -----

!p = !quant.uniform<i8:f32, 0.5:-3>

// Nothing moves through ops that compute new values.
// CHECK-LABEL: func.func @avg_pool_and_add_stay
// CHECK: %[[D:.+]] = qtosa.dequantize %arg0
// CHECK: tosa.avg_pool2d %[[D]]
// CHECK: tosa.add {{.+}} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// CHECK: qtosa.quantize
func.func @avg_pool_and_add_stay(%x: tensor<1x4x4x2xi8>) -> tensor<1x2x2x2xi8> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %d = qtosa.dequantize %x as !p : tensor<1x4x4x2xi8> -> tensor<1x4x4x2xf32>
  %a = tosa.avg_pool2d %d, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %s = tosa.add %a, %a : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %q = qtosa.quantize %s as !p : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi8>
  return %q : tensor<1x2x2x2xi8>
}

// -----

!p = !quant.uniform<i8:f32, 0.5:-3>
!q = !quant.uniform<i8:f32, 0.25:1>

// A quantize of the dequantize is a requantize and needs no float value, so
// the dequantize still sinks into the transpose.
// CHECK-LABEL: func.func @dequantize_also_requantized
// CHECK-DAG: %[[T:.+]] = tosa.transpose %arg0 {{.+}} -> tensor<3x2xi8>
// CHECK-DAG: %[[R:.+]] = qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 2.500000e-01:1>
func.func @dequantize_also_requantized(%x: tensor<2x3xi8>) -> (tensor<3x2xf32>, tensor<2x3xi8>) {
  %d = qtosa.dequantize %x as !p : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = qtosa.quantize %d as !q : tensor<2x3xf32> -> tensor<2x3xi8>
  return %t, %r : tensor<3x2xf32>, tensor<2x3xi8>
}

// A float result quantized twice with the same parameters hoists once.
// CHECK-LABEL: func.func @two_identical_quantizes
// CHECK: %[[Q:.+]] = qtosa.quantize %{{.+}} : tensor<2x3xf32> -> tensor<2x3xi8>
// CHECK: %[[T:.+]] = tosa.transpose %[[Q]]
// CHECK: return %[[T]], %[[T]]
func.func @two_identical_quantizes(%a: tensor<2x3xf32>) -> (tensor<3x2xi8>, tensor<3x2xi8>) {
  %e = tosa.exp %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = tosa.transpose %e {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q1 = qtosa.quantize %t as !q : tensor<3x2xf32> -> tensor<3x2xi8>
  %q2 = qtosa.quantize %t as !q : tensor<3x2xf32> -> tensor<3x2xi8>
  return %q1, %q2 : tensor<3x2xi8>, tensor<3x2xi8>
}

// -----

// Per-axis parameters on the channel axis pass max_pool2d in both
// directions; on a spatial axis they cannot.
// CHECK-LABEL: func.func @per_axis_channel_max_pool_hoists
// CHECK: qtosa.quantize {{.+}} as !quant.uniform<i8:f32:3, {5.000000e-01,2.500000e-01}> : tensor<1x4x4x2xf32> -> tensor<1x4x4x2xi8>
// CHECK: tosa.max_pool2d {{.+}} -> tensor<1x2x2x2xi8>
func.func @per_axis_channel_max_pool_hoists(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xi8> {
  %e = tosa.exp %x : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %m = tosa.max_pool2d %e {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %q = qtosa.quantize %m as !quant.uniform<i8:f32:3, {0.5, 0.25}> : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi8>
  return %q : tensor<1x2x2x2xi8>
}

// CHECK-LABEL: func.func @per_axis_spatial_max_pool_stays
// CHECK: tosa.max_pool2d {{.+}} -> tensor<1x2x2x2xf32>
func.func @per_axis_spatial_max_pool_stays(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xi8> {
  %e = tosa.exp %x : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %m = tosa.max_pool2d %e {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %q = qtosa.quantize %m as !quant.uniform<i8:f32:1, {0.5, 0.25}> : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi8>
  return %q : tensor<1x2x2x2xi8>
}

// -----

// Per-channel weights stored flat and in HWIO, moved to OHWI by a transpose
// of their dequantize: the moved constant is stored now with its axis
// following the transpose (3 -> 0), instead of the transpose sinking onto a
// constant that no folder evaluates. The reshape of the stored integers folds
// first.
// CHECK-LABEL: func.func @moved_weights_fold(
// CHECK-NOT:   tosa.transpose
// CHECK:       %[[W:.*]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}1, 3]]], {{\[\[\[}}2, 4]]]]> : tensor<2x1x1x2xi8>}>
// CHECK-NEXT:  %[[D:.*]] = qtosa.dequantize %[[W]] as !quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01}>
// CHECK-NEXT:  return %[[D]]
func.func @moved_weights_fold() -> tensor<2x1x1x2xf32> {
  %flat = "tosa.const"() {values = dense<[1, 2, 3, 4]> : tensor<4xi8>} : () -> tensor<4xi8>
  %shape = tosa.const_shape {values = dense<[1, 1, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %hwio = tosa.reshape %flat, %shape : (tensor<4xi8>, !tosa.shape<4>) -> tensor<1x1x2x2xi8>
  %d = qtosa.dequantize %hwio as !quant.uniform<i8<-127:127>:f32:3, {0.1, 0.2}> : tensor<1x1x2x2xi8> -> tensor<1x1x2x2xf32>
  %ohwi = tosa.transpose %d {perms = array<i32: 3, 0, 1, 2>} : (tensor<1x1x2x2xf32>) -> tensor<2x1x1x2xf32>
  return %ohwi : tensor<2x1x1x2xf32>
}

// -----

// A constant shared with another user is not copied into a larger one
// (tile doubles it): the tile sinks onto the stored integers instead.
// CHECK-LABEL: func.func @shared_constant_not_copied(
// CHECK:       %[[C:.*]] = "tosa.const"() <{values = dense<[1, 2]> : tensor<2xi8>}>
// CHECK:       %[[T:.*]] = tosa.tile %[[C]], %{{.*}} : (tensor<2xi8>, !tosa.shape<1>) -> tensor<4xi8>
// CHECK:       qtosa.dequantize %[[T]]
func.func @shared_constant_not_copied() -> (tensor<4xf32>, tensor<2xf32>) {
  %c = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<2xi8> -> tensor<2xf32>
  %other = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.25> : tensor<2xi8> -> tensor<2xf32>
  %m = tosa.const_shape {values = dense<[2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %t = tosa.tile %d, %m : (tensor<2xf32>, !tosa.shape<1>) -> tensor<4xf32>
  return %t, %other : tensor<4xf32>, tensor<2xf32>
}

// -----

// A dequantize that also feeds an op of a dequantize -> op -> quantize group
// sinks into its data-movement user: the group reads the float value only
// until it is lowered (an unrolled GRU's state feeds its recurrent
// FULLY_CONNECTED through a reshape and a gate's MUL).
!p = !quant.uniform<i8:f32, 0.5:-3>
!q = !quant.uniform<i8:f32, 0.25:1>

// CHECK-LABEL: func.func @dequantize_shared_with_group
// CHECK-DAG: %[[R:.+]] = tosa.reshape %arg0, {{.+}} -> tensor<1x1x1x4xi8>
// CHECK-DAG: %[[DR:.+]] = qtosa.dequantize %[[R]]
// CHECK-DAG: %[[D:.+]] = qtosa.dequantize %arg0
// CHECK-DAG: tosa.mul %[[D]], %[[D]]
func.func @dequantize_shared_with_group(%x: tensor<1x4xi8>) -> (tensor<1x1x1x4xf32>, tensor<1x4xi8>) {
  %d = qtosa.dequantize %x as !p : tensor<1x4xi8> -> tensor<1x4xf32>
  %shape = tosa.const_shape {values = dense<[1, 1, 1, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %r = tosa.reshape %d, %shape : (tensor<1x4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %d, %d, %shift : (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xi8>) -> tensor<1x4xf32>
  %q = qtosa.quantize %m as !q : tensor<1x4xf32> -> tensor<1x4xi8>
  return %r, %q : tensor<1x1x1x4xf32>, tensor<1x4xi8>
}

// CHECK-LABEL: func.func @dequantize_shared_with_float_use
// CHECK: tosa.reshape {{.+}} -> tensor<1x1x1x4xf32>
func.func @dequantize_shared_with_float_use(%x: tensor<1x4xi8>) -> (tensor<1x1x1x4xf32>, tensor<1x4xf32>) {
  %d = qtosa.dequantize %x as !p : tensor<1x4xi8> -> tensor<1x4xf32>
  %shape = tosa.const_shape {values = dense<[1, 1, 1, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %r = tosa.reshape %d, %shape : (tensor<1x4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %d, %d, %shift : (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xi8>) -> tensor<1x4xf32>
  return %r, %m : tensor<1x1x1x4xf32>, tensor<1x4xf32>
}

// -----

// The second MUL becomes a dequantize -> op -> quantize group only once its
// quantize is hoisted above the ReLU after it; the concat that shares its
// dequantize sinks after that, in the round from the ops a move made
// movable (a U-Net's skip connection: the concat was left in float).
!p = !quant.uniform<i8:f32, 0.5:-3>

// CHECK-LABEL: func.func @sinks_after_group_completes
// CHECK: tosa.concat {{.+}} -> tensor<1x8xi8>
// CHECK-NOT: tosa.concat
func.func @sinks_after_group_completes(%x: tensor<1x4xi8>, %y: tensor<1x4xi8>) -> (tensor<1x8xi8>, tensor<1x4xi8>) {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %a = qtosa.dequantize %x as !p : tensor<1x4xi8> -> tensor<1x4xf32>
  %a2 = tosa.mul %a, %a, %shift : (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xi8>) -> tensor<1x4xf32>
  %c = tosa.clamp %a2 {max_val = 3.0e38 : f32, min_val = 0.0 : f32} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %cq = qtosa.quantize %c as !p : tensor<1x4xf32> -> tensor<1x4xi8>
  %d = qtosa.dequantize %cq as !p : tensor<1x4xi8> -> tensor<1x4xf32>
  %m = tosa.mul %d, %d, %shift : (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xi8>) -> tensor<1x4xf32>
  %r = tosa.clamp %m {max_val = 3.0e38 : f32, min_val = 0.0 : f32} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %q = qtosa.quantize %r as !p : tensor<1x4xf32> -> tensor<1x4xi8>
  %e = qtosa.dequantize %y as !p : tensor<1x4xi8> -> tensor<1x4xf32>
  %e2 = tosa.mul %e, %e, %shift : (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xi8>) -> tensor<1x4xf32>
  %e2q = qtosa.quantize %e2 as !p : tensor<1x4xf32> -> tensor<1x4xi8>
  %e2d = qtosa.dequantize %e2q as !p : tensor<1x4xi8> -> tensor<1x4xf32>
  %cc = tosa.concat %e2d, %d {axis = 1 : i32} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x8xf32>
  %ccq = qtosa.quantize %cc as !p : tensor<1x8xf32> -> tensor<1x8xi8>
  return %ccq, %q : tensor<1x8xi8>, tensor<1x4xi8>
}

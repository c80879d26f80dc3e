// Every verifier rule of qtosa.annotate, each broken once. Rule names are
// those in docs/quantization.md and in the verifier's comments.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics

// [QTOSA-ANNOTATE-STORAGE]
func.func @storage_width(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{storage type 'i12' is not i4, i8, i16, i32 or i48}}
  %a = qtosa.annotate %x group 0 storage i12<-2048 : 2047> : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-STORAGE]
func.func @storage_i48_not_bias(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{storage type i48 is only for a derived bias (derived_from)}}
  %a = qtosa.annotate %x group 0 storage i48<-140737488355328 : 140737488355327> : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-RANGE]
func.func @range_outside_width(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{storage range [-128, 255] is not a non-empty range inside [-128, 127] of 'i8'}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 255> : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-RANGE]
func.func @range_empty(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{storage range [5, 5] is not a non-empty range}}
  %a = qtosa.annotate %x group 0 storage i8<5 : 5> : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-AXIS]
func.func @axis_out_of_range(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{axis 2 is out of range for a tensor of rank 2}}
  %a = qtosa.annotate %x group 0 storage i8<-127 : 127> {axis = 2 : i32} : tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// -----

// [QTOSA-ANNOTATE-DERIVED]
func.func @derived_one_group(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{derived_from must name two groups (input, weight), got 1 value(s)}}
  %a = qtosa.annotate %x group 2 storage i32<-2147483648 : 2147483647> {derived_from = array<i64: 0>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-DERIVED]
func.func @derived_and_fixed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has both derived_from and fixed parameters}}
  %a = qtosa.annotate %x group 2 storage i32<-2147483648 : 2147483647> {derived_from = array<i64: 0, 1>, scales = array<f64: 0.5>, zero_points = array<i64: 0>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-GROUP]
func.func @negative_group(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{group -1 is negative}}
  %a = qtosa.annotate %x group -1 storage i8<-128 : 127> : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED]
func.func @scales_without_zero_points(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{fixed parameters need both scales and zero_points}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {scales = array<f64: 0.5>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED]
func.func @count_mismatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 2 scale(s) but 1 zero point(s)}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {axis = 0 : i32, scales = array<f64: 0.5, 0.25>, zero_points = array<i64: 0>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED]
func.func @per_tensor_two_scales(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{per-tensor parameters need one scale, got 2}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {scales = array<f64: 0.5, 0.25>, zero_points = array<i64: 0, 0>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED]
func.func @per_axis_count(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{per-axis parameters on dimension 1 of size 3 need 3 scales, got 2}}
  %a = qtosa.annotate %x group 0 storage i8<-127 : 127> {axis = 1 : i32, scales = array<f64: 0.5, 0.25>, zero_points = array<i64: 0, 0>} : tensor<4x3xf32>
  return %a : tensor<4x3xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED] A fixed scale of 0.
func.func @zero_scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{scale #0 is 0.000000e+00; fixed scales must be finite and at least 2^-126}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {scales = array<f64: 0.0>, zero_points = array<i64: 0>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED]
func.func @zero_point_outside(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{zero point #0 is -128, outside the storage range [-127, 127]}}
  %a = qtosa.annotate %x group 0 storage i8<-127 : 127> {scales = array<f64: 0.5>, zero_points = array<i64: -128>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-FIXED]
func.func @symmetric_zero_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{zero point #0 is 3 but the spec is symmetric}}
  %a = qtosa.annotate %x group 0 storage i8<-127 : 127> {symmetric, scales = array<f64: 0.5>, zero_points = array<i64: 3>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

func.func @float_to_float(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{all of {input, output} have same type}}
  %a = "qtosa.annotate"(%x) {group = 0 : i64, storage_type = i8, storage_min = -128 : i64, storage_max = 127 : i64} : (tensor<4xf32>) -> tensor<4xf16>
  return %a : tensor<4xf16>
}

// -----

// [QTOSA-ANNOTATE-PERCENTILE]
func.func @percentile_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{percentile 4.000000e+01 is not in [50, 100]}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {percentile = 40.0 : f64} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-PERCENTILE]
func.func @percentile_fixed(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{a percentile observes a per-tensor range; this marker has fixed, derived or per-axis parameters}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {percentile = 99.0 : f64, scales = array<f64: 0.5>, zero_points = array<i64: 0>} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-LEAST-ERROR]
func.func @least_error_and_percentile(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has both a percentile and least_error: one observer chooses the range}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {least_error, percentile = 99.0 : f64} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// [QTOSA-ANNOTATE-LEAST-ERROR]
func.func @least_error_per_axis(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{least_error observes a per-tensor range; this marker has fixed, derived or per-axis parameters}}
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> {least_error, axis = 0 : i32} : tensor<2x4xf32>
  return %a : tensor<2x4xf32>
}

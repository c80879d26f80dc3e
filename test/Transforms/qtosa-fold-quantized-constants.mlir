// Fold and no-fold pairs for each data-movement op on a quantized constant.
// RUN: qtosa-opt %s -split-input-file --qtosa-fold-quantized-constants 2>/dev/null | FileCheck %s --check-prefixes=CHECK,PASS --enable-var-scope
// The same patterns run under --canonicalize.
// RUN: qtosa-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefixes=CHECK,CANON --enable-var-scope
// force=true folds a shared constant into a larger one too.
// RUN: qtosa-opt %s -split-input-file --qtosa-fold-quantized-constants=force=true 2>/dev/null | FileCheck %s --check-prefix=FORCE --enable-var-scope

// A linear weight [in=2, out=3], per-channel on out, transposed and reshaped
// into a 1x1 conv kernel OHWI [3, 1, 1, 2]: the axis lands on O.
// CHECK-LABEL: func.func @linear_weight_to_1x1_kernel
// CHECK-NEXT: %[[C:.+]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}1, 4]]], {{\[\[\[}}2, 5]]], {{\[\[\[}}3, 6]]]]> : tensor<3x1x1x2xi8>}>
// CHECK-NEXT: %[[D:.+]] = qtosa.dequantize %[[C]] as !quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}> : tensor<3x1x1x2xi8> -> tensor<3x1x1x2xf32>
// CHECK-NEXT: return %[[D]]
func.func @linear_weight_to_1x1_kernel() -> tensor<3x1x1x2xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8<-127:127>:f32:1, {0.1, 0.2, 0.3}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %s = tosa.const_shape {values = dense<[3, 1, 1, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %r = tosa.reshape %t, %s : (tensor<3x2xf32>, !tosa.shape<4>) -> tensor<3x1x1x2xf32>
  return %r : tensor<3x1x1x2xf32>
}

// OIHW -> OHWI keeps the axis on O.
// CHECK-LABEL: func.func @oihw_to_ohwi
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}> : tensor<2x1x2x3xi8>
func.func @oihw_to_ohwi() -> tensor<2x1x2x3xf32> {
  %c = "tosa.const"() {values = dense<7> : tensor<2x3x1x2xi8>} : () -> tensor<2x3x1x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:0, {0.5, 0.25}> : tensor<2x3x1x2xi8> -> tensor<2x3x1x2xf32>
  %t = tosa.transpose %d {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x3x1x2xf32>) -> tensor<2x1x2x3xf32>
  return %t : tensor<2x1x2x3xf32>
}

// -----

// Reshapes: merge tiles the parameters, split of a varying axis gives a
// sub-channel type, regrouping does not fold.
// CHECK-LABEL: func.func @reshape_merge
// CHECK: "tosa.const"() <{values = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>}>
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:0, {1.000000e+00,1.000000e+00,1.000000e+00,2.000000e+00,2.000000e+00,2.000000e+00}>
func.func @reshape_merge() -> tensor<6xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:0, {1.0, 2.0}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %s = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %d, %s : (tensor<2x3xf32>, !tosa.shape<1>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// CHECK-LABEL: func.func @reshape_split
// CHECK: qtosa.dequantize {{.+}} as !quant.uniform<i8:f32:{0:1, 1:1}, {{.+}}> : tensor<2x2x1xi8>
func.func @reshape_split() -> tensor<2x2x1xf32> {
  %c = "tosa.const"() {values = dense<[[1], [2], [3], [4]]> : tensor<4x1xi8>} : () -> tensor<4x1xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:0, {1.0, 2.0, 3.0, 4.0}> : tensor<4x1xi8> -> tensor<4x1xf32>
  %s = tosa.const_shape {values = dense<[2, 2, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %r = tosa.reshape %d, %s : (tensor<4x1xf32>, !tosa.shape<3>) -> tensor<2x2x1xf32>
  return %r : tensor<2x2x1xf32>
}

// CHECK-LABEL: func.func @reshape_regroup_no_fold
// CHECK: tosa.reshape {{.+}} -> tensor<4x6xf32>
func.func @reshape_regroup_no_fold() -> tensor<4x6xf32> {
  %c = "tosa.const"() {values = dense<1> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}> : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %s = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %d, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// Slice on the channel axis slices the parameters; elsewhere keeps them.
// CHECK-LABEL: func.func @slice_channels
// CHECK: "tosa.const"() <{values = dense<{{\[\[}}2, 3], [5, 6]]> : tensor<2x2xi8>}>
// CHECK: as !quant.uniform<i8:f32:1, {2.000000e-01:1,3.000000e-01:2}>
func.func @slice_channels() -> tensor<2x2xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {0.1:0, 0.2:1, 0.3:2}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %start = tosa.const_shape {values = dense<[0, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s = tosa.slice %d, %start, %size : (tensor<2x3xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @slice_rows
// CHECK: "tosa.const"() <{values = dense<{{\[\[}}4, 5, 6]]> : tensor<1x3xi8>}>
// CHECK: as !quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01,3.000000e-01}>
func.func @slice_rows() -> tensor<1x3xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {0.1, 0.2, 0.3}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %start = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[1, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s = tosa.slice %d, %start, %size : (tensor<2x3xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x3xf32>
  return %s : tensor<1x3xf32>
}

// -----

// Concat along the channel axis joins the parameters; along another axis
// the inputs must agree.
// CHECK-LABEL: func.func @concat_channels
// CHECK: "tosa.const"() <{values = dense<{{\[\[}}1, 2, 3]]> : tensor<1x3xi8>}>
// CHECK: as !quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01,3.000000e-01}>
func.func @concat_channels() -> tensor<1x3xf32> {
  %a = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %b = "tosa.const"() {values = dense<[[3]]> : tensor<1x1xi8>} : () -> tensor<1x1xi8>
  %da = qtosa.dequantize %a as !quant.uniform<i8:f32:1, {0.1, 0.2}> : tensor<1x2xi8> -> tensor<1x2xf32>
  %db = qtosa.dequantize %b as !quant.uniform<i8:f32:1, {0.3}> : tensor<1x1xi8> -> tensor<1x1xf32>
  %c = tosa.concat %da, %db {axis = 1 : i32} : (tensor<1x2xf32>, tensor<1x1xf32>) -> tensor<1x3xf32>
  return %c : tensor<1x3xf32>
}

// CHECK-LABEL: func.func @concat_rows_different_params_no_fold
// CHECK: tosa.concat {{.+}} -> tensor<2x2xf32>
func.func @concat_rows_different_params_no_fold() -> tensor<2x2xf32> {
  %a = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %da = qtosa.dequantize %a as !quant.uniform<i8:f32:1, {0.1, 0.2}> : tensor<1x2xi8> -> tensor<1x2xf32>
  %db = qtosa.dequantize %a as !quant.uniform<i8:f32:1, {0.1, 0.5}> : tensor<1x2xi8> -> tensor<1x2xf32>
  %c = tosa.concat %da, %db {axis = 0 : i32} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  return %c : tensor<2x2xf32>
}

// -----

// Reverse on the channel axis reverses the parameters.
// CHECK-LABEL: func.func @reverse_channels
// CHECK: "tosa.const"() <{values = dense<[3, 2, 1]> : tensor<3xi8>}>
// CHECK: as !quant.uniform<i8:f32:0, {3.000000e-01,2.000000e-01,1.000000e-01}>
func.func @reverse_channels() -> tensor<3xf32> {
  %c = "tosa.const"() {values = dense<[1, 2, 3]> : tensor<3xi8>} : () -> tensor<3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}> : tensor<3xi8> -> tensor<3xf32>
  %r = tosa.reverse %d {axis = 0 : i32} : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// Pad away from the channel axis: the pad value 0.0 is each channel's zero
// point in storage.
// CHECK-LABEL: func.func @pad_rows
// CHECK: "tosa.const"() <{values = dense<{{\[\[}}1, 2], [-1, 4]]> : tensor<2x2xi8>}>
func.func @pad_rows() -> tensor<2x2xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {0.1:-1, 0.2:4}> : tensor<1x2xi8> -> tensor<1x2xf32>
  %p = tosa.const_shape {values = dense<[0, 1, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %r = tosa.pad %d, %p, %v : (tensor<1x2xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// A pad value between grid points has no stored value: no fold.
// CHECK-LABEL: func.func @pad_value_off_grid_no_fold
// CHECK: tosa.pad {{.+}} -> tensor<2x2xf32>
func.func @pad_value_off_grid_no_fold() -> tensor<2x2xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.1> : tensor<1x2xi8> -> tensor<1x2xf32>
  %p = tosa.const_shape {values = dense<[0, 1, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() {values = dense<0.05> : tensor<1xf32>} : () -> tensor<1xf32>
  %r = tosa.pad %d, %p, %v : (tensor<1x2xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// Size guard: a constant that something else still reads is not copied into
// a larger one (tile doubles it) unless forced.
// CHECK-LABEL: func.func @shared_constant_tile
// CHECK: tosa.tile
// FORCE-LABEL: func.func @shared_constant_tile
// FORCE-NOT: tosa.tile
// FORCE: "tosa.const"() <{values = dense<[1, 2, 1, 2]> : tensor<4xi8>}>
func.func @shared_constant_tile() -> (tensor<4xf32>, tensor<2xf32>) {
  %c = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<2xi8> -> tensor<2xf32>
  %m = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  %t = tosa.tile %d, %m : (tensor<2xf32>, !tosa.shape<1>) -> tensor<4xf32>
  return %t, %d : tensor<4xf32>, tensor<2xf32>
}

// A dequantized value that is not a constant stays as it is.
// CHECK-LABEL: func.func @dequantized_argument_untouched
// CHECK: tosa.transpose
func.func @dequantized_argument_untouched(%x: tensor<2x3xi8>) -> tensor<3x2xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// -----

// A splat moves as a splat, however large (it used to be built element by
// element: 64M elements, 2 GB and 9 s for this one); the per-axis
// parameters still follow the axis.
// CHECK-LABEL: func.func @huge_splat_transpose
// CHECK: %[[C:.*]] = "tosa.const"() <{values = dense<3> : tensor<16777216x2xi8>}>
// CHECK: qtosa.dequantize %[[C]] as !quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01}>
// FORCE-LABEL: func.func @huge_splat_transpose
// FORCE-NOT: tosa.transpose
func.func @huge_splat_transpose() -> tensor<16777216x2xf32> {
  %c = "tosa.const"() {values = dense<3> : tensor<2x16777216xi8>} : () -> tensor<2x16777216xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:0, {0.5, 0.25}> : tensor<2x16777216xi8> -> tensor<2x16777216xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x16777216xf32>) -> tensor<16777216x2xf32>
  return %t : tensor<16777216x2xf32>
}

// -----

// A fold that would build more than 2^24 elements is not done, forced or
// not (this one, 4e10 elements, aborted in SmallVector::grow).
// CHECK-LABEL: func.func @huge_tile_no_fold
// CHECK: tosa.tile
// FORCE-LABEL: func.func @huge_tile_no_fold
// FORCE: tosa.tile
func.func @huge_tile_no_fold() -> tensor<200000x200000xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<2x2xi8> -> tensor<2x2xf32>
  %m = tosa.const_shape {values = dense<[100000, 100000]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %t = tosa.tile %d, %m : (tensor<2x2xf32>, !tosa.shape<2>) -> tensor<200000x200000xf32>
  return %t : tensor<200000x200000xf32>
}

// -----

// The pass runs those patterns and nothing else: the folders of other ops
// are --canonicalize's business, which erases this quant round trip (the
// boundary qtosa keeps) and the identity transpose.
// CHECK-LABEL: func.func @leaves_other_folds
// PASS-NEXT: %[[D:.+]] = quant.dcast %arg0
// PASS-NEXT: %[[Q:.+]] = quant.qcast %[[D]]
// PASS-NEXT: %[[T:.+]] = tosa.transpose %arg1
// PASS-NEXT: return %[[Q]], %[[T]]
// CANON-NEXT: return %arg0, %arg1
func.func @leaves_other_folds(%q: tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01>>, %x: tensor<4x8xf32>) -> (tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x8xf32>) {
  %d = quant.dcast %q : tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01>> to tensor<4x8xf32>
  %r = quant.qcast %d : tensor<4x8xf32> to tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01>>
  %t = tosa.transpose %x {perms = array<i32: 0, 1>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r, %t : tensor<4x8x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x8xf32>
}

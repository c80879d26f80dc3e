// Each data-movement or order-preserving op left in float beside a quantize
// or dequantize says why.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --qtosa-share-qspecs
// With duplication allowed, the shared dequantize sinks anyway.
// RUN: qtosa-opt %s -split-input-file --qtosa-share-qspecs=duplicate-dequantize=true 2>/dev/null | FileCheck %s --enable-var-scope

!p = !quant.uniform<i8:f32, 0.5:-3>

// CHECK-LABEL: func.func @shared_dequantize
// CHECK-DAG: %[[D:.+]] = qtosa.dequantize %arg0
// CHECK-DAG: %[[T:.+]] = tosa.transpose %arg0 {{.+}} -> tensor<3x2xi8>
// CHECK-DAG: tosa.exp %[[D]]
func.func @shared_dequantize(%x: tensor<2x3xi8>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %d = qtosa.dequantize %x as !p : tensor<2x3xi8> -> tensor<2x3xf32>
  // expected-remark @+1 {{'tosa.transpose' stays in float: its dequantize also feeds 'tosa.exp', which needs the float value (duplicate-dequantize=true sinks it anyway)}}
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %e = tosa.exp %d : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %t, %e : tensor<3x2xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @unsigned_max_pool
// CHECK: tosa.max_pool2d {{.+}} -> tensor<1x2x2x2xf32>
func.func @unsigned_max_pool(%x: tensor<1x4x4x2xi8>) -> tensor<1x2x2x2xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<u8:f32, 0.5:128> : tensor<1x4x4x2xi8> -> tensor<1x4x4x2xf32>
  // expected-remark @+1 {{'tosa.max_pool2d' stays in float: unsigned storage does not order like its values in TOSA's signed integer comparisons}}
  %m = tosa.max_pool2d %d {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  return %m : tensor<1x2x2x2xf32>
}

// -----

// CHECK-LABEL: func.func @regrouping_reshape
func.func @regrouping_reshape(%x: tensor<2x3x4xi8>) -> tensor<4x6xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}> : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %s = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @+1 {{'tosa.reshape' stays in float: the reshape regroups per-axis dimension 1 with other dimensions}}
  %r = tosa.reshape %d, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// A sliced-off channel has no parameters to hoist a per-axis quantize with.
// CHECK-LABEL: func.func @per_axis_slice_hoist
func.func @per_axis_slice_hoist(%x: tensor<2x4xf32>) -> tensor<2x2xi8> {
  %e = tosa.exp %x : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %start = tosa.const_shape {values = dense<[0, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @+1 {{'tosa.slice' stays in float: operand #0 is not dequantized; its quantize cannot move above it: the slice drops channels of per-axis dimension 1, whose parameters are unknown}}
  %s = tosa.slice %e, %start, %size : (tensor<2x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xf32>
  %q = qtosa.quantize %s as !quant.uniform<i8:f32:1, {0.5, 0.25}> : tensor<2x2xf32> -> tensor<2x2xi8>
  return %q : tensor<2x2xi8>
}

// -----

// Found by qtosa-fuzz: TOSA's verifier accepts a tile whose result is not
// its input times its multiples; per-axis parameters carried through it
// would not fit the result (the pass left an invalid dequantize behind).
func.func @tile_shape_not_from_multiples(%x: tensor<1x2xi8>) -> tensor<2x2xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32:0, {0.375:-17}> : tensor<1x2xi8> -> tensor<1x2xf32>
  %m = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @+1 {{'tosa.tile' stays in float: its per-axis parameters would not fit its result 'tensor<2x2xf32>' (1 scales for dimension 0 of size 2)}}
  %t = tosa.tile %d, %m : (tensor<1x2xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
  return %t : tensor<2x2xf32>
}

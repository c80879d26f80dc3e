// Every data-movement op on quantized constants that is left unfolded says
// why: an unexpressible fold never leaves a stale axis behind.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --qtosa-fold-quantized-constants

func.func @reshape_regroup() -> tensor<4x6xf32> {
  %c = "tosa.const"() {values = dense<1> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}> : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %s = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.reshape': the reshape regroups per-axis dimension 1 with other dimensions}}
  %r = tosa.reshape %d, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

func.func @concat_rows_different_params() -> tensor<2x2xf32> {
  %a = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %da = qtosa.dequantize %a as !quant.uniform<i8:f32:1, {0.1, 0.2}> : tensor<1x2xi8> -> tensor<1x2xf32>
  %db = qtosa.dequantize %a as !quant.uniform<i8:f32:1, {0.1, 0.5}> : tensor<1x2xi8> -> tensor<1x2xf32>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.concat': its inputs have different parameters}}
  %c = tosa.concat %da, %db {axis = 0 : i32} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  return %c : tensor<2x2xf32>
}

// -----

func.func @pad_value_off_grid() -> tensor<2x2xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.1> : tensor<1x2xi8> -> tensor<1x2xf32>
  %p = tosa.const_shape {values = dense<[0, 1, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() {values = dense<0.05> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.pad': the pad value is not a quantized value in every channel}}
  %r = tosa.pad %d, %p, %v : (tensor<1x2xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @shared_constant_tile() -> (tensor<4xf32>, tensor<2xf32>) {
  %c = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<2xi8> -> tensor<2xf32>
  %m = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.tile': it would copy a shared constant into a larger one (force=true folds anyway)}}
  %t = tosa.tile %d, %m : (tensor<2xf32>, !tosa.shape<1>) -> tensor<4xf32>
  return %t, %d : tensor<4xf32>, tensor<2xf32>
}

// -----

func.func @huge_tile() -> tensor<200000x200000xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<2x2xi8> -> tensor<2x2xf32>
  %m = tosa.const_shape {values = dense<[100000, 100000]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.tile': its result would have 40000000000 elements; folds build at most 16777216}}
  %t = tosa.tile %d, %m : (tensor<2x2xf32>, !tosa.shape<2>) -> tensor<200000x200000xf32>
  return %t : tensor<200000x200000xf32>
}

// -----

// 2^32 x 2^32 x 4 elements overflow int64 (ShapedType::getNumElements is
// undefined there); the fold built an empty `dense<>` for that type.
func.func @tile_element_count_past_int64() -> tensor<4294967296x4294967296x4xf32> {
  %c = "tosa.const"() {values = dense<[[[1, 2, 3, 4]]]> : tensor<1x1x4xi8>} : () -> tensor<1x1x4xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<1x1x4xi8> -> tensor<1x1x4xf32>
  %m = tosa.const_shape {values = dense<[4294967296, 4294967296, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.tile': its result would have 73786976294838206464 elements; folds build at most 16777216}}
  %t = tosa.tile %d, %m : (tensor<1x1x4xf32>, !tosa.shape<3>) -> tensor<4294967296x4294967296x4xf32>
  return %t : tensor<4294967296x4294967296x4xf32>
}

// -----

// Found by qtosa-fuzz: TOSA's verifier accepts a slice that starts past
// its input's end; the fold read outside the constant (AddressSanitizer).
func.func @slice_outside_input() -> tensor<1x3xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {0.1, 0.2, 0.3}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %start = tosa.const_shape {values = dense<[2, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[1, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @+1 {{quantized constant not folded into 'tosa.slice': the slice reads outside its input}}
  %s = tosa.slice %d, %start, %size : (tensor<2x3xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x3xf32>
  return %s : tensor<1x3xf32>
}

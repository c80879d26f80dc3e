// What qtosa-import-qdq cannot import is reported at the op, with the reason.
// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --qtosa-import-qdq

!q = !quant.uniform<i8:f32, 0.5>
func.func @non_tosa_op() -> tensor<4x!q> {
  // expected-error @+1 {{cannot import 'tensor.empty': only TOSA, func and quant ops may carry quantized types}}
  %e = tensor.empty() : tensor<4x!q>
  return %e : tensor<4x!q>
}

// -----

// expected-error @+1 {{cannot import 'func.func': 'tensor<4x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01}>>': per-axis quantization on dimension 1 has 2 scales, but that dimension has size 3}}
func.func @bad_argument(%a: tensor<4x3x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) {
  return
}

// -----

// expected-error @+1 {{cannot import 'func.func': quantized type 'tensor<*x!quant.uniform<i8:f32, 5.000000e-01>>' is not a ranked tensor}}
func.func @unranked(%a: tensor<*x!quant.uniform<i8:f32, 0.5>>) {
  return
}

// -----

!q = !quant.uniform<i8:f32, 0.5>
func.func @control_flow(%c: tensor<i1>, %a: tensor<4x!q>) -> tensor<4x!q> {
  // expected-error @+1 {{cannot import 'tosa.cond_if': quantized values crossing TOSA control flow are not supported}}
  %r = tosa.cond_if %c : tensor<i1> -> tensor<4x!q> {
    tosa.yield %a : tensor<4x!q>
  } else {
    tosa.yield %a : tensor<4x!q>
  }
  return %r : tensor<4x!q>
}

// -----

func.func @not_uniform(%x: tensor<4xf32>) -> tensor<4x!quant.any<i8:f32>> {
  // expected-error @+1 {{cannot import 'quant.qcast': 'tensor<4x!quant.any<i8:f32>>': expected uniform quantization parameters}}
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.any<i8:f32>>
  return %q : tensor<4x!quant.any<i8:f32>>
}

// -----

// One error per function, at its first value of rank above 6.
func.func @rank_7(%x: tensor<2x8xi8>) -> tensor<2x1x2x1x2x1x2xf32> {
  %p = tosa.const_shape {values = dense<[1, 2, 1, 2, 1, 2, 2]> : tensor<7xindex>} : () -> !tosa.shape<7>
  // expected-error @+1 {{'tosa.reshape' op result #0 has rank 7, more than the 6 TOSA 1.0 allows (MAX_RANK at level 8K; qtosa-import-qdq{max-rank=0} lifts the limit)}}
  %r = tosa.reshape %x, %p : (tensor<2x8xi8>, !tosa.shape<7>) -> tensor<1x2x1x2x1x2x2xi8>
  %q = quant.scast %r : tensor<1x2x1x2x1x2x2xi8> to tensor<1x2x1x2x1x2x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<1x2x1x2x1x2x2x!quant.uniform<i8:f32, 0.5>> to tensor<1x2x1x2x1x2x2xf32>
  %t = tosa.transpose %d {perms = array<i32: 6, 0, 1, 2, 3, 4, 5>} : (tensor<1x2x1x2x1x2x2xf32>) -> tensor<2x1x2x1x2x1x2xf32>
  return %t : tensor<2x1x2x1x2x1x2xf32>
}

// -----

// expected-error @+1 {{'func.func' op argument #1 has rank 8, more than the 6 TOSA 1.0 allows}}
func.func @rank_8_argument(%x: tensor<2xf32>, %y: tensor<1x1x1x1x1x1x1x1xf32>) {
  return
}

// -----

// Level 8K also bounds a tensor's size: fewer than 2^31 bytes.
func.func @too_many_bytes() -> tensor<200000x200000xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %q = quant.scast %c : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<2x2x!quant.uniform<i8:f32, 0.5>> to tensor<2x2xf32>
  %m = tosa.const_shape {values = dense<[100000, 100000]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-error @+1 {{'tosa.tile' op result #0 holds 160000000000 bytes, more than the 2^31 - 1 TOSA 1.0 allows (MAX_LOG2_SIZE 31 at level 8K)}}
  %t = tosa.tile %d, %m : (tensor<2x2xf32>, !tosa.shape<2>) -> tensor<200000x200000xf32>
  return %t : tensor<200000x200000xf32>
}

// -----

// 2^31 - 1 bytes exactly is within the limit; no error.
func.func @just_fits(%x: tensor<2147483647xi8>) -> tensor<2147483647xi8> {
  return %x : tensor<2147483647xi8>
}

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

// qtosa-annotate and qtosa-calibrate refuse what they cannot do, at the op.
// RUN: qtosa-opt %s -split-input-file --qtosa-annotate -verify-diagnostics
// RUN: qtosa-opt %s -split-input-file --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate)' -verify-diagnostics

// An op QuantBehaviourOpInterface cannot classify is never a silent float
// island.
func.func @unclassified(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{qtosa-annotate cannot classify 'arith.addf': it has no quantization behaviour (QuantBehaviourOpInterface)}}
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @already_quantized(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{the graph is already annotated or quantized: 'qtosa.quantize'}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}

// -----

// Control flow is not annotated through: a located error, never a float
// island inside a branch.
func.func @regions(%c: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{qtosa-annotate does not annotate ops with regions ('tosa.cond_if'); inline or outline them first}}
  %r = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a1: tensor<4xf32>):
    tosa.yield %a1 : tensor<4xf32>
  } else {
  ^bb0(%a2: tensor<4xf32>):
    tosa.yield %a2 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

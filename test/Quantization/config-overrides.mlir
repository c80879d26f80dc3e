// Overrides by op kind set the spec of the group their results start, and
// data movement after them shares it; two different specs meeting in one
// sharing group are an error at the op where they meet.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"overrides": [{"op": "tosa.sigmoid", "spec": {"dtype": "int16", "symmetric": true, "scale": 3.0518509475997192e-05}}]}' > %t/kind.json
// RUN: qtosa-opt %s --qtosa-annotate=config=%t/kind.json | FileCheck %s --check-prefix=KIND --enable-var-scope
// RUN: echo '{"overrides": [{"op": "tosa.sigmoid", "spec": {"dtype": "int16", "symmetric": true}}, {"op": "tosa.tanh", "spec": {"dtype": "int8", "symmetric": true}}]}' > %t/conflict.json
// RUN: not qtosa-opt %s --qtosa-annotate=config=%t/conflict.json 2>&1 | FileCheck %s --check-prefix=CONFLICT

// KIND-LABEL: func.func @main
// KIND: %[[X:.*]] = qtosa.annotate %arg0 group 0 storage i8<-128 : 127> :
// KIND: %[[S:.*]] = tosa.sigmoid %[[X]]
// KIND-NEXT: %[[SM:.*]] = qtosa.annotate %[[S]] group [[SG:[0-9]+]] storage i16<-32767 : 32767> {scales = array<f64: 3.0518509475997192E-5>, symmetric, zero_points = array<i64: 0>}
// KIND: %[[T:.*]] = tosa.tanh %[[X]]
// KIND-NEXT: qtosa.annotate %[[T]] group [[SG]] storage i16<-32767 : 32767> {scales = array<f64: 3.0518509475997192E-5>, symmetric, zero_points = array<i64: 0>}
// The concat joins both into one group: no marker of its own.
// KIND: %[[C:.*]] = tosa.concat
// KIND-NOT: qtosa.annotate
// KIND: return %[[C]]

// CONFLICT: config-overrides.mlir:[[@LINE+5]]:{{[0-9]+}}: error: conflicting quantization specs for one sharing group at 'tosa.concat': data movement shares one spec between its operands and its result

func.func @main(%x: tensor<1x4xf32>) -> tensor<2x4xf32> {
  %s = tosa.sigmoid %x : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %t = tosa.tanh %x : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %c = tosa.concat %s, %t {axis = 0 : i32} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  return %c : tensor<2x4xf32>
}

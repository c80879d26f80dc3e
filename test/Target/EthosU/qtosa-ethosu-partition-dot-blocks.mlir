// The Graphviz file of a function of several blocks: one numbering of the
// delegates for the function (a second block's delegate was a second
// 'cluster_f0_d0', which Graphviz merged with the first), and a later
// block's arguments nodes of their own (they were the function's argument
// nodes, so edges came from the wrong value). The host op's reason names a
// block's argument as such, not as a graph input.

// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false dot-file=%t/graph.dot report-file=%t/report.json})'
// RUN: FileCheck %s --input-file=%t/graph.dot
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/report.json

// CHECK:      f0_arg0 [label="%arg0", shape=ellipse];
// CHECK:      subgraph cluster_f0_d0 {
// CHECK:      f0_b1_arg0 [label="^bb1 %arg0", shape=ellipse];
// CHECK:      tooltip="tosa.tanh in float: it reads an argument,
// CHECK:      subgraph cluster_f0_d1 {
// CHECK:      f0_b1_arg0 -> f0_n2 [label="tensor<1x8xf32>"];
// CHECK:      f0_arg0 -> f0_n3 [label="tensor<2x4xi8>"];

// JSON: "reason": "tosa.tanh in float: it reads an argument,

func.func @f(%x: tensor<2x4xi8>, %y: tensor<1x8xf32>) -> (tensor<4x2xi8>, tensor<1x8xf32>, tensor<4x2xi8>) {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x4xi8>) -> tensor<4x2xi8>
  cf.br ^bb1(%y : tensor<1x8xf32>)
^bb1(%a: tensor<1x8xf32>):
  %u = tosa.tanh %a : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %w = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x4xi8>) -> tensor<4x2xi8>
  return %w, %u, %t : tensor<4x2xi8>, tensor<1x8xf32>, tensor<4x2xi8>
}

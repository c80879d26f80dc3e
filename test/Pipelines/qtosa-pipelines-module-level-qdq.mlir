// Quantize/dequantize in the module body, outside any function (a graph
// region: qtosa-import-qdq imports them where they stand): both pipelines
// run expand-qdq on the whole module, so none is left behind in output that
// claims to be upstream TOSA (issue 19). Before, their function passes never
// reached these ops and the pipelines exited 0 with qtosa ops in the module.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline)' | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{remarks=false})' | FileCheck %s --enable-var-scope

// CHECK-LABEL: module {
// CHECK-NOT: qtosa.
// CHECK-NOT: quant.
// CHECK: tosa.cast {{.*}} -> tensor<2xi8>
// CHECK-NOT: qtosa.
// CHECK-NOT: quant.
%d = quant.dcast %q : tensor<2x!quant.uniform<i8:f32, 0.5>> to tensor<2xf32>
%c = "tosa.const"() {values = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
%q = quant.qcast %c : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 0.5>>

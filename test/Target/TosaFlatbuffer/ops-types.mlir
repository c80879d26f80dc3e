// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// Element types: bf16, fp8 (E4M3, E5M2), int48, int4 (packed), f16, bool and rank-0 constants.
// Unsigned data (ui8) is written as INT8, the same bytes (TOSA 1.0 integers
// are signless): ops-unsigned.mlir.

func.func @types(%a: tensor<2x3xbf16>, %b: tensor<4xf8E4M3FN>, %c: tensor<4xf8E5M2>, %d: tensor<3xi48>, %e: tensor<5xi4>, %g: tensor<f16>) -> (tensor<2x3xbf16>, tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, tensor<3xi48>, tensor<5xi4>, tensor<f16>, tensor<3xi1>, tensor<3xi4>, tensor<2xf16>) {
  %bf = "tosa.const"() <{values = dense<[[1.5, -2.0, 3.25], [0.0, 1.0e+10, -0.125]]> : tensor<2x3xbf16>}> : () -> tensor<2x3xbf16>
  %0 = tosa.add %a, %bf : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %e4 = "tosa.const"() <{values = dense<[1.0, -2.0, 0.5, 448.0]> : tensor<4xf8E4M3FN>}> : () -> tensor<4xf8E4M3FN>
  %e5 = "tosa.const"() <{values = dense<[1.0, -2.0, 0.5, 57344.0]> : tensor<4xf8E5M2>}> : () -> tensor<4xf8E5M2>
  %i48 = "tosa.const"() <{values = dense<[140737488355327, -140737488355328, 1]> : tensor<3xi48>}> : () -> tensor<3xi48>
  %i4 = "tosa.const"() <{values = dense<[-8, 7, 0, -1, 3]> : tensor<5xi4>}> : () -> tensor<5xi4>
  %i4s = "tosa.const"() <{values = dense<-3> : tensor<3xi4>}> : () -> tensor<3xi4>
  %h = "tosa.const"() <{values = dense<-0.5> : tensor<f16>}> : () -> tensor<f16>
  %h2 = "tosa.const"() <{values = dense<[65504.0, 6.1e-05]> : tensor<2xf16>}> : () -> tensor<2xf16>
  %bools = "tosa.const"() <{values = dense<[true, false, true]> : tensor<3xi1>}> : () -> tensor<3xi1>
  %1 = tosa.identity %b : (tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  %2 = tosa.identity %c : (tensor<4xf8E5M2>) -> tensor<4xf8E5M2>
  %3 = tosa.identity %d : (tensor<3xi48>) -> tensor<3xi48>
  %4 = tosa.identity %e : (tensor<5xi4>) -> tensor<5xi4>
  %6 = tosa.identity %g : (tensor<f16>) -> tensor<f16>
  return %0, %e4, %e5, %i48, %i4, %h, %bools, %i4s, %h2 : tensor<2x3xbf16>, tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, tensor<3xi48>, tensor<5xi4>, tensor<f16>, tensor<3xi1>, tensor<3xi4>, tensor<2xf16>
}

// CHECK-LABEL: func.func @types(
// CHECK-SAME:  tensor<2x3xbf16>, %{{.*}}: tensor<4xf8E4M3FN>, %{{.*}}: tensor<4xf8E5M2>, %{{.*}}: tensor<3xi48>, %{{.*}}: tensor<5xi4>, %{{.*}}: tensor<f16>
// CHECK:       dense<{{\[}}[1.500000e+00, -2.000000e+00, 3.250000e+00], [0.000000e+00, 9.999220e+09, -1.250000e-01]]> : tensor<2x3xbf16>
// CHECK:       dense<[1.000000e+00, -2.000000e+00, 5.000000e-01, 4.480000e+02]> : tensor<4xf8E4M3FN>
// CHECK:       dense<[140737488355327, -140737488355328, 1]> : tensor<3xi48>
// CHECK:       dense<[-8, 7, 0, -1, 3]> : tensor<5xi4>
// CHECK:       dense<-3> : tensor<3xi4>
// CHECK:       dense<[true, false, true]> : tensor<3xi1>

// RUN: qtosa-opt %s --split-input-file --qtosa-canonicalize | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --split-input-file --qtosa-canonicalize=region-simplify=disabled | FileCheck %s --enable-var-scope --check-prefix=NOSIMPLIFY

// A function with qtosa ops is canonicalized: the identity transpose folds.
// CHECK-LABEL: func.func @with_qtosa(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xi8>
// CHECK-NEXT: %[[D:.*]] = qtosa.dequantize %[[X]]
// CHECK-NEXT: return %[[D]]
func.func @with_qtosa(%x: tensor<2x3xi8>) -> tensor<2x3xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}

// -----

// A function without qtosa ops is left as it is.
// CHECK-LABEL: func.func @without_qtosa(
// CHECK-NEXT: tosa.transpose
func.func @without_qtosa(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %t = tosa.transpose %x {perms = array<i32: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}

// -----

// Region simplification (on by default, as in --canonicalize) drops a loop
// argument only the loop reads; region-simplify=disabled, which the
// pipelines use, keeps it.
// CHECK-LABEL: func.func @dead_loop_argument(
// CHECK: cf.br ^bb1{{$}}
// CHECK: ^bb1:
// NOSIMPLIFY-LABEL: func.func @dead_loop_argument(
// NOSIMPLIFY: cf.br ^bb1(%{{.*}} : tensor<2x3xf32>)
// NOSIMPLIFY: ^bb1(%{{.*}}: tensor<2x3xf32>):
func.func @dead_loop_argument(%c: i1, %x: tensor<2x3xi8>) -> tensor<2x3xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5> : tensor<2x3xi8> -> tensor<2x3xf32>
  cf.br ^bb1(%d : tensor<2x3xf32>)
^bb1(%a: tensor<2x3xf32>):
  cf.cond_br %c, ^bb1(%a : tensor<2x3xf32>), ^bb2
^bb2:
  return %d : tensor<2x3xf32>
}

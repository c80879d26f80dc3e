// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// EXT-VARIABLE: module-level tosa.variable ops (with and without an initial
// value, one never read), reads and writes in the function and in a cond_if
// region, in module order.

tosa.variable @counter = dense<[1, -2, 3, 4]> : tensor<4xi32>
tosa.variable @state : tensor<1x4xf32>
tosa.variable @flags = dense<[true, false]> : tensor<2xi1>
tosa.variable @packed = dense<[1, -8, 7]> : tensor<3xi4>

func.func @step(%x: tensor<4xi32>, %c: tensor<i1>, %s: tensor<1x4xf32>) -> (tensor<4xi32>, tensor<1x4xf32>) {
  %0 = tosa.variable_read @counter : tensor<4xi32>
  %1 = tosa.add %0, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  tosa.variable_write @counter, %1 : tensor<4xi32>
  %2 = tosa.cond_if %c (%a = %1) : tensor<i1> (tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%a: tensor<4xi32>):
    %3 = tosa.variable_read @counter : tensor<4xi32>
    tosa.variable_write @counter, %a : tensor<4xi32>
    tosa.yield %3 : tensor<4xi32>
  } else {
  ^bb0(%a: tensor<4xi32>):
    tosa.yield %a : tensor<4xi32>
  }
  %4 = tosa.variable_read @state : tensor<1x4xf32>
  tosa.variable_write @state, %s : tensor<1x4xf32>
  return %2, %4 : tensor<4xi32>, tensor<1x4xf32>
}

// CHECK:       tosa.variable @counter = dense<[1, -2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:  tosa.variable @state : tensor<1x4xf32>
// CHECK-NEXT:  tosa.variable @flags = dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT:  tosa.variable @packed = dense<[1, -8, 7]> : tensor<3xi4>
// CHECK-LABEL: func.func @step(
// CHECK:       %[[READ:.*]] = tosa.variable_read @counter : tensor<4xi32>
// CHECK:       %[[SUM:.*]] = tosa.add %[[READ]], %arg0
// CHECK:       tosa.variable_write @counter, %[[SUM]] : tensor<4xi32>
// CHECK:       tosa.cond_if
// CHECK:         tosa.variable_read @counter : tensor<4xi32>
// CHECK:         tosa.variable_write @counter, %{{.*}} : tensor<4xi32>
// CHECK:       tosa.variable_read @state : tensor<1x4xf32>
// CHECK:       tosa.variable_write @state, %arg2 : tensor<1x4xf32>

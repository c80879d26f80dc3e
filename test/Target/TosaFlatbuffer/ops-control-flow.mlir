// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// cond_if and while_loop: each region becomes a TosaRegion its operator names; nesting.

func.func @control_flow(%cond: tensor<i1>, %x: tensor<2xi32>, %n: tensor<i32>) -> (tensor<2xi32>, tensor<i32>, tensor<2xi32>) {
  %0 = tosa.cond_if %cond (%a = %x) : tensor<i1> (tensor<2xi32>) -> tensor<2xi32> {
  ^bb0(%a: tensor<2xi32>):
    %1 = tosa.add %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    tosa.yield %1 : tensor<2xi32>
  } else {
  ^bb0(%a: tensor<2xi32>):
    %c = "tosa.const"() <{values = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
    %1 = tosa.sub %a, %c : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    tosa.yield %1 : tensor<2xi32>
  }
  %2:2 = tosa.while_loop (%i = %n, %v = %0) : (tensor<i32>, tensor<2xi32>) -> (tensor<i32>, tensor<2xi32>) {
    %zero = "tosa.const"() <{values = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %more = tosa.greater %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    tosa.yield %more : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<2xi32>):
    %one = "tosa.const"() <{values = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %next = tosa.sub %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %odd = tosa.greater %next, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %inner = tosa.cond_if %odd (%w = %v) : tensor<i1> (tensor<2xi32>) -> tensor<2xi32> {
    ^bb0(%w: tensor<2xi32>):
      tosa.yield %w : tensor<2xi32>
    } else {
    ^bb0(%w: tensor<2xi32>):
      %d = tosa.add %w, %w : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
      tosa.yield %d : tensor<2xi32>
    }
    tosa.yield %next, %inner : tensor<i32>, tensor<2xi32>
  }
  return %2#1, %2#0, %0 : tensor<2xi32>, tensor<i32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @control_flow(
// CHECK:       %[[IF:.*]] = tosa.cond_if %arg0 (%{{.*}} = %arg1)
// CHECK:         tosa.add
// CHECK:       } else {
// CHECK:         tosa.sub
// CHECK:       tosa.while_loop (%{{.*}} = %arg2, %{{.*}} = %[[IF]])
// CHECK:         tosa.greater
// CHECK:       } do {
// CHECK:         tosa.cond_if

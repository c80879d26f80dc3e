// qtosa-annotate answers a comparison with an infinite splat constant as a
// quantized tensor, which holds no infinity, would: x == -inf is false,
// x > -inf true. PyTorch's safe softmax (scaled_dot_product_attention, as
// ExecuTorch's TOSA backend writes it) asks whether a row is -inf
// throughout, to give it zeros instead of NaN: the negations, the
// reduction and the select it decides fold with it, so the -inf constant,
// which has no scale, and the select, which Ethos-U55 runs on the host,
// are gone. The quantize pipeline then calibrates it.
//
// RUN: qtosa-opt %s -split-input-file --qtosa-annotate | FileCheck %s --enable-var-scope
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write_samples.py %t 2 1x4x8
// RUN: qtosa-opt %s -split-input-file --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/samples.json})' -o /dev/null

// CHECK-LABEL: func.func @safe_softmax(
// CHECK-NOT:     0xFF800000
// CHECK-NOT:     tosa.equal
// CHECK-NOT:     tosa.logical_not
// CHECK-NOT:     tosa.reduce_any
// CHECK-NOT:     tosa.select
// CHECK:         %[[S:.+]] = tosa.mul %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK:         %[[MARK:.+]] = qtosa.annotate %[[S]]
// CHECK:         return %[[MARK]]
func.func @safe_softmax(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %ninf = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %zeros = "tosa.const"() <{values = dense<0.0> : tensor<1x4x8xf32>}> : () -> tensor<1x4x8xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.reduce_max %x {axis = 2 : i32} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %d = tosa.sub %x, %m : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %e = tosa.exp %d : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %sum = tosa.reduce_sum %e {axis = 2 : i32} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %r = tosa.reciprocal %sum : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %soft = tosa.mul %e, %r, %shift : (tensor<1x4x8xf32>, tensor<1x4x1xf32>, tensor<1xi8>) -> tensor<1x4x8xf32>
  %eq = tosa.equal %x, %ninf : (tensor<1x4x8xf32>, tensor<1x1x1xf32>) -> tensor<1x4x8xi1>
  %ne = tosa.logical_not %eq : (tensor<1x4x8xi1>) -> tensor<1x4x8xi1>
  %any = tosa.reduce_any %ne {axis = 2 : i32} : (tensor<1x4x8xi1>) -> tensor<1x4x1xi1>
  %none = tosa.logical_not %any : (tensor<1x4x1xi1>) -> tensor<1x4x1xi1>
  %y = tosa.select %none, %zeros, %soft : (tensor<1x4x1xi1>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %y : tensor<1x4x8xf32>
}

// -----

// The other orders: x > -inf is true for every finite x, so a select on
// it picks its first value; x >= +inf is false and picks the second.
// CHECK-LABEL: func.func @orders(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x4x8xf32>
// CHECK-NOT:     tosa.greater
// CHECK-NOT:     tosa.select
// CHECK:         %[[ABS:.+]] = tosa.abs
// CHECK:         %[[MA:.+]] = qtosa.annotate %[[ABS]]
// CHECK:         return %[[MA]], %{{.+}} :
func.func @orders(%x: tensor<1x4x8xf32>) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>) {
  %ninf = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %pinf = "tosa.const"() <{values = dense<0x7F800000> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %a = tosa.abs %x : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %gt = tosa.greater %x, %ninf : (tensor<1x4x8xf32>, tensor<1x1x1xf32>) -> tensor<1x4x8xi1>
  %ge = tosa.greater_equal %x, %pinf : (tensor<1x4x8xf32>, tensor<1x1x1xf32>) -> tensor<1x4x8xi1>
  %s1 = tosa.select %gt, %a, %x : (tensor<1x4x8xi1>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %s2 = tosa.select %ge, %a, %x : (tensor<1x4x8xi1>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %s1, %s2 : tensor<1x4x8xf32>, tensor<1x4x8xf32>
}

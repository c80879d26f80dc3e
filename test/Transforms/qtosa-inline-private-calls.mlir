// RUN: qtosa-opt %s --split-input-file --qtosa-import-qdq --qtosa-inline-private-calls | FileCheck %s --enable-var-scope

// An exporter's submodule called twice: both calls inline, qtosa ops and
// all, and the private function goes.
// CHECK-NOT: func.func private @block
// CHECK-LABEL: func.func @model(
// CHECK-NOT: call
// CHECK: qtosa.quantize
// CHECK: tosa.add
// CHECK: qtosa.quantize
// CHECK: tosa.add
// CHECK: return
!q = !quant.uniform<i8:f32, 0.25:-3>
!r = !quant.uniform<i8:f32, 0.5:1>
func.func private @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!q>
  %d = quant.dcast %q : tensor<4x!q> to tensor<4xf32>
  %a = tosa.add %d, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q2 = quant.qcast %a : tensor<4xf32> to tensor<4x!r>
  %d2 = quant.dcast %q2 : tensor<4x!r> to tensor<4xf32>
  return %d2 : tensor<4xf32>
}
func.func @model(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = call @block(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = call @block(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// Nested private calls inline callees first; a public callee, a declaration
// and a recursive private function keep their calls.
// CHECK-LABEL: func.func @public_callee(
// CHECK-LABEL: func.func private @declared(
// CHECK-LABEL: func.func private @recursive(
// CHECK: call @recursive
// CHECK-LABEL: func.func @entry(
// CHECK-NOT: call @outer
// CHECK-NOT: call @inner
// CHECK: tosa.negate
// CHECK: call @public_callee
// CHECK: call @declared
// CHECK: call @recursive
// CHECK-NOT: func.func private @inner
// CHECK-NOT: func.func private @outer
func.func private @inner(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %n = tosa.negate %x, %z, %z : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
func.func private @outer(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = call @inner(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @public_callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func private @declared(tensor<4xf32>) -> tensor<4xf32>
func.func private @recursive(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = call @recursive(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @entry(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = call @outer(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = call @public_callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = call @declared(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %d = call @recursive(%c) : (tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

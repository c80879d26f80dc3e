// RUN: qtosa-opt %s --split-input-file --qtosa-inline-delegates | FileCheck %s --enable-var-scope

// The body replaces the delegate: block arguments become the operands, the
// yielded values the results.
// CHECK-LABEL: func.func @one_delegate(
// CHECK-SAME: %[[X:.*]]: tensor<1x8xi8>
// CHECK-NOT: qtosa.delegate
// CHECK: %[[T:.*]] = tosa.transpose %[[X]] {perms = array<i32: 1, 0>}
// CHECK-NOT: qtosa.yield
// CHECK: %[[C:.*]] = tosa.cast %[[T]]
// CHECK: return %[[C]]
func.func @one_delegate(%x: tensor<1x8xi8>) -> tensor<8x1xi32> {
  %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
  ^bb0(%in: tensor<1x8xi8>):
    %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
    qtosa.yield %t : tensor<8x1xi8>
  }
  %c = tosa.cast %r : (tensor<8x1xi8>) -> tensor<8x1xi32>
  return %c : tensor<8x1xi32>
}

// -----

// A yielded block argument is the delegate's operand; the constants each
// delegate copied stay copies.
// CHECK-LABEL: func.func @argument_yielded(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi8>, %[[Y:[^:]*]]: tensor<4xi8>
// CHECK: %[[K1:.*]] = "tosa.const"() <{values = dense<3> : tensor<4xi8>}>
// CHECK: %[[M:.*]] = tosa.maximum %[[Y]], %[[K1]]
// CHECK: %[[K2:.*]] = "tosa.const"() <{values = dense<3> : tensor<4xi8>}>
// CHECK: %[[N:.*]] = tosa.minimum %[[M]], %[[K2]]
// CHECK: return %[[X]], %[[N]]
func.func @argument_yielded(%x: tensor<4xi8>, %y: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %r:2 = qtosa.delegate "ethos-u55-128" (%x, %y) : (tensor<4xi8>, tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  ^bb0(%a: tensor<4xi8>, %b: tensor<4xi8>):
    %k = "tosa.const"() <{values = dense<3> : tensor<4xi8>}> : () -> tensor<4xi8>
    %m = tosa.maximum %b, %k : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
    qtosa.yield %a, %m : tensor<4xi8>, tensor<4xi8>
  }
  %s = qtosa.delegate "ethos-u85-256" (%r#1) : (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%c: tensor<4xi8>):
    %k = "tosa.const"() <{values = dense<3> : tensor<4xi8>}> : () -> tensor<4xi8>
    %n = tosa.minimum %c, %k : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
    qtosa.yield %n : tensor<4xi8>
  }
  return %r#0, %s : tensor<4xi8>, tensor<4xi8>
}

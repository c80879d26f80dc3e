// RUN: qtosa-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect --qtosa-expose-delegate-values | FileCheck %s --enable-var-scope

// After the function's own result: each delegate's operands, then its
// results, in program order; a result attribute stays on its result.
// CHECK-LABEL: func.func @two_delegates(
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x8xi8>, %[[Y:[^:]*]]: tensor<8x1xi8>)
// CHECK-SAME: -> (tensor<8x1xi32> {mine.keep}, tensor<1x8xi8>, tensor<8x1xi8>, tensor<8x1xi8>, tensor<8x1xi8>, tensor<8x1xi8>)
// CHECK: %[[A:.*]] = qtosa.delegate "ethos-u55-128"(%[[X]])
// CHECK: %[[B:.*]] = qtosa.delegate "ethos-u55-128"(%[[A]], %[[Y]])
// CHECK: %[[C:.*]] = tosa.cast %[[B]]
// CHECK: return %[[C]], %[[X]], %[[A]], %[[A]], %[[Y]], %[[B]] :
func.func @two_delegates(%x: tensor<1x8xi8>, %y: tensor<8x1xi8>) -> (tensor<8x1xi32> {mine.keep}) {
  %a = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
  ^bb0(%in: tensor<1x8xi8>):
    %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
    qtosa.yield %t : tensor<8x1xi8>
  }
  %b = qtosa.delegate "ethos-u55-128" (%a, %y) : (tensor<8x1xi8>, tensor<8x1xi8>) -> tensor<8x1xi8> {
  ^bb0(%p: tensor<8x1xi8>, %q: tensor<8x1xi8>):
    %m = tosa.maximum %p, %q : (tensor<8x1xi8>, tensor<8x1xi8>) -> tensor<8x1xi8>
    qtosa.yield %m : tensor<8x1xi8>
  }
  %c = tosa.cast %b : (tensor<8x1xi8>) -> tensor<8x1xi32>
  return %c : tensor<8x1xi32>
}

// A function without delegates is left as it is.
// CHECK-LABEL: func.func @no_delegates(
// CHECK-SAME: -> tensor<4xi8>
func.func @no_delegates(%x: tensor<4xi8>) -> tensor<4xi8> {
  return %x : tensor<4xi8>
}

// -----

// Its callers would still expect one result.
// expected-error @+1 {{cannot return the values at its delegates' boundaries: the function's symbol is used}}
func.func @called(%x: tensor<1x8xi8>) -> tensor<8x1xi8> {
  %a = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
  ^bb0(%in: tensor<1x8xi8>):
    %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
    qtosa.yield %t : tensor<8x1xi8>
  }
  return %a : tensor<8x1xi8>
}

func.func @caller(%x: tensor<1x8xi8>) -> tensor<8x1xi8> {
  // expected-note @below {{by this 'func.call'}}
  %a = func.call @called(%x) : (tensor<1x8xi8>) -> tensor<8x1xi8>
  return %a : tensor<8x1xi8>
}

// -----

// A function of several blocks: its return may not see the delegate.
// expected-error @+1 {{cannot return the values at its delegates' boundaries: the function has 2 blocks}}
func.func @blocks(%x: tensor<1x8xi8>) -> tensor<8x1xi8> {
  // expected-note @below {{this delegate}}
  %a = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
  ^bb0(%in: tensor<1x8xi8>):
    %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
    qtosa.yield %t : tensor<8x1xi8>
  }
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %a : tensor<8x1xi8>
}

// -----

// A delegate inside another op's region does not reach the return.
// expected-error @+1 {{cannot return the values at its delegates' boundaries: a delegate is inside 'test.region'}}
func.func @in_region(%x: tensor<1x8xi8>) {
  "test.region"() ({
    // expected-note @below {{this delegate}}
    %a = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
    ^bb0(%in: tensor<1x8xi8>):
      %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
      qtosa.yield %t : tensor<8x1xi8>
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// In a nested module, a function is treated as one at the top.
// CHECK-LABEL: module @inner
// CHECK: func.func @nested(
// CHECK-SAME: -> (tensor<8x1xi8>, tensor<1x8xi8>, tensor<8x1xi8>)
module @inner {
  func.func @nested(%x: tensor<1x8xi8>) -> tensor<8x1xi8> {
    %a = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
    ^bb0(%in: tensor<1x8xi8>):
      %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
      qtosa.yield %t : tensor<8x1xi8>
    }
    return %a : tensor<8x1xi8>
  }
}

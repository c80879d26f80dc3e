// How qtosa-ethosu-partition groups NPU ops: the fewest convex delegates,
// constants copied into the delegates that read them, graph IO on the host.
// tosa.bitwise_and is the host op (Ethos-U55 has no BITWISE_*); tosa.add and
// tosa.maximum on i32 run on the NPU.

// RUN: qtosa-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false})' \
// RUN:   | FileCheck %s -enable-var-scope

// A diamond through a host op: %c reads both %b (NPU) and %h (host), so %c
// cannot join %a and %b without a path leaving their delegate through %h
// and coming back.

// CHECK-LABEL: func.func @diamond(
// CHECK-SAME:      %[[X:.*]]: tensor<4xi32>
// CHECK:         %[[D0:.*]]:2 = qtosa.delegate "ethos-u55-128"(%[[X]]) : (tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
// CHECK:           %[[A:.*]] = tosa.add
// CHECK:           %[[B:.*]] = tosa.maximum %[[A]], %[[A]]
// CHECK:           qtosa.yield %[[A]], %[[B]]
// CHECK:         }
// CHECK:         %[[H:.*]] = tosa.bitwise_and %[[D0]]#0, %[[D0]]#0
// CHECK:         %[[D1:.*]] = qtosa.delegate "ethos-u55-128"(%[[D0]]#1, %[[H]])
// CHECK:           tosa.add
// CHECK:           qtosa.yield
// CHECK:         return %[[D1]]
func.func @diamond(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.add %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %h = tosa.bitwise_and %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b = tosa.maximum %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %c = tosa.add %b, %h : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %c : tensor<4xi32>
}

// -----

// Independent chains share delegates: the NPU ops that no host op precedes
// form one delegate, whichever chain they are on; the op after the host op
// forms the second. %b2, written last, moves into the first delegate.

// CHECK-LABEL: func.func @independent_chains(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>
// CHECK:         %[[D0:.*]]:3 = qtosa.delegate "ethos-u55-128"(%[[X]], %[[Y]])
// CHECK-NEXT:    ^bb0(%[[DX:.*]]: tensor<4xi32>, %[[DY:.*]]: tensor<4xi32>):
// CHECK-NEXT:      %[[A1:.*]] = tosa.add %[[DX]], %[[DX]]
// CHECK-NEXT:      %[[A2:.*]] = tosa.add %[[DY]], %[[DY]]
// CHECK-NEXT:      %[[B2:.*]] = tosa.maximum %[[A2]], %[[A2]]
// CHECK-NEXT:      qtosa.yield %[[A1]], %[[A2]], %[[B2]]
// CHECK:         %[[H:.*]] = tosa.bitwise_and %[[D0]]#0, %[[D0]]#0
// CHECK:         %[[D1:.*]] = qtosa.delegate "ethos-u55-128"(%[[H]], %[[D0]]#1)
// CHECK:           tosa.maximum
// CHECK:         return %[[D1]], %[[D0]]#2
func.func @independent_chains(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %a1 = tosa.add %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %h1 = tosa.bitwise_and %a1, %a1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %a2 = tosa.add %y, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b1 = tosa.maximum %h1, %a2 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b2 = tosa.maximum %a2, %a2 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %b1, %b2 : tensor<4xi32>, tensor<4xi32>
}

// -----

// Graph IO: the quantize of an argument and the dequantize feeding the
// return stay on the host around the delegate.

// CHECK-LABEL: func.func @graph_io(
// CHECK:         %[[Q:.*]] = qtosa.quantize
// CHECK-NEXT:    %[[D:.*]] = qtosa.delegate "ethos-u55-128"(%[[Q]]) : (tensor<2x3xi8>) -> tensor<3x2xi8>
// CHECK:           tosa.transpose
// CHECK:         qtosa.dequantize %[[D]]
func.func @graph_io(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<2x3xf32> -> tensor<2x3xi8>
  %t = tosa.transpose %q {perms = array<i32: 1, 0>} : (tensor<2x3xi8>) -> tensor<3x2xi8>
  %y = qtosa.dequantize %t as !quant.uniform<i8:f32, 0.5> : tensor<3x2xi8> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// Constants travel with their users: each delegate gets its own copy; the
// original stays only where the host reads it.

// CHECK-LABEL: func.func @constants(
// CHECK:         %[[SHARED:.*]] = "tosa.const"() <{values = dense<7> : tensor<4xi32>}>
// CHECK-NOT:     dense<3>
// CHECK:         qtosa.delegate
// CHECK-DAG:       %[[OWN:.*]] = "tosa.const"() <{values = dense<3> : tensor<4xi32>}>
// CHECK-DAG:       %[[COPY:.*]] = "tosa.const"() <{values = dense<7> : tensor<4xi32>}>
// CHECK:           tosa.add %{{.*}}, %[[OWN]]
// CHECK:           tosa.add %{{.*}}, %[[COPY]]
// CHECK:         tosa.bitwise_and %{{.*}}, %[[SHARED]]
func.func @constants(%x: tensor<4xi32>) -> tensor<4xi32> {
  %own = "tosa.const"() <{values = dense<3> : tensor<4xi32>}> : () -> tensor<4xi32>
  %shared = "tosa.const"() <{values = dense<7> : tensor<4xi32>}> : () -> tensor<4xi32>
  %a = tosa.add %x, %own : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b = tosa.add %a, %shared : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %h = tosa.bitwise_and %b, %shared : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %h : tensor<4xi32>
}

// -----

// Nothing for the NPU: no delegate, nothing moves. Declarations are left
// alone.

// CHECK-LABEL: func.func @all_host(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.bitwise_and
// CHECK-NEXT:    tosa.bitwise_and
// CHECK-NEXT:    return
// CHECK:         func.func private @declared
func.func @all_host(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.bitwise_and %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b = tosa.bitwise_and %a, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %b : tensor<4xi32>
}
func.func private @declared(tensor<4xi32>) -> tensor<4xi32>

// -----

// Alternating NPU and host ops: one delegate per NPU run, in order, and a
// host op that reads an earlier delegate waits for it.

// CHECK-LABEL: func.func @alternating(
// CHECK:         %[[D0:.*]] = qtosa.delegate
// CHECK:         %[[H0:.*]] = tosa.bitwise_and %[[D0]], %[[D0]]
// CHECK:         %[[D1:.*]] = qtosa.delegate "ethos-u55-128"(%[[H0]])
// CHECK:         %[[H1:.*]] = tosa.bitwise_and %[[D1]], %[[D0]]
// CHECK:         %[[D2:.*]] = qtosa.delegate "ethos-u55-128"(%[[H1]])
// CHECK:         return %[[D2]]
func.func @alternating(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.add %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %h0 = tosa.bitwise_and %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b = tosa.add %h0, %h0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %h1 = tosa.bitwise_and %b, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %c = tosa.add %h1, %h1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %c : tensor<4xi32>
}

// -----

// Functions are partitioned independently (and in parallel).

// CHECK-LABEL: func.func @first(
// CHECK:         qtosa.delegate
// CHECK-LABEL: func.func @second(
// CHECK:         qtosa.delegate
func.func @first(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.add %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %a : tensor<4xi32>
}
func.func @second(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.maximum %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %a : tensor<4xi32>
}

// -----

// Partitioning twice changes nothing: an existing delegate is neither an
// NPU op nor a host op.

// CHECK-LABEL: func.func @already_partitioned(
// CHECK:         %[[D:.*]] = qtosa.delegate "ethos-u55-128"
// CHECK:           tosa.add
// CHECK:         tosa.bitwise_and %[[D]], %[[D]]
// CHECK-NOT:     qtosa.delegate
func.func @already_partitioned(%x: tensor<4xi32>) -> tensor<4xi32> {
  %d = qtosa.delegate "ethos-u55-128" (%x) : (tensor<4xi32>) -> tensor<4xi32> {
  ^bb0(%in: tensor<4xi32>):
    %a = tosa.add %in, %in : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    qtosa.yield %a : tensor<4xi32>
  }
  %h = tosa.bitwise_and %d, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %h : tensor<4xi32>
}

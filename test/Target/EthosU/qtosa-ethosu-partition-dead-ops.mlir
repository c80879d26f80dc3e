// An op without effects whose results nothing reads is erased before the
// partition and counted (dead_ops_erased). Kept, it made a delegate with no
// result, and Vela refuses the graph it becomes: "RawWriter expects graph
// with 1 operation (found 0 operations)". vela-sweep.mlir compiles this
// file's delegates with Vela.

// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=%t/report.json})' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/report.json
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TABLE

// JSON:      "ops_total": 2,
// JSON:      "dead_ops_erased": 4,
// TABLE:     ethos-u55-128: 1 delegate(s); 2 op(s): 1 on the NPU (50.0%), 1 on the host;
// TABLE-NEXT: 4 op(s) erased: nothing read their results

// A dead transpose alone: no delegate is left.
// CHECK-LABEL: func.func @only_dead
// CHECK-NEXT:    return %arg0
func.func @only_dead(%x: tensor<2x4xi8>) -> tensor<2x4xi8> {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x4xi8>) -> tensor<4x2xi8>
  return %x : tensor<2x4xi8>
}

// A dead chain beside a live transpose: the delegate holds the live one.
// CHECK-LABEL: func.func @dead_chain
// CHECK:         %[[D:.+]] = qtosa.delegate
// CHECK-NEXT:    ^bb0(%[[A:.+]]: tensor<2x4xi8>):
// CHECK-NEXT:      %[[T:.+]] = tosa.transpose %[[A]]
// CHECK-NEXT:      qtosa.yield %[[T]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[D]]
func.func @dead_chain(%x: tensor<2x4xi8>) -> tensor<4x2xi8> {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x4xi8>) -> tensor<4x2xi8>
  %d = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x4xi8>) -> tensor<4x2xi8>
  %e = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<4x2xi8>) -> tensor<2x4xi8>
  return %t : tensor<4x2xi8>
}

// A dead float op is erased too; the live one stays on the host.
// CHECK-LABEL: func.func @dead_float
// CHECK-NEXT:    %[[H:.+]] = tosa.tanh %arg0
// CHECK-NEXT:    return %[[H]]
func.func @dead_float(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %u = tosa.tanh %x : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %v = tosa.sigmoid %x : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %u : tensor<1x8xf32>
}

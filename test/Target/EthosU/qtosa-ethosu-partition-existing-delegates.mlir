// A delegate already in the module: one for the pass's own target (the
// partition run again, or written by hand) counts in the report as it
// stands; one for another target is refused at its location, since the
// report and the exported delegates are for one target.

// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=%t/report.json})'
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: sed 's/"ethos-u55-128"/"nosuch-npu"/' %s | not qtosa-opt -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOREIGN
// RUN: not qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{target=ethos-u85-256})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OTHER

// CHECK:      "target": "ethos-u55-128",
// CHECK-NEXT: "delegate_count": 1,
// CHECK-NEXT: "partitions": 1,
// CHECK-NEXT: "ops_total": 1,
// CHECK-NEXT: "ops_npu": 1,
// CHECK-NEXT: "ops_host": 0,

// FOREIGN: <stdin>:[[# @LINE + 5]]:8: error: a delegate for 'nosuch-npu' is already in the module, and this pass partitions for 'ethos-u55-128' alone (qtosa-inline-delegates returns a delegate's ops to its function)
// OTHER: qtosa-ethosu-partition-existing-delegates.mlir:[[# @LINE + 4]]:8: error: a delegate for 'ethos-u55-128' is already in the module, and this pass partitions for 'ethos-u85-256' alone

func.func @main(%x: tensor<4xi8>) -> tensor<4xi8> {
  // The delegate:
  %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%a: tensor<4xi8>):
    %c = tosa.clamp %a {min_val = -3 : i8, max_val = 3 : i8} : (tensor<4xi8>) -> tensor<4xi8>
    qtosa.yield %c : tensor<4xi8>
  }
  return %r : tensor<4xi8>
}

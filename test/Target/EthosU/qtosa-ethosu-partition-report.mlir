// The partition report: JSON (report-file=PATH), a table on stderr
// (report-file=-) and Graphviz (dot-file=PATH), on one function with graph
// IO, two delegates and two host ops.

// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=%t/report.json dot-file=%t/graph.dot})'
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/report.json
// RUN: python3 -c "import json, sys; r = json.load(open(sys.argv[1])); assert r['ops_total'] == r['ops_npu'] + r['ops_host'] == 4 and len(r['host_ops']) == r['ops_host'] == 2, r" %t/report.json
// RUN: FileCheck %s --check-prefix=DOT --input-file=%t/graph.dot
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TABLE
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{target=ethos-u85-256 report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=U85
// RUN: not qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{report-file=%t/missing/report.json})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNWRITABLE

// JSON:      "target": "ethos-u55-128",
// JSON-NEXT: "delegate_count": 2,
// JSON-NEXT: "partitions": 2,
// JSON-NEXT: "ops_total": 4,
// JSON-NEXT: "ops_npu": 2,
// JSON-NEXT: "ops_host": 2,
// JSON-NEXT: "boundary_qdq": 2,
// JSON-NEXT: "dead_ops_erased": 0,
// Per function, its delegates (named as qtosa-export-delegates names their
// files) and what each computes:
// JSON-NEXT: "functions": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "report",
// JSON-NEXT:     "delegate_count": 2,
// JSON-NEXT:     "partitions": 2,
// JSON-NEXT:     "ops_npu": 2,
// JSON-NEXT:     "ops_host": 2,
// JSON-NEXT:     "delegates": [
// JSON-NEXT:       {
// JSON-NEXT:         "name": "delegate_0",
// JSON-NEXT:         "loc": "{{.*}}qtosa-ethosu-partition-report.mlir:{{[0-9]+}}:8",
// JSON-NEXT:         "ops": {
// JSON-NEXT:           "tosa.transpose": 1
// JSON-NEXT:         }
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "name": "delegate_1",
// JSON:              "tosa.transpose": 1
// JSON:          ]
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "host_ops": [
// JSON-NEXT:   {
// JSON-NEXT:     "function": "report",
// JSON-NEXT:     "op": "tosa.bitwise_and",
// JSON-NEXT:     "loc": "{{.*}}qtosa-ethosu-partition-report.mlir:[[# @LINE + 42]]:8",
// JSON-NEXT:     "rule": "U55.OP.NOT_SUPPORTED",
// JSON-NEXT:     "reason": "'tosa.bitwise_and' is not supported on Ethos-U55/U65"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "function": "report",
// JSON-NEXT:     "op": "tosa.reverse",
// JSON-NEXT:     "loc": "{{.*}}qtosa-ethosu-partition-report.mlir:[[# @LINE + 36]]:8",
// JSON-NEXT:     "rule": "U55.REVERSE.AXIS",
// JSON-NEXT:     "reason": "axis 0 of a rank-1 tensor is not its H or W axis"
// JSON-NEXT:   }
// JSON-NEXT: ]

// TABLE:      ethos-u55-128: 2 delegate(s); 4 op(s): 2 on the NPU (50.0%), 2 on the host; 2 graph-IO quantize/dequantize
// TABLE-NEXT:   host op           location                                         rule                  reason
// TABLE-NEXT:   tosa.bitwise_and  {{.*}}.mlir:[[# @LINE + 27]]:8  U55.OP.NOT_SUPPORTED  'tosa.bitwise_and' is not supported on Ethos-U55/U65
// TABLE-NEXT:   tosa.reverse      {{.*}}.mlir:[[# @LINE + 27]]:8  U55.REVERSE.AXIS      axis 0 of a rank-1 tensor is not its H or W axis

// U85: ethos-u85-256: 1 delegate(s); 4 op(s): 4 on the NPU (100.0%), 0 on the host; 2 graph-IO quantize/dequantize

// DOT:      digraph "ethos-u55-128" {
// DOT:        subgraph cluster_f0 {
// DOT-NEXT:     label="@report";
// DOT:          f0_arg0 [label="%arg0", shape=ellipse];
// DOT:          f0_n0 [label="qtosa.quantize", style=filled, fillcolor="#e2e2e2", tooltip="graph IO on the host"];
// DOT:          subgraph cluster_f0_d0 {
// DOT-NEXT:       label="delegate 0 (ethos-u55-128)";
// DOT:            [label="tosa.transpose"];
// DOT:          [label="tosa.bitwise_and\nU55.OP.NOT_SUPPORTED", style=filled, fillcolor="#f8d0d0", color="#c53030", tooltip="'tosa.bitwise_and' is not supported on Ethos-U55/U65"];
// DOT:          subgraph cluster_f0_d1 {
// DOT-NEXT:       label="delegate 1 (ethos-u55-128)";
// DOT:          [label="func.return", shape=ellipse];
// DOT:        f0_arg0 -> f0_n0 [label="tensor<2x3xf32>"];
// DOT:        f0_n0 -> f0_n{{[0-9]+}} [label="tensor<2x3xi8>"];
// DOT:      }

// UNWRITABLE: error: cannot write the partition report to '{{.*}}missing/report.json'

!q = !quant.uniform<i8:f32, 0.25>
func.func @report(%x: tensor<2x3xf32>, %r8: tensor<4xi8>) -> (tensor<2x3xf32>, tensor<4xi8>) {
  %q = qtosa.quantize %x as !q : tensor<2x3xf32> -> tensor<2x3xi8>
  %a = tosa.transpose %q {perms = array<i32: 1, 0>} : (tensor<2x3xi8>) -> tensor<3x2xi8>
  %h = tosa.bitwise_and %a, %a : (tensor<3x2xi8>, tensor<3x2xi8>) -> tensor<3x2xi8>
  %l = tosa.reverse %r8 {axis = 0 : i32} : (tensor<4xi8>) -> tensor<4xi8>
  %b = tosa.transpose %h {perms = array<i32: 1, 0>} : (tensor<3x2xi8>) -> tensor<2x3xi8>
  %y = qtosa.dequantize %b as !q : tensor<2x3xi8> -> tensor<2x3xf32>
  return %y, %l : tensor<2x3xf32>, tensor<4xi8>
}

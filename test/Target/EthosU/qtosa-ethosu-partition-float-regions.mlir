// Float host ops are reported by float region: host ops joined by float
// values, each region once, at its cause (the first member whose float-ness
// is its own, not an earlier member's), with its ops and locations. An op on
// the host for its own reason (here an operator limit) keeps its own entry.
// The JSON keeps one host_ops entry per op, each float one naming its region.

// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=%t/report.json})'
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/report.json
// RUN: python3 -c "import json, sys; r = json.load(open(sys.argv[1])); fr = r['float_regions']; assert [g['op_count'] for g in fr] == [6, 2], fr; assert [o.get('float_region') for o in r['host_ops']] == [0, 0, 0, 0, 0, 0, None, 1, 1], r['host_ops']" %t/report.json
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TABLE

// JSON:      "float_regions": [
// JSON-NEXT:   {
// JSON-NEXT:     "function": "chain",
// JSON-NEXT:     "rule": "U55.TENSOR.FLOAT",
// JSON-NEXT:     "op_count": 6,
// JSON-NEXT:     "cause": {
// JSON-NEXT:       "op": "tosa.floor",
// JSON-NEXT:       "loc": "{{.*}}float-regions.mlir:[[# @LINE + 57]]:8",
// JSON-NEXT:       "reason": "tosa.floor in float after dequantize: its float result feeds 'tosa.exp', not a quantize"
// JSON-NEXT:     },
// JSON-NEXT:     "more_causes": [],
// JSON-NEXT:     "ops": [
// JSON-NEXT:       {
// JSON-NEXT:         "op": "qtosa.dequantize",
// JSON-NEXT:         "loc": "{{.*}}float-regions.mlir:[[# @LINE + 49]]:8"
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "op": "tosa.floor",
// JSON:              "op": "tosa.exp",
// JSON:              "op": "tosa.sigmoid",
// JSON:              "op": "tosa.abs",
// JSON:              "op": "qtosa.quantize",
// JSON-NEXT:         "loc": "{{.*}}float-regions.mlir:[[# @LINE + 46]]:8"
// JSON-NEXT:       }
// JSON-NEXT:     ]
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "function": "chain",
// JSON-NEXT:     "rule": "U55.TENSOR.FLOAT",
// JSON-NEXT:     "op_count": 2,
// JSON-NEXT:     "cause": {
// JSON-NEXT:       "op": "tosa.exp",
// JSON-NEXT:       "loc": "{{.*}}float-regions.mlir:[[# @LINE + 38]]:9",
// JSON-NEXT:       "reason": "tosa.exp in float before quantize: its float input comes from graph input #1, not a dequantize"
// JSON-NEXT:     },
// JSON-NEXT:     "more_causes": [],
// JSON-NEXT:     "ops": [
// JSON:              "op": "qtosa.quantize",
// JSON-NEXT:         "loc": "{{.*}}float-regions.mlir:[[# @LINE + 33]]:9"
// JSON-NEXT:       }
// JSON-NEXT:     ]
// JSON-NEXT:   }
// JSON-NEXT: ]

// One row per region at its cause, its ops below; the operator limit has a
// row of its own.
// TABLE:      ethos-u55-128: 2 delegate(s); 11 op(s): 2 on the NPU (18.2%), 9 on the host; 2 graph-IO quantize/dequantize
// TABLE-NEXT:   host op           location                  rule                  reason
// TABLE-NEXT:   6 float ops       {{.*}}.mlir:[[# @LINE + 16]]:8  U55.TENSOR.FLOAT      tosa.floor in float after dequantize: its float result feeds 'tosa.exp', not a quantize
// TABLE-NEXT:   {{ +}}ops: qtosa.dequantize [[# @LINE + 14]]:8, tosa.floor [[# @LINE + 15]]:8, tosa.exp [[# @LINE + 16]]:8, tosa.sigmoid [[# @LINE + 17]]:8, tosa.abs [[# @LINE + 18]]:8, qtosa.quantize [[# @LINE + 19]]:8
// TABLE-NEXT:   tosa.bitwise_and  {{.*}}.mlir:[[# @LINE + 19]]:8  U55.OP.NOT_SUPPORTED  'tosa.bitwise_and' is not supported on Ethos-U55/U65
// TABLE-NEXT:   2 float ops       {{.*}}.mlir:[[# @LINE + 19]]:9  U55.TENSOR.FLOAT      tosa.exp in float before quantize: its float input comes from graph input #1, not a dequantize
// TABLE-NEXT:   {{ +}}ops: tosa.exp [[# @LINE + 18]]:9, qtosa.quantize [[# @LINE + 19]]:9
// TABLE-NOT:  {{.}}

// Without grouping, these were nine rows, four of them with no cause but
// "operand #0 is a f32 tensor".

!q = !quant.uniform<i8:f32, 0.5>
!q16 = !quant.uniform<i16:f32, 0.001>
func.func @chain(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %qx = qtosa.quantize %x as !q16 : tensor<4xf32> -> tensor<4xi16>
  %i = tosa.transpose %qx {perms = array<i32: 0>} : (tensor<4xi16>) -> tensor<4xi16>
  %d = qtosa.dequantize %i as !q16 : tensor<4xi16> -> tensor<4xf32>
  %f = tosa.floor %d : (tensor<4xf32>) -> tensor<4xf32>
  %e = tosa.exp %f : (tensor<4xf32>) -> tensor<4xf32>
  %s = tosa.sigmoid %e : (tensor<4xf32>) -> tensor<4xf32>
  %a = tosa.abs %s : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %a as !q : tensor<4xf32> -> tensor<4xi8>
  %b = tosa.bitwise_and %q, %q : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %ey = tosa.exp %y : (tensor<4xf32>) -> tensor<4xf32>
  %qy = qtosa.quantize %ey as !q : tensor<4xf32> -> tensor<4xi8>
  %both = tosa.concat %b, %qy {axis = 0 : i32} : (tensor<4xi8>, tensor<4xi8>) -> tensor<8xi8>
  %out = qtosa.dequantize %both as !q : tensor<8xi8> -> tensor<8xf32>
  return %out, %out : tensor<8xf32>, tensor<8xf32>
}


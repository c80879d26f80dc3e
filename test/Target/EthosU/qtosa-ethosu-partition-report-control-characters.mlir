// Control characters in a location or a function name (from a model)
// reach neither the table on stderr (report-file=-) nor the Graphviz file
// raw: an ESC or a CSI (C1) there drove the reader's terminal, a newline
// made a table row of its own, and a NUL ended the DOT file for Graphviz.
// Each, and a byte that is not UTF-8, is written as the text \xHH (in the
// DOT file, \\xHH, which Graphviz shows as \xHH); the JSON report escapes
// them as JSON does.

// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=- dot-file=%t/graph.dot})' 2> %t/table.txt
// RUN: FileCheck %s --check-prefix=TABLE --input-file=%t/table.txt
// RUN: FileCheck %s --check-prefix=DOT --input-file=%t/graph.dot
// RUN: env LC_ALL=C not grep -qP '[\x00-\x09\x0b-\x1f\x7f-\xff]' %t/table.txt
// RUN: env LC_ALL=C not grep -qP '[\x00-\x09\x0b-\x1f\x7f-\xff]' %t/graph.dot

// TABLE: tosa.bitwise_and  evil\x1B[2J\x00\x0Anext\xC2\x9B\xFF.mlir:3:4  U55.OP.NOT_SUPPORTED
// DOT: label="@ctl\\x1B[2J"

func.func @"ctl\1B[2J"(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tosa.bitwise_and %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> loc("evil\1B[2J\00\0Anext\C2\9B\FF.mlir":3:4)
  return %0 : tensor<4xi32>
}

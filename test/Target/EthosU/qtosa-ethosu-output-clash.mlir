// A file a pass writes (the partition report, the Graphviz graph, a
// delegate's .tosa) at the path qtosa-opt writes the module to (-o) is
// refused: the pass cannot see -o, and one would overwrite the other.
// qtosa-opt exits 1 with the error and leaves no module file.

// RUN: rm -rf %t && mkdir -p %t
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-partition{report-file=%t/module.mlir})' -o %t/module.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPORT -DPATH=%t/module.mlir
// RUN: not test -e %t/module.mlir
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-partition{dot-file=%t/module.mlir})' -o %t/module.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DOT -DPATH=%t/module.mlir
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{tosa-dir=%t})' -o %t/delegate_0.tosa 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DELEGATE -DPATH=%t/delegate_0.tosa
// RUN: not test -e %t/delegate_0.tosa
// Another path is written as before:
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-partition{report-file=%t/report.json})' -o %t/module.mlir
// RUN: test -s %t/report.json && test -s %t/module.mlir

// REPORT: error: cannot write the partition report to '[[PATH]]': it is the file the module is written to (-o), which would overwrite it; give it another path
// DOT: error: {{.*}}'[[PATH]]': it is the file the module is written to (-o)
// DELEGATE: error: cannot write '[[PATH]]': it is the file the module is written to (-o), which would overwrite it; give it another path; no delegate file was written

func.func @main(%x: tensor<4xi8>) -> tensor<4xi8> {
  %c = tosa.clamp %x {min_val = -3 : i8, max_val = 3 : i8} : (tensor<4xi8>) -> tensor<4xi8>
  return %c : tensor<4xi8>
}

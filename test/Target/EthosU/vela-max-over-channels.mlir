// Vela 5.2 compiles qtosa-ethosu-legalize's form of a REDUCE_MAX over
// channels (qtosa-ethosu-legalize-max.mlir) into a transpose and a max pool
// on both targets, with no ReduceMax left.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %S/qtosa-ethosu-legalize-max.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55 report-file=-})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s --check-prefix=VELA
// RUN: qtosa-opt %S/qtosa-ethosu-legalize-max.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85 report-file=-})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s --check-prefix=VELA
// VELA-NOT: ReduceMax
// VELA: Transpose
// VELA: MaxPool
// VELA-NOT: ReduceMax

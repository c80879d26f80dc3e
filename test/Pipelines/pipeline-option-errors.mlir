// A value a pipeline's option does not take: llvm::cl names the value on a
// line of its own, unlocated; the pipeline's error says where it was (it
// said only "an option value it does not take").
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=foo})' 2>&1 | FileCheck %s
// CHECK: for the --io option: Cannot find option named 'foo'!
// CHECK: error: 'qtosa-lower-pipeline': an option value it does not take, in 'io=foo'

func.func @main() {
  return
}

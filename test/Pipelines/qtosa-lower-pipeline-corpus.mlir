// Integer TOSA that other tools already lowered passes through
// qtosa-lower-pipeline unchanged: every file of ../shared/corpus/tosa prints
// the same with and without the pipeline (files qtosa-opt rejects must be
// rejected with a diagnostic, never crash).
//
// REQUIRES: corpus
// RUN: python3 %S/Inputs/check_passthrough.py qtosa-opt 'builtin.module(qtosa-lower-pipeline)' %corpus/tosa | FileCheck %s
// RUN: python3 %S/Inputs/check_passthrough.py qtosa-opt 'builtin.module(qtosa-lower-pipeline{io=int})' %corpus/tosa | FileCheck %s

// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} files: {{[0-9]+}} unchanged, {{[0-9]+}} rejected with a diagnostic, 0 failed

// Invalid TOSA reaches the user as a located diagnostic and exit code 1,
// for both targets, and the sweep counts it as rejected, not failed.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/partition_sweep.py qtosa-opt %S/Inputs/invalid-tosa ethos-u55-128 %t/u55 | FileCheck %s
// RUN: python3 %S/Inputs/partition_sweep.py qtosa-opt %S/Inputs/invalid-tosa ethos-u85-256 %t/u85 | FileCheck %s
// RUN: not qtosa-opt %S/Inputs/invalid-tosa/transpose-shape.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline)' 2>&1 | FileCheck %s --check-prefix=DIAG

// CHECK: 2 files: 0 partitioned, 2 rejected with a diagnostic, 0 failed
// DIAG: transpose-shape.mlir:3:8: error: 'tosa.transpose'

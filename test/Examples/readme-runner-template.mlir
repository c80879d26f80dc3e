// The README's template @main and its command line (qtosa-lower-pipeline
// with io=int, MLIR's TOSA -> LLVM lowering, mlir-runner), taken from the
// README itself and run on a quantized transpose: the integer graph prints
// the transpose of the inputs rounded to multiples of the scale 0.25 (i8 at
// zero point -3 holds -31.25 to 32.5). The README's TOSA -> LLVM pipeline
// must be this suite's %tosa-to-llvm, as the README says it is.
//
// RUN: %python %S/Inputs/readme_runner_template.py %qtosa_src/README.md \
// RUN:   %S/Inputs/readme-graph.mlir %t qtosa-opt mlir-opt mlir-runner %tosa-to-llvm | FileCheck %s

// CHECK: Unranked Memref {{.*}} rank = 2 {{.*}} sizes = [3, 2]
// CHECK-NEXT: {{\[}}[0.25,   5],
// CHECK-NEXT: [-0.25,   -30],
// CHECK-NEXT: [0.5,   0]]

// Samples for a graph with nothing to observe are never run, but they are
// still checked against the function's arguments: an integer graph given a
// listing of float samples, or of the wrong shape, is refused at the
// argument; samples that fit are accepted (the graph is unchanged).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/f32.npy', np.zeros((2, 4), np.float32)); np.save('%t/i8.npy', np.zeros((2, 4), np.int8)); np.save('%t/i8x3.npy', np.zeros((2, 3), np.int8))"
// RUN: echo '[["f32.npy"]]' > %t/f32.json
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate{samples=%t/f32.json})' 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: echo '[["i8.npy"], ["i8x3.npy"]]' > %t/shape.json
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate{samples=%t/shape.json})' 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: echo '[["i8.npy"]]' > %t/fits.json
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-annotate,qtosa-calibrate{samples=%t/fits.json})' | FileCheck %s

// TYPE: calibrate-unused-samples.mlir:[[# @LINE + 6]]:17: error: qtosa-calibrate: sample 0 argument 0 ('{{.*}}f32.npy', listed in {{.*}}f32.json) is 2x4xf32, and @main takes 2x4xi8 (nothing here is observed, so the samples are not run)
// SHAPE: calibrate-unused-samples.mlir:[[# @LINE + 5]]:17: error: qtosa-calibrate: sample 1 argument 0 ('{{.*}}i8x3.npy', listed in {{.*}}shape.json) is 2x3xi8, and @main takes 2x4xi8

// CHECK-LABEL: func.func @main
// CHECK-NEXT: tosa.clamp %arg0 {max_val = 3 : i8, min_val = -3 : i8}
// CHECK-NEXT: return
func.func @main(%x: tensor<2x4xi8>) -> tensor<2x4xi8> {
  %y = tosa.clamp %x {min_val = -3 : i8, max_val = 3 : i8} : (tensor<2x4xi8>) -> tensor<2x4xi8>
  return %y : tensor<2x4xi8>
}

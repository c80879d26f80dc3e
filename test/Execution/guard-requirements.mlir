// Inputs that break TOSA 1.0's REQUIREs on operand values (a gather index
// outside 0..K-1, an integer division by 0 or of INT32_MIN by -1) give an
// unpredictable result by the specification; qtosa-run executes them
// without reading other memory or trapping (qtosa-guard-requirements):
// the indices clamped, such divisions by 1. They used to end the process
// (SIGSEGV, SIGFPE) or return other memory (found by session 32's
// hostile-input sweep).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/v.npy', np.arange(24, dtype=np.int8).reshape(1, 6, 4)); np.save('%t/ids.npy', np.array([[0, -2000000000, 2, 6, 5]], np.int32)); np.save('%t/a.npy', np.array([7, 9, -2147483648, -8], np.int32)); np.save('%t/b.npy', np.array([2, 0, -1, 3], np.int32))"
// RUN: qtosa-run %s -e gather --input %t/v.npy --input %t/ids.npy | FileCheck %s --check-prefix=GATHER
// RUN: qtosa-run %s -e intdiv --input %t/a.npy --input %t/b.npy | FileCheck %s --check-prefix=DIV
//
// The pass itself, for graphs run with mlir-opt and mlir-runner:
// RUN: qtosa-opt %s --qtosa-guard-requirements | FileCheck %s --enable-var-scope --check-prefix=IR

// Indices [0, -2000000000, 2, 6, 5] read rows [0, 0, 2, 5, 5].
// GATHER: result #0: tensor<1x5x4xi8> [0, 1, 2, 3, 0, 1, 2, 3, 8, 9, 10, 11, 20, 21, 22, 23, 20, 21, 22, 23]
// IR-LABEL: func.func @gather(
// IR: %[[I:.+]] = tosa.clamp %arg1 {max_val = 5 : i32, min_val = 0 : i32} : (tensor<1x5xi32>) -> tensor<1x5xi32>
// IR: tosa.gather %arg0, %[[I]]
func.func @gather(%values: tensor<1x6x4xi8>, %indices: tensor<1x5xi32>) -> tensor<1x5x4xi8> {
  %0 = tosa.gather %values, %indices : (tensor<1x6x4xi8>, tensor<1x5xi32>) -> tensor<1x5x4xi8>
  return %0 : tensor<1x5x4xi8>
}

// 7 / 2 = 3; 9 / 0 and INT32_MIN / -1 divide by 1; -8 / 3 = -2.
// DIV: result #0: tensor<4xi32> [3, 9, -2147483648, -2]
// IR-LABEL: func.func @intdiv(
// IR: %[[ZERO:.+]] = tosa.equal %arg1,
// IR: %[[MINUS:.+]] = tosa.equal %arg1,
// IR: %[[MIN:.+]] = tosa.equal %arg0,
// IR: %[[OVER:.+]] = tosa.logical_and %[[MIN]], %[[MINUS]]
// IR: %[[TRAP:.+]] = tosa.logical_or %[[ZERO]], %[[OVER]]
// IR: %[[B:.+]] = tosa.select %[[TRAP]], %{{.+}}, %arg1
// IR: tosa.intdiv %arg0, %[[B]]
func.func @intdiv(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tosa.intdiv %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

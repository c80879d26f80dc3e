// qtosa-ethosu-pipeline on 250 random valid QDQ graphs (fixed seed) of
// one rounding step per path (requantization, concat or elementwise ops of differently quantized branches, 1x1 conv2d with per-channel weights, matmul, avg_pool2d, reduce_sum, tables) between exact steps: within 1 LSB.
// Each graph runs through the pipeline for both targets, its delegates are
// inlined again, and its outputs are compared with the QDQ graph's, both
// executed through MLIR's TOSA -> Linalg -> LLVM lowering under mlir-runner.
// The generator is described in Inputs/random_pipeline_graphs.py.
//
// RUN: python3 %S/Inputs/random_pipeline_graphs.py 20261122 250 arith > %t.mlir
// Under the sanitizers only qtosa-opt is instrumented: the graphs still go
// through the pipelines there, but are executed and compared only in the
// plain build (mlir-runner's JIT is most of this test's time).
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-expand-qdq -o %t.reference.mlir
// RUN: %if !sanitizers %{ mlir-opt %t.reference.mlir %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference %}
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline)' -o %t.u55.mlir 2>/dev/null
// RUN: qtosa-opt %t.u55.mlir --qtosa-inline-delegates -o %t.u55.inlined.mlir
// RUN: %if !sanitizers %{ mlir-opt %t.u55.inlined.mlir %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.u55 %}
// RUN: %if !sanitizers %{ python3 %S/../Execution/Inputs/compare_outputs.py 1 %t.reference %t.u55 | FileCheck %s %}
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256})' -o %t.u85.mlir 2>/dev/null
// RUN: qtosa-opt %t.u85.mlir --qtosa-inline-delegates -o %t.u85.inlined.mlir
// RUN: %if !sanitizers %{ mlir-opt %t.u85.inlined.mlir %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.u85 %}
// RUN: %if !sanitizers %{ python3 %S/../Execution/Inputs/compare_outputs.py 1 %t.reference %t.u85 | FileCheck %s %}
//
// The pipeline did partition the graphs, and no quantize/dequantize is left:
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.u55.mlir

// CHECK-COUNT-250: {{^ok: }}
// CHECK: compared 250 outputs, max difference {{.*}} (allowed 1)
// IR-NOT: qtosa.quantize
// IR-NOT: qtosa.dequantize
// IR: qtosa.delegate "ethos-u55-128"

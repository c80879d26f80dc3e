// Data movement and order-preserving ops stay bit-exact through the whole of
// qtosa-lower-pipeline: 150 random graphs of transpose, reshape, slice,
// reverse, tile, pad, concat, max_pool2d, reduce_max, clamp and maximum with
// shared parameters (fixed seed) print the same stored integers as their QDQ
// form.
//
// RUN: python3 %S/Inputs/random_qdq_graphs.py 20261122 150 --shared > %t.mlir
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' 2>/dev/null \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.int
// RUN: python3 %S/Inputs/compare_outputs.py 0 %t.reference %t.int | FileCheck %s

// CHECK: compared 150 outputs, max difference 0 (allowed 0)

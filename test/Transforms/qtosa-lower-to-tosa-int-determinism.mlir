// The lowering's output depends on its input alone, not on where the
// allocator put the ops it erased and made: three runs on one QDQ model of
// about 1,000 TOSA ops (from the benchmark's generator) print the same bytes.
// It used to skip a constant it had just made whenever the constant landed
// at the address of an op erased before, so every run printed other IR.
//
// RUN: python3 %qtosa_src/bench/gen_qdq_model.py 1000 -o %t.in.mlir
// RUN: qtosa-opt %t.in.mlir -o %t.ready.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-import-qdq, func.func(qtosa-share-qspecs, qtosa-canonicalize))'
// RUN: qtosa-opt %t.ready.mlir --pass-pipeline='builtin.module(func.func(qtosa-lower-to-tosa-int))' -o %t.1.mlir 2>/dev/null
// RUN: qtosa-opt %t.ready.mlir --pass-pipeline='builtin.module(func.func(qtosa-lower-to-tosa-int))' -o %t.2.mlir 2>/dev/null
// RUN: qtosa-opt %t.ready.mlir --pass-pipeline='builtin.module(func.func(qtosa-lower-to-tosa-int))' -o %t.3.mlir 2>/dev/null
// RUN: cmp %t.1.mlir %t.2.mlir
// RUN: cmp %t.1.mlir %t.3.mlir
// What is compared is lowered IR: integer TOSA, only the float inputs still
// quantized.
// RUN: FileCheck %s --input-file=%t.1.mlir
// CHECK: tosa.rescale

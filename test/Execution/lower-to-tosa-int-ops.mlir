// Each op kind qtosa-lower-to-tosa-int lowers, executed: the integer graph
// from qtosa-lower-pipeline is within 1 LSB of the QDQ graph (expand-qdq) on
// random inputs, with SINGLE_ROUND and with DOUBLE_ROUND rescales. The
// generator draws the parameters, weights, biases and inputs (fixed seed)
// and names its cases in the file; compare_outputs.py fails unless every
// case printed an output, so adding a case changes no number here.
//
// RUN: python3 %S/Inputs/lowering_cases.py 20261121 ops > %t.mlir
// The QDQ reference keeps its i4 weights: any-storage-width expands them with
// casts MLIR's TOSA lowering runs though TOSA 1.0 has none.
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-expand-qdq=any-storage-width=true | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' \
// RUN:   | qtosa-opt --qtosa-nonnegative-resize-offsets | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.single
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.single @%t.mlir | FileCheck %s
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline{rounding=double})' \
// RUN:   | qtosa-opt --qtosa-nonnegative-resize-offsets | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.double
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.double @%t.mlir | FileCheck %s
//
// Before the host-side expansion, the only float values left in the graphs
// are their arguments and the input quantize (@main is cut off first):
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs,qtosa-canonicalize,qtosa-lower-to-tosa-int))' \
// RUN:   | sed '/func.func @main/,$d' | FileCheck %s --check-prefix=INT
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-import-qdq,func.func(qtosa-share-qspecs,qtosa-canonicalize,qtosa-lower-to-tosa-int))' \
// RUN:   | sed '/func.func @main/,$d' | grep -v -e 'qtosa.quantize' -e 'func.func @' | not grep f32

// CHECK-NOT: FAIL
// CHECK: compared {{[0-9]+}} outputs, max difference {{[01]}} (allowed 1)

// INT-LABEL: func.func @conv2d(
// INT: tosa.conv2d {{.*}}xi8>, {{.*}}xi8>, {{.*}}xi32>, {{.*}} -> tensor<1x4x3x4xi32>
// INT: tosa.rescale {{.*}}per_channel = true
// INT-LABEL: func.func @conv2d_i16(
// INT: tosa.conv2d {{.*}}xi16>, {{.*}}xi8>, {{.*}}xi48>, {{.*}} -> tensor<1x4x3x4xi48>
// INT: tosa.rescale {{.*}}scale32 = false
// INT-LABEL: func.func @matmul(
// INT: tosa.matmul {{.*}} -> tensor<1x5x6xi32>
// INT-LABEL: func.func @add(
// INT-COUNT-2: tosa.rescale {{.*}} -> tensor<2x5x7xi32>
// INT: tosa.add {{.*}} -> tensor<2x5x7xi32>
// INT-LABEL: func.func @squared_difference(
// INT: %[[D:.*]] = tosa.sub {{.*}} -> tensor<2x5x7xi32>
// INT: tosa.mul %[[D]], %[[D]], {{.*}} -> tensor<2x5x7xi32>
// PReLU: no select, and the sides of x's zero point clamped apart.
// INT-LABEL: func.func @prelu(
// INT-NOT: tosa.select
// INT-COUNT-2: tosa.clamp {{.*}} -> tensor<2x5x7xi8>
// INT: tosa.mul {{.*}} -> tensor<2x5x7xi32>
// INT: tosa.add {{.*}} -> tensor<2x5x7xi32>
// INT-LABEL: func.func @prelu_i16(
// INT-NOT: tosa.select
// INT-COUNT-2: tosa.clamp {{.*}} -> tensor<2x5x7xi16>
// INT-LABEL: func.func @avg_pool2d_same(
// INT: tosa.avg_pool2d {{.*}}acc_type = i32{{.*}} -> tensor<1x4x4x3xi8>
// INT-NOT: tosa.rescale
// INT-LABEL: func.func @avg_pool2d_rescaled(
// INT: tosa.avg_pool2d
// INT: tosa.rescale
// INT-LABEL: func.func @sigmoid(
// INT: tosa.table {{.*}}tensor<256xi8>
// Several elementwise float ops computing a function of one input: one
// table, the ops gone.
// INT-LABEL: func.func @hard_swish(
// INT: tosa.table {{.*}}tensor<256xi8>
// INT-NEXT: return
// INT-LABEL: func.func @gelu(
// INT: tosa.table {{.*}}tensor<256xi8>
// INT-NOT: tosa.erf
// INT-LABEL: func.func @elu(
// INT: tosa.table {{.*}}tensor<256xi8>
// INT-NOT: tosa.select
// INT-LABEL: func.func @gelu_i16(
// INT: tosa.table {{.*}}tensor<513xi16>
// INT-LABEL: func.func @avg_pool2d_finer_output(
// INT: %[[WIDE:.*]] = tosa.rescale {{.*}} -> tensor<1x7x7x3xi16>
// INT: tosa.avg_pool2d %[[WIDE]], {{.*}} -> tensor<1x4x4x3xi16>
// INT: tosa.rescale {{.*}} -> tensor<1x4x4x3xi8>

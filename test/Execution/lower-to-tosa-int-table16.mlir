// 16-bit unary functions lowered to 513-entry interpolated tables, executed
// on all 65536 stored inputs: the integer graph from qtosa-lower-pipeline is
// within 1 LSB of the QDQ graph (expand-qdq) everywhere, with SINGLE_ROUND
// and with DOUBLE_ROUND rescales. The cases cover zero points on both sides,
// a narrow output range, functions that saturate the output, the
// piecewise-linear ones (abs: exact), and functions too curved at their
// input scale for one table (tanh_q3_12, tanh_q4_11: split over two).
//
// DEFINE: %{names} = sigmoid,sigmoid_zero_points,tanh,tanh_narrow,tanh_q3_12,tanh_q4_11,exp,erf,sin,cos,abs,negate
// RUN: python3 %S/Inputs/table16_cases.py > %t.mlir
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' > %t.single.mlir
// RUN: mlir-opt %t.single.mlir %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.single
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.single %{names} | FileCheck %s
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline{rounding=double})' \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.double
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.double %{names} | FileCheck %s
//
// Every case is lowered: each graph function holds one 513-entry table (two
// for the split cases, the second on the input magnified by a rescale) and
// no float.
// RUN: sed '/func.func @main/,$d' %t.single.mlir | FileCheck %s --check-prefix=INT
// RUN: sed '/func.func @main/,$d' %t.single.mlir | not grep -e f32 -e qtosa
//
// With io=int the graphs pass upstream TOSA validation for PRO-INT with the
// int16 extension (16-bit TABLE is in EXT-INT16):
// RUN: sed '/^func.func @main/,$d' %t.mlir \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int extensions=int16' \
// RUN:       --tosa-validate=strict-op-spec-alignment -o /dev/null

// CHECK: ok: sigmoid:
// CHECK: ok: sigmoid_zero_points:
// CHECK: ok: tanh:
// CHECK: ok: tanh_narrow:
// CHECK: ok: tanh_q3_12:
// CHECK: ok: tanh_q4_11:
// CHECK: ok: exp:
// CHECK: ok: erf:
// CHECK: ok: sin:
// CHECK: ok: cos:
// CHECK: ok: abs: 65536 values, 0 differ
// CHECK: ok: negate:
// CHECK: compared 12 outputs, max difference {{[01]}} (allowed 1)

// INT-COUNT-4: tosa.table {{.*}} : (tensor<65536xi16>, tensor<513xi16>) -> tensor<65536xi32>
// INT: func.func @tanh_q3_12(
// INT:   %[[FINE:.*]] = tosa.rescale %arg0, {{.*}} : (tensor<65536xi16>, {{.*}}) -> tensor<65536xi16>
// INT-DAG: %[[A:.*]] = tosa.table %[[FINE]], {{.*}} -> tensor<65536xi32>
// INT-DAG: %[[B:.*]] = tosa.table %arg0, {{.*}} -> tensor<65536xi32>
// INT:   tosa.add {{.*}} : (tensor<65536xi32>, tensor<65536xi32>) -> tensor<65536xi32>
// INT: func.func @tanh_q4_11(
// INT-COUNT-2: tosa.table
// INT-COUNT-6: tosa.table {{.*}} : (tensor<65536xi16>, tensor<513xi16>) -> tensor<65536xi32>
// INT-NOT: tosa.table

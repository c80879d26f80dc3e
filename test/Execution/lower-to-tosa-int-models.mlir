// Multi-op models through qtosa-lower-pipeline, executed: a ConvNeXt-style
// block (depthwise conv, a moveaxis chain between separately observed
// scales, a per-channel matmul, the residual add), a two-branch concat of
// separately observed convs followed by a sigmoid, and a conv whose
// per-channel weights reach it through transpose and reshape. The integer
// graphs are within 1 LSB of the QDQ graphs.
//
// RUN: python3 %S/Inputs/lowering_cases.py 20261121 models > %t.mlir
// RUN: qtosa-opt %t.mlir --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %t.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.int
// RUN: python3 %S/Inputs/compare_outputs.py 1 %t.reference %t.int convnext_block,two_branch_concat,moved_weights_conv \
// RUN:   | FileCheck %s
//
// Every op of the models is integer, and with io=int the graphs pass
// upstream TOSA validation for PRO-INT:
// RUN: sed '/^func.func @main/,$d' %t.mlir > %t.graphs.mlir
// RUN: qtosa-opt %t.graphs.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | FileCheck %s --check-prefix=INT
// RUN: qtosa-opt %t.graphs.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int extensions=int16,doubleround' \
// RUN:       --tosa-validate=strict-op-spec-alignment -o /dev/null

// CHECK: ok: convnext_block:
// CHECK: ok: two_branch_concat:
// CHECK: ok: moved_weights_conv:
// CHECK: compared 3 outputs

// INT-LABEL: func.func @convnext_block(
// INT-SAME: tensor<1x6x6x4xi8> {qtosa.qtype = "!quant.uniform<i8:f32
// INT-NOT: tensor<{{.*}}f32>"
// INT: tosa.depthwise_conv2d
// INT: tosa.matmul
// INT: tosa.add
// INT-LABEL: func.func @two_branch_concat(
// INT-COUNT-2: tosa.conv2d
// INT: tosa.concat {{.*}}xi8>
// INT: tosa.table
// INT-LABEL: func.func @moved_weights_conv(
// INT-NOT: tensor<{{.*}}f32>
// INT: tosa.conv2d {{.*}}tensor<5x1x1x6xi8>
// INT-NOT: tensor<{{.*}}f32>

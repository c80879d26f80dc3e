// The README's bundled example through qtosa-lower-pipeline with io=int:
// pure integer TOSA 1.0 that upstream validation accepts for PRO-INT with
// strict op-spec alignment; with the default io=host the graph's input
// quantize and output dequantize are expanded into float TOSA for the host.
//
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --check-prefix=INT
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int' --tosa-validate=strict-op-spec-alignment -o /dev/null
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-lower-pipeline{rounding=double io=int})' \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int extensions=doubleround' --tosa-validate=strict-op-spec-alignment -o /dev/null
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-lower-pipeline)' | FileCheck %s --check-prefix=HOST
// The output is pure upstream MLIR:
// RUN: qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-lower-pipeline)' | mlir-opt -o /dev/null

// INT-LABEL: func.func @convnext_block(
// INT-SAME: %[[X:.*]]: tensor<1x8x8x4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 2.000000e-02:-5>"}) -> (tensor<1x8x8x4xi8> {qtosa.qtype = "!quant.uniform<i8:f32, 6.000000e-02:-2>"})
// INT-NOT: f32>
// INT-NOT: qtosa.quantize
// INT-NOT: qtosa.dequantize
// INT: tosa.depthwise_conv2d %[[X]]
// INT: tosa.matmul
// INT: tosa.add
// INT: return

// HOST-LABEL: func.func @convnext_block(
// HOST-SAME: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// HOST-NOT: qtosa.
// HOST: tosa.depthwise_conv2d {{.*}} -> tensor<1x8x8x4xi32>

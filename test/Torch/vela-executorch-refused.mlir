// Vela's own verdict on the ExecuTorch delegate it refuses
// (Inputs/depthwise_stride4_int_u55.tosa, a depthwise 4x4 convolution of
// stride 4 that ExecuTorch's partitioner delegates): Vela 5.2 stops the
// Ethos-U55 compile at that op and compiles it for Ethos-U85. What qtosa's
// partitioner says before Vela runs is in executorch-int.mlir; here, the
// delegates qtosa writes for Ethos-U55 around the host op compile.
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %tools_python %S/../Target/EthosU/Inputs/vela_operations.py ethos-u55-128 %S/Inputs/depthwise_stride4_int_u55.tosa 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: Non-passthrough operation (DepthwiseConv2D) could not run on NPU
// RUN: %tools_python %S/../Target/EthosU/Inputs/vela_operations.py ethos-u85-256 %S/Inputs/depthwise_stride4_int_u55.tosa | FileCheck %s --check-prefix=U85
// U85: NPU operations:
// U85: DepthwiseConv2D

// RUN: qtosa-translate --import-tosa-flatbuffer %S/Inputs/depthwise_stride4_int_u55.tosa -o %t/dw.mlir
// RUN: qtosa-opt %t/dw.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: ls %t/u55 | FileCheck %s --check-prefix=FILES
// FILES: delegate_0.tosa
// FILES-NEXT: delegate_1.tosa
// FILES-NOT: .tosa
// RUN: %tools_python %S/../Target/EthosU/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s --check-prefix=COMPILED
// RUN: %tools_python %S/../Target/EthosU/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_1.tosa | FileCheck %s --check-prefix=COMPILED
// COMPILED: NPU operations: {{[1-9]}}
// COMPILED-NOT: DepthwiseConv2D

// The INT .tosa files ExecuTorch 1.5.1's own Ethos-U55 flow dumps
// (Inputs/README.md): qtosa-translate reads them (their convolutions' [1]
// weight zero points hold one zero byte per output channel) and the
// partitioner, before Vela runs, finds every op of the models ExecuTorch
// compiles legal: one delegate each, nothing on the host, for Ethos-U55 and
// Ethos-U85. The last one is a delegate Vela refuses (ExecuTorch's compile
// fails); the partitioner names the op and why.

// RUN: qtosa-translate --import-tosa-flatbuffer %S/Inputs/convnext_block_int_u55.tosa -o %t.convnext.mlir
// RUN: qtosa-opt %t.convnext.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONVNEXT-U55
// CONVNEXT-U55: ethos-u55-128: 1 delegate(s); 63 op(s): 63 on the NPU (100.0%), 0 on the host
// RUN: qtosa-opt %t.convnext.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONVNEXT-U85
// CONVNEXT-U85: ethos-u85-256: 1 delegate(s); 63 op(s): 63 on the NPU (100.0%), 0 on the host

// The weight zero point as read: one i8 zero.
// RUN: FileCheck %s --check-prefix=ZP --input-file=%t.convnext.mlir
// ZP: "tosa.const"() <{values = dense<0> : tensor<1xi8>}>

// RUN: qtosa-translate --import-tosa-flatbuffer %S/Inputs/fusion_concat_int_u55.tosa | qtosa-opt --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSION
// FUSION: ethos-u55-128: 1 delegate(s); 10 op(s): 10 on the NPU (100.0%), 0 on the host

// A depthwise 4x4 convolution with stride 4 and no padding: ExecuTorch's
// partitioner delegates it, and Vela 5.2 refuses the delegate for Ethos-U55
// ("Non-passthrough operation (DepthwiseConv2D) could not run on NPU") and
// compiles it for Ethos-U85. The partitioner keeps exactly that op on the
// host for U55, with the rule that says why, and all of it on the NPU for U85.
// RUN: qtosa-translate --import-tosa-flatbuffer %S/Inputs/depthwise_stride4_int_u55.tosa -o %t.dw.mlir
// RUN: qtosa-opt %t.dw.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DW-U55
// DW-U55: remark: stays on the host: U55.DEPTHWISE_CONV2D.STRIDE: stride height 4 exceeds 3
// DW-U55: ethos-u55-128: 2 delegate(s); 4 op(s): 3 on the NPU (75.0%), 1 on the host
// DW-U55-NEXT: host op location rule reason
// DW-U55-NEXT: tosa.depthwise_conv2d {{.*}} U55.DEPTHWISE_CONV2D.STRIDE stride height 4 exceeds 3
// RUN: qtosa-opt %t.dw.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DW-U85
// DW-U85: ethos-u85-256: 1 delegate(s); 4 op(s): 4 on the NPU (100.0%), 0 on the host

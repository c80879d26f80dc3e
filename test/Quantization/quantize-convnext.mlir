// A float ConvNeXt-style block (per-channel depthwise 3x3, the moveaxis
// chain torch.moveaxis becomes: two transposes and a reshape, pointwise
// matmuls with a ReLU, a residual add) quantized with the default config by
// qtosa-quantize-pipeline, then partitioned for Ethos-U55: one delegate and
// no host op. No data-movement op gets a marker of its own.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write_samples.py %t 4 1x8x8x4
// RUN: qtosa-opt %s --qtosa-annotate | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/samples.json})' -o %t/qdq.mlir
// RUN: FileCheck %s --check-prefix=QDQ --enable-var-scope < %t/qdq.mlir
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NPU
// Executed on a test input the samples did not include: the QDQ graph and
// the partitioned integer graph both stay within 25 dB SQNR of float (30.3
// dB when written).
// RUN: mkdir -p %t/test && %python %S/Inputs/write_samples.py %t/test 1 1x8x8x4 --seed 99
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{remarks=false})' -o %t/npu.mlir
// RUN: qtosa-run -e convnext_block %s --input=%t/test/sample0_arg0.npy -o %t/float_%%d.npy
// RUN: qtosa-run -e convnext_block %t/qdq.mlir --input=%t/test/sample0_arg0.npy -o %t/qdq_%%d.npy
// RUN: qtosa-run -e convnext_block %t/npu.mlir --input=%t/test/sample0_arg0.npy -o %t/npu_%%d.npy
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/qdq_0.npy 25
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/npu_0.npy 25

// The markers: the graph input, the depthwise weight, its derived bias,
// the depthwise output, the two matmul weights, the ReLU output (fused
// after the clamp), the second matmul's output and the residual sum.
// MARK-LABEL: func.func @convnext_block
// MARK: %[[X:.*]] = qtosa.annotate %arg0 group 0 storage i8<-128 : 127> : tensor<1x8x8x4xf32>
// MARK: qtosa.annotate %{{.*}} group {{[0-9]+}} storage i8<-127 : 127> {axis = 2 : i32, scales = array<f64: {{.*}}>, symmetric, zero_points = array<i64: 0, 0, 0, 0>} : tensor<3x3x4x1xf32>
// MARK: qtosa.annotate %{{.*}} group {{[0-9]+}} storage i32<-2147483648 : 2147483647> {axis = 0 : i32, derived_from = array<i64: 0, {{[0-9]+}}>, symmetric} : tensor<4xf32>
// MARK: %[[DW:.*]] = tosa.depthwise_conv2d %[[X]]
// MARK-NEXT: %[[DWM:.*]] = qtosa.annotate %[[DW]] group 1 storage i8<-128 : 127>
// MARK-NEXT: %[[T1:.*]] = tosa.transpose %[[DWM]]
// MARK-NEXT: %[[T2:.*]] = tosa.transpose %[[T1]]
// MARK: %[[R:.*]] = tosa.reshape %[[T2]]
// MARK-NOT: qtosa.annotate %[[T1]]
// MARK-NOT: qtosa.annotate %[[T2]]
// MARK-NOT: qtosa.annotate %[[R]]
// MARK: tosa.matmul %[[R]]
// MARK-NOT: qtosa.annotate
// MARK: %[[RELU:.*]] = tosa.clamp
// MARK-NEXT: qtosa.annotate %[[RELU]] group 2
// MARK: %[[MM2:.*]] = tosa.matmul
// MARK-NEXT: %[[MM2M:.*]] = qtosa.annotate %[[MM2]] group 3
// MARK: %[[BACK:.*]] = tosa.reshape %[[MM2M]]
// MARK-NOT: qtosa.annotate %[[BACK]]
// MARK: %[[SUM:.*]] = tosa.add %[[BACK]], %[[X]]
// MARK-NEXT: %[[SUMM:.*]] = qtosa.annotate %[[SUM]] group 4
// MARK-NEXT: return %[[SUMM]]

// QDQ-LABEL: func.func @convnext_block
// QDQ-NOT: qtosa.annotate
// Every data-movement op reads a dequantize and feeds no quantize.
// QDQ: tosa.depthwise_conv2d
// QDQ-NEXT: qtosa.quantize
// QDQ-NEXT: %[[DQ:.*]] = qtosa.dequantize
// QDQ-NEXT: %[[T1:.*]] = tosa.transpose %[[DQ]]
// QDQ-NEXT: %[[T2:.*]] = tosa.transpose %[[T1]]
// QDQ: tosa.reshape %[[T2]]
// QDQ-NOT: qtosa.quantize %[[T1]]
// QDQ-NOT: qtosa.quantize %[[T2]]
// QDQ-NOT: qtosa.annotate

// NPU: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): [[N:[0-9]+]] on the NPU (100.0%), 0 on the host; 2 graph-IO quantize/dequantize

func.func @convnext_block(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %dw_w = "tosa.const"() {values = dense<[[[[0.4052],   [0.1029],   [-0.3489],   [-0.0561]],  [[-0.1018],   [-0.0683],   [0.1791],   [-0.3837]],  [[0.2900],   [-0.3384],   [-0.0565],   [0.2661]]], [[[0.1991],   [-0.2073],   [0.5307],   [0.1097]],  [[-0.2863],   [0.0128],   [-0.2493],   [0.1303]],  [[-0.4025],   [0.1440],   [-0.5312],   [0.3290]]], [[[0.0817],   [0.4070],   [-0.2131],   [-0.6283]],  [[-0.4109],   [-0.0728],   [0.5892],   [0.1715]],  [[0.3936],   [-0.2633],   [-0.1595],   [-0.0999]]]]> : tensor<3x3x4x1xf32>} : () -> tensor<3x3x4x1xf32>
  %dw_b = "tosa.const"() {values = dense<[0.1169, -0.0565, -0.0291, 0.1621]> : tensor<4xf32>} : () -> tensor<4xf32>
  %dw = tosa.depthwise_conv2d %x, %dw_w, %dw_b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x1xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x4xf32>
  // torch.moveaxis(x, -1, 1) and back, then a flatten.
  %nchw = tosa.transpose %dw {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %nhwc = tosa.transpose %nchw {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x8x8x4xf32>
  %rows_shape = tosa.const_shape {values = dense<[1, 64, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %rows = tosa.reshape %nhwc, %rows_shape : (tensor<1x8x8x4xf32>, !tosa.shape<3>) -> tensor<1x64x4xf32>
  %w1 = "tosa.const"() {values = dense<[[[-0.4364, -0.0164, -0.6722, -0.1179, 0.4147, 0.5963, -0.6959, -1.2626, 0.2693, 0.8336, -0.3504, 0.1323, 0.0134, -1.0784, -1.3352, -0.0335],  [0.2430, -0.7585, -0.1636, -0.3966, -0.4819, -0.6454, 0.5850, 0.0053, -0.1168, -0.2447, 0.1896, -0.2572, 0.0748, -0.3917, 0.1657, -0.1636],  [0.2698, -0.7991, -0.4164, -0.6396, 0.7614, -0.3328, -0.0617, -0.8937, -0.5111, -0.8928, -0.0974, -0.5293, 0.7197, -0.4897, 0.4526, -0.1212],  [0.2061, -0.5116, -0.0772, -0.1318, -0.4472, 0.2248, -0.8000, -0.1392, -0.1542, -0.0083, -0.6289, 0.2798, -0.5024, -0.3527, -0.5325, -0.2450]]]> : tensor<1x4x16xf32>} : () -> tensor<1x4x16xf32>
  %h = tosa.matmul %rows, %w1, %zero, %zero : (tensor<1x64x4xf32>, tensor<1x4x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x16xf32>
  %relu = tosa.clamp %h {min_val = 0.0 : f32, max_val = 3.4028235e38 : f32} : (tensor<1x64x16xf32>) -> tensor<1x64x16xf32>
  %w2 = "tosa.const"() {values = dense<[[[0.0686, 0.7004, -0.6875, 0.2039],  [0.1974, 0.3450, 0.0424, 0.0953],  [0.4283, 0.0080, 0.0287, -0.0166],  [0.0965, 0.4291, -0.2364, 0.2800],  [-0.5927, 0.1036, -0.1189, 0.3064],  [0.1886, 0.1832, 0.1291, 0.0693],  [-0.5222, 0.0588, -0.3553, 0.2469],  [-0.1842, -0.0165, -0.1433, -0.0008],  [0.0269, 0.1071, -0.3334, 0.3657],  [-0.2931, -0.0687, -0.7015, 0.0464],  [0.2157, 0.2736, 0.1019, 0.0927],  [-0.1943, -0.1299, -0.0792, 0.0081],  [-0.2984, -0.1208, 0.1032, 0.0119],  [-0.0616, -0.2325, 0.0443, 0.0179],  [0.3433, -0.0241, 0.2170, -0.3580],  [0.4163, -0.3712, -0.0513, -0.1234]]]> : tensor<1x16x4xf32>} : () -> tensor<1x16x4xf32>
  %o = tosa.matmul %relu, %w2, %zero, %zero : (tensor<1x64x16xf32>, tensor<1x16x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x4xf32>
  %nhwc_shape = tosa.const_shape {values = dense<[1, 8, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %back = tosa.reshape %o, %nhwc_shape : (tensor<1x64x4xf32>, !tosa.shape<4>) -> tensor<1x8x8x4xf32>
  %sum = tosa.add %back, %x : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %sum : tensor<1x8x8x4xf32>
}

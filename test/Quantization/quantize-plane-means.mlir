// A squeeze-excite gate as ExecuTorch's TOSA backend writes it in NCHW:
// its mean over H and W (two reduce_sums and a mul, see
// annotate-plane-means.mlir) is one average pool after quantization and one
// tosa.avg_pool2d without a rescale after the Ethos-U pipeline, and the
// quantized and integer programs stay close to the float one.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write_samples.py %t 4 1x8x8x16
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/samples.json})' -o %t/qdq.mlir
// RUN: FileCheck %s --check-prefix=QDQ --enable-var-scope < %t/qdq.mlir
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{remarks=false})' -o %t/npu.mlir
// RUN: FileCheck %s --check-prefix=NPU --enable-var-scope < %t/npu.mlir
// RUN: mkdir -p %t/test && %python %S/Inputs/write_samples.py %t/test 1 1x8x8x16 --seed 7
// RUN: qtosa-run -e squeeze_excite %s --input=%t/test/sample0_arg0.npy -o %t/float_%%d.npy
// RUN: qtosa-run -e squeeze_excite %t/qdq.mlir --input=%t/test/sample0_arg0.npy -o %t/qdq_%%d.npy
// RUN: qtosa-run -e squeeze_excite %t/npu.mlir --input=%t/test/sample0_arg0.npy -o %t/npu_%%d.npy
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/qdq_0.npy 30
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/npu_0.npy 30

// QDQ-LABEL: func.func @squeeze_excite(
// QDQ-NOT:     tosa.reduce_sum
// QDQ:         qtosa.quantize %{{.*}} as !quant.uniform<i8:f32, [[PARAMS:[^>]*]]> : tensor<1x8x8x16xf32>
// QDQ:         %[[POOL:.*]] = tosa.avg_pool2d
// QDQ:         qtosa.quantize %[[POOL]] as !quant.uniform<i8:f32, [[PARAMS]]> :
// QDQ-NOT:     tosa.reduce_sum

// NPU-LABEL: func.func @squeeze_excite(
// NPU:         %[[POOL:.*]] = tosa.avg_pool2d {{.*}} -> tensor<1x1x1x16xi8>
// NPU-NOT:     tosa.rescale %[[POOL]]
// NPU-NOT:     tosa.reduce_sum
func.func @squeeze_excite(%x: tensor<1x8x8x16xf32>) -> tensor<1x16x8x8xf32> {
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %relu = tosa.clamp %x {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %nchw = tosa.transpose %relu {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x16xf32>) -> tensor<1x16x8x8xf32>
  %h = tosa.reduce_sum %nchw {axis = 2 : i32} : (tensor<1x16x8x8xf32>) -> tensor<1x16x1x8xf32>
  %hw = tosa.reduce_sum %h {axis = 3 : i32} : (tensor<1x16x1x8xf32>) -> tensor<1x16x1x1xf32>
  %n = "tosa.const"() <{values = dense<1.562500e-02> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %mean = tosa.mul %hw, %n, %shift : (tensor<1x16x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1x1xf32>
  %shape = tosa.const_shape {values = dense<[1, 1, 1, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %squeezed = tosa.reshape %mean, %shape : (tensor<1x16x1x1xf32>, !tosa.shape<4>) -> tensor<1x1x1x16xf32>
  %w = "tosa.const"() <{values = dense<[[[[0.5, -0.25, 0.125, 0.75, -0.5, 0.25, 0.375, -0.125, 0.625, -0.375, 0.0625, 0.5, -0.75, 0.25, 0.125, -0.0625]]], [[[-0.5, 0.25, 0.625, -0.125, 0.5, 0.75, -0.25, 0.125, -0.625, 0.375, 0.25, -0.5, 0.0625, 0.5, -0.375, 0.25]]], [[[0.25, 0.5, -0.375, 0.125, -0.25, 0.625, 0.5, -0.75, 0.125, 0.25, -0.5, 0.375, 0.25, -0.125, 0.5, 0.75]]], [[[-0.125, 0.375, 0.25, -0.5, 0.75, -0.25, 0.125, 0.5, 0.25, -0.625, 0.5, 0.125, -0.375, 0.25, 0.0625, -0.5]]]]> : tensor<4x1x1x16xf32>}> : () -> tensor<4x1x1x16xf32>
  %b = "tosa.const"() <{values = dense<[0.1, -0.1, 0.05, 0.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %squeeze = tosa.conv2d %squeezed, %w, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x16xf32>, tensor<4x1x1x16xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x4xf32>
  %we = "tosa.const"() <{values = dense<[[[[0.5, -0.25, 0.75, 0.125]]], [[[-0.5, 0.25, 0.125, 0.625]]], [[[0.25, 0.5, -0.375, 0.125]]], [[[-0.125, 0.375, 0.25, -0.5]]], [[[0.75, -0.25, 0.125, 0.5]]], [[[0.25, -0.625, 0.5, 0.125]]], [[[-0.375, 0.25, 0.0625, -0.5]]], [[[0.5, 0.5, -0.25, 0.25]]], [[[0.125, -0.125, 0.375, -0.75]]], [[[0.625, 0.25, -0.5, 0.0625]]], [[[-0.25, 0.75, 0.125, -0.125]]], [[[0.375, -0.5, 0.25, 0.5]]], [[[-0.625, 0.125, 0.5, 0.25]]], [[[0.0625, 0.25, -0.75, 0.375]]], [[[0.5, -0.375, 0.25, -0.25]]], [[[-0.5, 0.625, 0.125, 0.5]]]]> : tensor<16x1x1x4xf32>}> : () -> tensor<16x1x1x4xf32>
  %be = "tosa.const"() <{values = dense<0.0> : tensor<16xf32>}> : () -> tensor<16xf32>
  %excite = tosa.conv2d %squeeze, %we, %be, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x4xf32>, tensor<16x1x1x4xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x16xf32>
  %nchw_shape = tosa.const_shape {values = dense<[1, 16, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %excite_nchw = tosa.reshape %excite, %nchw_shape : (tensor<1x1x1x16xf32>, !tosa.shape<4>) -> tensor<1x16x1x1xf32>
  %gate = tosa.sigmoid %excite_nchw : (tensor<1x16x1x1xf32>) -> tensor<1x16x1x1xf32>
  %y = tosa.mul %nchw, %gate, %shift : (tensor<1x16x8x8xf32>, tensor<1x16x1x1xf32>, tensor<1xi8>) -> tensor<1x16x8x8xf32>
  return %y : tensor<1x16x8x8xf32>
}

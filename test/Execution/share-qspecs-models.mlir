// The two cases that motivated qtosa-share-qspecs, in QDQ form as a PT2E
// quantizer exports them. The pass leaves no float data-movement op, and the
// graphs compute bit-identical integers before and after it.
//
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-share-qspecs --canonicalize | FileCheck %s --check-prefix=MOVED
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.reference
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-share-qspecs --canonicalize --qtosa-expand-qdq \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.shared
// RUN: diff %t.reference %t.shared
// RUN: FileCheck %s --check-prefix=RAN --input-file=%t.shared

// MOVED-NOT: {{tosa\.(transpose|reshape|concat).*xf32>}}
// Two outputs of 64 and 32 values were printed.
// RAN-COUNT-2: {{^\[.*[0-9]\]$}}

!act_in = !quant.uniform<i8:f32, 0.02:-5>
!conv_out = !quant.uniform<i8:f32, 0.04:3>
!matmul_in = !quant.uniform<i8:f32, 0.041:3>
!weight = !quant.uniform<i8<-127:127>:f32:2, {0.011, 0.012, 0.013, 0.014}>
!block_out = !quant.uniform<i8:f32, 0.05:-2>

// A moveaxis chain (transpose, transpose, reshape) between a quantized
// producer and a consumer observed with a slightly different scale.
func.func @convnext_moveaxis(%x: tensor<1x4x4x4xf32>) -> tensor<1x16x4xi8> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %xq = quant.qcast %x : tensor<1x4x4x4xf32> to tensor<1x4x4x4x!act_in>
  %xd = quant.dcast %xq : tensor<1x4x4x4x!act_in> to tensor<1x4x4x4xf32>
  %e = tosa.exp %xd : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %eq = quant.qcast %e : tensor<1x4x4x4xf32> to tensor<1x4x4x4x!conv_out>
  %ed = quant.dcast %eq : tensor<1x4x4x4x!conv_out> to tensor<1x4x4x4xf32>
  %nchw = tosa.transpose %ed {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %nhwc = tosa.transpose %nchw {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %shape = tosa.const_shape {values = dense<[1, 16, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %rows = tosa.reshape %nhwc, %shape : (tensor<1x4x4x4xf32>, !tosa.shape<3>) -> tensor<1x16x4xf32>
  %mq = quant.qcast %rows : tensor<1x16x4xf32> to tensor<1x16x4x!matmul_in>
  %md = quant.dcast %mq : tensor<1x16x4x!matmul_in> to tensor<1x16x4xf32>
  %w_i8 = "tosa.const"() {values = dense<[[[12, -7, 3, 40], [-5, 22, 9, -1], [30, 4, -18, 6], [-2, 15, 11, 27]]]> : tensor<1x4x4xi8>} : () -> tensor<1x4x4xi8>
  %w_q = quant.scast %w_i8 : tensor<1x4x4xi8> to tensor<1x4x4x!weight>
  %w = quant.dcast %w_q : tensor<1x4x4x!weight> to tensor<1x4x4xf32>
  %mm = tosa.matmul %md, %w, %zero, %zero : (tensor<1x16x4xf32>, tensor<1x4x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x4xf32>
  %yq = quant.qcast %mm : tensor<1x16x4xf32> to tensor<1x16x4x!block_out>
  %y = quant.scast %yq : tensor<1x16x4x!block_out> to tensor<1x16x4xi8>
  return %y : tensor<1x16x4xi8>
}

// Two branches with their own scales concatenated and fed to a consumer
// quantized with a third scale.
func.func @concat_three_scales(%a: tensor<1x2x4xf32>, %b: tensor<1x2x4xf32>) -> tensor<1x4x4xi8> {
  %aq = quant.qcast %a : tensor<1x2x4xf32> to tensor<1x2x4x!quant.uniform<i8:f32, 0.03:4>>
  %ad = quant.dcast %aq : tensor<1x2x4x!quant.uniform<i8:f32, 0.03:4>> to tensor<1x2x4xf32>
  %bq = quant.qcast %b : tensor<1x2x4xf32> to tensor<1x2x4x!quant.uniform<i8:f32, 0.07:-9>>
  %bd = quant.dcast %bq : tensor<1x2x4x!quant.uniform<i8:f32, 0.07:-9>> to tensor<1x2x4xf32>
  %c = tosa.concat %ad, %bd {axis = 1 : i32} : (tensor<1x2x4xf32>, tensor<1x2x4xf32>) -> tensor<1x4x4xf32>
  %cq = quant.qcast %c : tensor<1x4x4xf32> to tensor<1x4x4x!quant.uniform<i8:f32, 0.05:1>>
  %y = quant.scast %cq : tensor<1x4x4x!quant.uniform<i8:f32, 0.05:1>> to tensor<1x4x4xi8>
  return %y : tensor<1x4x4xi8>
}

func.func private @printMemrefI32(tensor<*xi32>)

func.func @main() {
  %x = "tosa.const"() {values = dense<[[[[-1.9, 0.37, 2.2, -0.05], [1.11, -0.62, 0.0, 1.49], [-2.4, 2.51, 0.83, -1.27], [0.61, -0.99, 1.77, -0.33]], [[0.12, -2.05, 1.38, 0.92], [-0.47, 0.26, -1.66, 2.34], [1.02, -0.18, 0.55, -2.21], [-0.74, 1.93, -1.12, 0.41]], [[2.48, -1.33, 0.07, -0.88], [-1.57, 0.69, 1.24, -0.21], [0.35, -2.46, 1.86, 0.58], [-0.13, 1.07, -0.59, 2.12]], [[-0.95, 0.44, -1.81, 1.63], [1.29, -0.36, 0.97, -1.45], [-2.17, 1.71, -0.27, 0.19], [0.88, -1.08, 2.39, -0.66]]]]> : tensor<1x4x4x4xf32>} : () -> tensor<1x4x4x4xf32>
  %y = call @convnext_moveaxis(%x) : (tensor<1x4x4x4xf32>) -> tensor<1x16x4xi8>
  %s64 = tosa.const_shape {values = dense<64> : tensor<1xindex>} : () -> !tosa.shape<1>
  %yflat = tosa.reshape %y, %s64 : (tensor<1x16x4xi8>, !tosa.shape<1>) -> tensor<64xi8>
  %ywide = tosa.cast %yflat : (tensor<64xi8>) -> tensor<64xi32>
  %yu = tensor.cast %ywide : tensor<64xi32> to tensor<*xi32>
  call @printMemrefI32(%yu) : (tensor<*xi32>) -> ()

  %a = "tosa.const"() {values = dense<[[[0.5, -1.2, 3.3, 0.01], [-4.0, 2.7, 0.33, -0.9]]]> : tensor<1x2x4xf32>} : () -> tensor<1x2x4xf32>
  %b = "tosa.const"() {values = dense<[[[7.1, -3.3, 0.0, 9.9], [-8.8, 1.05, -0.35, 4.4]]]> : tensor<1x2x4xf32>} : () -> tensor<1x2x4xf32>
  %c = call @concat_three_scales(%a, %b) : (tensor<1x2x4xf32>, tensor<1x2x4xf32>) -> tensor<1x4x4xi8>
  %s16 = tosa.const_shape {values = dense<16> : tensor<1xindex>} : () -> !tosa.shape<1>
  %cflat = tosa.reshape %c, %s16 : (tensor<1x4x4xi8>, !tosa.shape<1>) -> tensor<16xi8>
  %cwide = tosa.cast %cflat : (tensor<16xi8>) -> tensor<16xi32>
  %cu = tensor.cast %cwide : tensor<16xi32> to tensor<*xi32>
  call @printMemrefI32(%cu) : (tensor<*xi32>) -> ()
  return
}

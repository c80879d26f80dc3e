// A ConvNeXt-style block as a PT2E quantizer exports it to TOSA: every
// tensor passes quant.qcast -> quant.dcast around float TOSA ops, weights are
// i8 constants viewed through quant.scast with per-channel scales.
//
// The quantizer did not list moveaxis among the ops that share their input's
// quantization, so the transpose -> transpose -> reshape chain between the
// depthwise conv and the pointwise matmul is a float island: nothing
// quantizes it, and the matmul's input was observed separately (scale
// 0.041 against the conv output's 0.04). On an NPU that island runs on the
// host and splits the graph.

!act_in = !quant.uniform<i8:f32, 0.02:-5>
!dw_weight = !quant.uniform<i8<-127:127>:f32:2, {0.010, 0.020, 0.015, 0.030}>
!dw_out = !quant.uniform<i8:f32, 0.04:3>
!pw_in = !quant.uniform<i8:f32, 0.041:3>
!pw_weight = !quant.uniform<i8<-127:127>:f32:2, {0.011, 0.012, 0.013, 0.014}>
!pw_out = !quant.uniform<i8:f32, 0.05:0>
!block_out = !quant.uniform<i8:f32, 0.06:-2>

func.func @convnext_block(%x: tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>

  // Input boundary.
  %xq = quant.qcast %x : tensor<1x8x8x4xf32> to tensor<1x8x8x4x!act_in>
  %xd = quant.dcast %xq : tensor<1x8x8x4x!act_in> to tensor<1x8x8x4xf32>

  // Depthwise 3x3 conv with per-channel weights.
  %dw_w_i8 = "tosa.const"() {values = dense<[[[[1], [2], [-3], [4]], [[5], [-6], [7], [8]], [[-9], [10], [11], [-12]]], [[[13], [-14], [15], [16]], [[17], [18], [-19], [20]], [[21], [-22], [23], [24]]], [[[-25], [26], [27], [-28]], [[29], [30], [-31], [32]], [[33], [-34], [35], [36]]]]> : tensor<3x3x4x1xi8>} : () -> tensor<3x3x4x1xi8>
  %dw_w_q = quant.scast %dw_w_i8 : tensor<3x3x4x1xi8> to tensor<3x3x4x1x!dw_weight>
  %dw_w = quant.dcast %dw_w_q : tensor<3x3x4x1x!dw_weight> to tensor<3x3x4x1xf32>
  %dw_b = "tosa.const"() {values = dense<[0.1, -0.2, 0.05, 0.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %dw = tosa.depthwise_conv2d %xd, %dw_w, %dw_b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x1xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x4xf32>
  %dwq = quant.qcast %dw : tensor<1x8x8x4xf32> to tensor<1x8x8x4x!dw_out>
  %dwd = quant.dcast %dwq : tensor<1x8x8x4x!dw_out> to tensor<1x8x8x4xf32>

  // The float island: moveaxis to channels-first and back, then a flatten.
  %nchw = tosa.transpose %dwd {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %nhwc = tosa.transpose %nchw {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x8x8xf32>) -> tensor<1x8x8x4xf32>
  %rows_shape = tosa.const_shape {values = dense<[1, 64, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %rows = tosa.reshape %nhwc, %rows_shape : (tensor<1x8x8x4xf32>, !tosa.shape<3>) -> tensor<1x64x4xf32>
  %pwq = quant.qcast %rows : tensor<1x64x4xf32> to tensor<1x64x4x!pw_in>
  %pwd = quant.dcast %pwq : tensor<1x64x4x!pw_in> to tensor<1x64x4xf32>

  // Pointwise projection as a matmul with per-output-channel weights.
  %pw_w_i8 = "tosa.const"() {values = dense<[[[12, -7, 3, 40], [-5, 22, 9, -1], [30, 4, -18, 6], [-2, 15, 11, 27]]]> : tensor<1x4x4xi8>} : () -> tensor<1x4x4xi8>
  %pw_w_q = quant.scast %pw_w_i8 : tensor<1x4x4xi8> to tensor<1x4x4x!pw_weight>
  %pw_w = quant.dcast %pw_w_q : tensor<1x4x4x!pw_weight> to tensor<1x4x4xf32>
  %pw = tosa.matmul %pwd, %pw_w, %zero, %zero : (tensor<1x64x4xf32>, tensor<1x4x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x4xf32>
  %pw_outq = quant.qcast %pw : tensor<1x64x4xf32> to tensor<1x64x4x!pw_out>
  %pw_outd = quant.dcast %pw_outq : tensor<1x64x4x!pw_out> to tensor<1x64x4xf32>

  // Back to NHWC and the residual add.
  %nhwc_shape = tosa.const_shape {values = dense<[1, 8, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %pw_nhwc = tosa.reshape %pw_outd, %nhwc_shape : (tensor<1x64x4xf32>, !tosa.shape<4>) -> tensor<1x8x8x4xf32>
  %sum = tosa.add %pw_nhwc, %xd : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %yq = quant.qcast %sum : tensor<1x8x8x4xf32> to tensor<1x8x8x4x!block_out>
  %yd = quant.dcast %yq : tensor<1x8x8x4x!block_out> to tensor<1x8x8x4xf32>
  return %yd : tensor<1x8x8x4xf32>
}

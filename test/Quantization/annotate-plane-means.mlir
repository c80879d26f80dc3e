// ExecuTorch's TOSA backend (FP profile) writes torch.mean(x, (2, 3)) as
// two tosa.reduce_sum over NCHW's H and W and a tosa.mul by 1/(H W).
// qtosa-annotate makes such a mean one tosa.avg_pool2d over the plane (on
// the NHWC tensor an NCHW transpose read), quantized at its input's
// parameters like every average pool (one group, so the integer pool needs
// no rescale): one op and one rounding instead of three, and no REDUCE_SUM
// over H or W, which Vela runs on Ethos-U85 as a transpose and a reduction.
// A product that is not the mean, or axes that are not the plane, stay.
// quantize-plane-means.mlir runs the result.
//
// RUN: qtosa-opt %s --qtosa-annotate | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @mean_nchw(
// CHECK-SAME:      %[[X:.*]]: tensor<1x8x8x16xf32>
// CHECK:         %[[XM:.*]] = qtosa.annotate %[[X]] group [[G:[0-9]+]]
// CHECK-NOT:     tosa.transpose
// CHECK-NOT:     tosa.reduce_sum
// CHECK:         %[[POOL:.*]] = tosa.avg_pool2d %[[XM]], {{.*}} {acc_type = f32, kernel = array<i64: 8, 8>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x1x1x16xf32>
// CHECK:         %[[PM:.*]] = qtosa.annotate %[[POOL]] group [[G]]
// CHECK:         tosa.reshape %[[PM]], {{.*}} -> tensor<1x16x1x1xf32>
// CHECK-NOT:     tosa.mul
func.func @mean_nchw(%x: tensor<1x8x8x16xf32>) -> tensor<1x1x1x16xf32> {
  %nchw = tosa.transpose %x {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x16xf32>) -> tensor<1x16x8x8xf32>
  %h = tosa.reduce_sum %nchw {axis = 2 : i32} : (tensor<1x16x8x8xf32>) -> tensor<1x16x1x8xf32>
  %hw = tosa.reduce_sum %h {axis = 3 : i32} : (tensor<1x16x1x8xf32>) -> tensor<1x16x1x1xf32>
  %n = "tosa.const"() <{values = dense<1.562500e-02> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %mean = tosa.mul %hw, %n, %shift : (tensor<1x16x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x16x1x1xf32>
  %shape = tosa.const_shape {values = dense<[1, 1, 1, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %y = tosa.reshape %mean, %shape : (tensor<1x16x1x1xf32>, !tosa.shape<4>) -> tensor<1x1x1x16xf32>
  return %y : tensor<1x1x1x16xf32>
}

// NHWC's plane, summed W first, the factor on the left; the input also
// feeds an add, and keeps its group.
// CHECK-LABEL: func.func @mean_nhwc(
// CHECK-SAME:      %[[X:.*]]: tensor<1x8x8x16xf32>
// CHECK:         %[[XM:.*]] = qtosa.annotate %[[X]] group [[G:[0-9]+]]
// CHECK:         %[[POOL:.*]] = tosa.avg_pool2d %[[XM]], {{.*}} kernel = array<i64: 8, 8>{{.*}} -> tensor<1x1x1x16xf32>
// CHECK:         qtosa.annotate %[[POOL]] group [[G]]
// CHECK-NOT:     tosa.reduce_sum
// CHECK-NOT:     tosa.mul
// CHECK:         tosa.add
func.func @mean_nhwc(%x: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %w = tosa.reduce_sum %x {axis = 2 : i32} : (tensor<1x8x8x16xf32>) -> tensor<1x8x1x16xf32>
  %hw = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x8x1x16xf32>) -> tensor<1x1x1x16xf32>
  %n = "tosa.const"() <{values = dense<1.562500e-02> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %mean = tosa.mul %n, %hw, %shift : (tensor<1x1x1x1xf32>, tensor<1x1x1x16xf32>, tensor<1xi8>) -> tensor<1x1x1x16xf32>
  %y = tosa.add %x, %mean : (tensor<1x8x8x16xf32>, tensor<1x1x1x16xf32>) -> tensor<1x8x8x16xf32>
  return %y : tensor<1x8x8x16xf32>
}

// A sum scaled by something else than 1/(H W), and a mean over H and C,
// are no average pools.
// CHECK-LABEL: func.func @not_plane_means(
// CHECK-NOT:     tosa.avg_pool2d
// CHECK-COUNT-4: tosa.reduce_sum
// CHECK-NOT:     tosa.avg_pool2d
// CHECK:         return
func.func @not_plane_means(%x: tensor<1x8x8x16xf32>) -> (tensor<1x1x1x16xf32>, tensor<1x1x8x1xf32>) {
  %w = tosa.reduce_sum %x {axis = 2 : i32} : (tensor<1x8x8x16xf32>) -> tensor<1x8x1x16xf32>
  %hw = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x8x1x16xf32>) -> tensor<1x1x1x16xf32>
  %n = "tosa.const"() <{values = dense<3.125000e-02> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %twice = tosa.mul %hw, %n, %shift : (tensor<1x1x1x16xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x1x1x16xf32>
  %h = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<1x8x8x16xf32>) -> tensor<1x1x8x16xf32>
  %hc = tosa.reduce_sum %h {axis = 3 : i32} : (tensor<1x1x8x16xf32>) -> tensor<1x1x8x1xf32>
  %m = "tosa.const"() <{values = dense<7.812500e-03> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %mean_hc = tosa.mul %hc, %m, %shift : (tensor<1x1x8x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x1x8x1xf32>
  return %twice, %mean_hc : tensor<1x1x1x16xf32>, tensor<1x1x8x1xf32>
}

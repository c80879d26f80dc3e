// qtosa-ethosu-legalize, Ethos-U85 only: the integer MEAN over a plane (a
// RESCALE by 1 of the i8 values to i32, a REDUCE_SUM over the positions,
// a RESCALE out) sums with a depthwise convolution of ones over the plane
// instead, the input zero point its own. Vela 5.2 runs that REDUCE_SUM on
// Ethos-U85 behind a transpose of the whole tensor (2x2x1280: 20,000
// cycles); the factory's MobileNetV2 from 1.04x to 1.00x the TFLite
// route's cycles (vela-plane-sum.mlir). Ethos-U55 sums without the
// transpose and keeps the REDUCE_SUM. Only where Vela's transpose costs more
// than the convolution: at most 4 positions or at least 512 channels
// (SumAsDepthwise.h); and on both targets where the plane is also read
// elsewhere (a squeeze-excite block), which Vela copies for the reshape
// (the factory's mean_keepdims_int8 on Ethos-U55 from 1.21x to 0.99x the
// TFLite route's cycles, EfficientNet-B0 from 1.01x to 0.98x). Exact: qtosa's engine gives the same values before
// and after.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=U55
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 2, 2, 16), dtype=np.int8))"
// RUN: qtosa-run %s -e plane_mean --input %t/x.npy -o %t/before.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | qtosa-run - -e plane_mean --input %t/x.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; \
// RUN:   before = np.load('%t/before.npy'); after = np.load('%t/after.npy'); \
// RUN:   assert before.shape == after.shape == (1, 1, 16), after.shape; \
// RUN:   assert np.array_equal(before, after); \
// RUN:   assert len(np.unique(before)) > 8"

// CHECK-LABEL: func.func @plane_mean(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x2x16xi8>
// CHECK-DAG: %[[ONES:.*]] = "tosa.const"() <{values = dense<1> : tensor<2x2x16x1xi8>}>
// CHECK-DAG: %[[IZP:.*]] = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}>
// CHECK: %[[D:.*]] = tosa.depthwise_conv2d %[[X]], %[[ONES]], %{{.*}}, %[[IZP]], %{{.*}} {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x1x1x16xi32>
// CHECK: %[[S:.*]] = tosa.reshape %[[D]], {{.*}} -> tensor<1x1x16xi32>
// CHECK: tosa.rescale %[[S]]
// CHECK-NOT: tosa.reduce_sum
// U55-LABEL: func.func @plane_mean(
// U55: tosa.reduce_sum
// U55-NOT: tosa.depthwise_conv2d
func.func @plane_mean(%x: tensor<1x2x2x16xi8>) -> tensor<1x1x16xi8> {
  %shape = tosa.const_shape {values = dense<[1, 4, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %r = tosa.reshape %x, %shape : (tensor<1x2x2x16xi8>, !tosa.shape<3>) -> tensor<1x4x16xi8>
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = tosa.rescale %r, %one, %s30, %izp, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x4x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x4x16xi32>
  %sum = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x4x16xi32>) -> tensor<1x1x16xi32>
  %m = "tosa.const"() <{values = dense<1145324612> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<34> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.rescale %sum, %m, %s, %z32, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x1x16xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x1x16xi8>
  return %y : tensor<1x1x16xi8>
}

// A rescale that scales (by 2 here) is not the MEAN's widening: left alone.
// CHECK-LABEL: func.func @scaled_sum(
// CHECK: tosa.reduce_sum
// CHECK-NOT: tosa.depthwise_conv2d
func.func @scaled_sum(%x: tensor<1x4x8xi8>) -> tensor<1x1x8xi32> {
  %two = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s29 = "tosa.const"() <{values = dense<29> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = tosa.rescale %x, %two, %s29, %izp, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x4x8xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x4x8xi32>
  %sum = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x4x8xi32>) -> tensor<1x1x8xi32>
  return %sum : tensor<1x1x8xi32>
}

// 16 positions of 16 channels: Vela's sum costs less than the convolution
// (2,588 cycles against 5,390 for 16x16x16); left alone.
// CHECK-LABEL: func.func @larger_plane(
// CHECK: tosa.reduce_sum
// CHECK-NOT: tosa.depthwise_conv2d
func.func @larger_plane(%x: tensor<1x16x16xi8>) -> tensor<1x1x16xi32> {
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = tosa.rescale %x, %one, %s30, %izp, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x16x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x16x16xi32>
  %sum = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x16x16xi32>) -> tensor<1x1x16xi32>
  return %sum : tensor<1x1x16xi32>
}

// The plane also feeds the block's multiply: rewritten on both targets.
// CHECK-LABEL: func.func @squeeze_excite(
// CHECK: tosa.depthwise_conv2d
// CHECK-NOT: tosa.reduce_sum
// U55-LABEL: func.func @squeeze_excite(
// U55: tosa.depthwise_conv2d
// U55-NOT: tosa.reduce_sum
func.func @squeeze_excite(%x: tensor<1x4x4x8xi8>) -> (tensor<1x1x8xi32>, tensor<1x4x4x8xi8>) {
  %shape = tosa.const_shape {values = dense<[1, 16, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %r = tosa.reshape %x, %shape : (tensor<1x4x4x8xi8>, !tosa.shape<3>) -> tensor<1x16x8xi8>
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = tosa.rescale %r, %one, %s30, %izp, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x16x8xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x16x8xi32>
  %sum = tosa.reduce_sum %w {axis = 1 : i32} : (tensor<1x16x8xi32>) -> tensor<1x1x8xi32>
  %n = tosa.negate %x, %izp, %izp : (tensor<1x4x4x8xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x8xi8>
  return %sum, %n : tensor<1x1x8xi32>, tensor<1x4x4x8xi8>
}

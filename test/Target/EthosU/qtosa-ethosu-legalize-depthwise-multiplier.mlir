// qtosa-ethosu-legalize: a depthwise convolution with a depth multiplier
// above 1 becomes a tosa.conv2d whose filter c * M + m reads channel c with
// the depthwise weights and every other channel with the weight zero point
// (block diagonal). Vela 5.2 runs the depthwise form as eight transposes
// around the convolution (1x16x16x8, M = 2: 58,144 Ethos-U85 cycles, 19,664
// Ethos-U55), the convolution as one operation (1,696 and 5,056;
// vela-depthwise-multiplier.mlir). The convolution multiplies C times the
// MACs: rewritten up to 32 channels on Ethos-U55 and 256 on Ethos-U85
// (DepthwiseAsConvolution.h). Exact: qtosa's engine gives the same values
// before and after, zero points and stride included.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=U85
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 7, 7, 4), dtype=np.int8))"
// RUN: qtosa-run %s -e multiplier_two --input %t/x.npy -o %t/before.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e multiplier_two --input %t/x.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; \
// RUN:   before = np.load('%t/before.npy'); after = np.load('%t/after.npy'); \
// RUN:   assert before.shape == after.shape == (1, 4, 4, 8), after.shape; \
// RUN:   assert np.array_equal(before, after); \
// RUN:   assert len(np.unique(before)) > 64"

// The filter [3, 3, 4, 2] becomes [8, 3, 3, 4]: filter 0 (c = 0, m = 0)
// holds w[0, 0, 0, 0] = 62 (0x3E) at (0, 0) in channel 0 and the weight
// zero point 3 in channels 1 to 3, then w[0, 1, 0, 0] = -93 (0xA3) at
// (0, 1); filter 1 (c = 0, m = 1), 36 bytes on, starts with w[0, 0, 0, 1]
// = -83 (0xAD).
// CHECK-LABEL: func.func @multiplier_two(
// CHECK-SAME: %[[X:.*]]: tensor<1x7x7x4xi8>
// CHECK: %[[W:.*]] = "tosa.const"() <{values = dense<"0x3E030303A3030303{{........................................................}}AD030303{{[0-9A-F]*}}"> : tensor<8x3x3x4xi8>}>
// CHECK: %[[C:.*]] = tosa.conv2d %[[X]], %[[W]], %{{.*}}, %{{.*}}, %{{.*}} {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x7x4xi8>, tensor<8x3x3x4xi8>, tensor<8xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x8xi32>
// CHECK-NOT: tosa.depthwise_conv2d
// CHECK: return %[[C]]
func.func @multiplier_two(%x: tensor<1x7x7x4xi8>) -> tensor<1x4x4x8xi32> {
  %w = "tosa.const"() <{values = dense<[[[[ 62, -83], [ -65, -53], [ -64, 60], [ 73, 16]], [[ -93, -82], [ -34, -14], [ 24, -5], [ -48, -69]], [[ 38, 46], [ -94, -78], [ -10, -22], [ 77, 3]]], [[[ -16, -14], [ 33, 17], [ -66, 47], [ 51, 91]], [[ 57, -44], [ -37, 29], [ 30, 39], [ 73, -42]], [[ 87, -100], [ -85, 94], [ 88, -41], [ -73, -38]]], [[[ -92, 78], [ 32, 17], [ -52, -6], [ -62, 54]], [[ -6, -94], [ -50, 41], [ 3, -26], [ -50, -82]], [[ 21, 32], [ 4, 86], [ 85, -59], [ 21, 26]]]]> : tensor<3x3x4x2xi8>}> : () -> tensor<3x3x4x2xi8>
  %b = "tosa.const"() <{values = dense<[100, -200, 300, -400, 500, -600, 700, -800]> : tensor<8xi32>}> : () -> tensor<8xi32>
  %izp = "tosa.const"() <{values = dense<-5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.depthwise_conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x7x7x4xi8>, tensor<3x3x4x2xi8>, tensor<8xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x8xi32>
  return %y : tensor<1x4x4x8xi32>
}

// A multiplier of 1 is Vela's plain depthwise convolution: left alone.
// CHECK-LABEL: func.func @multiplier_one(
// CHECK: tosa.depthwise_conv2d
// CHECK-NOT: tosa.conv2d
func.func @multiplier_one(%x: tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi32> {
  %w = "tosa.const"() <{values = dense<7> : tensor<3x3x4x1xi8>}> : () -> tensor<3x3x4x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<4xi32>}> : () -> tensor<4xi32>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xi8>, tensor<3x3x4x1xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x8x8x4xi32>
  return %y : tensor<1x8x8x4xi32>
}

// 33 channels: past Ethos-U55's 32, within Ethos-U85's 256.
// CHECK-LABEL: func.func @many_channels(
// CHECK: tosa.depthwise_conv2d
// CHECK-NOT: tosa.conv2d
// U85-LABEL: func.func @many_channels(
// U85: tosa.conv2d {{.*}} -> tensor<1x8x8x66xi32>
// U85-NOT: tosa.depthwise_conv2d
func.func @many_channels(%x: tensor<1x8x8x33xi8>) -> tensor<1x8x8x66xi32> {
  %w = "tosa.const"() <{values = dense<7> : tensor<3x3x33x2xi8>}> : () -> tensor<3x3x33x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<66xi32>}> : () -> tensor<66xi32>
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x33xi8>, tensor<3x3x33x2xi8>, tensor<66xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x8x8x66xi32>
  return %y : tensor<1x8x8x66xi32>
}

// 16x8 (i16 input): Ethos-U85 only (on Ethos-U55 a 16x8 convolution of 32
// channels took 1.09x Vela's transposes).
// CHECK-LABEL: func.func @sixteen_by_eight(
// CHECK: tosa.depthwise_conv2d
// CHECK-NOT: tosa.conv2d
// U85-LABEL: func.func @sixteen_by_eight(
// U85: tosa.conv2d {{.*}} -> tensor<1x8x8x8xi48>
// U85-NOT: tosa.depthwise_conv2d
func.func @sixteen_by_eight(%x: tensor<1x8x8x4xi16>) -> tensor<1x8x8x8xi48> {
  %w = "tosa.const"() <{values = dense<7> : tensor<3x3x4x2xi8>}> : () -> tensor<3x3x4x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<8xi48>}> : () -> tensor<8xi48>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.depthwise_conv2d %x, %w, %b, %izp, %wzp {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xi16>, tensor<3x3x4x2xi8>, tensor<8xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x8x8x8xi48>
  return %y : tensor<1x8x8x8xi48>
}

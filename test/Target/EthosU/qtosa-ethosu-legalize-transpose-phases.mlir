// qtosa-ethosu-legalize, both targets: a tosa.transpose_conv2d read only by
// a tosa.rescale becomes, per phase of the H axis, a tosa.conv2d of stride
// 1 over the input padded by m - 1 (m = ceil(K / stride) taps per axis)
// whose s_W x OC output channels are the W phases, each rescaled
// (per-channel scales repeated s_W times); a reshape moving the W phases
// into columns; a concat of the H phases along W and a reshape moving them
// into rows; and a slice where out_pad crops or the taps past K made more
// outputs. Vela 5.2 fuses a rescale into a convolution but not into a
// transposed convolution (vela-transpose-conv-phases.mlir). Exact: each
// output element is the same sum of products in both forms; qtosa's
// engine gives the same values before and after, for i8 and 16x8, kernels
// equal to, larger than and not a multiple of the stride.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); \
// RUN:   np.save('%t/x8.npy', r.integers(-128, 128, (1, 3, 4, 5), dtype=np.int8)); \
// RUN:   np.save('%t/x16.npy', r.integers(-32768, 32768, (1, 2, 3, 4), dtype=np.int16)); \
// RUN:   np.save('%t/xo.npy', r.integers(-128, 128, (1, 3, 4, 3), dtype=np.int8)); \
// RUN:   np.save('%t/xs.npy', r.integers(-32768, 32768, (1, 1, 5, 2), dtype=np.int16))"
// RUN: qtosa-run %s -e per_channel_i8 --input %t/x8.npy -o %t/before8.npy
// RUN: qtosa-run %s -e one_row_i16 --input %t/x16.npy -o %t/before16.npy
// RUN: qtosa-run %s -e overlapping_i8 --input %t/xo.npy -o %t/beforeo.npy
// RUN: qtosa-run %s -e seanet_like_i16 --input %t/xs.npy -o %t/befores.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' -o %t/after.mlir
// RUN: qtosa-run %t/after.mlir -e per_channel_i8 --input %t/x8.npy -o %t/after8.npy
// RUN: qtosa-run %t/after.mlir -e one_row_i16 --input %t/x16.npy -o %t/after16.npy
// RUN: qtosa-run %t/after.mlir -e overlapping_i8 --input %t/xo.npy -o %t/aftero.npy
// RUN: qtosa-run %t/after.mlir -e seanet_like_i16 --input %t/xs.npy -o %t/afters.npy
// RUN: %python -c "import numpy as np; \
// RUN:   b8, a8 = np.load('%t/before8.npy'), np.load('%t/after8.npy'); \
// RUN:   b16, a16 = np.load('%t/before16.npy'), np.load('%t/after16.npy'); \
// RUN:   assert b8.shape == (1, 6, 8, 6) and (a8 == b8).all(); \
// RUN:   assert b16.shape == (1, 2, 6, 3) and (a16 == b16).all(); \
// RUN:   bo, ao = np.load('%t/beforeo.npy'), np.load('%t/aftero.npy'); \
// RUN:   bs, as_ = np.load('%t/befores.npy'), np.load('%t/afters.npy'); \
// RUN:   assert bo.shape == (1, 6, 8, 4) and (ao == bo).all(); \
// RUN:   assert bs.shape == (1, 3, 12, 3) and (as_ == bs).all(); \
// RUN:   assert len(np.unique(b8)) > 100 and len(np.unique(b16)) > 30; \
// RUN:   assert len(np.unique(bo)) > 60 and len(np.unique(bs)) > 30; print('EXACT')" \
// RUN:   | FileCheck %s --check-prefix=EXACT
// EXACT: EXACT

// Row kh = 0 of the weights [OC, KH, KW, IC] = [6, 2, 2, 5] is [12, 1, 1, 5]:
// output channel kw * 6 + oc holds w[oc, 0, kw]; the first two are
// w[0, 0, 0] and w[1, 0, 0].
// CHECK-LABEL: func.func @per_channel_i8(
// CHECK-SAME:    %[[X:.*]]: tensor<1x3x4x5xi8>
// CHECK-DAG:     %[[IZP:.*]] = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}>
// CHECK-DAG:     %[[WZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK-DAG:     %[[B:.*]] = "tosa.const"() <{values = dense<[2667, 1105, 877, -218, 2807, -1669, 2667, 1105, 877, -218, 2807, -1669]> : tensor<12xi32>}>
// CHECK-DAG:     %[[M:.*]] = "tosa.const"() <{values = dense<[1455825986, 1761946059, 1776789152, 1188728294, 1247982917, 1817009831, 1455825986, {{.*}}]> : tensor<12xi32>}>
// CHECK-DAG:     %[[S:.*]] = "tosa.const"() <{values = dense<[38, 39, 38, 39, 37, 38, 38, 39, 38, 39, 37, 38]> : tensor<12xi8>}>
// CHECK:         %[[W0:.*]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}44, 78, -122, 79, -8]]], {{\[\[\[}}-79, 39, 64, -68, -56]]]{{.*}}> : tensor<12x1x1x5xi8>}>
// CHECK:         %[[T0:.*]] = tosa.conv2d %[[X]], %[[W0]], %[[B]], %[[IZP]], %[[WZP]] {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x3x4x12xi32>
// CHECK:         %[[R0:.*]] = tosa.rescale %[[T0]], %[[M]], %[[S]], {{.*}}per_channel = true{{.*}} -> tensor<1x3x4x12xi8>
// CHECK:         %[[C0:.*]] = tosa.reshape %[[R0]], {{.*}} -> tensor<1x3x8x6xi8>
// CHECK:         %[[T1:.*]] = tosa.conv2d %[[X]], {{.*}} -> tensor<1x3x4x12xi32>
// CHECK:         %[[R1:.*]] = tosa.rescale %[[T1]], %[[M]], %[[S]], {{.*}} -> tensor<1x3x4x12xi8>
// CHECK:         %[[C1:.*]] = tosa.reshape %[[R1]], {{.*}} -> tensor<1x3x8x6xi8>
// CHECK:         %[[J:.*]] = tosa.concat %[[C0]], %[[C1]] {axis = 2 : i32} : {{.*}} -> tensor<1x3x16x6xi8>
// CHECK:         %[[Y:.*]] = tosa.reshape %[[J]], {{.*}} -> tensor<1x6x8x6xi8>
// CHECK-NOT:     tosa.transpose_conv2d
// CHECK:         return %[[Y]]
func.func @per_channel_i8(%x: tensor<1x3x4x5xi8>) -> tensor<1x6x8x6xi8> {
  %w = "tosa.const"() <{values = dense<[[[[44, 78, -122, 79, -8], [4, 33, -55, 122, -114]], [[-57, -30, 18, -23, -94], [-116, -127, -115, -90, 127]]], [[[-79, 39, 64, -68, -56], [-17, -60, 121, -82, 101]], [[76, 88, -98, -27, 33], [-2, 42, 45, 42, -112]]], [[[117, 14, 103, -58, -35], [97, -80, -111, -32, 46]], [[-96, 94, -41, -70, 11], [101, 98, 95, -49, -123]]], [[[71, 53, 69, -127, -118], [1, -42, -16, 110, -76]], [[7, -45, -52, 78, -88], [-47, -97, -89, -56, 51]]], [[[20, -13, -84, 76, 76], [-67, -112, -46, -90, 76]], [[5, 2, -53, 2, 119], [-67, 68, -124, -47, 110]]], [[[95, -106, 87, 88, -12], [-34, 122, 115, 45, -26]], [[-74, 111, -59, 14, 45], [-66, -47, 62, -77, 44]]]]> : tensor<6x2x2x5xi8>}> : () -> tensor<6x2x2x5xi8>
  %b = "tosa.const"() <{values = dense<[2667, 1105, 877, -218, 2807, -1669]> : tensor<6xi32>}> : () -> tensor<6xi32>
  %m = "tosa.const"() <{values = dense<[1455825986, 1761946059, 1776789152, 1188728294, 1247982917, 1817009831]> : tensor<6xi32>}> : () -> tensor<6xi32>
  %s = "tosa.const"() <{values = dense<[38, 39, 38, 39, 37, 38]> : tensor<6xi8>}> : () -> tensor<6xi8>
  %izp = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x3x4x5xi8>, tensor<6x2x2x5xi8>, tensor<6xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x6x8x6xi32>
  %r = tosa.rescale %t, %m, %s, %zp32, %ozp {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<1x6x8x6xi32>, tensor<6xi32>, tensor<6xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x6x8x6xi8>
  return %r : tensor<1x6x8x6xi8>
}

// 16x8, kernel 1x2 and stride 1x2 (one kernel row: no concat), a per-tensor
// rescale and a bias per channel repeated.
// CHECK-LABEL: func.func @one_row_i16(
// CHECK-DAG:     %[[B16:.*]] = "tosa.const"() <{values = dense<[-871, 20857, 26489, -871, 20857, 26489]> : tensor<6xi48>}>
// CHECK:         %[[T:.*]] = tosa.conv2d %{{.*}}, %{{.*}}, %[[B16]], {{.*}} -> tensor<1x2x3x6xi48>
// CHECK:         %[[R:.*]] = tosa.rescale %[[T]], {{.*}}per_channel = false{{.*}} -> tensor<1x2x3x6xi16>
// CHECK:         %[[Y16:.*]] = tosa.reshape %[[R]], {{.*}} -> tensor<1x2x6x3xi16>
// CHECK-NOT:     tosa.concat
// CHECK-NOT:     tosa.transpose_conv2d
// CHECK:         return %[[Y16]]
func.func @one_row_i16(%x: tensor<1x2x3x4xi16>) -> tensor<1x2x6x3xi16> {
  %w = "tosa.const"() <{values = dense<[[[[-117, -78, -78, -28], [-87, 76, 88, -30]]], [[[-120, 54, -100, 29], [-84, 112, 45, 125]]], [[[30, 57, -32, 79], [-99, -89, -36, 54]]]]> : tensor<3x1x2x4xi8>}> : () -> tensor<3x1x2x4xi8>
  %b = "tosa.const"() <{values = dense<[-871, 20857, 26489]> : tensor<3xi48>}> : () -> tensor<3xi48>
  %m = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %s = "tosa.const"() <{values = dense<22> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %wzp {acc_type = i48, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<1x2x3x4xi16>, tensor<3x1x2x4xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x6x3xi48>
  %r = tosa.rescale %t, %m, %s, %zp48, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x6x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x6x3xi16>
  return %r : tensor<1x2x6x3xi16>
}

// A 3x3 kernel with stride 2 (m = 2 taps, the fourth row and column of
// taps the weight zero point 2) and TFLite's SAME out_pad (0, -1, 0, -1):
// phases of 8 x 10 sliced to 6 x 8.
// CHECK-LABEL: func.func @overlapping_i8(
// CHECK:         %[[P0:.*]] = tosa.conv2d %{{.*}}, %{{.*}} {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x4x5x8xi32>
// CHECK:         tosa.rescale %[[P0]]
// CHECK:         tosa.conv2d {{.*}} -> tensor<1x4x5x8xi32>
// CHECK:         %[[J:.*]] = tosa.concat {{.*}} {axis = 2 : i32} : {{.*}} -> tensor<1x4x20x4xi8>
// CHECK:         %[[R:.*]] = tosa.reshape %[[J]], {{.*}} -> tensor<1x8x10x4xi8>
// CHECK:         %[[S:.*]] = tosa.slice %[[R]], {{.*}} -> tensor<1x6x8x4xi8>
// CHECK-NOT:     tosa.transpose_conv2d
// CHECK:         return %[[S]]
func.func @overlapping_i8(%x: tensor<1x3x4x3xi8>) -> tensor<1x6x8x4xi8> {
  %w = "tosa.const"() <{values = dense<[[[[-20, 94, 118], [-54, -98, 26], [43, 71, 36]], [[55, 106, 106], [109, 92, 56], [107, -124, -121]], [[76, -16, 63], [-4, 102, -111], [44, -126, -90]]], [[[84, -53, 123], [-39, 73, 117], [-47, 122, 52]], [[120, -51, 3], [61, 119, -56], [-5, 72, 86]], [[124, -73, 124], [-99, 98, 95], [105, 95, 53]]], [[[21, 14, -107], [108, 107, -105], [24, -33, 62]], [[27, 22, -6], [-99, 75, 99], [-78, -9, -112]], [[-16, -95, -23], [118, -91, -94], [52, -70, -126]]], [[[-31, -82, 31], [13, 72, 27], [-107, -112, 110]], [[61, 67, 80], [-46, 8, -79], [-127, 24, -70]], [[24, 100, -59], [-63, -84, -43], [68, 41, 44]]]]> : tensor<4x3x3x3xi8>}> : () -> tensor<4x3x3x3xi8>
  %b = "tosa.const"() <{values = dense<[100, -200, 300, -400]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %m = "tosa.const"() <{values = dense<[1912529739, 2036552666, 1394099506, 1429183364]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %s = "tosa.const"() <{values = dense<[38, 38, 37, 38]> : tensor<4xi8>}> : () -> tensor<4xi8>
  %izp = "tosa.const"() <{values = dense<7> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<-4> : tensor<1xi8>}> : () -> tensor<1xi8>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, out_pad = array<i64: 0, -1, 0, -1>, stride = array<i64: 2, 2>} : (tensor<1x3x4x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x6x8x4xi32>
  %r = tosa.rescale %t, %m, %s, %zp32, %ozp {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<1x6x8x4xi32>, tensor<4xi32>, tensor<4xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x6x8x4xi8>
  return %r : tensor<1x6x8x4xi8>
}

// 16x8, kernel 3x4 and stride 1x2 (seanet's transposed convolutions): one
// H phase of 3 taps (the flipped kernel, padded 2), two W phases of 2 taps.
// CHECK-LABEL: func.func @seanet_like_i16(
// CHECK:         %[[T:.*]] = tosa.conv2d {{.*}} pad = array<i64: 2, 2, 1, 1>{{.*}} : (tensor<1x1x5x2xi16>, tensor<6x3x2x2xi8>, {{.*}}) -> tensor<1x3x6x6xi48>
// CHECK:         %[[R:.*]] = tosa.rescale %[[T]]
// CHECK:         %[[Y:.*]] = tosa.reshape %[[R]], {{.*}} -> tensor<1x3x12x3xi16>
// CHECK-NOT:     tosa.transpose_conv2d
// CHECK:         return %[[Y]]
func.func @seanet_like_i16(%x: tensor<1x1x5x2xi16>) -> tensor<1x3x12x3xi16> {
  %w = "tosa.const"() <{values = dense<[[[[-117, 77], [61, -72], [25, 57], [-114, -108]], [[-71, -126], [29, -82], [20, 72], [-60, 10]], [[36, 30], [-61, 24], [-69, 35], [-55, -45]]], [[[116, 56], [-92, -124], [-103, -31], [100, -114]], [[-99, -95], [-61, 103], [-47, 26], [-124, 74]], [[15, 27], [116, 18], [-109, 75], [13, 31]]], [[[-116, 3], [99, 14], [-22, 18], [-118, -40]], [[90, 43], [-56, -24], [-110, 39], [74, -4]], [[34, 63], [75, 49], [51, -117], [-44, 72]]]]> : tensor<3x3x4x2xi8>}> : () -> tensor<3x3x4x2xi8>
  %b = "tosa.const"() <{values = dense<[-871, 20857, 26489]> : tensor<3xi48>}> : () -> tensor<3xi48>
  %m = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %s = "tosa.const"() <{values = dense<23> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %wzp {acc_type = i48, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<1x1x5x2xi16>, tensor<3x3x4x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x3x12x3xi48>
  %r = tosa.rescale %t, %m, %s, %zp48, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x3x12x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x3x12x3xi16>
  return %r : tensor<1x3x12x3xi16>
}

// An out_pad that adds an output before the first, and an accumulator read
// twice, stay as they are.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-2: tosa.transpose_conv2d
// CHECK-NOT:     tosa.conv2d
func.func @left_alone(%x: tensor<1x3x3x2xi8>) -> (tensor<1x7x6x1xi8>, tensor<1x6x6x1xi8>, tensor<1x6x6x1xi32>) {
  %w2 = "tosa.const"() <{values = dense<3> : tensor<1x2x2x2xi8>}> : () -> tensor<1x2x2x2xi8>
  %b = "tosa.const"() <{values = dense<7> : tensor<1xi32>}> : () -> tensor<1xi32>
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %p = tosa.transpose_conv2d %x, %w2, %b, %zp8, %zp8 {acc_type = i32, out_pad = array<i64: 1, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x3x3x2xi8>, tensor<1x2x2x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x7x6x1xi32>
  %rp = tosa.rescale %p, %m, %s, %zp32, %zp8 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x7x6x1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x7x6x1xi8>
  %d = tosa.transpose_conv2d %x, %w2, %b, %zp8, %zp8 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x3x3x2xi8>, tensor<1x2x2x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x6x6x1xi32>
  %rd = tosa.rescale %d, %m, %s, %zp32, %zp8 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x6x6x1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x6x6x1xi8>
  return %rp, %rd, %d : tensor<1x7x6x1xi8>, tensor<1x6x6x1xi8>, tensor<1x6x6x1xi32>
}

// qtosa-ethosu-legalize for Ethos-U55: a bilinear upscale by 2, 4 or 8, as
// qtosa-lower-to-tosa-int writes it, becomes what Vela compiles there: the
// input edge-replicated (slices and concats), each pixel repeated f times
// by a NEAREST resize (scale 2f/2, offset 1 - f), a slice, and a depthwise
// convolution with zero points 0 whose weights add up to the resize's
// scale_y_n * scale_x_n, so the accumulator and the rescale after it are
// unchanged. Bit for bit: qtosa-ethosu-legalize-exact.mlir; Vela:
// vela-bilinear-as-convolution.mlir. For Ethos-U85 nothing changes.
// RUN: qtosa-opt %s --split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(func.func(qtosa-lower-to-tosa-int,qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(qtosa-lower-to-tosa-int,qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=U85

// Half-pixel (TF2, Keras): the lowering's repeated first row and column
// (offset 3) are gone; the edges are replicated on the 2x3 input (4x5),
// repeated (8x10), and the 3x3 window [1 2 1] x [1 2 1] reads from (1, 1).
// The rescale's output zero point 5 still takes off the input's 4 (16
// times in the sum: 4 * 0.05 / 0.1 = 2 steps, 7 - 2).
// CHECK-LABEL: func.func @half_pixel(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x2xi8>
// CHECK-DAG:     %[[OZP:.*]] = "tosa.const"() <{values = dense<5> : tensor<1xi8>}>
// CHECK-DAG:     %[[ROW_SIZE:.*]] = tosa.const_shape {values = dense<[1, 1, 3, 2]> : tensor<4xindex>}
// CHECK-DAG:     %[[FIRST_ROW:.*]] = tosa.const_shape {values = dense<0> : tensor<4xindex>}
// CHECK:         %[[TOP:.*]] = tosa.slice %[[X]], %[[FIRST_ROW]], %[[ROW_SIZE]] {{.*}} -> tensor<1x1x3x2xi8>
// CHECK:         %[[LAST_ROW:.*]] = tosa.const_shape {values = dense<[0, 1, 0, 0]> : tensor<4xindex>}
// CHECK:         %[[BOTTOM:.*]] = tosa.slice %[[X]], %[[LAST_ROW]], %[[ROW_SIZE]] {{.*}} -> tensor<1x1x3x2xi8>
// CHECK:         %[[ROWS:.*]] = tosa.concat %[[TOP]], %[[X]], %[[BOTTOM]] {axis = 1 : i32} {{.*}} -> tensor<1x4x3x2xi8>
// CHECK:         %[[COL_SIZE:.*]] = tosa.const_shape {values = dense<[1, 4, 1, 2]> : tensor<4xindex>}
// CHECK:         %[[LEFT:.*]] = tosa.slice %[[ROWS]], %{{.*}}, %[[COL_SIZE]] {{.*}} -> tensor<1x4x1x2xi8>
// CHECK:         %[[LAST_COL:.*]] = tosa.const_shape {values = dense<[0, 0, 2, 0]> : tensor<4xindex>}
// CHECK:         %[[RIGHT:.*]] = tosa.slice %[[ROWS]], %[[LAST_COL]], %[[COL_SIZE]] {{.*}} -> tensor<1x4x1x2xi8>
// CHECK:         %[[PADDED:.*]] = tosa.concat %[[LEFT]], %[[ROWS]], %[[RIGHT]] {axis = 2 : i32} {{.*}} -> tensor<1x4x5x2xi8>
// CHECK-DAG:     %[[BORDER:.*]] = tosa.const_shape {values = dense<1> : tensor<2xindex>}
// CHECK-DAG:     %[[OFFSET:.*]] = tosa.const_shape {values = dense<-1> : tensor<2xindex>}
// CHECK-DAG:     %[[SCALE:.*]] = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>}
// CHECK:         %[[REPEATED:.*]] = tosa.resize %[[PADDED]], %[[SCALE]], %[[OFFSET]], %[[BORDER]] {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xi8>, {{.*}}) -> tensor<1x8x10x2xi8>
// CHECK-DAG:     %[[WINDOW_SIZE:.*]] = tosa.const_shape {values = dense<[1, 6, 8, 2]> : tensor<4xindex>}
// CHECK-DAG:     %[[WINDOW_START:.*]] = tosa.const_shape {values = dense<[0, 1, 1, 0]> : tensor<4xindex>}
// CHECK:         %[[WINDOW:.*]] = tosa.slice %[[REPEATED]], %[[WINDOW_START]], %[[WINDOW_SIZE]] {{.*}} -> tensor<1x6x8x2xi8>
// CHECK-DAG:     %[[W:.*]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}1], [1]], {{\[\[}}2], [2]], {{\[\[}}1], [1]]], {{\[\[\[}}2], [2]], {{\[\[}}4], [4]], {{\[\[}}2], [2]]], {{\[\[\[}}1], [1]], {{\[\[}}2], [2]], {{\[\[}}1], [1]]]]> : tensor<3x3x2x1xi8>}>
// CHECK-DAG:     %[[BIAS:.*]] = "tosa.const"() <{values = dense<0> : tensor<2xi32>}>
// CHECK-DAG:     %[[IZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK-DAG:     %[[WZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK:         %[[SUM:.*]] = tosa.depthwise_conv2d %[[WINDOW]], %[[W]], %[[BIAS]], %[[IZP]], %[[WZP]] {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} {{.*}} -> tensor<1x4x6x2xi32>
// CHECK:         %[[Y:.*]] = tosa.rescale %[[SUM]], {{.*}}, %[[OZP]] {{.*}} -> tensor<1x4x6x2xi8>
// CHECK:         return %[[Y]]
// CHECK-NOT:     BILINEAR
// U85-LABEL: func.func @half_pixel(
// U85:         tosa.resize {{.*}} {mode = BILINEAR}
// U85-NOT:     depthwise_conv2d
func.func @half_pixel(%x: tensor<1x2x3x2xi8>) -> tensor<1x4x6x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:4> : tensor<1x2x3x2xi8> -> tensor<1x2x3x2xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x3x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.1:7> : tensor<1x4x6x2xf32> -> tensor<1x4x6x2xi8>
  return %q : tensor<1x4x6x2xi8>
}

// -----

// TF1's legacy sampling (scale 2/1, offset 0, border 1): the last row and
// column replicated (3x4), repeated (6x8), the 2x2 window of ones from
// (0, 0).
// CHECK-LABEL: func.func @legacy(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x2xi8>
// CHECK:         %[[BOTTOM:.*]] = tosa.slice %[[X]], {{.*}} -> tensor<1x1x3x2xi8>
// CHECK:         %[[ROWS:.*]] = tosa.concat %[[X]], %[[BOTTOM]] {axis = 1 : i32} {{.*}} -> tensor<1x3x3x2xi8>
// CHECK:         %[[RIGHT:.*]] = tosa.slice %[[ROWS]], {{.*}} -> tensor<1x3x1x2xi8>
// CHECK:         %[[PADDED:.*]] = tosa.concat %[[ROWS]], %[[RIGHT]] {axis = 2 : i32} {{.*}} -> tensor<1x3x4x2xi8>
// CHECK:         %[[REPEATED:.*]] = tosa.resize %[[PADDED]], {{.*}} {mode = NEAREST_NEIGHBOR} : (tensor<1x3x4x2xi8>, {{.*}}) -> tensor<1x6x8x2xi8>
// CHECK-DAG:     %[[WINDOW_START:.*]] = tosa.const_shape {values = dense<0> : tensor<4xindex>}
// CHECK-DAG:     %[[WINDOW_SIZE:.*]] = tosa.const_shape {values = dense<[1, 5, 7, 2]> : tensor<4xindex>}
// CHECK:         %[[WINDOW:.*]] = tosa.slice %[[REPEATED]], %[[WINDOW_START]], %[[WINDOW_SIZE]] {{.*}} -> tensor<1x5x7x2xi8>
// CHECK-DAG:     %[[W:.*]] = "tosa.const"() <{values = dense<1> : tensor<2x2x2x1xi8>}>
// CHECK:         %[[SUM:.*]] = tosa.depthwise_conv2d %[[WINDOW]], %[[W]], {{.*}} -> tensor<1x4x6x2xi32>
// CHECK:         tosa.rescale %[[SUM]], {{.*}} -> tensor<1x4x6x2xi8>
// CHECK-NOT:     BILINEAR
func.func @legacy(%x: tensor<1x2x3x2xi8>) -> tensor<1x4x6x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x3x2xi8> -> tensor<1x2x3x2xf32>
  %scale = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x3x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x4x6x2xf32> -> tensor<1x4x6x2xi8>
  return %q : tensor<1x4x6x2xi8>
}

// -----

// align_corners from 2x3 to 3x5 (scale 2/1, offset 0, border 0): the same
// taps with nothing replicated, over the whole repeated input.
// CHECK-LABEL: func.func @align_corners(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x2xi8>
// CHECK-NOT:     tosa.concat
// CHECK-NOT:     tosa.slice
// CHECK:         %[[REPEATED:.*]] = tosa.resize %[[X]], {{.*}} {mode = NEAREST_NEIGHBOR} : (tensor<1x2x3x2xi8>, {{.*}}) -> tensor<1x4x6x2xi8>
// CHECK-NOT:     tosa.slice
// CHECK:         %[[SUM:.*]] = tosa.depthwise_conv2d %[[REPEATED]], {{.*}} : (tensor<1x4x6x2xi8>, tensor<2x2x2x1xi8>, {{.*}}) -> tensor<1x3x5x2xi32>
// CHECK:         tosa.rescale %[[SUM]], {{.*}} -> tensor<1x3x5x2xi8>
// CHECK-NOT:     BILINEAR
func.func @align_corners(%x: tensor<1x2x3x2xi8>) -> tensor<1x3x5x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x3x2xi8> -> tensor<1x2x3x2xf32>
  %scale = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %zero, %zero {mode = BILINEAR} : (tensor<1x2x3x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x3x5x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x3x5x2xf32> -> tensor<1x3x5x2xi8>
  return %q : tensor<1x3x5x2xi8>
}

// -----

// 16 bits: i16 input, i8 weights, an i48 accumulator (Vela's 16x8 depthwise
// convolution), the 16-bit rescale after it.
// CHECK-LABEL: func.func @int16(
// CHECK:         tosa.resize {{.*}} {mode = NEAREST_NEIGHBOR} : (tensor<1x4x4x1xi16>, {{.*}}) -> tensor<1x8x8x1xi16>
// CHECK-DAG:     %[[BIAS:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi48>}>
// CHECK-DAG:     %[[IZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi16>}>
// CHECK:         %[[SUM:.*]] = tosa.depthwise_conv2d %{{.*}}, %{{.*}}, %[[BIAS]], %[[IZP]], %{{.*}} {acc_type = i48, {{.*}} : (tensor<1x6x6x1xi16>, tensor<3x3x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x4x1xi48>
// CHECK:         tosa.rescale %[[SUM]], {{.*}}scale32 = false{{.*}} -> tensor<1x4x4x1xi16>
// CHECK-NOT:     BILINEAR
func.func @int16(%x: tensor<1x2x2x1xi16>) -> tensor<1x4x4x1xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.001> : tensor<1x2x2x1xi16> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.001> : tensor<1x4x4x1xf32> -> tensor<1x4x4x1xi16>
  return %q : tensor<1x4x4x1xi16>
}

// -----

// Half-pixel 4x in height, 2x in width (scale 8/2 x 4/2, offset -3 x -1,
// border 3 x 1): each pixel repeated 4 x 2 times, the taps [1 2 2 2 1] x
// [1 2 1] (adding up to 8 x 4 = scale_y_n * scale_x_n), the window from
// (2, 1).
// CHECK-LABEL: func.func @half_pixel_4x2(
// CHECK-SAME:    %[[X:.*]]: tensor<1x2x3x1xi8>
// CHECK:         %[[PADDED:.*]] = tosa.concat {{.*}} -> tensor<1x4x5x1xi8>
// CHECK-DAG:     %[[BORDER:.*]] = tosa.const_shape {values = dense<[3, 1]> : tensor<2xindex>}
// CHECK-DAG:     %[[OFFSET:.*]] = tosa.const_shape {values = dense<[-3, -1]> : tensor<2xindex>}
// CHECK-DAG:     %[[SCALE:.*]] = tosa.const_shape {values = dense<[8, 2, 4, 2]> : tensor<4xindex>}
// CHECK:         %[[REPEATED:.*]] = tosa.resize %[[PADDED]], %[[SCALE]], %[[OFFSET]], %[[BORDER]] {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x1xi8>, {{.*}}) -> tensor<1x16x10x1xi8>
// CHECK-DAG:     %[[WINDOW_SIZE:.*]] = tosa.const_shape {values = dense<[1, 12, 8, 1]> : tensor<4xindex>}
// CHECK-DAG:     %[[WINDOW_START:.*]] = tosa.const_shape {values = dense<[0, 2, 1, 0]> : tensor<4xindex>}
// CHECK:         %[[WINDOW:.*]] = tosa.slice %[[REPEATED]], %[[WINDOW_START]], %[[WINDOW_SIZE]]
// CHECK-DAG:     %[[W:.*]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}1]], {{\[\[}}2]], {{\[\[}}1]]], {{\[\[\[}}2]], {{\[\[}}4]], {{\[\[}}2]]], {{\[\[\[}}2]], {{\[\[}}4]], {{\[\[}}2]]], {{\[\[\[}}2]], {{\[\[}}4]], {{\[\[}}2]]], {{\[\[\[}}1]], {{\[\[}}2]], {{\[\[}}1]]]]> : tensor<5x3x1x1xi8>}>
// CHECK:         %[[SUM:.*]] = tosa.depthwise_conv2d %[[WINDOW]], %[[W]], {{.*}} -> tensor<1x8x6x1xi32>
// CHECK:         tosa.rescale %[[SUM]]
// CHECK-NOT:     BILINEAR
func.func @half_pixel_4x2(%x: tensor<1x2x3x1xi8>) -> tensor<1x8x6x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x3x1xi8> -> tensor<1x2x3x1xf32>
  %scale = tosa.const_shape {values = dense<[8, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-3, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[3, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x3x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x6x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x8x6x1xf32> -> tensor<1x8x6x1xi8>
  return %q : tensor<1x8x6x1xi8>
}

// -----

// A 1x1 input (the TFLite importer makes concats of such a resize, other
// tools may not).
// CHECK-LABEL: func.func @half_pixel_from_1x1(
// CHECK-SAME:    %[[X:.*]]: tensor<1x1x1x4xi8>
// CHECK:         tosa.concat {{.*}} -> tensor<1x3x1x4xi8>
// CHECK:         tosa.concat {{.*}} -> tensor<1x3x3x4xi8>
// CHECK:         tosa.resize {{.*}} {mode = NEAREST_NEIGHBOR} {{.*}} -> tensor<1x6x6x4xi8>
// CHECK:         tosa.slice {{.*}} -> tensor<1x4x4x4xi8>
// CHECK:         %[[SUM:.*]] = tosa.depthwise_conv2d {{.*}} -> tensor<1x2x2x4xi32>
// CHECK:         tosa.rescale %[[SUM]]
// CHECK-NOT:     BILINEAR
func.func @half_pixel_from_1x1(%x: tensor<1x1x1x4xi8>) -> tensor<1x2x2x4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x1x1x4xi8> -> tensor<1x1x1x4xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x1x1x4xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x2x4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x2x4xf32> -> tensor<1x2x2x4xi8>
  return %q : tensor<1x2x2x4xi8>
}

// -----

// Left as they are (the partition says why: qtosa-ethosu-partition-u55-
// rules.mlir): a 3x upscale, an upscale of the height only, and offset 3
// on an input with its last row, not its first, repeated in front.
// CHECK-LABEL: func.func @not_2x(
// CHECK-NOT:     depthwise_conv2d
// CHECK:         tosa.resize {{.*}} {mode = BILINEAR} {{.*}} -> tensor<1x6x6x1xi32>
// CHECK-NOT:     depthwise_conv2d
// CHECK:         tosa.resize {{.*}} {mode = BILINEAR} {{.*}} -> tensor<1x4x2x1xi32>
// CHECK-NOT:     depthwise_conv2d
// CHECK:         tosa.resize {{.*}} {mode = BILINEAR} {{.*}} -> tensor<1x4x4x1xi32>
// CHECK-NOT:     depthwise_conv2d
func.func @not_2x(%x: tensor<1x2x2x1xi8>) -> (tensor<1x6x6x1xi8>, tensor<1x4x2x1xi8>, tensor<1x4x4x1xi32>) {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale3 = tosa.const_shape {values = dense<[6, 2, 6, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset3x = tosa.const_shape {values = dense<[-2, -2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border3 = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %a = tosa.resize %d, %scale3, %offset3x, %border3 {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x6x6x1xf32>
  %qa = qtosa.quantize %a as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x6x6x1xf32> -> tensor<1x6x6x1xi8>
  %scale_h = tosa.const_shape {values = dense<[4, 2, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset_h = tosa.const_shape {values = dense<[-1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border_h = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.resize %d, %scale_h, %offset_h, %border_h {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x2x1xf32>
  %qb = qtosa.quantize %b as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x4x2x1xf32> -> tensor<1x4x2x1xi8>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset3 = tosa.const_shape {values = dense<[3, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %last_row = tosa.const_shape {values = dense<[0, 1, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %row_size = tosa.const_shape {values = dense<[1, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %row = tosa.slice %x, %last_row, %row_size : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x1x2x1xi8>
  %rows = tosa.concat %row, %x {axis = 1 : i32} : (tensor<1x1x2x1xi8>, tensor<1x2x2x1xi8>) -> tensor<1x3x2x1xi8>
  %first_col = tosa.const_shape {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
  %col_size = tosa.const_shape {values = dense<[1, 3, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %col = tosa.slice %rows, %first_col, %col_size : (tensor<1x3x2x1xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x3x1x1xi8>
  %padded = tosa.concat %col, %rows {axis = 2 : i32} : (tensor<1x3x1x1xi8>, tensor<1x3x2x1xi8>) -> tensor<1x3x3x1xi8>
  %c = tosa.resize %padded, %scale, %offset3, %border {mode = BILINEAR} : (tensor<1x3x3x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi32>
  return %qa, %qb, %c : tensor<1x6x6x1xi8>, tensor<1x4x2x1xi8>, tensor<1x4x4x1xi32>
}

// -----

// An op of the convolution form would break a U55 rule: the rewrite is
// undone and a remark names the rule. Here the i48 accumulator is a result
// of the graph, and Vela reads one only through a rescale.
// CHECK-LABEL: func.func @accumulator_not_rescaled(
// CHECK-NOT:     depthwise_conv2d
// CHECK:         tosa.resize {{.*}} {mode = BILINEAR}
// CHECK-NOT:     depthwise_conv2d
// CHECK-NOT:     NEAREST
func.func @accumulator_not_rescaled(%x: tensor<1x2x2x1xi16>) -> tensor<1x4x4x1xi48> {
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %legacy = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  // expected-remark @below {{not rewritten as a depthwise convolution for the NPU: its 'tosa.depthwise_conv2d' would break U55.DEPTHWISE_CONV2D.I48_RESCALE: the i48 accumulator feeds 'func.return', not a tosa.rescale}}
  %y = tosa.resize %x, %legacy, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xi16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi48>
  return %y : tensor<1x4x4x1xi48>
}

// -----

// A 16x8 transposed convolution with stride 2 and an out_pad of (1, -1,
// 1, -1), which adds a row and a column before the first outputs (the
// phase form, qtosa-ethosu-legalize-transpose-phases.mlir, starts at the
// first output), becomes zero points inserted after each row and
// column (reshape, concat, reshape per axis) and a 16x8 conv2d of stride 1
// with the kernel flipped, padded K - 1 + out_pad before and K - stride +
// out_pad after; the rescale is kept. Bit for bit on the TOSA reference
// model, and compiled by Vela: python/tests/tools/test_transpose_conv_u55.py.
// CHECK-LABEL: func.func @transpose_conv_16x8(
// CHECK-NOT:     tosa.transpose_conv2d
// CHECK:         %[[H5:.*]] = tosa.reshape %arg0, %{{.*}} : (tensor<1x2x2x1xi16>, !tosa.shape<5>) -> tensor<1x2x1x2x1xi16>
// CHECK:         %[[HZ:.*]] = tosa.concat %[[H5]], %{{.*}} {axis = 2 : i32} : (tensor<1x2x1x2x1xi16>, tensor<1x2x1x2x1xi16>) -> tensor<1x2x2x2x1xi16>
// CHECK:         %[[H4:.*]] = tosa.reshape %[[HZ]], %{{.*}} -> tensor<1x4x2x1xi16>
// CHECK:         %[[W5:.*]] = tosa.reshape %[[H4]], %{{.*}} -> tensor<1x4x2x1x1xi16>
// CHECK:         %[[WZ:.*]] = tosa.concat %[[W5]], %{{.*}} {axis = 3 : i32} : (tensor<1x4x2x1x1xi16>, tensor<1x4x2x1x1xi16>) -> tensor<1x4x2x2x1xi16>
// CHECK:         %[[UP:.*]] = tosa.reshape %[[WZ]], %{{.*}} -> tensor<1x4x4x1xi16>
// CHECK:         %[[FLIP:.*]] = "tosa.const"() <{values = dense<{{\[\[\[\[}}9], [8], [7]], {{\[\[}}6], [5], [4]], {{\[\[}}3], [2], [1]]]]> : tensor<1x3x3x1xi8>}>
// CHECK:         %[[CONV:.*]] = tosa.conv2d %[[UP]], %[[FLIP]], {{.*}} {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 3, 0, 3, 0>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x5x5x1xi48>
// CHECK:         tosa.rescale %[[CONV]]
func.func @transpose_conv_16x8(%x: tensor<1x2x2x1xi16>) -> tensor<1x5x5x1xi16> {
  %w = "tosa.const"() <{values = dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>}> : () -> tensor<1x3x3x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %wzp {acc_type = i48, out_pad = array<i64: 1, -1, 1, -1>, stride = array<i64: 2, 2>} : (tensor<1x2x2x1xi16>, tensor<1x3x3x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x5x5x1xi48>
  %m = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %s = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zi = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %zo = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %r = tosa.rescale %t, %m, %s, %zi, %zo {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x5x5x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x5x5x1xi16>
  return %r : tensor<1x5x5x1xi16>
}

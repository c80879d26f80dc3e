// Bilinear tosa.resize between dequantize and quantize becomes the integer
// resize (i8 -> i32, i16 -> i48: the stored values weighed by integers that
// add up to n = scale_y_n * scale_x_n) and one rescale by
// input_scale / (n * output_scale), whose output zero point takes off the
// input's (n times in the sum). What it refuses stays in float, with the
// reason in a remark. Numerics: test/Execution/lower-to-tosa-int-ops.mlir.
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int -verify-diagnostics \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --split-input-file --qtosa-lower-to-tosa-int=rounding=double -verify-diagnostics \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=DOUBLE

// TFLite's form: half-pixel 2x upscale (scale 4/2, offset -1, border 1), the
// same parameters in and out. 1/16 is multiplier 2^30, shift 34; the zero
// points cancel. The negative offset stays, as TOSA 1.0 allows it and Vela
// and the TOSA reference model run it (MLIR-based executors run
// qtosa-nonnegative-resize-offsets first: MLIR 22 truncates where TOSA
// floors).
// rounding=double is TFLite's: its int8 kernel rounds the sum once, half
// away from zero. DOUBLE_ROUND by 2^30 >> 34 would round twice (7/16 -> 1);
// 2^31 - 1 >> 35 rounds half away from zero exactly for sums below 2^30,
// as does 2^31 - 1 >> 36 for 1/32 (equal to TFLite Micro on 2x upscales:
// python/tests/tools/test_tensorflow.py). The 16-bit rescale has no
// DOUBLE_ROUND.
// DOUBLE-LABEL: func.func @half_pixel_same_params(
// DOUBLE-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<2147483647> : tensor<1xi32>}>
// DOUBLE-DAG: %[[S:.*]] = "tosa.const"() <{values = dense<35> : tensor<1xi8>}>
// DOUBLE: %[[SUM:.*]] = tosa.resize {{.*}} -> tensor<1x4x4x1xi32>
// DOUBLE: tosa.rescale %[[SUM]], %[[M]], %[[S]], {{.*}}rounding_mode = DOUBLE_ROUND{{.*}} -> tensor<1x4x4x1xi8>
// DOUBLE-LABEL: func.func @rescaled(
// DOUBLE-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<2147483647> : tensor<1xi32>}>
// DOUBLE-DAG: %[[S:.*]] = "tosa.const"() <{values = dense<36> : tensor<1xi8>}>
// DOUBLE: tosa.rescale %{{.*}}, %[[M]], %[[S]], {{.*}}rounding_mode = DOUBLE_ROUND
// DOUBLE-LABEL: func.func @int16(
// DOUBLE: tosa.rescale {{.*}}rounding_mode = SINGLE_ROUND, scale32 = false{{.*}} -> tensor<1x4x4x1xi16>
// CHECK-LABEL: func.func @half_pixel_same_params(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x2x1xi8>
// CHECK-DAG: %[[M:.*]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[S:.*]] = "tosa.const"() <{values = dense<34> : tensor<1xi8>}>
// CHECK-DAG: %[[Z32:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi32>}>
// CHECK-DAG: %[[Z8:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK-DAG: %[[SCALE:.*]] = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>}
// CHECK-DAG: %[[BORDER:.*]] = tosa.const_shape {values = dense<1> : tensor<2xindex>}
// CHECK-DAG: %[[OFFSET:.*]] = tosa.const_shape {values = dense<-1> : tensor<2xindex>}
// CHECK-NOT: tosa.concat
// CHECK: %[[SUM:.*]] = tosa.resize %[[X]], %[[SCALE]], %[[OFFSET]], %[[BORDER]] {mode = BILINEAR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi32>
// CHECK: %[[R:.*]] = tosa.rescale %[[SUM]], %[[M]], %[[S]], %[[Z32]], %[[Z8]] {{.*}} : (tensor<1x4x4x1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x4x1xi8>
// CHECK: return %[[R]]
func.func @half_pixel_same_params(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x4x4x1xf32> -> tensor<1x4x4x1xi8>
  return %q : tensor<1x4x4x1xi8>
}

// -----

// Other parameters: the input zero point 4 is 4 * 0.05 / 0.1 = 2 output
// steps, so the rescale's output zero point is 7 - 2 = 5.
// CHECK-LABEL: func.func @rescaled(
// CHECK-DAG: %[[OZP:.*]] = "tosa.const"() <{values = dense<5> : tensor<1xi8>}>
// CHECK: %[[SUM:.*]] = tosa.resize {{.*}} -> tensor<1x4x4x1xi32>
// CHECK: tosa.rescale %[[SUM]], {{.*}}, %[[OZP]] {{.*}} -> tensor<1x4x4x1xi8>
func.func @rescaled(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:4> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.1:7> : tensor<1x4x4x1xf32> -> tensor<1x4x4x1xi8>
  return %q : tensor<1x4x4x1xi8>
}

// -----

// align_corners 2x3 -> 3x5 (scale 2/1 and 4/2, offset 0): no padding.
// CHECK-LABEL: func.func @align_corners(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x3x1xi8>
// CHECK-NOT: tosa.concat
// CHECK: %[[SUM:.*]] = tosa.resize %[[X]], {{.*}} -> tensor<1x3x5x1xi32>
// CHECK: tosa.rescale %[[SUM]]
func.func @align_corners(%x: tensor<1x2x3x1xi8>) -> tensor<1x3x5x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x2x3x1xi8> -> tensor<1x2x3x1xf32>
  %scale = tosa.const_shape {values = dense<[2, 1, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %zero, %zero {mode = BILINEAR} : (tensor<1x2x3x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x3x5x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x3x5x1xf32> -> tensor<1x3x5x1xi8>
  return %q : tensor<1x3x5x1xi8>
}

// -----

// 16 bits: i48 sums and a 16-bit multiplier.
// CHECK-LABEL: func.func @int16(
// CHECK: %[[SUM:.*]] = tosa.resize {{.*}} -> tensor<1x4x4x1xi48>
// CHECK: tosa.rescale %[[SUM]], {{.*}}scale32 = false{{.*}} -> tensor<1x4x4x1xi16>
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

// CHECK-LABEL: func.func @zero_point_not_whole_steps(
// CHECK: tosa.resize {{.*}} -> tensor<1x4x4x1xf32>
func.func @zero_point_not_whole_steps(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:3> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{'tosa.resize' stays in float between dequantize and quantize: the input zero point 3 is 1.5 output steps, not a whole number the rescale's output zero point can take off}}
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.1> : tensor<1x4x4x1xf32> -> tensor<1x4x4x1xi8>
  return %q : tensor<1x4x4x1xi8>
}

// -----

func.func @output_zero_point_beyond_i8(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:100> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{'tosa.resize' stays in float between dequantize and quantize: the rescale would need output zero point -200 (the output's less the input's), which tosa.rescale takes only within i8}}
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-100> : tensor<1x4x4x1xf32> -> tensor<1x4x4x1xi8>
  return %q : tensor<1x4x4x1xi8>
}

// -----

func.func @per_channel_output(%x: tensor<1x2x2x2xi8>) -> tensor<1x4x4x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:3> : tensor<1x2x2x2xi8> -> tensor<1x2x2x2xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{'tosa.resize' stays in float between dequantize and quantize: the input has a nonzero zero point and the output per-channel scales: taking it off would need an output zero point per channel}}
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x2xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32:3, {0.05:3, 0.1:3}> : tensor<1x4x4x2xf32> -> tensor<1x4x4x2xi8>
  return %q : tensor<1x4x4x2xi8>
}

// -----

func.func @sum_overflows(%x: tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05> : tensor<1x1x1x1xi8> -> tensor<1x1x1x1xf32>
  %scale = tosa.const_shape {values = dense<[65536, 1, 65536, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{'tosa.resize' stays in float between dequantize and quantize: the weighted sum at scale numerators 65536 x 65536 may overflow the i32 accumulator}}
  %y = tosa.resize %d, %scale, %zero, %zero {mode = BILINEAR} : (tensor<1x1x1x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x1x1x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05> : tensor<1x1x1x1xf32> -> tensor<1x1x1x1xi8>
  return %q : tensor<1x1x1x1xi8>
}

// -----

// NEAREST_NEIGHBOR moves values: qtosa-share-qspecs's, not a lowering.
func.func @nearest(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:3> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{'tosa.resize' stays in float between dequantize and quantize: it moves or selects values, which qtosa-share-qspecs moves onto integers, and it did not run before this pass}}
  %y = tosa.resize %d, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.1:7> : tensor<1x4x4x1xf32> -> tensor<1x4x4x1xi8>
  return %q : tensor<1x4x4x1xi8>
}

// -----

func.func @offset_below_scale(%x: tensor<1x2x2x1xi8>) -> tensor<1x2x2x1xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05> : tensor<1x2x2x1xi8> -> tensor<1x2x2x1xf32>
  %scale = tosa.const_shape {values = dense<[2, 2, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[-4, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{'tosa.resize' stays in float between dequantize and quantize: its offset -4 is below -scale_n = -2, which TOSA does not allow}}
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x2x1xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05> : tensor<1x2x2x1xf32> -> tensor<1x2x2x1xi8>
  return %q : tensor<1x2x2x1xi8>
}

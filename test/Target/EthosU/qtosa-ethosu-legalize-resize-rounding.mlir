// On Ethos-U85 the division of a bilinear resize's sums by 2^p, written
// for TFLite's rounding as multiplier 2^31 - 1 and shift p + 31 with
// DOUBLE_ROUND, becomes multiplier 2^30 and shift p + 30 with SINGLE_ROUND,
// the exact power of two Vela 5.2 fuses into the resize (39,448 against
// 2,048 NPU cycles for this function). It differs only where a negative sum
// lies halfway between two results: half up instead of away from zero, as
// Vela's TFLite route rounds RESIZE_BILINEAR. Ethos-U55 runs the resize as
// a depthwise convolution, whose rescale Vela fuses as it is; a rescale of
// another multiplier is left.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=U55
// On a random input (ties are about one sum in sixteen) the results are
// equal but for some negative ones, each one greater: run before and after
// the rewrite and compare.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.random.default_rng(1).integers(-128, 128, (1, 16, 16, 1), dtype=np.int8))"
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' -o %t/after.mlir
// RUN: qtosa-run %s -e upscale --input %t/x.npy -o %t/before.npy
// RUN: qtosa-run %t/after.mlir -e upscale --input %t/x.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; a = np.load('%t/before.npy').astype(int); b = np.load('%t/after.npy').astype(int); d = b - a; \
// RUN:   print('changed', int((d != 0).sum()), 'of', d.size, 'by', sorted(set(d[d != 0].tolist())), 'all negative:', bool(((a[d != 0]) < 0).all()))" \
// RUN:   | FileCheck %s --check-prefix=NUM

// NUM: changed {{[1-9][0-9]*}} of 1024 by [1] all negative: True

// CHECK-LABEL: func.func @upscale(
// CHECK: %[[R:.+]] = tosa.resize
// CHECK-DAG: %[[M:.+]] = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}>
// CHECK-DAG: %[[S:.+]] = "tosa.const"() <{values = dense<34> : tensor<1xi8>}>
// CHECK: tosa.rescale %[[R]], %[[M]], %[[S]], {{.*}}rounding_mode = SINGLE_ROUND, scale32 = true
// CHECK-NOT: 2147483647
// U55-LABEL: func.func @upscale(
// U55: tosa.depthwise_conv2d
// U55: tosa.rescale {{.+}}rounding_mode = DOUBLE_ROUND
func.func @upscale(%x: tensor<1x16x16x1xi8>) -> tensor<1x32x32x1xi8> {
  %s = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %o = tosa.const_shape {values = dense<-1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.resize %x, %s, %o, %b {mode = BILINEAR} : (tensor<1x16x16x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x32x32x1xi32>
  %m = "tosa.const"() <{values = dense<2147483647> : tensor<1xi32>}> : () -> tensor<1xi32>
  %sh = "tosa.const"() <{values = dense<35> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.rescale %r, %m, %sh, %z32, %z8 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<1x32x32x1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x32x32x1xi8>
  return %y : tensor<1x32x32x1xi8>
}

// Another multiplier: a rescale to another scale, which Vela cannot fuse
// into the resize whatever its rounding.
// CHECK-LABEL: func.func @other_scale(
// CHECK: tosa.rescale {{.+}}rounding_mode = DOUBLE_ROUND
func.func @other_scale(%x: tensor<1x16x16x1xi8>) -> tensor<1x32x32x1xi8> {
  %s = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %o = tosa.const_shape {values = dense<-1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.resize %x, %s, %o, %b {mode = BILINEAR} : (tensor<1x16x16x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x32x32x1xi32>
  %m = "tosa.const"() <{values = dense<1518500250> : tensor<1xi32>}> : () -> tensor<1xi32>
  %sh = "tosa.const"() <{values = dense<35> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.rescale %r, %m, %sh, %z32, %z8 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<1x32x32x1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x32x32x1xi8>
  return %y : tensor<1x32x32x1xi8>
}

// A DOUBLE_ROUND rescale whose shift is at most 31 rounds once (TOSA 1.0's
// apply_scale_32): written SINGLE_ROUND on both targets, which Vela fuses;
// one with a larger shift keeps its rounding.
// CHECK-LABEL: func.func @shifts(
// CHECK: tosa.rescale {{.+}}rounding_mode = SINGLE_ROUND{{.+}} -> tensor<4xi32>
// CHECK: tosa.rescale {{.+}}rounding_mode = DOUBLE_ROUND{{.+}} -> tensor<4xi16>
// U55-LABEL: func.func @shifts(
// U55: tosa.rescale {{.+}}rounding_mode = SINGLE_ROUND{{.+}} -> tensor<4xi32>
// U55: tosa.rescale {{.+}}rounding_mode = DOUBLE_ROUND{{.+}} -> tensor<4xi16>
func.func @shifts(%x: tensor<4xi16>) -> tensor<4xi16> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s16 = "tosa.const"() <{values = dense<16> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s37 = "tosa.const"() <{values = dense<37> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = tosa.rescale %x, %m, %s16, %z16, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<4xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> tensor<4xi32>
  %y = tosa.rescale %w, %m, %s37, %z32, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<4xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<4xi16>
  return %y : tensor<4xi16>
}

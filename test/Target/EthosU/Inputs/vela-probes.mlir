// Probes beyond the rule tests' limits, for both targets: what Vela 5.2
// does where its documentation says otherwise or nothing. Read by
// vela_probe.py (see ../vela-probe.mlir); not a test of its own.

// -----

// CONV2D.STRIDE: stride 16 (Vela splits strides past 3)

func.func @conv2d_stride_16(%a: tensor<1x51x51x4xi8>) -> tensor<1x4x4x4xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<4x3x3x4xi8>}> : () -> tensor<4x3x3x4xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<4xi32>}> : () -> tensor<4xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.conv2d %a, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 16, 16>} : (tensor<1x51x51x4xi8>, tensor<4x3x3x4xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x4xi32>
  return %v : tensor<1x4x4x4xi32>
}

// -----

// CONV2D.KERNEL: a 256x256 kernel (Vela splits large kernels)

func.func @conv2d_kernel_256x256(%a: tensor<1x256x256x1xi8>) -> tensor<1x1x1x1xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<1x256x256x1xi8>}> : () -> tensor<1x256x256x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.conv2d %a, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x256x1xi8>, tensor<1x256x256x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v : tensor<1x1x1x1xi32>
}

// -----

// CONV2D.CHANNELS: 65537 input channels on a 2x2 image (refused)

func.func @conv2d_channels_65537_2x2(%a: tensor<1x2x2x65537xi8>) -> tensor<1x1x1x2xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<2x2x2x65537xi8>}> : () -> tensor<2x2x2x65537xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.conv2d %a, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x65537xi8>, tensor<2x2x2x65537xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi32>
  return %v : tensor<1x1x1x2xi32>
}

// -----

// CONV2D.CHANNELS: 65537 output channels on a 2x2 image (Vela splits them)

func.func @conv2d_output_channels_65537_2x2(%a: tensor<1x2x2x1xi8>) -> tensor<1x2x2x65537xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<65537x1x1x1xi8>}> : () -> tensor<65537x1x1x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<65537xi32>}> : () -> tensor<65537xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.conv2d %a, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x1xi8>, tensor<65537x1x1x1xi8>, tensor<65537xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x65537xi32>
  return %v : tensor<1x2x2x65537xi32>
}

// -----

// AVG_POOL2D.STRIDE: a global pool of a 25x25 image, stride 25 (MLCommons
// Tiny's DS-CNN), and an 8x8 pool with stride 8

func.func @avg_pool2d_global_25(%a: tensor<1x25x25x4xi8>) -> tensor<1x1x1x4xi8> {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.avg_pool2d %a, %z, %z {acc_type = i32, kernel = array<i64: 25, 25>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 25, 25>} : (tensor<1x25x25x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x4xi8>
  return %v : tensor<1x1x1x4xi8>
}

func.func @avg_pool2d_stride_8(%a: tensor<1x32x32x4xi8>) -> tensor<1x4x4x4xi8> {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.avg_pool2d %a, %z, %z {acc_type = i32, kernel = array<i64: 8, 8>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 8, 8>} : (tensor<1x32x32x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x4xi8>
  return %v : tensor<1x4x4x4xi8>
}

// -----

// MAX_POOL2D.KERNEL: a 300x300 kernel

func.func @max_pool2d_kernel_300(%a: tensor<1x300x300x1xi8>) -> tensor<1x1x1x1xi8> {
  %v = tosa.max_pool2d %a {kernel = array<i64: 300, 300>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x300x300x1xi8>) -> tensor<1x1x1x1xi8>
  return %v : tensor<1x1x1x1xi8>
}

// -----

// TRANSPOSE_CONV2D.DTYPES: 16x8 with its i48 accumulator rescaled (U55
// refuses it, U85 compiles it)

func.func @transpose_conv2d_16x8(%a: tensor<1x2x2x2xi16>) -> tensor<1x4x4x3xi16> {
  %w = "tosa.const"() <{values = dense<1> : tensor<3x2x2x2xi8>}> : () -> tensor<3x2x2x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %zi = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %zw = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.transpose_conv2d %a, %w, %b, %zi, %zw {acc_type = i48, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x2x2x2xi16>, tensor<3x2x2x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x4x3xi48>
  %m = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %s = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %r = tosa.rescale %v, %m, %s, %z48, %zi {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x4x4x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x4x4x3xi16>
  return %r : tensor<1x4x4x3xi16>
}

// -----

// RESIZE: a 2x NEAREST with TFLite's default (floor) sampling, the same
// with half-pixel parameters, and a bilinear 2x

func.func @resize_nearest_floor(%a: tensor<1x4x4x1xi8>) -> tensor<1x8x8x1xi8> {
  %s1 = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v = tosa.resize %a, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x4x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x8x1xi8>
  return %v : tensor<1x8x8x1xi8>
}

func.func @resize_nearest_half_pixel(%a: tensor<1x4x4x1xi8>) -> tensor<1x8x8x1xi8> {
  %s1 = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v = tosa.resize %a, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x4x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x8x1xi8>
  return %v : tensor<1x8x8x1xi8>
}

func.func @resize_bilinear_2x(%a: tensor<1x4x4x1xi8>) -> tensor<1x8x8x1xi32> {
  %s1 = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v = tosa.resize %a, %s1, %s2, %s3 {mode = BILINEAR} : (tensor<1x4x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x8x1xi32>
  return %v : tensor<1x8x8x1xi32>
}

// -----

// RESCALE with INEXACT_ROUND: outside the PRO-INT extensions Vela's
// validation names (EXT-INEXACTROUND is not among them), yet Vela 5.2
// compiles it on both targets, so qtosa's PROFILE rule leaves it on the NPU
// (checked in session 32, after a hostile-input sweep suggested a rule).

func.func @rescale_inexact_round(%x: tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi8> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<36> : tensor<1xi8>}> : () -> tensor<1xi8>
  %iz = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %oz = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.rescale %x, %m, %s, %iz, %oz {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = INEXACT_ROUND, scale32 = true} : (tensor<1x4x4x8xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x4x8xi8>
  return %y : tensor<1x4x4x8xi8>
}

// One case per Ethos-U85 rule of docs/generated/EthosURules.md: legal at the
// limit, on the host with the rule's remark just past it.

// RUN: qtosa-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-partition{target=ethos-u85-256})' \
// RUN:   | FileCheck %s -enable-var-scope

// U85.TENSOR.FLOAT

// CHECK-LABEL: func.func @float_int(
// CHECK:         qtosa.delegate
// CHECK:           tosa.maximum
// CHECK:           qtosa.yield
func.func @float_int(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @float_f32(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.maximum
// expected-warning @below {{'float_f32' holds no quantized or integer tensor: none of its ops can run on the NPU}}
func.func @float_f32(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>) {
  // expected-remark @below {{stays on the host: U85.TENSOR.FLOAT: tosa.maximum in float: it reads graph input #0, a float tensor nothing quantizes}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %v1 : tensor<4xf32>
}

// -----

// U85.OP.NOT_SUPPORTED: U85 compiles every PRO-INT operator, U55's exceptions included

// CHECK-LABEL: func.func @bitwise_and_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.bitwise_and
// CHECK:           qtosa.yield
func.func @bitwise_and_i32(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.bitwise_and %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_tosa(
// CHECK-NOT:     qtosa.delegate
// CHECK:         call @callee
func.func @not_tosa(%arg0: tensor<4xi32>) -> (tensor<4xi32>) {
  // expected-remark @below {{stays on the host: U85.CALL.HOST: calls 'callee', a function without a body here}}
  %v1 = func.call @callee(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}
func.func private @callee(tensor<4xi32>) -> tensor<4xi32>

// -----

// U85.TENSOR.64BIT

// CHECK-LABEL: func.func @i32_add(
// CHECK:         qtosa.delegate
// CHECK:           tosa.add
// CHECK:           qtosa.yield
func.func @i32_add(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.add %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @i64_add(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.add
func.func @i64_add(%arg0: tensor<4xi64>, %arg1: tensor<4xi64>) -> (tensor<4xi64>) {
  // expected-remark @below {{stays on the host: U85.TENSOR.64BIT: operand #0 is a i64 tensor}}
  %v1 = tosa.add %arg0, %arg1 : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %v1 : tensor<4xi64>
}

// -----

// U85.TENSOR.DYNAMIC

// CHECK-LABEL: func.func @static_shape(
// CHECK:         qtosa.delegate
// CHECK:           tosa.maximum
// CHECK:           qtosa.yield
func.func @static_shape(%arg0: tensor<2x8xi32>, %arg1: tensor<2x8xi32>) -> (tensor<2x8xi32>) {
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi32>
  return %v1 : tensor<2x8xi32>
}

// CHECK-LABEL: func.func @dynamic_shape(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.maximum
func.func @dynamic_shape(%arg0: tensor<?x8xi32>, %arg1: tensor<?x8xi32>) -> (tensor<?x8xi32>) {
  // expected-remark @below {{stays on the host: U85.TENSOR.DYNAMIC: operand #0 (tensor<?x8xi32>) has a dynamic shape}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<?x8xi32>, tensor<?x8xi32>) -> tensor<?x8xi32>
  return %v1 : tensor<?x8xi32>
}

// -----

// U85.TENSOR.RANK

// CHECK-LABEL: func.func @rank6(
// CHECK:         qtosa.delegate
// CHECK:           tosa.maximum
// CHECK:           qtosa.yield
func.func @rank6(%arg0: tensor<1x1x1x1x1x1xi32>, %arg1: tensor<1x1x1x1x1x1xi32>) -> (tensor<1x1x1x1x1x1xi32>) {
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<1x1x1x1x1x1xi32>, tensor<1x1x1x1x1x1xi32>) -> tensor<1x1x1x1x1x1xi32>
  return %v1 : tensor<1x1x1x1x1x1xi32>
}

// CHECK-LABEL: func.func @rank7(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.maximum
func.func @rank7(%arg0: tensor<1x1x1x1x1x1x1xi32>, %arg1: tensor<1x1x1x1x1x1x1xi32>) -> (tensor<1x1x1x1x1x1x1xi32>) {
  // expected-remark @below {{stays on the host: U85.TENSOR.RANK: operand #0 has rank 7 exceeds 6}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<1x1x1x1x1x1x1xi32>, tensor<1x1x1x1x1x1x1xi32>) -> tensor<1x1x1x1x1x1x1xi32>
  return %v1 : tensor<1x1x1x1x1x1x1xi32>
}

// -----

// Vela 5.2 compiles CONV3D with weights or bias from a graph input for U85
// (its documentation says it does not): no U85.CONV3D.WEIGHTS_CONST rule.
// Was U85.CONV3D.WEIGHTS_CONST

// CHECK-LABEL: func.func @conv3d_const_weights(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_const_weights(%arg0: tensor<1x1x2x2x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v5 : tensor<1x1x2x2x3xi32>
}

// CHECK-LABEL: func.func @conv3d_weights_argument(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
func.func @conv3d_weights_argument(%arg0: tensor<1x1x2x2x2xi8>, %arg1: tensor<3x1x1x1x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v4 = tosa.conv3d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v4 : tensor<1x1x2x2x3xi32>
}

// -----

// Vela 5.2 compiles CONV3D with weights or bias from a graph input for U85
// (its documentation says it does not): no U85.CONV3D.WEIGHTS_CONST rule.
// Was U85.CONV3D.WEIGHTS_CONST: the bias too

// CHECK-LABEL: func.func @conv3d_const_bias(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_const_bias(%arg0: tensor<1x1x2x2x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v5 : tensor<1x1x2x2x3xi32>
}

// CHECK-LABEL: func.func @conv3d_bias_argument(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
func.func @conv3d_bias_argument(%arg0: tensor<1x1x2x2x2xi8>, %arg1: tensor<3xi32>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v4 = tosa.conv3d %arg0, %c1, %arg1, %c2, %c3 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v4 : tensor<1x1x2x2x3xi32>
}

// -----

// U85.TRANSPOSE_CONV2D.WEIGHTS_CONST

// CHECK-LABEL: func.func @transpose_conv2d_const_weights(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @transpose_conv2d_const_weights(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v5 : tensor<1x2x2x3xi32>
}

// CHECK-LABEL: func.func @transpose_conv2d_weights_argument(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @transpose_conv2d_weights_argument(%arg0: tensor<1x2x2x2xi8>, %arg1: tensor<3x1x1x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U85.TRANSPOSE_CONV2D.WEIGHTS_CONST: the weights are not a constant}}
  %v4 = tosa.transpose_conv2d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v4 : tensor<1x2x2x3xi32>
}

// -----

// U85.TRANSPOSE_CONV2D.WEIGHTS_CONST: the bias too

// CHECK-LABEL: func.func @transpose_conv2d_const_bias(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @transpose_conv2d_const_bias(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v5 : tensor<1x2x2x3xi32>
}

// CHECK-LABEL: func.func @transpose_conv2d_bias_argument(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @transpose_conv2d_bias_argument(%arg0: tensor<1x2x2x2xi8>, %arg1: tensor<3xi32>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U85.TRANSPOSE_CONV2D.WEIGHTS_CONST: the bias is not a constant}}
  %v4 = tosa.transpose_conv2d %arg0, %c1, %arg1, %c2, %c3 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v4 : tensor<1x2x2x3xi32>
}

// -----

// Vela 5.2 compiles a padded AVG_POOL2D with a kernel wider than 8 for U85
// (its documentation says it does not): no U85.AVG_POOL2D.KERNEL_PADDED rule.
// Was U85.AVG_POOL2D.KERNEL_PADDED

// CHECK-LABEL: func.func @avg_pool_padded_8x8(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           qtosa.yield
func.func @avg_pool_padded_8x8(%arg0: tensor<1x8x8x1xi8>) -> (tensor<1x3x3x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 8, 8>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi8>
  return %v3 : tensor<1x3x3x1xi8>
}

// CHECK-LABEL: func.func @avg_pool_padded_8x9(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool_padded_8x9(%arg0: tensor<1x8x9x1xi8>) -> (tensor<1x3x3x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 8, 9>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x9x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi8>
  return %v3 : tensor<1x3x3x1xi8>
}

// -----

// What U85 lifts: a kernel height of 65, an int16 table, select on bools, an
// NWCH transpose of i32 and argmax over 128 channels are all on the NPU.

// CHECK-LABEL: func.func @u55_limits_lifted(
// CHECK:         qtosa.delegate "ethos-u85-256"
// CHECK:           tosa.conv2d
// CHECK:           tosa.table
// CHECK:           tosa.select
// CHECK:           tosa.transpose
// CHECK:           tosa.argmax
// CHECK:           qtosa.yield
// CHECK-NOT:     qtosa.delegate
func.func @u55_limits_lifted(%arg0: tensor<1x65x1x1xi8>, %arg1: tensor<4xi16>, %arg2: tensor<4xi1>, %arg3: tensor<4xi32>, %arg4: tensor<1x2x3x4xi32>, %arg5: tensor<1x2x2x128xi8>) -> (tensor<1x1x1x1xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x3x4x2xi32>, tensor<1x2x2xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x65x1x1xi8>}> : () -> tensor<1x65x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v4 = tosa.conv2d %arg0, %c1, %c2, %c3, %c3 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65x1x1xi8>, tensor<1x65x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  %c5 = "tosa.const"() <{values = dense<0> : tensor<513xi16>}> : () -> tensor<513xi16>
  %v6 = tosa.table %arg1, %c5 : (tensor<4xi16>, tensor<513xi16>) -> tensor<4xi32>
  %v7 = tosa.select %arg2, %arg3, %arg3 : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %v8 = tosa.transpose %arg4 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x3x4xi32>) -> tensor<1x3x4x2xi32>
  %v9 = tosa.argmax %arg5 {axis = 3 : i32} : (tensor<1x2x2x128xi8>) -> tensor<1x2x2xi32>
  return %v4, %v6, %v7, %v8, %v9 : tensor<1x1x1x1xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x3x4x2xi32>, tensor<1x2x2xi32>
}

// -----

// U85.OP.PROFILE (checked after the operator's own rules): Vela validates
// every operator against TOSA 1.0 PRO-INT first; MAXIMUM is i32 only there.

// CHECK-LABEL: func.func @maximum_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.maximum
func.func @maximum_i32(%arg0: tensor<2x8xi32>, %arg1: tensor<2x8xi32>) -> (tensor<2x8xi32>) {
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi32>
  return %v1 : tensor<2x8xi32>
}

// CHECK-LABEL: func.func @maximum_i8(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.maximum
func.func @maximum_i8(%arg0: tensor<2x8xi8>, %arg1: tensor<2x8xi8>) -> (tensor<2x8xi8>) {
  // expected-remark @below {{stays on the host: U85.OP.PROFILE: operand and result types (i8,i8,i8) are not TOSA 1.0 PRO-INT (with EXT-INT16, EXT-INT4, EXT-DOUBLEROUND), nearest allowed (i32,i32,i32)}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<2x8xi8>, tensor<2x8xi8>) -> tensor<2x8xi8>
  return %v1 : tensor<2x8xi8>
}

// -----

// U85.OP.PROFILE, RESCALE's flags: TOSA 1.0 forbids scale32 with an i48
// input, which MLIR 22's verifier lets through and Vela 5.2 rejects ("Scale
// set to true but input type is INT48"); a 16-bit multiplier is the form.

// CHECK-LABEL: func.func @rescale_i48_scale16(
// CHECK:         qtosa.delegate
// CHECK:           tosa.rescale
func.func @rescale_i48_scale16(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %w = "tosa.const"() <{values = dense<3> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %m = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %s = "tosa.const"() <{values = dense<15> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c = tosa.conv2d %arg0, %w, %b, %z16, %z8 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  %r = tosa.rescale %c, %m, %s, %z48, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %r : tensor<1x2x2x3xi16>
}

// The convolution is on the NPU; its rescale is not.
// CHECK-LABEL: func.func @rescale_i48_scale32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:         tosa.rescale
func.func @rescale_i48_scale32(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %w = "tosa.const"() <{values = dense<3> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c = tosa.conv2d %arg0, %w, %b, %z16, %z8 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  // expected-remark @below {{stays on the host: U85.OP.PROFILE: scale32 with an i48 input (TOSA 1.0 RESCALE: ERROR_IF(scale32 && in_t == i48))}}
  %r = tosa.rescale %c, %m, %s, %z48, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x2x2x3xi48>, tensor<1xi32>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %r : tensor<1x2x2x3xi16>
}

// -----

// U85.CONV2D.CHANNELS, U85.DEPTHWISE_CONV2D.CHANNELS, U85.AVG_POOL2D.IFM_SIZE,
// U85.MAX_POOL2D.IFM_SIZE: Vela 5.2 refuses 65537 channels on U85 as on U55.

// CHECK-LABEL: func.func @u85_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           tosa.avg_pool2d
// CHECK:           tosa.max_pool2d
func.func @u85_channels_65536(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x65536xi32>, tensor<1x1x1x65536xi8>, tensor<1x1x1x65536xi8>) {
  %w = "tosa.const"() <{values = dense<1> : tensor<1x1x65536x1xi8>}> : () -> tensor<1x1x65536x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<65536xi32>}> : () -> tensor<65536xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %d = tosa.depthwise_conv2d %arg0, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1x1x65536x1xi8>, tensor<65536xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65536xi32>
  %a = tosa.avg_pool2d %arg0, %z, %z {acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65536xi8>
  %m = tosa.max_pool2d %arg0 {kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>) -> tensor<1x1x1x65536xi8>
  return %d, %a, %m : tensor<1x1x1x65536xi32>, tensor<1x1x1x65536xi8>, tensor<1x1x1x65536xi8>
}

// One function per op, so that the Vela probe (vela-probe.mlir) gives each
// rule its own verdict.
// CHECK-LABEL: func.func @u85_depthwise_channels_65537(
// CHECK-NOT:     qtosa.delegate
func.func @u85_depthwise_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> tensor<1x1x1x65537xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<1x1x65537x1xi8>}> : () -> tensor<1x1x65537x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<65537xi32>}> : () -> tensor<65537xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U85.DEPTHWISE_CONV2D.CHANNELS: input channels 65537 exceeds 65536}}
  %d = tosa.depthwise_conv2d %arg0, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>, tensor<1x1x65537x1xi8>, tensor<65537xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65537xi32>
  return %d : tensor<1x1x1x65537xi32>
}

// CHECK-LABEL: func.func @u85_avg_pool2d_channels_65537(
// CHECK-NOT:     qtosa.delegate
func.func @u85_avg_pool2d_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> tensor<1x1x1x65537xi8> {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U85.AVG_POOL2D.IFM_SIZE: input channels 65537 exceeds 65536}}
  %a = tosa.avg_pool2d %arg0, %z, %z {acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65537xi8>
  return %a : tensor<1x1x1x65537xi8>
}

// CHECK-LABEL: func.func @u85_max_pool2d_channels_65537(
// CHECK-NOT:     qtosa.delegate
func.func @u85_max_pool2d_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> tensor<1x1x1x65537xi8> {
  // expected-remark @below {{stays on the host: U85.MAX_POOL2D.IFM_SIZE: input channels 65537 exceeds 65536}}
  %m = tosa.max_pool2d %arg0 {kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>) -> tensor<1x1x1x65537xi8>
  return %m : tensor<1x1x1x65537xi8>
}

// U85.AVG_POOL2D.IFM_SIZE and U85.MAX_POOL2D.IFM_SIZE bounded height and
// width at 65536 too, as Vela's documentation does; Vela 5.2 splits such
// pools (session 32, found by an audit of the probe): on the NPU.
// CHECK-LABEL: func.func @u85_pools_height_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           tosa.max_pool2d
func.func @u85_pools_height_65537(%arg0: tensor<1x65537x2x1xi8>) -> (tensor<1x65536x1x1xi8>, tensor<1x65536x1x1xi8>) {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %a = tosa.avg_pool2d %arg0, %z, %z {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65537x2x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x65536x1x1xi8>
  %m = tosa.max_pool2d %arg0 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65537x2x1xi8>) -> tensor<1x65536x1x1xi8>
  return %a, %m : tensor<1x65536x1x1xi8>, tensor<1x65536x1x1xi8>
}

// CHECK-LABEL: func.func @u85_pools_width_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           tosa.max_pool2d
func.func @u85_pools_width_65537(%arg0: tensor<1x2x65537x1xi8>) -> (tensor<1x1x65536x1xi8>, tensor<1x1x65536x1xi8>) {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %a = tosa.avg_pool2d %arg0, %z, %z {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x65537x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x65536x1xi8>
  %m = tosa.max_pool2d %arg0 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x65537x1xi8>) -> tensor<1x1x65536x1xi8>
  return %a, %m : tensor<1x1x65536x1xi8>, tensor<1x1x65536x1xi8>
}

// CHECK-LABEL: func.func @u85_conv_channels(
// CHECK:         tosa.conv2d %arg1
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
func.func @u85_conv_channels(%a: tensor<1x2x2x65536xi8>, %b: tensor<1x2x2x65537xi8>) -> (tensor<1x1x1x2xi32>, tensor<1x1x1x2xi32>) {
  %wa = "tosa.const"() <{values = dense<1> : tensor<2x2x2x65536xi8>}> : () -> tensor<2x2x2x65536xi8>
  %wb = "tosa.const"() <{values = dense<1> : tensor<2x2x2x65537xi8>}> : () -> tensor<2x2x2x65537xi8>
  %bias = "tosa.const"() <{values = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ca = tosa.conv2d %a, %wa, %bias, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x65536xi8>, tensor<2x2x2x65536xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi32>
  // expected-remark @below {{stays on the host: U85.CONV2D.CHANNELS: input channels 65537 exceeds 65536}}
  %cb = tosa.conv2d %b, %wb, %bias, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x65537xi8>, tensor<2x2x2x65537xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi32>
  return %ca, %cb : tensor<1x1x1x2xi32>, tensor<1x1x1x2xi32>
}

// Vela 5.2 splits more than 65536 output channels of a CONV2D on U85.

// CHECK-LABEL: func.func @u85_conv_output_channels_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @u85_conv_output_channels_65537(%a: tensor<1x2x2x1xi8>) -> tensor<1x2x2x65537xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<65537x1x1x1xi8>}> : () -> tensor<65537x1x1x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<65537xi32>}> : () -> tensor<65537xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.conv2d %a, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x1xi8>, tensor<65537x1x1x1xi8>, tensor<65537xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x65537xi32>
  return %v : tensor<1x2x2x65537xi32>
}

// -----

// U85.CONV3D.CHANNELS: as CONV2D's.

// CHECK-LABEL: func.func @u85_conv3d_channels(
// CHECK:         tosa.conv3d %arg1
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
func.func @u85_conv3d_channels(%a: tensor<1x1x1x1x65536xi8>, %b: tensor<1x1x1x1x65537xi8>) -> (tensor<1x1x1x1x1xi32>, tensor<1x1x1x1x1xi32>) {
  %wa = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x65536xi8>}> : () -> tensor<1x1x1x1x65536xi8>
  %wb = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x65537xi8>}> : () -> tensor<1x1x1x1x65537xi8>
  %bias = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ca = tosa.conv3d %a, %wa, %bias, %z, %z {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x65536xi8>, tensor<1x1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  // expected-remark @below {{stays on the host: U85.CONV3D.CHANNELS: input channels 65537 exceeds 65536}}
  %cb = tosa.conv3d %b, %wb, %bias, %z, %z {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x65537xi8>, tensor<1x1x1x1x65537xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %ca, %cb : tensor<1x1x1x1x1xi32>, tensor<1x1x1x1x1xi32>
}

// -----

// U85.RESIZE.CHANNELS: found with Vela 5.2, which refuses a resize of 65537
// channels (NEAREST or BILINEAR) on both targets.

// CHECK-LABEL: func.func @resize_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.resize
func.func @resize_channels_65536(%x: tensor<1x2x2x65536xi8>) -> tensor<1x4x4x65536xi8> {
  %s = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %o = tosa.const_shape {values = dense<-1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %x, %s, %o, %b {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x65536xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x65536xi8>
  return %y : tensor<1x4x4x65536xi8>
}

// CHECK-LABEL: func.func @resize_channels_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_channels_65537(%x: tensor<1x2x2x65537xi8>) -> tensor<1x4x4x65537xi8> {
  %s = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %o = tosa.const_shape {values = dense<-1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.const_shape {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U85.RESIZE.CHANNELS: channels 65537 exceeds 65536}}
  %y = tosa.resize %x, %s, %o, %b {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x65537xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x65537xi8>
  return %y : tensor<1x4x4x65537xi8>
}

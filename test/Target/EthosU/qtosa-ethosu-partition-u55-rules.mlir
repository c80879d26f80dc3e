// One case per Ethos-U55 rule of docs/generated/EthosURules.md: the op at the
// limit goes into a delegate; just past it, the op stays on the host with a
// remark naming the rule, the value and the limit.

// RUN: qtosa-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-partition{target=ethos-u55-128})' \
// RUN:   | FileCheck %s -enable-var-scope

// U55.TENSOR.FLOAT

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
  // expected-remark @below {{stays on the host: U55.TENSOR.FLOAT: tosa.maximum in float: it reads graph input #0, a float tensor nothing quantizes}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %v1 : tensor<4xf32>
}

// -----

// U55.TENSOR.BOOL

// CHECK-LABEL: func.func @bool_int(
// CHECK:         qtosa.delegate
// CHECK:           tosa.cast
// CHECK:           qtosa.yield
func.func @bool_int(%arg0: tensor<4xi8>) -> (tensor<4xi16>) {
  %v1 = tosa.cast %arg0 : (tensor<4xi8>) -> tensor<4xi16>
  return %v1 : tensor<4xi16>
}

// CHECK-LABEL: func.func @bool_i1(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.cast
func.func @bool_i1(%arg0: tensor<4xi1>) -> (tensor<4xi8>) {
  // expected-remark @below {{stays on the host: U55.TENSOR.BOOL: operand #0 is a bool (i1) tensor}}
  %v1 = tosa.cast %arg0 : (tensor<4xi1>) -> tensor<4xi8>
  return %v1 : tensor<4xi8>
}

// -----

// U55.TENSOR.64BIT

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
  // expected-remark @below {{stays on the host: U55.TENSOR.64BIT: operand #0 is a i64 tensor}}
  %v1 = tosa.add %arg0, %arg1 : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %v1 : tensor<4xi64>
}

// -----

// U55.TENSOR.DYNAMIC

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
  // expected-remark @below {{stays on the host: U55.TENSOR.DYNAMIC: operand #0 (tensor<?x8xi32>) has a dynamic shape}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<?x8xi32>, tensor<?x8xi32>) -> tensor<?x8xi32>
  return %v1 : tensor<?x8xi32>
}

// -----

// U55.TENSOR.RANK

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
  // expected-remark @below {{stays on the host: U55.TENSOR.RANK: operand #0 has rank 7 exceeds 6}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<1x1x1x1x1x1x1xi32>, tensor<1x1x1x1x1x1x1xi32>) -> tensor<1x1x1x1x1x1x1xi32>
  return %v1 : tensor<1x1x1x1x1x1x1xi32>
}

// -----

// U55.OP.NOT_SUPPORTED: every PRO-INT operator Vela leaves out for U55, one
// probe each

// CHECK-LABEL: func.func @logical_left_shift_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.logical_left_shift
// CHECK:           qtosa.yield
func.func @logical_left_shift_i32(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.logical_left_shift %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_bitwise_and(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_bitwise_and(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.bitwise_and' is not supported on Ethos-U55/U65}}
  %r = tosa.bitwise_and %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_bitwise_or(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_bitwise_or(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.bitwise_or' is not supported on Ethos-U55/U65}}
  %r = tosa.bitwise_or %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_bitwise_xor(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_bitwise_xor(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.bitwise_xor' is not supported on Ethos-U55/U65}}
  %r = tosa.bitwise_xor %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_intdiv(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_intdiv(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.intdiv' is not supported on Ethos-U55/U65}}
  %r = tosa.intdiv %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_logical_right_shift(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_logical_right_shift(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.logical_right_shift' is not supported on Ethos-U55/U65}}
  %r = tosa.logical_right_shift %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_bitwise_not(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_bitwise_not(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.bitwise_not' is not supported on Ethos-U55/U65}}
  %r = tosa.bitwise_not %arg0 : (tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_logical_and(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_logical_and(%arg1: tensor<4xi1>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.logical_and' is not supported on Ethos-U55/U65}}
  %r = tosa.logical_and %arg1, %arg1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_logical_or(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_logical_or(%arg1: tensor<4xi1>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.logical_or' is not supported on Ethos-U55/U65}}
  %r = tosa.logical_or %arg1, %arg1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_logical_xor(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_logical_xor(%arg1: tensor<4xi1>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.logical_xor' is not supported on Ethos-U55/U65}}
  %r = tosa.logical_xor %arg1, %arg1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_logical_not(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_logical_not(%arg1: tensor<4xi1>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.logical_not' is not supported on Ethos-U55/U65}}
  %r = tosa.logical_not %arg1 : (tensor<4xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_equal(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_equal(%arg0: tensor<4xi32>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.equal' is not supported on Ethos-U55/U65}}
  %r = tosa.equal %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_greater(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_greater(%arg0: tensor<4xi32>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.greater' is not supported on Ethos-U55/U65}}
  %r = tosa.greater %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_greater_equal(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_greater_equal(%arg0: tensor<4xi32>) -> tensor<4xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.greater_equal' is not supported on Ethos-U55/U65}}
  %r = tosa.greater_equal %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @not_supported_select(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_select(%arg0: tensor<4xi32>, %arg1: tensor<4xi1>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.select' is not supported on Ethos-U55/U65}}
  %r = tosa.select %arg1, %arg0, %arg0 : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @not_supported_reduce_all(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_reduce_all(%arg1: tensor<4xi1>) -> tensor<1xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.reduce_all' is not supported on Ethos-U55/U65}}
  %r = tosa.reduce_all %arg1 {axis = 0 : i32} : (tensor<4xi1>) -> tensor<1xi1>
  return %r : tensor<1xi1>
}

// CHECK-LABEL: func.func @not_supported_reduce_any(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_reduce_any(%arg1: tensor<4xi1>) -> tensor<1xi1> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.reduce_any' is not supported on Ethos-U55/U65}}
  %r = tosa.reduce_any %arg1 {axis = 0 : i32} : (tensor<4xi1>) -> tensor<1xi1>
  return %r : tensor<1xi1>
}

// CHECK-LABEL: func.func @not_supported_gather(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_gather(%arg2: tensor<1x4x2xi8>, %arg3: tensor<1x3xi32>) -> tensor<1x3x2xi8> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.gather' is not supported on Ethos-U55/U65}}
  %r = tosa.gather %arg2, %arg3 : (tensor<1x4x2xi8>, tensor<1x3xi32>) -> tensor<1x3x2xi8>
  return %r : tensor<1x3x2xi8>
}

// CHECK-LABEL: func.func @not_supported_scatter(
// CHECK-NOT:     qtosa.delegate
func.func @not_supported_scatter(%arg2: tensor<1x4x2xi8>, %arg3: tensor<1x3xi32>, %arg4: tensor<1x3x2xi8>) -> tensor<1x4x2xi8> {
  // expected-remark @below {{stays on the host: U55.OP.NOT_SUPPORTED: 'tosa.scatter' is not supported on Ethos-U55/U65}}
  %r = tosa.scatter %arg2, %arg3, %arg4 : (tensor<1x4x2xi8>, tensor<1x3xi32>, tensor<1x3x2xi8>) -> tensor<1x4x2xi8>
  return %r : tensor<1x4x2xi8>
}
// -----

// U55.CALL.HOST: a call of a function with no body here (not a Vela probe:
// a call has no TOSA form).

// CHECK-LABEL: func.func @calls_callee(
// CHECK-NOT:     qtosa.delegate
func.func @calls_callee(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark @below {{stays on the host: U55.CALL.HOST: calls 'callee', a function without a body here}}
  %r = func.call @callee(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func private @callee(tensor<4xi32>) -> tensor<4xi32>

// -----

// U55.CONV2D.DTYPES

// CHECK-LABEL: func.func @conv2d_i8_i8_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_i8_i8_i32(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v5 : tensor<1x2x2x3xi32>
}

// CHECK-LABEL: func.func @conv2d_i16_i16_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
func.func @conv2d_i16_i16_i48(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi16>}> : () -> tensor<3x1x1x2xi16>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.CONV2D.DTYPES: (input, weight, accumulator) is (i16, i16, i48)}}
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi16>, tensor<3xi48>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x2x2x3xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.conv2d' on the host (U55.CONV2D.DTYPES)}}
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %v10 : tensor<1x2x2x3xi16>
}

// -----

// U55.CONV2D.I48_RESCALE

// CHECK-LABEL: func.func @conv2d_i48_rescaled(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_i48_rescaled(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %v10 : tensor<1x2x2x3xi16>
}

// CHECK-LABEL: func.func @conv2d_i48_returned(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
func.func @conv2d_i48_returned(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi48>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV2D.I48_RESCALE: the i48 accumulator feeds 'func.return', not a tosa.rescale}}
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  return %v5 : tensor<1x2x2x3xi48>
}

// -----

// U55.CONV2D.WEIGHTS_CONST

// CHECK-LABEL: func.func @conv2d_const_weights(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_const_weights(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v5 : tensor<1x2x2x3xi32>
}

// CHECK-LABEL: func.func @conv2d_weights_argument(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
func.func @conv2d_weights_argument(%arg0: tensor<1x2x2x2xi8>, %arg1: tensor<3x1x1x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV2D.WEIGHTS_CONST: the weights are not a constant}}
  %v4 = tosa.conv2d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v4 : tensor<1x2x2x3xi32>
}

// -----

// U55.CONV2D.CHANNELS: Vela 5.2 splits more than 65536 output channels
// and refuses more than 65536 input channels, from any image

// CHECK-LABEL: func.func @conv2d_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_channels_65536(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x65536xi8>}> : () -> tensor<1x1x1x65536xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv2d_output_channels_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_output_channels_65537(%arg0: tensor<1x1x1x1xi8>) -> (tensor<1x1x1x65537xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<65537x1x1x1xi8>}> : () -> tensor<65537x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<65537xi32>}> : () -> tensor<65537xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi8>, tensor<65537x1x1x1xi8>, tensor<65537xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65537xi32>
  return %v5 : tensor<1x1x1x65537xi32>
}

// CHECK-LABEL: func.func @conv2d_input_channels_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
func.func @conv2d_input_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x65537xi8>}> : () -> tensor<1x1x1x65537xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV2D.CHANNELS: input channels 65537 exceeds 65536}}
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>, tensor<1x1x1x65537xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// Was U55.CONV2D.KERNEL_XY: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @conv2d_kernel_64x64(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_kernel_64x64(%arg0: tensor<1x64x64x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x64x64x1xi8>}> : () -> tensor<1x64x64x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x64x64x1xi8>, tensor<1x64x64x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv2d_kernel_64x65(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
func.func @conv2d_kernel_64x65(%arg0: tensor<1x64x65x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x64x65x1xi8>}> : () -> tensor<1x64x65x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x64x65x1xi8>, tensor<1x64x65x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// Was U55.CONV2D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @conv2d_kernel_64x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_kernel_64x1(%arg0: tensor<1x64x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x64x1x1xi8>}> : () -> tensor<1x64x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x64x1x1xi8>, tensor<1x64x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv2d_kernel_65x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
func.func @conv2d_kernel_65x1(%arg0: tensor<1x65x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x65x1x1xi8>}> : () -> tensor<1x65x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65x1x1xi8>, tensor<1x65x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// Was U55.CONV2D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.: the limit is on the dilated kernel

// CHECK-LABEL: func.func @conv2d_dilated_height_63(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_dilated_height_63(%arg0: tensor<1x63x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x32x1x1xi8>}> : () -> tensor<1x32x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 2, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x63x1x1xi8>, tensor<1x32x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv2d_dilated_height_65(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
func.func @conv2d_dilated_height_65(%arg0: tensor<1x65x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x33x1x1xi8>}> : () -> tensor<1x33x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 2, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65x1x1xi8>, tensor<1x33x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// Was U55.CONV2D.STRIDE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @conv2d_stride_3(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_stride_3(%arg0: tensor<1x7x7x1xi8>) -> (tensor<1x3x3x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 3, 3>} : (tensor<1x7x7x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi32>
  return %v5 : tensor<1x3x3x1xi32>
}

// CHECK-LABEL: func.func @conv2d_stride_4(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
func.func @conv2d_stride_4(%arg0: tensor<1x9x9x1xi8>) -> (tensor<1x3x9x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 4, 1>} : (tensor<1x9x9x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x9x1xi32>
  return %v5 : tensor<1x3x9x1xi32>
}

// -----

// Was U55.CONV2D.WEIGHT_SUM (Vela's documentation): Vela 5.2 compiles a
// per-channel sum of |weight - zero point| past 127 * 65536, so the rule is
// gone and both are on the NPU.

// CHECK-LABEL: func.func @conv2d_weight_sum_at_limit(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_weight_sum_at_limit(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<127> : tensor<1x1x1x65536xi8>}> : () -> tensor<1x1x1x65536xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv2d_weight_sum_past_limit(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_weight_sum_past_limit(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<127> : tensor<1x1x1x65536xi8>}> : () -> tensor<1x1x1x65536xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// Was U55.CONV2D.BIAS (Vela's documentation): Vela 5.2 compiles a bias
// outside int40, so the rule is gone and both are on the NPU.

// CHECK-LABEL: func.func @conv2d_bias_int40_max(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_bias_int40_max(%arg0: tensor<1x1x1x1xi16>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<549755813887> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1xi16>
}

// CHECK-LABEL: func.func @conv2d_bias_past_int40(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv2d
// CHECK:           qtosa.yield
func.func @conv2d_bias_past_int40(%arg0: tensor<1x1x1x1xi16>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<549755813888> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1xi16>
}

// -----

// U55.DEPTHWISE_CONV2D.DTYPES

// CHECK-LABEL: func.func @depthwise_conv2d_i8_i8_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_i8_i8_i32(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x6xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x2x3xi8>}> : () -> tensor<1x1x2x3xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<6xi32>}> : () -> tensor<6xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<1x1x2x3xi8>, tensor<6xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x6xi32>
  return %v5 : tensor<1x2x2x6xi32>
}

// CHECK-LABEL: func.func @depthwise_conv2d_i16_i16_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.depthwise_conv2d
func.func @depthwise_conv2d_i16_i16_i48(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x6xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x2x3xi16>}> : () -> tensor<1x1x2x3xi16>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<6xi48>}> : () -> tensor<6xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.DEPTHWISE_CONV2D.DTYPES: (input, weight, accumulator) is (i16, i16, i48)}}
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<1x1x2x3xi16>, tensor<6xi48>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x2x2x6xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.depthwise_conv2d' on the host (U55.DEPTHWISE_CONV2D.DTYPES)}}
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x6xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x6xi16>
  return %v10 : tensor<1x2x2x6xi16>
}

// -----

// U55.DEPTHWISE_CONV2D.I48_RESCALE

// CHECK-LABEL: func.func @depthwise_conv2d_i48_rescaled(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_i48_rescaled(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x6xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x2x3xi8>}> : () -> tensor<1x1x2x3xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<6xi48>}> : () -> tensor<6xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<1x1x2x3xi8>, tensor<6xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x6xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x6xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x6xi16>
  return %v10 : tensor<1x2x2x6xi16>
}

// CHECK-LABEL: func.func @depthwise_conv2d_i48_returned(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.depthwise_conv2d
func.func @depthwise_conv2d_i48_returned(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x6xi48>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x2x3xi8>}> : () -> tensor<1x1x2x3xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<6xi48>}> : () -> tensor<6xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.DEPTHWISE_CONV2D.I48_RESCALE: the i48 accumulator feeds 'func.return', not a tosa.rescale}}
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<1x1x2x3xi8>, tensor<6xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x6xi48>
  return %v5 : tensor<1x2x2x6xi48>
}

// -----

// U55.DEPTHWISE_CONV2D.WEIGHTS_CONST

// CHECK-LABEL: func.func @depthwise_conv2d_const_weights(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_const_weights(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x6xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x2x3xi8>}> : () -> tensor<1x1x2x3xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<6xi32>}> : () -> tensor<6xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<1x1x2x3xi8>, tensor<6xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x6xi32>
  return %v5 : tensor<1x2x2x6xi32>
}

// CHECK-LABEL: func.func @depthwise_conv2d_weights_argument(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.depthwise_conv2d
func.func @depthwise_conv2d_weights_argument(%arg0: tensor<1x2x2x2xi8>, %arg1: tensor<1x1x2x3xi8>) -> (tensor<1x2x2x6xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<6xi32>}> : () -> tensor<6xi32>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.DEPTHWISE_CONV2D.WEIGHTS_CONST: the weights are not a constant}}
  %v4 = tosa.depthwise_conv2d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<1x1x2x3xi8>, tensor<6xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x6xi32>
  return %v4 : tensor<1x2x2x6xi32>
}

// -----

// U55.DEPTHWISE_CONV2D.CHANNELS

// CHECK-LABEL: func.func @depthwise_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_channels_65536(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x65536xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x65536x1xi8>}> : () -> tensor<1x1x65536x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<65536xi32>}> : () -> tensor<65536xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1x1x65536x1xi8>, tensor<65536xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65536xi32>
  return %v5 : tensor<1x1x1x65536xi32>
}

// CHECK-LABEL: func.func @depthwise_channels_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.depthwise_conv2d
func.func @depthwise_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> (tensor<1x1x1x65537xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x65537x1xi8>}> : () -> tensor<1x1x65537x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<65537xi32>}> : () -> tensor<65537xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.DEPTHWISE_CONV2D.CHANNELS: input channels 65537 exceeds 65536}}
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>, tensor<1x1x65537x1xi8>, tensor<65537xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65537xi32>
  return %v5 : tensor<1x1x1x65537xi32>
}

// -----

// Was U55.DEPTHWISE_CONV2D.KERNEL_XY: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @depthwise_conv2d_kernel_64x64(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_kernel_64x64(%arg0: tensor<1x64x64x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<64x64x1x1xi8>}> : () -> tensor<64x64x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x64x64x1xi8>, tensor<64x64x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @depthwise_conv2d_kernel_64x65(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
func.func @depthwise_conv2d_kernel_64x65(%arg0: tensor<1x64x65x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<64x65x1x1xi8>}> : () -> tensor<64x65x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x64x65x1xi8>, tensor<64x65x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// Was U55.DEPTHWISE_CONV2D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @depthwise_conv2d_kernel_64x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_kernel_64x1(%arg0: tensor<1x64x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<64x1x1x1xi8>}> : () -> tensor<64x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x64x1x1xi8>, tensor<64x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// CHECK-LABEL: func.func @depthwise_conv2d_kernel_65x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
func.func @depthwise_conv2d_kernel_65x1(%arg0: tensor<1x65x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<65x1x1x1xi8>}> : () -> tensor<65x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65x1x1xi8>, tensor<65x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1xi32>
}

// -----

// U55.DEPTHWISE_CONV2D.STRIDE

// CHECK-LABEL: func.func @depthwise_conv2d_stride_3(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_stride_3(%arg0: tensor<1x7x7x1xi8>) -> (tensor<1x3x3x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 3, 3>} : (tensor<1x7x7x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi32>
  return %v5 : tensor<1x3x3x1xi32>
}

// CHECK-LABEL: func.func @depthwise_conv2d_stride_4(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.depthwise_conv2d
func.func @depthwise_conv2d_stride_4(%arg0: tensor<1x9x9x1xi8>) -> (tensor<1x3x9x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.DEPTHWISE_CONV2D.STRIDE: stride height 4 exceeds 3}}
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 4, 1>} : (tensor<1x9x9x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x9x1xi32>
  return %v5 : tensor<1x3x9x1xi32>
}

// -----

// Was U55.DEPTHWISE_CONV2D.BIAS (Vela's documentation): Vela 5.2 compiles a bias
// outside int40, so the rule is gone and both are on the NPU.

// CHECK-LABEL: func.func @depthwise_conv2d_bias_int40_max(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_bias_int40_max(%arg0: tensor<1x1x1x1xi16>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<549755813887> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1xi16>
}

// CHECK-LABEL: func.func @depthwise_conv2d_bias_past_int40(
// CHECK:         qtosa.delegate
// CHECK:           tosa.depthwise_conv2d
// CHECK:           qtosa.yield
func.func @depthwise_conv2d_bias_past_int40(%arg0: tensor<1x1x1x1xi16>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<549755813888> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.depthwise_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1xi16>
}

// -----

// U55.CONV3D.DTYPES

// CHECK-LABEL: func.func @conv3d_i8_i8_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_i8_i8_i32(%arg0: tensor<1x1x2x2x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v5 : tensor<1x1x2x2x3xi32>
}

// CHECK-LABEL: func.func @conv3d_i16_i16_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv3d
func.func @conv3d_i16_i16_i48(%arg0: tensor<1x1x2x2x2xi16>) -> (tensor<1x1x2x2x3xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi16>}> : () -> tensor<3x1x1x1x2xi16>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.CONV3D.DTYPES: (input, weight, accumulator) is (i16, i16, i48)}}
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi16>, tensor<3x1x1x1x2xi16>, tensor<3xi48>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x1x2x2x3xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.conv3d' on the host (U55.CONV3D.DTYPES)}}
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x2x2x3xi16>
  return %v10 : tensor<1x1x2x2x3xi16>
}

// -----

// U55.CONV3D.I48_RESCALE

// CHECK-LABEL: func.func @conv3d_i48_rescaled(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_i48_rescaled(%arg0: tensor<1x1x2x2x2xi16>) -> (tensor<1x1x2x2x3xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi16>, tensor<3x1x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x2x2x3xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x2x2x3xi16>
  return %v10 : tensor<1x1x2x2x3xi16>
}

// CHECK-LABEL: func.func @conv3d_i48_returned(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv3d
func.func @conv3d_i48_returned(%arg0: tensor<1x1x2x2x2xi16>) -> (tensor<1x1x2x2x3xi48>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV3D.I48_RESCALE: the i48 accumulator feeds 'func.return', not a tosa.rescale}}
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi16>, tensor<3x1x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x2x2x3xi48>
  return %v5 : tensor<1x1x2x2x3xi48>
}

// -----

// U55.CONV3D.WEIGHTS_CONST

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
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv3d
func.func @conv3d_weights_argument(%arg0: tensor<1x1x2x2x2xi8>, %arg1: tensor<3x1x1x1x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV3D.WEIGHTS_CONST: the weights are not a constant}}
  %v4 = tosa.conv3d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v4 : tensor<1x1x2x2x3xi32>
}

// -----

// U55.CONV3D.KERNEL_D

// CHECK-LABEL: func.func @conv3d_depth1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_depth1(%arg0: tensor<1x1x2x2x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x1x2xi8>}> : () -> tensor<3x1x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x2x2x2xi8>, tensor<3x1x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v5 : tensor<1x1x2x2x3xi32>
}

// CHECK-LABEL: func.func @conv3d_depth2(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv3d
func.func @conv3d_depth2(%arg0: tensor<1x2x2x2x2xi8>) -> (tensor<1x1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x2x1x1x2xi8>}> : () -> tensor<3x2x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV3D.KERNEL_D: kernel depth 2 exceeds 1}}
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x2x2x2x2xi8>, tensor<3x2x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2x3xi32>
  return %v5 : tensor<1x1x2x2x3xi32>
}

// -----

// U55.CONV3D.CHANNELS: Vela 5.2 splits more than 65536 output channels
// and refuses more than 65536 input channels, from any image

// CHECK-LABEL: func.func @conv3d_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_channels_65536(%arg0: tensor<1x1x1x1x65536xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x65536xi8>}> : () -> tensor<1x1x1x1x65536xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x65536xi8>, tensor<1x1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv3d_output_channels_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_output_channels_65537(%arg0: tensor<1x1x1x1x1xi8>) -> (tensor<1x1x1x1x65537xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<65537x1x1x1x1xi8>}> : () -> tensor<65537x1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<65537xi32>}> : () -> tensor<65537xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x1xi8>, tensor<65537x1x1x1x1xi8>, tensor<65537xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x65537xi32>
  return %v5 : tensor<1x1x1x1x65537xi32>
}

// CHECK-LABEL: func.func @conv3d_input_channels_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv3d
func.func @conv3d_input_channels_65537(%arg0: tensor<1x1x1x1x65537xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x65537xi8>}> : () -> tensor<1x1x1x1x65537xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV3D.CHANNELS: input channels 65537 exceeds 65536}}
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x65537xi8>, tensor<1x1x1x1x65537xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// -----

// Was U55.CONV3D.KERNEL_XY: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @conv3d_kernel_64x64(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_kernel_64x64(%arg0: tensor<1x1x64x64x1xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x64x64x1xi8>}> : () -> tensor<1x1x64x64x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x64x64x1xi8>, tensor<1x1x64x64x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv3d_kernel_64x65(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
func.func @conv3d_kernel_64x65(%arg0: tensor<1x1x64x65x1xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x64x65x1xi8>}> : () -> tensor<1x1x64x65x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x64x65x1xi8>, tensor<1x1x64x65x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// -----

// Was U55.CONV3D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @conv3d_kernel_64x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_kernel_64x1(%arg0: tensor<1x1x64x1x1xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x64x1x1xi8>}> : () -> tensor<1x1x64x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x64x1x1xi8>, tensor<1x1x64x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv3d_kernel_65x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
func.func @conv3d_kernel_65x1(%arg0: tensor<1x1x65x1x1xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x65x1x1xi8>}> : () -> tensor<1x1x65x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x65x1x1xi8>, tensor<1x1x65x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// -----

// Was U55.CONV3D.STRIDE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @conv3d_stride_3(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_stride_3(%arg0: tensor<1x1x7x7x1xi8>) -> (tensor<1x1x3x3x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x1xi8>}> : () -> tensor<1x1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 3, 3>} : (tensor<1x1x7x7x1xi8>, tensor<1x1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x3x3x1xi32>
  return %v5 : tensor<1x1x3x3x1xi32>
}

// CHECK-LABEL: func.func @conv3d_stride_4(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
func.func @conv3d_stride_4(%arg0: tensor<1x1x9x9x1xi8>) -> (tensor<1x1x3x9x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x1xi8>}> : () -> tensor<1x1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 4, 1>} : (tensor<1x1x9x9x1xi8>, tensor<1x1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x3x9x1xi32>
  return %v5 : tensor<1x1x3x9x1xi32>
}

// -----

// Was U55.CONV3D.WEIGHT_SUM (Vela's documentation): Vela 5.2 compiles a
// per-channel sum of |weight - zero point| past 127 * 65536, so the rule is
// gone and both are on the NPU.

// CHECK-LABEL: func.func @conv3d_weight_sum_at_limit(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_weight_sum_at_limit(%arg0: tensor<1x1x1x1x65536xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<127> : tensor<1x1x1x1x65536xi8>}> : () -> tensor<1x1x1x1x65536xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x65536xi8>, tensor<1x1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// CHECK-LABEL: func.func @conv3d_weight_sum_past_limit(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_weight_sum_past_limit(%arg0: tensor<1x1x1x1x65536xi8>) -> (tensor<1x1x1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<127> : tensor<1x1x1x1x65536xi8>}> : () -> tensor<1x1x1x1x65536xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x65536xi8>, tensor<1x1x1x1x65536xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1x1xi32>
  return %v5 : tensor<1x1x1x1x1xi32>
}

// -----

// Was U55.CONV3D.BIAS (Vela's documentation): Vela 5.2 compiles a bias
// outside int40, so the rule is gone and both are on the NPU.

// CHECK-LABEL: func.func @conv3d_bias_int40_max(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_bias_int40_max(%arg0: tensor<1x1x1x1x1xi16>) -> (tensor<1x1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x1xi8>}> : () -> tensor<1x1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<549755813887> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x1xi16>, tensor<1x1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1x1xi16>
}

// CHECK-LABEL: func.func @conv3d_bias_past_int40(
// CHECK:         qtosa.delegate
// CHECK:           tosa.conv3d
// CHECK:           qtosa.yield
func.func @conv3d_bias_past_int40(%arg0: tensor<1x1x1x1x1xi16>) -> (tensor<1x1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1x1xi8>}> : () -> tensor<1x1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<549755813888> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv3d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x1x1x1x1xi16>, tensor<1x1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1x1xi16>
}

// -----

// U55.TRANSPOSE_CONV2D.DTYPES

// CHECK-LABEL: func.func @transpose_conv2d_i8_i8_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @transpose_conv2d_i8_i8_i32(%arg0: tensor<1x2x2x2xi8>) -> (tensor<1x2x2x3xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi32>}> : () -> tensor<3xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v5 : tensor<1x2x2x3xi32>
}

// CHECK-LABEL: func.func @transpose_conv2d_i16_i16_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @transpose_conv2d_i16_i16_i48(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi16>}> : () -> tensor<3x1x1x2xi16>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.DTYPES: (input, weight, accumulator) is (i16, i16, i48)}}
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi16>, tensor<3xi48>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x2x2x3xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.transpose_conv2d' on the host (U55.TRANSPOSE_CONV2D.DTYPES)}}
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %v10 : tensor<1x2x2x3xi16>
}

// -----

// U55.TRANSPOSE_CONV2D.DTYPES: Vela 5.2 compiles no 16x8 transposed
// convolution for U55, even when a RESCALE reads the i48 accumulator.

// CHECK-LABEL: func.func @transpose_conv2d_i48_rescaled(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @transpose_conv2d_i48_rescaled(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.DTYPES: (input, weight, accumulator) is (i16, i8, i48)}}
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.transpose_conv2d' on the host (U55.TRANSPOSE_CONV2D.DTYPES)}}
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %v10 : tensor<1x2x2x3xi16>
}

// CHECK-LABEL: func.func @transpose_conv2d_i48_returned(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @transpose_conv2d_i48_returned(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi48>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.DTYPES: (input, weight, accumulator) is (i16, i8, i48)}}
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  return %v5 : tensor<1x2x2x3xi48>
}

// -----

// U55.TRANSPOSE_CONV2D.WEIGHTS_CONST

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
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.WEIGHTS_CONST: the weights are not a constant}}
  %v4 = tosa.transpose_conv2d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x3xi32>
  return %v4 : tensor<1x2x2x3xi32>
}

// -----

// Was U55.TRANSPOSE_CONV2D.IFM_SIZE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @tconv_input_height_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @tconv_input_height_65536(%arg0: tensor<1x65536x1x1xi8>) -> (tensor<1x65536x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65536x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x65536x1x1xi32>
  return %v5 : tensor<1x65536x1x1xi32>
}

// CHECK-LABEL: func.func @tconv_input_height_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
func.func @tconv_input_height_65537(%arg0: tensor<1x65537x1x1xi8>) -> (tensor<1x65537x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65537x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x65537x1x1xi32>
  return %v5 : tensor<1x65537x1x1xi32>
}

// -----

// Was U55.TRANSPOSE_CONV2D.KERNEL_XY: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @tconv_kernel_64x64(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @tconv_kernel_64x64(%arg0: tensor<1x1x1x1xi8>) -> (tensor<1x64x64x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x64x64x1xi8>}> : () -> tensor<1x64x64x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi8>, tensor<1x64x64x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x64x64x1xi32>
  return %v5 : tensor<1x64x64x1xi32>
}

// CHECK-LABEL: func.func @tconv_kernel_64x65(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
func.func @tconv_kernel_64x65(%arg0: tensor<1x1x1x1xi8>) -> (tensor<1x64x65x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x64x65x1xi8>}> : () -> tensor<1x64x65x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi8>, tensor<1x64x65x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x64x65x1xi32>
  return %v5 : tensor<1x64x65x1xi32>
}

// -----

// Was U55.TRANSPOSE_CONV2D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @tconv_kernel_64x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @tconv_kernel_64x1(%arg0: tensor<1x1x1x1xi8>) -> (tensor<1x64x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x64x1x1xi8>}> : () -> tensor<1x64x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi8>, tensor<1x64x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x64x1x1xi32>
  return %v5 : tensor<1x64x1x1xi32>
}

// CHECK-LABEL: func.func @tconv_kernel_65x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
func.func @tconv_kernel_65x1(%arg0: tensor<1x1x1x1xi8>) -> (tensor<1x65x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x65x1x1xi8>}> : () -> tensor<1x65x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi8>, tensor<1x65x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x65x1x1xi32>
  return %v5 : tensor<1x65x1x1xi32>
}

// -----

// U55.TRANSPOSE_CONV2D.STRIDE

// CHECK-LABEL: func.func @tconv_stride_2x2(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @tconv_stride_2x2(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x3x3x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x2x2x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi32>
  return %v5 : tensor<1x3x3x1xi32>
}

// CHECK-LABEL: func.func @tconv_stride_3x3(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @tconv_stride_3x3(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x4x4x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.STRIDE: stride 3x3 is not 1x1, 2x2, 1x2 or 2x1}}
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 3, 3>} : (tensor<1x2x2x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x1xi32>
  return %v5 : tensor<1x4x4x1xi32>
}

// -----

// U55.TRANSPOSE_CONV2D.STRIDE: 1x2 only on one row

// CHECK-LABEL: func.func @tconv_stride_1x2_row(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @tconv_stride_1x2_row(%arg0: tensor<1x1x2x1xi8>) -> (tensor<1x1x3x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<1x1x2x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x3x1xi32>
  return %v5 : tensor<1x1x3x1xi32>
}

// CHECK-LABEL: func.func @tconv_stride_1x2_rows(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @tconv_stride_1x2_rows(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x2x3x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.STRIDE: stride 1x2 needs input height and kernel height 1, not 2 and 1}}
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<1x2x2x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x3x1xi32>
  return %v5 : tensor<1x2x3x1xi32>
}

// -----

// U55.TRANSPOSE_CONV2D.STRIDE: 2x1 only on one column

// CHECK-LABEL: func.func @tconv_stride_2x1_column(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose_conv2d
// CHECK:           qtosa.yield
func.func @tconv_stride_2x1_column(%arg0: tensor<1x2x1x1xi8>) -> (tensor<1x3x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 1>} : (tensor<1x2x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x1x1xi32>
  return %v5 : tensor<1x3x1x1xi32>
}

// CHECK-LABEL: func.func @tconv_stride_2x1_kernel(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose_conv2d
func.func @tconv_stride_2x1_kernel(%arg0: tensor<1x2x1x1xi8>) -> (tensor<1x3x2x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x2x1xi8>}> : () -> tensor<1x1x2x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.TRANSPOSE_CONV2D.STRIDE: stride 2x1 needs input width and kernel width 1, not 1 and 2}}
  %v5 = tosa.transpose_conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 1>} : (tensor<1x2x1x1xi8>, tensor<1x1x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x2x1xi32>
  return %v5 : tensor<1x3x2x1xi32>
}

// -----

// Was U55.AVG_POOL2D.BATCH: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @avg_pool_batch1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           qtosa.yield
func.func @avg_pool_batch1(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %v3 : tensor<1x1x1x1xi8>
}

// CHECK-LABEL: func.func @avg_pool_batch2(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool_batch2(%arg0: tensor<2x2x2x1xi8>) -> (tensor<2x1x1x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x2x2x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x1x1x1xi8>
  return %v3 : tensor<2x1x1x1xi8>
}

// -----

// U55.AVG_POOL2D.IFM_SIZE

// CHECK-LABEL: func.func @avg_pool2d_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           qtosa.yield
func.func @avg_pool2d_channels_65536(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x65536xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65536xi8>
  return %v3 : tensor<1x1x1x65536xi8>
}

// CHECK-LABEL: func.func @avg_pool2d_channels_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.avg_pool2d
func.func @avg_pool2d_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> (tensor<1x1x1x65537xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.AVG_POOL2D.IFM_SIZE: input channels 65537 exceeds 65536}}
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x65537xi8>
  return %v3 : tensor<1x1x1x65537xi8>
}

// The rule bounded height and width at 65536 too, as Vela's documentation
// does; Vela 5.2 splits such pools (session 32, found by an audit of the
// probe): on the NPU.
// CHECK-LABEL: func.func @avg_pool2d_height_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool2d_height_65537(%arg0: tensor<1x65537x2x1xi8>) -> tensor<1x65536x1x1xi8> {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.avg_pool2d %arg0, %z, %z {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65537x2x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x65536x1x1xi8>
  return %v : tensor<1x65536x1x1xi8>
}

// CHECK-LABEL: func.func @avg_pool2d_width_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool2d_width_65537(%arg0: tensor<1x2x65537x1xi8>) -> tensor<1x1x65536x1xi8> {
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v = tosa.avg_pool2d %arg0, %z, %z {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x65537x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x65536x1xi8>
  return %v : tensor<1x1x65536x1xi8>
}

// -----

// U55.AVG_POOL2D.KERNEL_PADDED

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

// CHECK-LABEL: func.func @avg_pool_padded_9x8(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.avg_pool2d
func.func @avg_pool_padded_9x8(%arg0: tensor<1x9x8x1xi8>) -> (tensor<1x3x3x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.AVG_POOL2D.KERNEL_PADDED: with padding, kernel height 9 exceeds 8}}
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 9, 8>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x9x8x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi8>
  return %v3 : tensor<1x3x3x1xi8>
}

// -----

// Was U55.AVG_POOL2D.KERNEL_XY: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @avg_pool2d_kernel_256x256(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           qtosa.yield
func.func @avg_pool2d_kernel_256x256(%arg0: tensor<1x256x256x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 256, 256>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x256x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %v3 : tensor<1x1x1x1xi8>
}

// CHECK-LABEL: func.func @avg_pool2d_kernel_256x257(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool2d_kernel_256x257(%arg0: tensor<1x256x257x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 256, 257>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x257x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %v3 : tensor<1x1x1x1xi8>
}

// -----

// Was U55.AVG_POOL2D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @avg_pool2d_kernel_256x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           qtosa.yield
func.func @avg_pool2d_kernel_256x1(%arg0: tensor<1x256x1x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 256, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x1x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %v3 : tensor<1x1x1x1xi8>
}

// CHECK-LABEL: func.func @avg_pool2d_kernel_257x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool2d_kernel_257x1(%arg0: tensor<1x257x1x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 257, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x257x1x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %v3 : tensor<1x1x1x1xi8>
}

// -----

// Was U55.AVG_POOL2D.STRIDE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @avg_pool2d_stride_3(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
// CHECK:           qtosa.yield
func.func @avg_pool2d_stride_3(%arg0: tensor<1x7x7x1xi8>) -> (tensor<1x3x3x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 3, 3>} : (tensor<1x7x7x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi8>
  return %v3 : tensor<1x3x3x1xi8>
}

// CHECK-LABEL: func.func @avg_pool2d_stride_4(
// CHECK:         qtosa.delegate
// CHECK:           tosa.avg_pool2d
func.func @avg_pool2d_stride_4(%arg0: tensor<1x9x9x1xi8>) -> (tensor<1x9x3x1xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.avg_pool2d %arg0, %c1, %c2 {acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 4>} : (tensor<1x9x9x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x9x3x1xi8>
  return %v3 : tensor<1x9x3x1xi8>
}

// -----

// U55.MAX_POOL2D.IFM_SIZE

// CHECK-LABEL: func.func @max_pool2d_channels_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
// CHECK:           qtosa.yield
func.func @max_pool2d_channels_65536(%arg0: tensor<1x1x1x65536xi8>) -> (tensor<1x1x1x65536xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65536xi8>) -> tensor<1x1x1x65536xi8>
  return %v1 : tensor<1x1x1x65536xi8>
}

// CHECK-LABEL: func.func @max_pool2d_channels_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.max_pool2d
func.func @max_pool2d_channels_65537(%arg0: tensor<1x1x1x65537xi8>) -> (tensor<1x1x1x65537xi8>) {
  // expected-remark @below {{stays on the host: U55.MAX_POOL2D.IFM_SIZE: input channels 65537 exceeds 65536}}
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x65537xi8>) -> tensor<1x1x1x65537xi8>
  return %v1 : tensor<1x1x1x65537xi8>
}

// The rule bounded height and width at 65536 too, as Vela's documentation
// does; Vela 5.2 splits such pools (session 32, found by an audit of the
// probe): on the NPU.
// CHECK-LABEL: func.func @max_pool2d_height_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
func.func @max_pool2d_height_65537(%arg0: tensor<1x65537x2x1xi8>) -> tensor<1x65536x1x1xi8> {
  %v = tosa.max_pool2d %arg0 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x65537x2x1xi8>) -> tensor<1x65536x1x1xi8>
  return %v : tensor<1x65536x1x1xi8>
}

// CHECK-LABEL: func.func @max_pool2d_width_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
func.func @max_pool2d_width_65537(%arg0: tensor<1x2x65537x1xi8>) -> tensor<1x1x65536x1xi8> {
  %v = tosa.max_pool2d %arg0 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x65537x1xi8>) -> tensor<1x1x65536x1xi8>
  return %v : tensor<1x1x65536x1xi8>
}

// -----

// Was U55.MAX_POOL2D.KERNEL_XY: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @max_pool2d_kernel_256x256(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
// CHECK:           qtosa.yield
func.func @max_pool2d_kernel_256x256(%arg0: tensor<1x256x256x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 256, 256>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x256x1xi8>) -> tensor<1x1x1x1xi8>
  return %v1 : tensor<1x1x1x1xi8>
}

// CHECK-LABEL: func.func @max_pool2d_kernel_256x257(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
func.func @max_pool2d_kernel_256x257(%arg0: tensor<1x256x257x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 256, 257>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x257x1xi8>) -> tensor<1x1x1x1xi8>
  return %v1 : tensor<1x1x1x1xi8>
}

// -----

// Was U55.MAX_POOL2D.KERNEL_H: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @max_pool2d_kernel_256x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
// CHECK:           qtosa.yield
func.func @max_pool2d_kernel_256x1(%arg0: tensor<1x256x1x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 256, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x256x1x1xi8>) -> tensor<1x1x1x1xi8>
  return %v1 : tensor<1x1x1x1xi8>
}

// CHECK-LABEL: func.func @max_pool2d_kernel_257x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
func.func @max_pool2d_kernel_257x1(%arg0: tensor<1x257x1x1xi8>) -> (tensor<1x1x1x1xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 257, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x257x1x1xi8>) -> tensor<1x1x1x1xi8>
  return %v1 : tensor<1x1x1x1xi8>
}

// -----

// Was U55.MAX_POOL2D.STRIDE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @max_pool2d_stride_3(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
// CHECK:           qtosa.yield
func.func @max_pool2d_stride_3(%arg0: tensor<1x7x7x1xi8>) -> (tensor<1x3x3x1xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 3, 3>} : (tensor<1x7x7x1xi8>) -> tensor<1x3x3x1xi8>
  return %v1 : tensor<1x3x3x1xi8>
}

// CHECK-LABEL: func.func @max_pool2d_stride_4(
// CHECK:         qtosa.delegate
// CHECK:           tosa.max_pool2d
func.func @max_pool2d_stride_4(%arg0: tensor<1x9x9x1xi8>) -> (tensor<1x9x3x1xi8>) {
  %v1 = tosa.max_pool2d %arg0 {kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 4>} : (tensor<1x9x9x1xi8>) -> tensor<1x9x3x1xi8>
  return %v1 : tensor<1x9x3x1xi8>
}

// -----

// U55.MATMUL.DTYPES

// CHECK-LABEL: func.func @matmul_i8(
// CHECK:         qtosa.delegate
// CHECK:           tosa.matmul
// CHECK:           qtosa.yield
func.func @matmul_i8(%arg0: tensor<1x2x3xi8>, %arg1: tensor<1x3x4xi8>) -> (tensor<1x2x4xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.matmul %arg0, %arg1, %c1, %c2 : (tensor<1x2x3xi8>, tensor<1x3x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x4xi32>
  return %v3 : tensor<1x2x4xi32>
}

// CHECK-LABEL: func.func @matmul_i16(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.matmul
func.func @matmul_i16(%arg0: tensor<1x2x3xi16>, %arg1: tensor<1x3x4xi16>) -> (tensor<1x2x4xi48>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.MATMUL.DTYPES: (a, b, accumulator) is (i16, i16, i48)}}
  %v3 = tosa.matmul %arg0, %arg1, %c1, %c2 : (tensor<1x2x3xi16>, tensor<1x3x4xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x2x4xi48>
  return %v3 : tensor<1x2x4xi48>
}

// -----

// U55.MATMUL.SIZE

// CHECK-LABEL: func.func @matmul_c_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.matmul
// CHECK:           qtosa.yield
func.func @matmul_c_65536(%arg0: tensor<1x1x65536xi8>, %arg1: tensor<1x65536x1xi8>) -> (tensor<1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.matmul %arg0, %arg1, %c1, %c2 : (tensor<1x1x65536xi8>, tensor<1x65536x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %v3 : tensor<1x1x1xi32>
}

// CHECK-LABEL: func.func @matmul_c_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.matmul
func.func @matmul_c_65537(%arg0: tensor<1x1x65537xi8>, %arg1: tensor<1x65537x1xi8>) -> (tensor<1x1x1xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.MATMUL.SIZE: inner dimension C 65537 exceeds 65536}}
  %v3 = tosa.matmul %arg0, %arg1, %c1, %c2 : (tensor<1x1x65537xi8>, tensor<1x65537x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %v3 : tensor<1x1x1xi32>
}

// -----

// U55.MATMUL.SIZE: the output width

// CHECK-LABEL: func.func @matmul_w_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.matmul
// CHECK:           qtosa.yield
func.func @matmul_w_65536(%arg0: tensor<1x1x1xi8>, %arg1: tensor<1x1x65536xi8>) -> (tensor<1x1x65536xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v3 = tosa.matmul %arg0, %arg1, %c1, %c2 : (tensor<1x1x1xi8>, tensor<1x1x65536xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x65536xi32>
  return %v3 : tensor<1x1x65536xi32>
}

// CHECK-LABEL: func.func @matmul_w_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.matmul
func.func @matmul_w_65537(%arg0: tensor<1x1x1xi8>, %arg1: tensor<1x1x65537xi8>) -> (tensor<1x1x65537xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.MATMUL.SIZE: output width W 65537 exceeds 65536}}
  %v3 = tosa.matmul %arg0, %arg1, %c1, %c2 : (tensor<1x1x1xi8>, tensor<1x1x65537xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x65537xi32>
  return %v3 : tensor<1x1x65537xi32>
}

// -----

// Was U55.TABLE.DTYPE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.: Vela has no int16 TABLE (ExecuTorch delegates it)

// CHECK-LABEL: func.func @table_i8(
// CHECK:         qtosa.delegate
// CHECK:           tosa.table
// CHECK:           qtosa.yield
func.func @table_i8(%arg0: tensor<4xi8>) -> (tensor<4xi8>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<256xi8>}> : () -> tensor<256xi8>
  %v2 = tosa.table %arg0, %c1 : (tensor<4xi8>, tensor<256xi8>) -> tensor<4xi8>
  return %v2 : tensor<4xi8>
}

// CHECK-LABEL: func.func @table_i16(
// CHECK:         qtosa.delegate
// CHECK:           tosa.table
func.func @table_i16(%arg0: tensor<4xi16>) -> (tensor<4xi32>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<513xi16>}> : () -> tensor<513xi16>
  %v2 = tosa.table %arg0, %c1 : (tensor<4xi16>, tensor<513xi16>) -> tensor<4xi32>
  return %v2 : tensor<4xi32>
}

// -----

// U55.RESIZE.SCALE

// CHECK-LABEL: func.func @resize_8x(
// CHECK:         qtosa.delegate
// CHECK:           tosa.resize
// CHECK:           qtosa.yield
func.func @resize_8x(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x16x16x1xi8>) {
  %s1 = tosa.const_shape {values = dense<[16, 2, 16, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-7, -7]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[7, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v4 = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16x16x1xi8>
  return %v4 : tensor<1x16x16x1xi8>
}

// CHECK-LABEL: func.func @resize_3x(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_3x(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x6x6x1xi8>) {
  %s1 = tosa.const_shape {values = dense<[3, 1, 3, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESIZE.SCALE: height scale 3/1 (2 -> 6) is not a 2x, 4x or 8x upscale}}
  %v4 = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x6x6x1xi8>
  return %v4 : tensor<1x6x6x1xi8>
}

// -----

// U55.RESIZE.MODE and U55.RESIZE.REPEATS: Vela 5.2 compiles a NEAREST resize
// that repeats each pixel (half-pixel parameters) and a NEAREST resize of a
// 1x1 image to any size, nothing else.

// CHECK-LABEL: func.func @resize_from_1x1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.resize
func.func @resize_from_1x1(%arg0: tensor<1x1x1x4xi8>) -> (tensor<1x33x33x4xi8>) {
  %s1 = tosa.const_shape {values = dense<[33, 1, 33, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[32, 32]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v4 = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x1x1x4xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x33x33x4xi8>
  return %v4 : tensor<1x33x33x4xi8>
}

// CHECK-LABEL: func.func @resize_bilinear_from_1x1(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_bilinear_from_1x1(%arg0: tensor<1x1x1x4xi8>) -> (tensor<1x33x33x4xi32>) {
  %s1 = tosa.const_shape {values = dense<[33, 1, 33, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[32, 32]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESIZE.MODE: the mode is BILINEAR, and qtosa-ethosu-legalize has no convolution form for it: its scale is 33/1 x 33/1 (height x width); only upscales by 2, 4 or 8, as 2f/2 (half-pixel) or f/1 (TF1's legacy sampling, align_corners) on both axes, have a convolution form}}
  %v4 = tosa.resize %arg0, %s1, %s2, %s3 {mode = BILINEAR} : (tensor<1x1x1x4xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x33x33x4xi32>
  return %v4 : tensor<1x33x33x4xi32>
}

// The partition alone: qtosa-ethosu-legalize (qtosa-ethosu-pipeline runs it
// first) would have rewritten this one.
// CHECK-LABEL: func.func @resize_bilinear_2x(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_bilinear_2x(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x4x4x1xi32>) {
  %s1 = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESIZE.MODE: the mode is BILINEAR; qtosa-ethosu-legalize rewrites this one as a depthwise convolution the NPU runs, but did not (qtosa-ethosu-pipeline runs it before the partition; when an op of that form breaks a rule, a remark of its own says which)}}
  %v4 = tosa.resize %arg0, %s1, %s2, %s3 {mode = BILINEAR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi32>
  return %v4 : tensor<1x4x4x1xi32>
}

// CHECK-LABEL: func.func @resize_nearest_floor_2x(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_nearest_floor_2x(%arg0: tensor<1x2x2x1xi8>) -> (tensor<1x4x4x1xi8>) {
  %s1 = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESIZE.REPEATS: rows: scale 2/1 offset 0; repeating each input 2 times compiles only as scale 4/2 offset -1}}
  %v4 = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi8>
  return %v4 : tensor<1x4x4x1xi8>
}

// TFLite's half-pixel form (16/8 offset -4) and its floor form (4/2 offset
// -2) sample exactly as 4/2 offset -1 does; Vela 5.2 refuses both.

// CHECK-LABEL: func.func @resize_nearest_unreduced_2x(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_nearest_unreduced_2x(%arg0: tensor<1x4x4x8xi8>) -> (tensor<1x8x8x8xi8>) {
  %s1 = tosa.const_shape {values = dense<[16, 8, 16, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-4, -4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[4, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESIZE.REPEATS: rows: scale 16/8 offset -4; repeating each input 2 times compiles only as scale 4/2 offset -1}}
  %v = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x4x4x8xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x8x8xi8>
  return %v : tensor<1x8x8x8xi8>
}

// CHECK-LABEL: func.func @resize_nearest_floor_form_2x(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.resize
func.func @resize_nearest_floor_form_2x(%arg0: tensor<1x4x4x8xi8>) -> (tensor<1x8x8x8xi8>) {
  %s1 = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-2, -2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESIZE.REPEATS: rows: scale 4/2 offset -2; repeating each input 2 times compiles only as scale 4/2 offset -1}}
  %v = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x4x4x8xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x8x8xi8>
  return %v : tensor<1x8x8x8xi8>
}

// CHECK-LABEL: func.func @resize_nearest_4x(
// CHECK:         qtosa.delegate
// CHECK:           tosa.resize
func.func @resize_nearest_4x(%arg0: tensor<1x8x8x8xi8>) -> (tensor<1x32x32x8xi8>) {
  %s1 = tosa.const_shape {values = dense<[8, 2, 8, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s2 = tosa.const_shape {values = dense<[-3, -3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s3 = tosa.const_shape {values = dense<[3, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v = tosa.resize %arg0, %s1, %s2, %s3 {mode = NEAREST_NEIGHBOR} : (tensor<1x8x8x8xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x32x32x8xi8>
  return %v : tensor<1x32x32x8xi8>
}


// -----

// U55.TRANSPOSE.DTYPE

// CHECK-LABEL: func.func @transpose_i16(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_i16(%arg0: tensor<2x3xi16>) -> (tensor<3x2xi16>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 1, 0>} : (tensor<2x3xi16>) -> tensor<3x2xi16>
  return %v1 : tensor<3x2xi16>
}

// CHECK-LABEL: func.func @transpose_i4(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose
func.func @transpose_i4(%arg0: tensor<2x3xi4>) -> (tensor<3x2xi4>) {
  // expected-remark @below {{stays on the host: U55.TRANSPOSE.DTYPE: element type i4 is not one of i8, i16, i32}}
  %v1 = tosa.transpose %arg0 {perms = array<i32: 1, 0>} : (tensor<2x3xi4>) -> tensor<3x2xi4>
  return %v1 : tensor<3x2xi4>
}

// -----

// Was U55.TRANSPOSE.RANK_I32: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @transpose_i32_rank4(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_i32_rank4(%arg0: tensor<1x2x3x4xi32>) -> (tensor<1x3x2x4xi32>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x2x3x4xi32>) -> tensor<1x3x2x4xi32>
  return %v1 : tensor<1x3x2x4xi32>
}

// CHECK-LABEL: func.func @transpose_i32_rank5(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
func.func @transpose_i32_rank5(%arg0: tensor<1x1x2x3x4xi32>) -> (tensor<1x1x3x2x4xi32>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 1, 3, 2, 4>} : (tensor<1x1x2x3x4xi32>) -> tensor<1x1x3x2x4xi32>
  return %v1 : tensor<1x1x3x2x4xi32>
}

// -----

// U55.TRANSPOSE.I32 (Vela 5.2 compiles other permutations, NWCH here, though
// its documentation lists four)

// CHECK-LABEL: func.func @transpose_i32_nhcw_w_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_i32_nhcw_w_65536(%arg0: tensor<1x1x65536x2xi32>) -> (tensor<1x1x2x65536xi32>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x1x65536x2xi32>) -> tensor<1x1x2x65536xi32>
  return %v1 : tensor<1x1x2x65536xi32>
}

// CHECK-LABEL: func.func @transpose_i32_nhcw_w_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose
func.func @transpose_i32_nhcw_w_65537(%arg0: tensor<1x1x65537x2xi32>) -> (tensor<1x1x2x65537xi32>) {
  // expected-remark @below {{stays on the host: U55.TRANSPOSE.I32: NHCW W 65537 exceeds 65536}}
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x1x65537x2xi32>) -> tensor<1x1x2x65537xi32>
  return %v1 : tensor<1x1x2x65537xi32>
}

// -----

// U55.TRANSPOSE.I32: NWHC keeps C under 2^14

// CHECK-LABEL: func.func @transpose_i32_nwhc_c_16384(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_i32_nwhc_c_16384(%arg0: tensor<1x2x3x16384xi32>) -> (tensor<1x3x2x16384xi32>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x2x3x16384xi32>) -> tensor<1x3x2x16384xi32>
  return %v1 : tensor<1x3x2x16384xi32>
}

// CHECK-LABEL: func.func @transpose_i32_nwhc_c_16385(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose
func.func @transpose_i32_nwhc_c_16385(%arg0: tensor<1x2x3x16385xi32>) -> (tensor<1x3x2x16385xi32>) {
  // expected-remark @below {{stays on the host: U55.TRANSPOSE.I32: NWHC C 16385 exceeds 16384}}
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x2x3x16385xi32>) -> tensor<1x3x2x16385xi32>
  return %v1 : tensor<1x3x2x16385xi32>
}

// -----

// U55.TRANSPOSE.I32: the four documented permutations and NWCH, which Vela 5.2
// compiles too

// CHECK-LABEL: func.func @transpose_i32_ncwh(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_i32_ncwh(%arg0: tensor<1x2x3x4xi32>) -> (tensor<1x4x3x2xi32>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 3, 2, 1>} : (tensor<1x2x3x4xi32>) -> tensor<1x4x3x2xi32>
  return %v1 : tensor<1x4x3x2xi32>
}

// CHECK-LABEL: func.func @transpose_i32_nwch(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
func.func @transpose_i32_nwch(%arg0: tensor<1x2x3x4xi32>) -> (tensor<1x3x4x2xi32>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x3x4xi32>) -> tensor<1x3x4x2xi32>
  return %v1 : tensor<1x3x4x2xi32>
}

// -----

// U55.TRANSPOSE.SHAPE: a permutation of H, W, C

// CHECK-LABEL: func.func @transpose_hwc_h_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_hwc_h_65536(%arg0: tensor<1x65536x1x2xi8>) -> (tensor<1x2x1x65536xi8>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 3, 2, 1>} : (tensor<1x65536x1x2xi8>) -> tensor<1x2x1x65536xi8>
  return %v1 : tensor<1x2x1x65536xi8>
}

// CHECK-LABEL: func.func @transpose_hwc_h_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose
func.func @transpose_hwc_h_65537(%arg0: tensor<1x65537x1x2xi8>) -> (tensor<1x2x1x65537xi8>) {
  // expected-remark @below {{stays on the host: U55.TRANSPOSE.SHAPE: H 65537 exceeds 65536}}
  %v1 = tosa.transpose %arg0 {perms = array<i32: 0, 3, 2, 1>} : (tensor<1x65537x1x2xi8>) -> tensor<1x2x1x65537xi8>
  return %v1 : tensor<1x2x1x65537xi8>
}

// -----

// U55.TRANSPOSE.SHAPE: any other permutation

// CHECK-LABEL: func.func @transpose_4d_product_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.transpose
// CHECK:           qtosa.yield
func.func @transpose_4d_product_65536(%arg0: tensor<2x256x256x2xi8>) -> (tensor<2x256x256x2xi8>) {
  %v1 = tosa.transpose %arg0 {perms = array<i32: 3, 2, 1, 0>} : (tensor<2x256x256x2xi8>) -> tensor<2x256x256x2xi8>
  return %v1 : tensor<2x256x256x2xi8>
}

// CHECK-LABEL: func.func @transpose_4d_product_65792(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.transpose
func.func @transpose_4d_product_65792(%arg0: tensor<2x256x257x2xi8>) -> (tensor<2x257x256x2xi8>) {
  // expected-remark @below {{stays on the host: U55.TRANSPOSE.SHAPE: largest product of 2 of the 4 axes 65792 exceeds 65536}}
  %v1 = tosa.transpose %arg0 {perms = array<i32: 3, 2, 1, 0>} : (tensor<2x256x257x2xi8>) -> tensor<2x257x256x2xi8>
  return %v1 : tensor<2x257x256x2xi8>
}

// -----

// Was U55.REDUCE_SUM.AXIS_SIZE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @reduce_sum_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reduce_sum
// CHECK:           qtosa.yield
func.func @reduce_sum_65536(%arg0: tensor<2x65536xi32>) -> (tensor<2x1xi32>) {
  %v1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<2x65536xi32>) -> tensor<2x1xi32>
  return %v1 : tensor<2x1xi32>
}

// CHECK-LABEL: func.func @reduce_sum_65537(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reduce_sum
func.func @reduce_sum_65537(%arg0: tensor<2x65537xi32>) -> (tensor<2x1xi32>) {
  %v1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<2x65537xi32>) -> tensor<2x1xi32>
  return %v1 : tensor<2x1xi32>
}

// -----

// U55.REDUCE_SUM.OUTER_INNER

// CHECK-LABEL: func.func @reduce_sum_outer_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reduce_sum
// CHECK:           qtosa.yield
func.func @reduce_sum_outer_65536(%arg0: tensor<65536x2x3xi32>) -> (tensor<65536x1x3xi32>) {
  %v1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<65536x2x3xi32>) -> tensor<65536x1x3xi32>
  return %v1 : tensor<65536x1x3xi32>
}

// CHECK-LABEL: func.func @reduce_sum_outer_65537(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.reduce_sum
func.func @reduce_sum_outer_65537(%arg0: tensor<65537x2x3xi32>) -> (tensor<65537x1x3xi32>) {
  // expected-remark @below {{stays on the host: U55.REDUCE_SUM.OUTER_INNER: product of the axes before the reduced one 65537 exceeds 65536}}
  %v1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<65537x2x3xi32>) -> tensor<65537x1x3xi32>
  return %v1 : tensor<65537x1x3xi32>
}

// -----

// U55.REDUCE_SUM.OUTER_INNER: the axes after

// CHECK-LABEL: func.func @reduce_sum_inner_65536(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reduce_sum
// CHECK:           qtosa.yield
func.func @reduce_sum_inner_65536(%arg0: tensor<3x2x256x256xi32>) -> (tensor<3x1x256x256xi32>) {
  %v1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<3x2x256x256xi32>) -> tensor<3x1x256x256xi32>
  return %v1 : tensor<3x1x256x256xi32>
}

// CHECK-LABEL: func.func @reduce_sum_inner_65792(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.reduce_sum
func.func @reduce_sum_inner_65792(%arg0: tensor<3x2x256x257xi32>) -> (tensor<3x1x256x257xi32>) {
  // expected-remark @below {{stays on the host: U55.REDUCE_SUM.OUTER_INNER: product of the axes after the reduced one 65792 exceeds 65536}}
  %v1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<3x2x256x257xi32>) -> tensor<3x1x256x257xi32>
  return %v1 : tensor<3x1x256x257xi32>
}

// -----

// U55.REDUCE_MAX.DTYPE

// CHECK-LABEL: func.func @reduce_max_i16(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reduce_max
// CHECK:           qtosa.yield
func.func @reduce_max_i16(%arg0: tensor<2x3xi16>) -> (tensor<2x1xi16>) {
  %v1 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<2x3xi16>) -> tensor<2x1xi16>
  return %v1 : tensor<2x1xi16>
}

// CHECK-LABEL: func.func @reduce_max_i32(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.reduce_max
func.func @reduce_max_i32(%arg0: tensor<2x3xi32>) -> (tensor<2x1xi32>) {
  // expected-remark @below {{stays on the host: U55.REDUCE_MAX.DTYPE: i32 -> i32 is not i8 -> i8 or i16 -> i16}}
  %v1 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<2x3xi32>) -> tensor<2x1xi32>
  return %v1 : tensor<2x1xi32>
}

// -----

// U55.REDUCE_MIN.DTYPE

// CHECK-LABEL: func.func @reduce_min_i16(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reduce_min
// CHECK:           qtosa.yield
func.func @reduce_min_i16(%arg0: tensor<2x3xi16>) -> (tensor<2x1xi16>) {
  %v1 = tosa.reduce_min %arg0 {axis = 1 : i32} : (tensor<2x3xi16>) -> tensor<2x1xi16>
  return %v1 : tensor<2x1xi16>
}

// CHECK-LABEL: func.func @reduce_min_i32(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.reduce_min
func.func @reduce_min_i32(%arg0: tensor<2x3xi32>) -> (tensor<2x1xi32>) {
  // expected-remark @below {{stays on the host: U55.REDUCE_MIN.DTYPE: i32 -> i32 is not i8 -> i8 or i16 -> i16}}
  %v1 = tosa.reduce_min %arg0 {axis = 1 : i32} : (tensor<2x3xi32>) -> tensor<2x1xi32>
  return %v1 : tensor<2x1xi32>
}

// -----

// U55.CONCAT.DTYPE

// CHECK-LABEL: func.func @concat_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.concat
// CHECK:           qtosa.yield
func.func @concat_i32(%arg0: tensor<2x3xi32>) -> (tensor<4x3xi32>) {
  %v1 = tosa.concat %arg0, %arg0 {axis = 0 : i32} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>
  return %v1 : tensor<4x3xi32>
}

// CHECK-LABEL: func.func @concat_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.concat
func.func @concat_i48(%arg0: tensor<2x3xi48>) -> (tensor<4x3xi48>) {
  // expected-remark @below {{stays on the host: U55.CONCAT.DTYPE: element type i48 is not one of i8, i16, i32}}
  %v1 = tosa.concat %arg0, %arg0 {axis = 0 : i32} : (tensor<2x3xi48>, tensor<2x3xi48>) -> tensor<4x3xi48>
  return %v1 : tensor<4x3xi48>
}

// -----

// U55.RESHAPE.DTYPE

// CHECK-LABEL: func.func @reshape_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reshape
// CHECK:           qtosa.yield
func.func @reshape_i32(%arg0: tensor<2x3xi32>) -> (tensor<3x2xi32>) {
  %s1 = tosa.const_shape {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v2 = tosa.reshape %arg0, %s1 : (tensor<2x3xi32>, !tosa.shape<2>) -> tensor<3x2xi32>
  return %v2 : tensor<3x2xi32>
}

// CHECK-LABEL: func.func @reshape_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.reshape
func.func @reshape_i48(%arg0: tensor<2x3xi48>) -> (tensor<3x2xi48>) {
  %s1 = tosa.const_shape {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.RESHAPE.DTYPE: element type i48 is not one of i8, i16, i32}}
  %v2 = tosa.reshape %arg0, %s1 : (tensor<2x3xi48>, !tosa.shape<2>) -> tensor<3x2xi48>
  return %v2 : tensor<3x2xi48>
}

// -----

// U55.SLICE.DTYPE

// CHECK-LABEL: func.func @slice_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.slice
// CHECK:           qtosa.yield
func.func @slice_i32(%arg0: tensor<2x3xi32>) -> (tensor<2x2xi32>) {
  %s1 = tosa.const_shape {values = dense<[0, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s2 = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v3 = tosa.slice %arg0, %s1, %s2 : (tensor<2x3xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xi32>
  return %v3 : tensor<2x2xi32>
}

// CHECK-LABEL: func.func @slice_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.slice
func.func @slice_i48(%arg0: tensor<2x3xi48>) -> (tensor<2x2xi48>) {
  %s1 = tosa.const_shape {values = dense<[0, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s2 = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.SLICE.DTYPE: element type i48 is not one of i8, i16, i32}}
  %v3 = tosa.slice %arg0, %s1, %s2 : (tensor<2x3xi48>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xi48>
  return %v3 : tensor<2x2xi48>
}

// -----

// U55.TILE.DTYPE

// CHECK-LABEL: func.func @tile_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.tile
// CHECK:           qtosa.yield
func.func @tile_i32(%arg0: tensor<2x3xi32>) -> (tensor<4x3xi32>) {
  %s1 = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v2 = tosa.tile %arg0, %s1 : (tensor<2x3xi32>, !tosa.shape<2>) -> tensor<4x3xi32>
  return %v2 : tensor<4x3xi32>
}

// CHECK-LABEL: func.func @tile_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.tile
func.func @tile_i48(%arg0: tensor<2x3xi48>) -> (tensor<4x3xi48>) {
  %s1 = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{stays on the host: U55.TILE.DTYPE: element type i48 is not one of i8, i16, i32}}
  %v2 = tosa.tile %arg0, %s1 : (tensor<2x3xi48>, !tosa.shape<2>) -> tensor<4x3xi48>
  return %v2 : tensor<4x3xi48>
}

// -----

// U55.PAD.DTYPE

// CHECK-LABEL: func.func @pad_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.pad
// CHECK:           qtosa.yield
func.func @pad_i32(%arg0: tensor<2x3xi32>) -> (tensor<3x3xi32>) {
  %s1 = tosa.const_shape {values = dense<[1, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %v3 = tosa.pad %arg0, %s1, %c2 : (tensor<2x3xi32>, !tosa.shape<4>, tensor<1xi32>) -> tensor<3x3xi32>
  return %v3 : tensor<3x3xi32>
}

// CHECK-LABEL: func.func @pad_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.pad
func.func @pad_i48(%arg0: tensor<2x3xi48>) -> (tensor<3x3xi48>) {
  %s1 = tosa.const_shape {values = dense<[1, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  // expected-remark @below {{stays on the host: U55.PAD.DTYPE: element type i48 is not one of i8, i16, i32}}
  %v3 = tosa.pad %arg0, %s1, %c2 : (tensor<2x3xi48>, !tosa.shape<4>, tensor<1xi48>) -> tensor<3x3xi48>
  return %v3 : tensor<3x3xi48>
}

// -----

// Was U55.IDENTITY.DTYPE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @identity_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.identity
// CHECK:           qtosa.yield
func.func @identity_i32(%arg0: tensor<2x3xi32>) -> (tensor<2x3xi32>) {
  %v1 = tosa.identity %arg0 : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %v1 : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @identity_i48(
// CHECK:         qtosa.delegate
// CHECK:           tosa.identity
func.func @identity_i48(%arg0: tensor<2x3xi48>) -> (tensor<2x3xi48>) {
  %v1 = tosa.identity %arg0 : (tensor<2x3xi48>) -> tensor<2x3xi48>
  return %v1 : tensor<2x3xi48>
}

// -----

// Was U55.REVERSE.DTYPE: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @reverse_i16(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reverse
// CHECK:           qtosa.yield
func.func @reverse_i16(%arg0: tensor<1x2x3x4xi16>) -> (tensor<1x2x3x4xi16>) {
  %v1 = tosa.reverse %arg0 {axis = 1 : i32} : (tensor<1x2x3x4xi16>) -> tensor<1x2x3x4xi16>
  return %v1 : tensor<1x2x3x4xi16>
}

// CHECK-LABEL: func.func @reverse_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reverse
func.func @reverse_i32(%arg0: tensor<1x2x3x4xi32>) -> (tensor<1x2x3x4xi32>) {
  %v1 = tosa.reverse %arg0 {axis = 1 : i32} : (tensor<1x2x3x4xi32>) -> tensor<1x2x3x4xi32>
  return %v1 : tensor<1x2x3x4xi32>
}

// -----

// U55.REVERSE.AXIS

// CHECK-LABEL: func.func @reverse_w(
// CHECK:         qtosa.delegate
// CHECK:           tosa.reverse
// CHECK:           qtosa.yield
func.func @reverse_w(%arg0: tensor<1x2x3x4xi8>) -> (tensor<1x2x3x4xi8>) {
  %v1 = tosa.reverse %arg0 {axis = 2 : i32} : (tensor<1x2x3x4xi8>) -> tensor<1x2x3x4xi8>
  return %v1 : tensor<1x2x3x4xi8>
}

// CHECK-LABEL: func.func @reverse_c(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.reverse
func.func @reverse_c(%arg0: tensor<1x2x3x4xi8>) -> (tensor<1x2x3x4xi8>) {
  // expected-remark @below {{stays on the host: U55.REVERSE.AXIS: axis 3 of a rank-4 tensor is not its H or W axis}}
  %v1 = tosa.reverse %arg0 {axis = 3 : i32} : (tensor<1x2x3x4xi8>) -> tensor<1x2x3x4xi8>
  return %v1 : tensor<1x2x3x4xi8>
}

// -----

// Was U55.CAST.NARROWING: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @cast_widening(
// CHECK:         qtosa.delegate
// CHECK:           tosa.cast
// CHECK:           qtosa.yield
func.func @cast_widening(%arg0: tensor<4xi8>) -> (tensor<4xi32>) {
  %v1 = tosa.cast %arg0 : (tensor<4xi8>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @cast_narrowing(
// CHECK:         qtosa.delegate
// CHECK:           tosa.cast
func.func @cast_narrowing(%arg0: tensor<4xi32>) -> (tensor<4xi8>) {
  %v1 = tosa.cast %arg0 : (tensor<4xi32>) -> tensor<4xi8>
  return %v1 : tensor<4xi8>
}

// -----

// U55.RESCALE.INPUT48

// CHECK-LABEL: func.func @rescale_of_conv_accumulator(
// CHECK:         qtosa.delegate
// CHECK:           tosa.rescale
// CHECK:           qtosa.yield
func.func @rescale_of_conv_accumulator(%arg0: tensor<1x1x1x1xi16>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1xi16>
}

// CHECK-LABEL: func.func @rescale_standalone_i48(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.rescale
func.func @rescale_standalone_i48(%arg0: tensor<4xi48>) -> (tensor<4xi8>) {
  %c1 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c2 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: the i48 input is not the accumulator of a convolution}}
  %v5 = tosa.rescale %arg0, %c1, %c2, %c3, %c4 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<4xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi8>) -> tensor<4xi8>
  return %v5 : tensor<4xi8>
}

// -----

// U55.RESCALE.INPUT48: a rescale fuses into its convolution, so it follows it to the host

// CHECK-LABEL: func.func @rescale_of_npu_conv(
// CHECK:         qtosa.delegate
// CHECK:           tosa.rescale
// CHECK:           qtosa.yield
func.func @rescale_of_npu_conv(%arg0: tensor<1x1x1x1xi16>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<1> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v5 = tosa.conv2d %arg0, %c1, %c2, %c3, %c4 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c6 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c7 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c9 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %v10 = tosa.rescale %v5, %c6, %c7, %c8, %c9 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v10 : tensor<1x1x1x1xi16>
}

// CHECK-LABEL: func.func @rescale_of_host_conv(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
func.func @rescale_of_host_conv(%arg0: tensor<1x1x1x1xi16>, %arg1: tensor<1x1x1x1xi8>) -> (tensor<1x1x1x1xi16>) {
  %c1 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c2 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV2D.WEIGHTS_CONST: the weights are not a constant}}
  %v4 = tosa.conv2d %arg0, %arg1, %c1, %c2, %c3 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  %c5 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %c6 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %c7 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %c8 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.conv2d' on the host (U55.CONV2D.WEIGHTS_CONST)}}
  %v9 = tosa.rescale %v4, %c5, %c6, %c7, %c8 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x1x1x1xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %v9 : tensor<1x1x1x1xi16>
}

// -----

// U55.ARGMAX.AXIS

// CHECK-LABEL: func.func @argmax_channels(
// CHECK:         qtosa.delegate
// CHECK:           tosa.argmax
// CHECK:           qtosa.yield
func.func @argmax_channels(%arg0: tensor<1x2x2x4xi8>) -> (tensor<1x2x2xi32>) {
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<1x2x2x4xi8>) -> tensor<1x2x2xi32>
  return %v1 : tensor<1x2x2xi32>
}

// CHECK-LABEL: func.func @argmax_height(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.argmax
func.func @argmax_height(%arg0: tensor<1x2x2x4xi8>) -> (tensor<1x2x4xi32>) {
  // expected-remark @below {{stays on the host: U55.ARGMAX.AXIS: axis 1 is not the channel axis 3}}
  %v1 = tosa.argmax %arg0 {axis = 1 : i32} : (tensor<1x2x2x4xi8>) -> tensor<1x2x4xi32>
  return %v1 : tensor<1x2x4xi32>
}

// -----

// U55.ARGMAX.BATCH

// CHECK-LABEL: func.func @argmax_batch1(
// CHECK:         qtosa.delegate
// CHECK:           tosa.argmax
// CHECK:           qtosa.yield
func.func @argmax_batch1(%arg0: tensor<1x2x2x4xi8>) -> (tensor<1x2x2xi32>) {
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<1x2x2x4xi8>) -> tensor<1x2x2xi32>
  return %v1 : tensor<1x2x2xi32>
}

// CHECK-LABEL: func.func @argmax_batch2(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.argmax
func.func @argmax_batch2(%arg0: tensor<2x2x2x4xi8>) -> (tensor<2x2x2xi32>) {
  // expected-remark @below {{stays on the host: U55.ARGMAX.BATCH: batch 2 exceeds 1}}
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<2x2x2x4xi8>) -> tensor<2x2x2xi32>
  return %v1 : tensor<2x2x2xi32>
}

// -----

// U55.ARGMAX.CHANNELS

// CHECK-LABEL: func.func @argmax_127_channels(
// CHECK:         qtosa.delegate
// CHECK:           tosa.argmax
// CHECK:           qtosa.yield
func.func @argmax_127_channels(%arg0: tensor<1x2x2x127xi8>) -> (tensor<1x2x2xi32>) {
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<1x2x2x127xi8>) -> tensor<1x2x2xi32>
  return %v1 : tensor<1x2x2xi32>
}

// CHECK-LABEL: func.func @argmax_128_channels(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.argmax
func.func @argmax_128_channels(%arg0: tensor<1x2x2x128xi8>) -> (tensor<1x2x2xi32>) {
  // expected-remark @below {{stays on the host: U55.ARGMAX.CHANNELS: channels 128 exceeds 127}}
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<1x2x2x128xi8>) -> tensor<1x2x2xi32>
  return %v1 : tensor<1x2x2xi32>
}

// -----

// Was U55.ARGMAX.SPATIAL: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @argmax_65536_positions(
// CHECK:         qtosa.delegate
// CHECK:           tosa.argmax
// CHECK:           qtosa.yield
func.func @argmax_65536_positions(%arg0: tensor<1x256x256x4xi8>) -> (tensor<1x256x256xi32>) {
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<1x256x256x4xi8>) -> tensor<1x256x256xi32>
  return %v1 : tensor<1x256x256xi32>
}

// CHECK-LABEL: func.func @argmax_65792_positions(
// CHECK:         qtosa.delegate
// CHECK:           tosa.argmax
func.func @argmax_65792_positions(%arg0: tensor<1x256x257x4xi8>) -> (tensor<1x256x257xi32>) {
  %v1 = tosa.argmax %arg0 {axis = 3 : i32} : (tensor<1x256x257x4xi8>) -> tensor<1x256x257xi32>
  return %v1 : tensor<1x256x257xi32>
}

// -----

// U55.ARITHMETIC_RIGHT_SHIFT.DTYPE

// CHECK-LABEL: func.func @ars_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.arithmetic_right_shift
// CHECK:           qtosa.yield
func.func @ars_i32(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.arithmetic_right_shift %arg0, %arg1 {round = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @ars_i8(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.arithmetic_right_shift
func.func @ars_i8(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>) -> (tensor<4xi8>) {
  // expected-remark @below {{stays on the host: U55.ARITHMETIC_RIGHT_SHIFT.DTYPE: element type i8 is not one of i32}}
  %v1 = tosa.arithmetic_right_shift %arg0, %arg1 {round = true} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %v1 : tensor<4xi8>
}

// -----

// Was U55.ARITHMETIC_RIGHT_SHIFT.ROUND: Vela 5.2 compiles the graph past the documented limit
// (its TOSA path splits the operation), so the rule is gone and both are
// on the NPU.

// CHECK-LABEL: func.func @ars_round(
// CHECK:         qtosa.delegate
// CHECK:           tosa.arithmetic_right_shift
// CHECK:           qtosa.yield
func.func @ars_round(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.arithmetic_right_shift %arg0, %arg1 {round = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @ars_truncate(
// CHECK:         qtosa.delegate
// CHECK:           tosa.arithmetic_right_shift
func.func @ars_truncate(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.arithmetic_right_shift %arg0, %arg1 {round = false} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// -----

// U55.LOGICAL_LEFT_SHIFT.DTYPE

// CHECK-LABEL: func.func @lls_i32(
// CHECK:         qtosa.delegate
// CHECK:           tosa.logical_left_shift
// CHECK:           qtosa.yield
func.func @lls_i32(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>) {
  %v1 = tosa.logical_left_shift %arg0, %arg1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %v1 : tensor<4xi32>
}

// CHECK-LABEL: func.func @lls_i8(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.logical_left_shift
func.func @lls_i8(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>) -> (tensor<4xi8>) {
  // expected-remark @below {{stays on the host: U55.LOGICAL_LEFT_SHIFT.DTYPE: element type i8 is not one of i32}}
  %v1 = tosa.logical_left_shift %arg0, %arg1 : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %v1 : tensor<4xi8>
}

// -----

// U55.OP.PROFILE (checked after the operator's own rules): Vela validates
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
  // expected-remark @below {{stays on the host: U55.OP.PROFILE: operand and result types (i8,i8,i8) are not TOSA 1.0 PRO-INT (with EXT-INT16, EXT-INT4, EXT-DOUBLEROUND), nearest allowed (i32,i32,i32)}}
  %v1 = tosa.maximum %arg0, %arg1 : (tensor<2x8xi8>, tensor<2x8xi8>) -> tensor<2x8xi8>
  return %v1 : tensor<2x8xi8>
}

// -----

// U55.CONV2D.I48_RESCALE: Vela fuses one rescale into a 16x8 convolution;
// with two reading its i48 accumulator it rejects the convolution.

// CHECK-LABEL: func.func @i48_read_by_two_rescales(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
func.func @i48_read_by_two_rescales(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>, tensor<1x2x2x3xi16>) {
  %w = "tosa.const"() <{values = dense<3> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %m = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %s = "tosa.const"() <{values = dense<15> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s2 = "tosa.const"() <{values = dense<16> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV2D.I48_RESCALE: the i48 accumulator is read by more than one tosa.rescale (Vela fuses one and writes no i48 tensor)}}
  %c = tosa.conv2d %arg0, %w, %b, %z16, %z8 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.conv2d' on the host (U55.CONV2D.I48_RESCALE)}}
  %r = tosa.rescale %c, %m, %s, %z48, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.conv2d' on the host (U55.CONV2D.I48_RESCALE)}}
  %r2 = tosa.rescale %c, %m, %s2, %z48, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false} : (tensor<1x2x2x3xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %r, %r2 : tensor<1x2x2x3xi16>, tensor<1x2x2x3xi16>
}

// -----

// U55.OP.PROFILE, RESCALE's flags: TOSA 1.0 forbids scale32 with an i48
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

// Vela writes no i48 tensor on Ethos-U55: the convolution follows its
// rescale to the host (U55.CONV2D.I48_RESCALE names the cause).
// CHECK-LABEL: func.func @rescale_i48_scale32(
// CHECK-NOT:     qtosa.delegate
// CHECK:         tosa.conv2d
// CHECK:         tosa.rescale
func.func @rescale_i48_scale32(%arg0: tensor<1x2x2x2xi16>) -> (tensor<1x2x2x3xi16>) {
  %w = "tosa.const"() <{values = dense<3> : tensor<3x1x1x2xi8>}> : () -> tensor<3x1x1x2xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<3xi48>}> : () -> tensor<3xi48>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z48 = "tosa.const"() <{values = dense<0> : tensor<1xi48>}> : () -> tensor<1xi48>
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-remark @below {{stays on the host: U55.CONV2D.I48_RESCALE: the i48 accumulator's tosa.rescale is not TOSA 1.0: scale32 with an i48 input (TOSA 1.0 RESCALE: ERROR_IF(scale32 && in_t == i48))}}
  %c = tosa.conv2d %arg0, %w, %b, %z16, %z8 {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xi16>, tensor<3x1x1x2xi8>, tensor<3xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x2x2x3xi48>
  // expected-remark @below {{stays on the host: U55.RESCALE.INPUT48: its i48 input comes from 'tosa.conv2d' on the host (U55.CONV2D.I48_RESCALE)}}
  %r = tosa.rescale %c, %m, %s, %z48, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x2x2x3xi48>, tensor<1xi32>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<1x2x2x3xi16>
  return %r : tensor<1x2x2x3xi16>
}

// -----

// U55.RESIZE.CHANNELS: found with Vela 5.2, which refuses a resize of 65537
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
  // expected-remark @below {{stays on the host: U55.RESIZE.CHANNELS: channels 65537 exceeds 65536}}
  %y = tosa.resize %x, %s, %o, %b {mode = NEAREST_NEIGHBOR} : (tensor<1x2x2x65537xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x65537xi8>
  return %y : tensor<1x4x4x65537xi8>
}

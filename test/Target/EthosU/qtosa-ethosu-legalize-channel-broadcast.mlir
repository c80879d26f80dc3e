// qtosa-ethosu-legalize, Ethos-U55 only: 32-bit ops on [1, H, W, C] whose
// other operand is per position ([1, H, W, 1]) and C is below 8, as the
// integer softmax's tail multiplies each exp by its position's reciprocal
// and shifts by its position's shift, run with the channels outermost:
// [1, C, 1, H * W], where the per-position operand broadcasts along H. Vela
// 5.2 runs a U55 op that broadcasts along C as if C were 16 (C = 2 and 1,024
// positions: MUL 20,480 cycles, ASR 17,408; along H: 3,072 each;
// vela-channel-broadcast.mlir). The chain is rewritten when it has two
// such ops or ends in a rescale, so the transposes pay; Ethos-U85's
// broadcast costs about what they would. Exact: qtosa's engine gives the
// same values before and after.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=U85
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); \
// RUN:   np.save('%t/x.npy', r.integers(-2**20, 2**20, (1, 4, 8, 2), dtype=np.int32)); \
// RUN:   np.save('%t/m.npy', r.integers(0, 2**10, (1, 4, 8, 1), dtype=np.int32)); \
// RUN:   np.save('%t/s.npy', r.integers(14, 22, (1, 4, 8, 1), dtype=np.int32))"
// RUN: qtosa-run %s -e softmax_tail --input %t/x.npy --input %t/m.npy --input %t/s.npy -o %t/before.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e softmax_tail --input %t/x.npy --input %t/m.npy --input %t/s.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; \
// RUN:   before = np.load('%t/before.npy'); after = np.load('%t/after.npy'); \
// RUN:   assert before.shape == after.shape == (1, 4, 8, 2), after.shape; \
// RUN:   assert np.array_equal(before, after); \
// RUN:   assert len(np.unique(before)) > 16"

// The softmax tail: mul by the reciprocal, shift by the position's shift,
// rescale to i8.
// CHECK-LABEL: func.func @softmax_tail(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<1x4x8x2xi32>, %[[M:[^:]*]]: tensor<1x4x8x1xi32>, %[[S:[^:]*]]: tensor<1x4x8x1xi32>
// CHECK:         %[[T:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x8x2xi32>) -> tensor<1x2x4x8xi32>
// CHECK:         %[[XR:.*]] = tosa.reshape %[[T]], {{.*}} -> tensor<1x2x1x32xi32>
// CHECK:         %[[MR:.*]] = tosa.reshape %[[M]], {{.*}} -> tensor<1x1x1x32xi32>
// CHECK:         %[[MUL:.*]] = tosa.mul %[[XR]], %[[MR]], %{{.*}} : (tensor<1x2x1x32xi32>, tensor<1x1x1x32xi32>, tensor<1xi8>) -> tensor<1x2x1x32xi32>
// CHECK:         %[[SR:.*]] = tosa.reshape %[[S]], {{.*}} -> tensor<1x1x1x32xi32>
// CHECK:         %[[ASR:.*]] = tosa.arithmetic_right_shift %[[MUL]], %[[SR]] {round = true} : (tensor<1x2x1x32xi32>, tensor<1x1x1x32xi32>) -> tensor<1x2x1x32xi32>
// CHECK:         %[[Q:.*]] = tosa.rescale %[[ASR]], {{.*}} -> tensor<1x2x1x32xi8>
// CHECK:         %[[QR:.*]] = tosa.reshape %[[Q]], {{.*}} -> tensor<1x2x4x8xi8>
// CHECK:         %[[OUT:.*]] = tosa.transpose %[[QR]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x8xi8>) -> tensor<1x4x8x2xi8>
// CHECK-NOT:     tosa.mul
// CHECK:         return %[[OUT]]
// U85-LABEL: func.func @softmax_tail(
// U85-NOT:       tosa.transpose
// U85:           tosa.mul {{.*}} : (tensor<1x4x8x2xi32>, tensor<1x4x8x1xi32>, tensor<1xi8>) -> tensor<1x4x8x2xi32>
// U85-NOT:       tosa.transpose
// U85:           return
func.func @softmax_tail(%x: tensor<1x4x8x2xi32>, %m: tensor<1x4x8x1xi32>, %s: tensor<1x4x8x1xi32>) -> tensor<1x4x8x2xi8> {
  %shift = "tosa.const"() <{values = dense<8> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %x, %m, %shift : (tensor<1x4x8x2xi32>, tensor<1x4x8x1xi32>, tensor<1xi8>) -> tensor<1x4x8x2xi32>
  %z = tosa.arithmetic_right_shift %y, %s {round = true} : (tensor<1x4x8x2xi32>, tensor<1x4x8x1xi32>) -> tensor<1x4x8x2xi32>
  %multiplier = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %rshift = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %q = tosa.rescale %z, %multiplier, %rshift, %izp, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x4x8x2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x8x2xi8>
  return %q : tensor<1x4x8x2xi8>
}

// Two broadcasting ops without a rescale, the per-position operand first.
// CHECK-LABEL: func.func @two_ops(
// CHECK:         tosa.transpose {{.*}} {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x8x4xi32>) -> tensor<1x4x4x8xi32>
// CHECK:         tosa.mul %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x1x1x32xi32>, tensor<1x4x1x32xi32>, tensor<1xi8>) -> tensor<1x4x1x32xi32>
// CHECK:         tosa.mul %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x4x1x32xi32>, tensor<1x1x1x32xi32>, tensor<1xi8>) -> tensor<1x4x1x32xi32>
// CHECK:         tosa.transpose {{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x4x8xi32>) -> tensor<1x4x8x4xi32>
func.func @two_ops(%x: tensor<1x4x8x4xi32>, %m: tensor<1x4x8x1xi32>) -> tensor<1x4x8x4xi32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %m, %x, %shift : (tensor<1x4x8x1xi32>, tensor<1x4x8x4xi32>, tensor<1xi8>) -> tensor<1x4x8x4xi32>
  %z = tosa.mul %y, %m, %shift : (tensor<1x4x8x4xi32>, tensor<1x4x8x1xi32>, tensor<1xi8>) -> tensor<1x4x8x4xi32>
  return %z : tensor<1x4x8x4xi32>
}

// What stays: one broadcasting op whose result is 32-bit (the transposes
// would cost more), 8 channels (Vela's broadcast costs about a plain op).
// CHECK-LABEL: func.func @one_op(
// CHECK-NOT:     tosa.transpose
// CHECK:         return
func.func @one_op(%x: tensor<1x4x8x2xi32>, %m: tensor<1x4x8x1xi32>) -> tensor<1x4x8x2xi32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %x, %m, %shift : (tensor<1x4x8x2xi32>, tensor<1x4x8x1xi32>, tensor<1xi8>) -> tensor<1x4x8x2xi32>
  return %y : tensor<1x4x8x2xi32>
}

// CHECK-LABEL: func.func @eight_channels(
// CHECK-NOT:     tosa.transpose
// CHECK:         return
func.func @eight_channels(%x: tensor<1x4x8x8xi32>, %m: tensor<1x4x8x1xi32>) -> tensor<1x4x8x8xi32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %x, %m, %shift : (tensor<1x4x8x8xi32>, tensor<1x4x8x1xi32>, tensor<1xi8>) -> tensor<1x4x8x8xi32>
  %z = tosa.mul %y, %m, %shift : (tensor<1x4x8x8xi32>, tensor<1x4x8x1xi32>, tensor<1xi8>) -> tensor<1x4x8x8xi32>
  return %z : tensor<1x4x8x8xi32>
}

// An unranked operand is left alone.
// CHECK-LABEL: func.func @unranked_operand(
// CHECK-NOT:     tosa.transpose
// CHECK:         return
func.func @unranked_operand(%x: tensor<1x4x8x2xi32>, %m: tensor<*xi32>) -> tensor<1x4x8x2xi32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %x, %m, %shift : (tensor<1x4x8x2xi32>, tensor<*xi32>, tensor<1xi8>) -> tensor<1x4x8x2xi32>
  %z = tosa.mul %y, %m, %shift : (tensor<1x4x8x2xi32>, tensor<*xi32>, tensor<1xi8>) -> tensor<1x4x8x2xi32>
  return %z : tensor<1x4x8x2xi32>
}

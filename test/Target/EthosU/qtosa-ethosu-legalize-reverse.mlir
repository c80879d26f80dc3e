// qtosa-ethosu-legalize, Ethos-U55: a reverse of the channel axis (the
// innermost, as NHWC), which Vela 5.2 compiles only for H or W
// (U55.REVERSE.AXIS), becomes a reverse of W between transposes that swap W
// and the channels. A graph written NCHW reverses its last axis for
// `torch.rot90` or `torch.flip` over W (ExecuTorch's TOSA backend: a
// transpose on each side), and single-use transposes on either side are
// composed with the new ones, so the NPU runs one more op, not three.
// Ethos-U85 reverses any axis: nothing changes there. Exact: qtosa's engine
// gives the same integers before and after, and numpy's; Vela compiles the
// form for U55 with no CPU operator (vela-reverse-channels.mlir).
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --check-prefix=U85
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 4, 6, 8), dtype=np.int8)); \
// RUN:   np.save('%t/y.npy', r.integers(-32768, 32768, (2, 3, 5), dtype=np.int16))"
// RUN: qtosa-run %s -e rot90 --input %t/x.npy -o %t/before_x.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e rot90 --input %t/x.npy -o %t/after_x.npy
// RUN: qtosa-run %s -e channels16 --input %t/y.npy -o %t/before_y.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e channels16 --input %t/y.npy -o %t/after_y.npy
// RUN: %python -c "import numpy as np; \
// RUN:   x = np.load('%t/x.npy'); y = np.load('%t/y.npy'); \
// RUN:   want = x.transpose(0, 3, 1, 2)[..., ::-1].transpose(0, 3, 2, 1).transpose(0, 3, 1, 2); \
// RUN:   assert (np.load('%t/before_x.npy') == want).all(); \
// RUN:   assert (np.load('%t/after_x.npy') == want).all(); \
// RUN:   assert (np.load('%t/before_y.npy') == y[..., ::-1]).all(); \
// RUN:   assert (np.load('%t/after_y.npy') == y[..., ::-1]).all(); print('EXACT')" \
// RUN:   | FileCheck %s --check-prefix=EXACT
// EXACT: EXACT

// The transposes before and after compose with the swaps: still two.
// CHECK-LABEL: func.func @rot90(
// CHECK-SAME:    %[[X:.*]]: tensor<1x4x6x8xi8>
// CHECK:         %[[A:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 3, 2, 1>} : (tensor<1x4x6x8xi8>) -> tensor<1x8x6x4xi8>
// CHECK:         %[[R:.*]] = tosa.reverse %[[A]] {axis = 2 : i32} : (tensor<1x8x6x4xi8>) -> tensor<1x8x6x4xi8>
// CHECK:         %[[B:.*]] = tosa.transpose %[[R]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x8x6x4xi8>) -> tensor<1x6x4x8xi8>
// CHECK:         %[[C:.*]] = tosa.transpose %[[B]] {perms = array<i32: 0, 3, 1, 2>}
// CHECK:         return %[[C]]
// U85-LABEL: func.func @rot90(
// U85:         tosa.reverse {{.*}} {axis = 3 : i32}
func.func @rot90(%x: tensor<1x4x6x8xi8>) -> tensor<1x8x6x4xi8> {
  %t = tosa.transpose %x {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x6x8xi8>) -> tensor<1x8x4x6xi8>
  %r = tosa.reverse %t {axis = 3 : i32} : (tensor<1x8x4x6xi8>) -> tensor<1x8x4x6xi8>
  %u = tosa.transpose %r {perms = array<i32: 0, 3, 2, 1>} : (tensor<1x8x4x6xi8>) -> tensor<1x6x4x8xi8>
  %v = tosa.transpose %u {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x6x4x8xi8>) -> tensor<1x8x6x4xi8>
  return %v : tensor<1x8x6x4xi8>
}

// Alone, a rank-3 i16 reverse gets both swaps.
// CHECK-LABEL: func.func @channels16(
// CHECK-SAME:    %[[Y:.*]]: tensor<2x3x5xi16>
// CHECK:         %[[S:.*]] = tosa.transpose %[[Y]] {perms = array<i32: 0, 2, 1>} : (tensor<2x3x5xi16>) -> tensor<2x5x3xi16>
// CHECK:         %[[R:.*]] = tosa.reverse %[[S]] {axis = 1 : i32}
// CHECK:         %[[T:.*]] = tosa.transpose %[[R]] {perms = array<i32: 0, 2, 1>} : (tensor<2x5x3xi16>) -> tensor<2x3x5xi16>
// CHECK:         return %[[T]]
func.func @channels16(%y: tensor<2x3x5xi16>) -> tensor<2x3x5xi16> {
  %r = tosa.reverse %y {axis = 2 : i32} : (tensor<2x3x5xi16>) -> tensor<2x3x5xi16>
  return %r : tensor<2x3x5xi16>
}

// A reverse of H or W runs as it is; a transpose read by others stays.
// CHECK-LABEL: func.func @left_alone(
// CHECK:         tosa.reverse %{{.*}} {axis = 1 : i32} : (tensor<1x4x6x8xi8>)
// CHECK:         %[[T:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 3, 1, 2>}
// CHECK:         %[[S:.*]] = tosa.transpose %[[T]] {perms = array<i32: 0, 1, 3, 2>}
// CHECK:         tosa.reverse %[[S]] {axis = 2 : i32}
func.func @left_alone(%x: tensor<1x4x6x8xi8>) -> (tensor<1x4x6x8xi8>, tensor<1x8x4x6xi8>, tensor<1x8x4x6xi8>) {
  %h = tosa.reverse %x {axis = 1 : i32} : (tensor<1x4x6x8xi8>) -> tensor<1x4x6x8xi8>
  %t = tosa.transpose %x {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x6x8xi8>) -> tensor<1x8x4x6xi8>
  %r = tosa.reverse %t {axis = 3 : i32} : (tensor<1x8x4x6xi8>) -> tensor<1x8x4x6xi8>
  return %h, %t, %r : tensor<1x4x6x8xi8>, tensor<1x8x4x6xi8>, tensor<1x8x4x6xi8>
}

// qtosa-ethosu-legalize, both targets: a transpose Vela 5.2 would split
// into several (one that moves more than NHWC's H, W and C with N = 1,
// U55.TRANSPOSE.SHAPE) becomes the same data movement with the fewest
// axes: the input's axes of size 1 dropped, the axes that stay neighbours
// in the output merged, as one transpose of a rank-4 [1, ...] tensor
// between reshapes. PyTorch's attention takes K^T of a [16, 3, 1, 32]
// projection that way (perms 1, 2, 3, 0: a swap of 16 and 96); Vela ran it
// on Ethos-U85 as six transposes, 19,107 cycles, and the small transformer
// encoder of the ExecuTorch panel went from 83,930 to 48,420 cycles
// (vela-transpose-axes.mlir counts Vela's operations). A transpose of H, W
// and C alone, or of four axes that stay four, stays. Exact: qtosa's
// engine gives numpy's transpose before and after.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); \
// RUN:   np.save('%t/k.npy', r.integers(-128, 128, (16, 3, 1, 32), dtype=np.int8)); \
// RUN:   np.save('%t/v.npy', r.integers(-32768, 32768, (1, 3, 4, 5, 6), dtype=np.int16))"
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | qtosa-run - -e key_transpose --input %t/k.npy -o %t/k_after.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e rank5 --input %t/v.npy -o %t/v_after.npy
// RUN: %python -c "import numpy as np; \
// RUN:   k = np.load('%t/k.npy'); v = np.load('%t/v.npy'); \
// RUN:   assert np.array_equal(np.load('%t/k_after.npy'), k.transpose(1, 2, 3, 0)); \
// RUN:   assert np.array_equal(np.load('%t/v_after.npy'), v.transpose(0, 2, 3, 1, 4))"

// [16, 3, 1, 32] by (1, 2, 3, 0): the size-1 axis dropped and (3, 32)
// merged, a swap of 16 and 96.
// CHECK-LABEL: func.func @key_transpose(
// CHECK-SAME:      %[[K:.*]]: tensor<16x3x1x32xi8>
// CHECK:         %[[IN:.*]] = tosa.reshape %[[K]], {{.*}} -> tensor<1x1x16x96xi8>
// CHECK:         %[[T:.*]] = tosa.transpose %[[IN]] {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x1x16x96xi8>) -> tensor<1x1x96x16xi8>
// CHECK:         %[[OUT:.*]] = tosa.reshape %[[T]], {{.*}} -> tensor<3x1x32x16xi8>
// CHECK:         return %[[OUT]]
func.func @key_transpose(%k: tensor<16x3x1x32xi8>) -> tensor<3x1x32x16xi8> {
  %t = tosa.transpose %k {perms = array<i32: 1, 2, 3, 0>} : (tensor<16x3x1x32xi8>) -> tensor<3x1x32x16xi8>
  return %t : tensor<3x1x32x16xi8>
}

// Rank 5, (0, 2, 3, 1, 4) of [1, 3, 4, 5, 6]: axes 2 and 3 stay
// neighbours, three groups: [1, 3, 20, 6] by (0, 2, 1, 3).
// CHECK-LABEL: func.func @rank5(
// CHECK:         tosa.reshape {{.*}} -> tensor<1x3x20x6xi16>
// CHECK:         tosa.transpose {{.*}} {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x3x20x6xi16>) -> tensor<1x20x3x6xi16>
// CHECK:         tosa.reshape {{.*}} -> tensor<1x4x5x3x6xi16>
func.func @rank5(%v: tensor<1x3x4x5x6xi16>) -> tensor<1x4x5x3x6xi16> {
  %t = tosa.transpose %v {perms = array<i32: 0, 2, 3, 1, 4>} : (tensor<1x3x4x5x6xi16>) -> tensor<1x4x5x3x6xi16>
  return %t : tensor<1x4x5x3x6xi16>
}

// NHWC to NCHW moves H, W and C alone; four axes that stay four, also
// from rank 5.
// CHECK-LABEL: func.func @kept(
// CHECK-NOT:     tosa.reshape
// CHECK:         tosa.transpose {{.*}} {perms = array<i32: 0, 3, 1, 2>}
// CHECK-NOT:     tosa.reshape
// CHECK:         tosa.transpose {{.*}} {perms = array<i32: 3, 2, 1, 0>}
// CHECK-NOT:     tosa.reshape
// CHECK:         tosa.transpose {{.*}} {perms = array<i32: 0, 2, 3, 1, 4>}
// CHECK-NOT:     tosa.reshape
func.func @kept(%x: tensor<1x8x8x16xi8>, %y: tensor<2x3x4x5xi8>, %z: tensor<2x3x4x5x6xi8>) -> (tensor<1x16x8x8xi8>, tensor<5x4x3x2xi8>, tensor<2x4x5x3x6xi8>) {
  %a = tosa.transpose %x {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x8x8x16xi8>) -> tensor<1x16x8x8xi8>
  %b = tosa.transpose %y {perms = array<i32: 3, 2, 1, 0>} : (tensor<2x3x4x5xi8>) -> tensor<5x4x3x2xi8>
  %c = tosa.transpose %z {perms = array<i32: 0, 2, 3, 1, 4>} : (tensor<2x3x4x5x6xi8>) -> tensor<2x4x5x3x6xi8>
  return %a, %b, %c : tensor<1x16x8x8xi8>, tensor<5x4x3x2xi8>, tensor<2x4x5x3x6xi8>
}

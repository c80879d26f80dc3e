// qtosa-ethosu-legalize, both targets: an integer REDUCE_MAX over the
// innermost axis (softmax's maximum) becomes the form Vela's TFLite route
// gives it: the positions made channels by a transpose, a MAX_POOL2D with a
// 1 x C window, and reshapes. Vela 5.2 runs the REDUCE_MAX of 1x32x32x8 i8
// in about 33,000 cycles on either target, this form in 12,700 (Ethos-U55)
// and 7,500 (Ethos-U85). A maximum over one position, or over another axis,
// stays. Exact: qtosa's engine gives the same integers before and after; Vela
// compiles the form into a transpose and a max pool (vela-max-over-channels.mlir).
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 32, 32, 8), dtype=np.int8)); \
// RUN:   np.save('%t/y.npy', r.integers(-32768, 32768, (16, 10), dtype=np.int16))"
// RUN: qtosa-run %s -e channels --input %t/x.npy -o %t/before_x.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e channels --input %t/x.npy -o %t/after_x.npy
// RUN: qtosa-run %s -e rows16 --input %t/y.npy -o %t/before_y.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | qtosa-run - -e rows16 --input %t/y.npy -o %t/after_y.npy
// RUN: %python -c "import numpy as np; \
// RUN:   x = np.load('%t/x.npy'); y = np.load('%t/y.npy'); \
// RUN:   assert (np.load('%t/before_x.npy') == x.max(axis=3, keepdims=True)).all(); \
// RUN:   assert (np.load('%t/after_x.npy') == np.load('%t/before_x.npy')).all(); \
// RUN:   assert (np.load('%t/after_y.npy') == y.max(axis=1, keepdims=True)).all(); \
// RUN:   assert (np.load('%t/before_y.npy') == np.load('%t/after_y.npy')).all(); print('EXACT')" \
// RUN:   | FileCheck %s --check-prefix=EXACT
// EXACT: EXACT
//

// CHECK-LABEL: func.func @channels(
// CHECK-SAME:    %[[X:.*]]: tensor<1x32x32x8xi8>
// CHECK:         %[[ROWS:.*]] = tosa.reshape %[[X]], {{.*}} -> tensor<1x1x1024x8xi8>
// CHECK:         %[[T:.*]] = tosa.transpose %[[ROWS]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1024x8xi8>) -> tensor<1x8x1x1024xi8>
// CHECK:         %[[W:.*]] = tosa.reshape %[[T]], {{.*}} -> tensor<1x1x8x1024xi8>
// CHECK:         %[[P:.*]] = tosa.max_pool2d %[[W]] {kernel = array<i64: 1, 8>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 8>} : (tensor<1x1x8x1024xi8>) -> tensor<1x1x1x1024xi8>
// CHECK:         %[[Y:.*]] = tosa.reshape %[[P]], {{.*}} -> tensor<1x32x32x1xi8>
// CHECK-NOT:     tosa.reduce_max
// CHECK:         return %[[Y]]
func.func @channels(%x: tensor<1x32x32x8xi8>) -> tensor<1x32x32x1xi8> {
  %m = tosa.reduce_max %x {axis = 3 : i32} : (tensor<1x32x32x8xi8>) -> tensor<1x32x32x1xi8>
  return %m : tensor<1x32x32x1xi8>
}

// CHECK-LABEL: func.func @rows16(
// CHECK:         tosa.transpose {{.*}} : (tensor<1x1x16x10xi16>) -> tensor<1x10x1x16xi16>
// CHECK:         tosa.max_pool2d {{.*}} : (tensor<1x1x10x16xi16>) -> tensor<1x1x1x16xi16>
// CHECK-NOT:     tosa.reduce_max
func.func @rows16(%y: tensor<16x10xi16>) -> tensor<16x1xi16> {
  %m = tosa.reduce_max %y {axis = 1 : i32} : (tensor<16x10xi16>) -> tensor<16x1xi16>
  return %m : tensor<16x1xi16>
}

// CHECK-LABEL: func.func @left_alone(
// CHECK:         tosa.reduce_max {{.*}} {axis = 1 : i32} : (tensor<1x4xi8>)
// CHECK:         tosa.reduce_max {{.*}} {axis = 1 : i32} : (tensor<1x8x8x4xi8>)
// CHECK-NOT:     tosa.max_pool2d
func.func @left_alone(%v: tensor<1x4xi8>, %x: tensor<1x8x8x4xi8>) -> (tensor<1x1xi8>, tensor<1x1x8x4xi8>) {
  %a = tosa.reduce_max %v {axis = 1 : i32} : (tensor<1x4xi8>) -> tensor<1x1xi8>
  %b = tosa.reduce_max %x {axis = 1 : i32} : (tensor<1x8x8x4xi8>) -> tensor<1x1x8x4xi8>
  return %a, %b : tensor<1x1xi8>, tensor<1x1x8x4xi8>
}

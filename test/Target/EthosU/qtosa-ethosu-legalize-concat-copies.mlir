// qtosa-ethosu-legalize, Ethos-U85 only: a concat of one value with itself
// along an axis where the value has size 1 (the TFLite importer's RESIZE
// from 1x1, a concat of copies per axis) is a broadcast, written as the
// tosa.tile that the tile rewrite (qtosa-ethosu-legalize-tile.mlir) runs
// as one broadcasting MAXIMUM. Vela 5.2 ran the concats as one memory copy
// per operand: the factory's resize_bilinear_1x1_int8 (1x1 to 33x33x8)
// from 41,307 to 19,994 Ethos-U85 cycles, 2.08x to 1.01x the TFLite
// route's (vela-concat-copies.mlir). The tile of the first concat (W), read
// only by the second (H), joins the second's: one MAXIMUM for the whole
// broadcast (19,862 cycles, 1.00x). Ethos-U55 copies faster than it
// broadcasts: the concats stay. Exact: qtosa's engine gives the same
// values before and after.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=U55
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 1, 1, 8), dtype=np.int8))"
// RUN: qtosa-run %s -e from_pixel --input %t/x.npy -o %t/before.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | qtosa-run - -e from_pixel --input %t/x.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; \
// RUN:   x = np.load('%t/x.npy'); before = np.load('%t/before.npy'); after = np.load('%t/after.npy'); \
// RUN:   assert np.array_equal(before, np.broadcast_to(x, (1, 5, 6, 8))); \
// RUN:   assert np.array_equal(before, after)"

// CHECK-LABEL: func.func @from_pixel(
// CHECK-DAG: "tosa.const"() <{values = dense<-128> : tensor<1x5x6x1xi8>}>
// CHECK-NOT: tosa.concat
// CHECK-NOT: tosa.tile
// CHECK: tosa.maximum {{.*}} : (tensor<1x1x1x8xi32>, tensor<1x5x6x1xi32>) -> tensor<1x5x6x8xi32>
// CHECK-NOT: tosa.maximum
// CHECK-NOT: tosa.concat
// CHECK: return
// U55-LABEL: func.func @from_pixel(
// U55: tosa.concat
// U55: tosa.concat
// U55-NOT: tosa.maximum
func.func @from_pixel(%x: tensor<1x1x1x8xi8>) -> tensor<1x5x6x8xi8> {
  %row = tosa.concat %x, %x, %x, %x, %x, %x {axis = 2 : i32} : (tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>) -> tensor<1x1x6x8xi8>
  %all = tosa.concat %row, %row, %row, %row, %row {axis = 1 : i32} : (tensor<1x1x6x8xi8>, tensor<1x1x6x8xi8>, tensor<1x1x6x8xi8>, tensor<1x1x6x8xi8>, tensor<1x1x6x8xi8>) -> tensor<1x5x6x8xi8>
  return %all : tensor<1x5x6x8xi8>
}

// Copies along an axis of size 2 repeat data, and different values are a
// concat: both stay.
// CHECK-LABEL: func.func @not_a_broadcast(
// CHECK: tosa.concat
// CHECK: tosa.concat
// CHECK-NOT: tosa.maximum
func.func @not_a_broadcast(%x: tensor<1x2x1x8xi8>, %y: tensor<1x1x1x8xi8>, %z: tensor<1x1x1x8xi8>) -> (tensor<1x4x1x8xi8>, tensor<1x1x2x8xi8>) {
  %a = tosa.concat %x, %x {axis = 1 : i32} : (tensor<1x2x1x8xi8>, tensor<1x2x1x8xi8>) -> tensor<1x4x1x8xi8>
  %b = tosa.concat %y, %z {axis = 2 : i32} : (tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>) -> tensor<1x1x2x8xi8>
  return %a, %b : tensor<1x4x1x8xi8>, tensor<1x1x2x8xi8>
}

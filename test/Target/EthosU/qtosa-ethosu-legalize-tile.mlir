// qtosa-ethosu-legalize, both targets: a TILE that only broadcasts (every
// axis it repeats has size 1: torch's expand and expand_as, which
// ExecuTorch's TOSA backend writes as a TILE) becomes an elementwise
// MAXIMUM with a constant of the type's least value, which broadcasts both
// operands, between rescales by 1 to i32 and back (PRO-INT's MAXIMUM is on
// i32; the constant is widened like the input so that Vela fuses both
// rescales into an 8- or 16-bit maximum). Vela 5.2 runs the TILE of
// 1x8x8x1 to 1x8x8x8 i8 as eight memory copies, 5008 U55 / 4904 U85
// cycles; this form in 3584 / 128 (vela-broadcast-tile.mlir). A TILE that
// repeats data, or of i32, stays. Exact: max(x, least) is x; qtosa's engine
// gives numpy's broadcast before and after.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); \
// RUN:   np.save('%t/x.npy', r.integers(-128, 128, (1, 8, 8, 1), dtype=np.int8)); \
// RUN:   np.save('%t/y.npy', r.integers(-32768, 32768, (1, 6), dtype=np.int16))"
// RUN: qtosa-run %s -e expand_as --input %t/x.npy -o %t/before_x.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | qtosa-run - -e expand_as --input %t/x.npy -o %t/after_x.npy
// RUN: qtosa-run %s -e rows16 --input %t/y.npy -o %t/before_y.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | qtosa-run - -e rows16 --input %t/y.npy -o %t/after_y.npy
// RUN: %python -c "import numpy as np; \
// RUN:   x = np.load('%t/x.npy'); y = np.load('%t/y.npy'); \
// RUN:   want_x = np.broadcast_to(x, (1, 8, 8, 8)); want_y = np.broadcast_to(y, (4, 6)); \
// RUN:   assert (np.load('%t/before_x.npy') == want_x).all(); \
// RUN:   assert (np.load('%t/after_x.npy') == want_x).all(); \
// RUN:   assert (np.load('%t/before_y.npy') == want_y).all(); \
// RUN:   assert (np.load('%t/after_y.npy') == want_y).all(); print('EXACT')" \
// RUN:   | FileCheck %s --check-prefix=EXACT
// EXACT: EXACT

// CHECK-LABEL: func.func @expand_as(
// CHECK-SAME:    %[[X:.*]]: tensor<1x8x8x1xi8>
// CHECK:         %[[WX:.*]] = tosa.rescale %[[X]], {{.*}} -> tensor<1x8x8x1xi32>
// CHECK:         %[[F:.*]] = "tosa.const"() <{values = dense<-128> : tensor<1x1x1x8xi8>}>
// CHECK:         %[[WF:.*]] = tosa.rescale %[[F]], {{.*}} -> tensor<1x1x1x8xi32>
// CHECK:         %[[M:.*]] = tosa.maximum %[[WX]], %[[WF]] : (tensor<1x8x8x1xi32>, tensor<1x1x1x8xi32>) -> tensor<1x8x8x8xi32>
// CHECK:         %[[Y:.*]] = tosa.rescale %[[M]], {{.*}} -> tensor<1x8x8x8xi8>
// CHECK-NOT:     tosa.tile
// CHECK:         return %[[Y]]
func.func @expand_as(%x: tensor<1x8x8x1xi8>) -> tensor<1x8x8x8xi8> {
  %m = tosa.const_shape {values = dense<[1, 1, 1, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %t = tosa.tile %x, %m : (tensor<1x8x8x1xi8>, !tosa.shape<4>) -> tensor<1x8x8x8xi8>
  return %t : tensor<1x8x8x8xi8>
}

// CHECK-LABEL: func.func @rows16(
// CHECK:         "tosa.const"() <{values = dense<-32768> : tensor<4x1xi16>}>
// CHECK:         tosa.maximum {{.*}} : (tensor<1x6xi32>, tensor<4x1xi32>) -> tensor<4x6xi32>
// CHECK-NOT:     tosa.tile
func.func @rows16(%y: tensor<1x6xi16>) -> tensor<4x6xi16> {
  %m = tosa.const_shape {values = dense<[4, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %t = tosa.tile %y, %m : (tensor<1x6xi16>, !tosa.shape<2>) -> tensor<4x6xi16>
  return %t : tensor<4x6xi16>
}

// CHECK-LABEL: func.func @left_alone(
// CHECK:         tosa.tile {{.*}} : (tensor<2x3xi8>, !tosa.shape<2>) -> tensor<4x3xi8>
// CHECK:         tosa.tile {{.*}} : (tensor<1x3xi32>, !tosa.shape<2>) -> tensor<4x3xi32>
// CHECK-NOT:     tosa.maximum
func.func @left_alone(%a: tensor<2x3xi8>, %b: tensor<1x3xi32>) -> (tensor<4x3xi8>, tensor<4x3xi32>) {
  %m = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %n = tosa.const_shape {values = dense<[4, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %ta = tosa.tile %a, %m : (tensor<2x3xi8>, !tosa.shape<2>) -> tensor<4x3xi8>
  %tb = tosa.tile %b, %n : (tensor<1x3xi32>, !tosa.shape<2>) -> tensor<4x3xi32>
  return %ta, %tb : tensor<4x3xi8>, tensor<4x3xi32>
}

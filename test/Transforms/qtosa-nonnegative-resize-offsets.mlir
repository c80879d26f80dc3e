// qtosa-nonnegative-resize-offsets gives an integer resize with a negative
// offset the same samples at positions of 0 and above: the first row
// (column) repeated in front of the input, the offset grown by scale_n.
// MLIR 22's TOSA-to-Linalg lowering truncates the sample position where
// TOSA floors; executed, the rewritten graph equals the TOSA reference
// semantics (test/Execution/lower-to-tosa-int-ops.mlir, which fails by up
// to 51 LSB at the borders without this pass).
// RUN: qtosa-opt %s --split-input-file --qtosa-nonnegative-resize-offsets | FileCheck %s --enable-var-scope

// Half-pixel 2x (scale 4/2, offset -1): offset 3 on a 3x3 input.
// CHECK-LABEL: func.func @half_pixel(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x2x1xi8>
// CHECK: %[[ROW:.*]] = tosa.slice %[[X]], {{.*}} -> tensor<1x1x2x1xi8>
// CHECK: %[[ROWS:.*]] = tosa.concat %[[ROW]], %[[X]] {axis = 1 : i32} {{.*}} -> tensor<1x3x2x1xi8>
// CHECK: %[[COL:.*]] = tosa.slice %[[ROWS]], {{.*}} -> tensor<1x3x1x1xi8>
// CHECK: %[[PADDED:.*]] = tosa.concat %[[COL]], %[[ROWS]] {axis = 2 : i32} {{.*}} -> tensor<1x3x3x1xi8>
// CHECK: %[[OFFSET:.*]] = tosa.const_shape {values = dense<3> : tensor<2xindex>}
// CHECK: tosa.resize %[[PADDED]], %{{.*}}, %[[OFFSET]], %{{.*}} {mode = BILINEAR} : (tensor<1x3x3x1xi8>, {{.*}}) -> tensor<1x4x4x1xi32>
func.func @half_pixel(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi32> {
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %x, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi32>
  return %y : tensor<1x4x4x1xi32>
}

// -----

// One axis negative: only its rows are repeated.
// CHECK-LABEL: func.func @rows_only(
// CHECK: tosa.concat {{.*}} {axis = 1 : i32} {{.*}} -> tensor<1x3x4x1xi8>
// CHECK-NOT: tosa.concat
// CHECK: %[[OFFSET:.*]] = tosa.const_shape {values = dense<[3, 0]> : tensor<2xindex>}
// CHECK: tosa.resize %{{.*}}, %{{.*}}, %[[OFFSET]]
func.func @rows_only(%x: tensor<1x2x4x1xi8>) -> tensor<1x4x4x1xi8> {
  %scale = tosa.const_shape {values = dense<[4, 2, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %x, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x2x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi8>
  return %y : tensor<1x4x4x1xi8>
}

// -----

// Offsets of 0 and above, and float resizes (MLIR lowers those right), are
// left alone.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT: tosa.concat
func.func @left_alone(%x: tensor<1x2x2x1xi8>, %f: tensor<1x2x2x1xf32>) -> (tensor<1x4x4x1xi32>, tensor<1x4x4x1xf32>) {
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border1 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %x, %scale, %zero, %border {mode = BILINEAR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi32>
  %g = tosa.resize %f, %scale, %offset, %border1 {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
  return %y, %g : tensor<1x4x4x1xi32>, tensor<1x4x4x1xf32>
}

// SPLIT, TILE, REVERSE_V2, MIRROR_PAD in SYMMETRIC mode and FILL on int8: the
// imported QDQ form, its lowering to integer TOSA, and execution of the
// lowered graph on stored integers against numpy's split, tile, flip,
// symmetric pad and full (Inputs/op_reference.py). Every output carries the input's
// parameters, so the integers must come out exactly.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/data_movement.tflite | FileCheck %s --enable-var-scope
// RUN: qtosa-translate --import-tflite %t/data_movement.tflite | qtosa-opt - --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o %t/int.mlir
// RUN: FileCheck %s --input-file=%t/int.mlir --check-prefix=INT
// RUN: %python %S/Inputs/op_reference.py input data_movement %t
// RUN: qtosa-run %t/int.mlir -e main --input %t/x.npy -o %t/out_%d.npy
// RUN: %python %S/Inputs/op_reference.py check data_movement %t | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main(
// CHECK-SAME: -> (tensor<2x3x1xf32> {tflite.name = "split0"}, tensor<2x3x1xf32> {tflite.name = "split1"}, tensor<2x3x1xf32> {tflite.name = "split2"}, tensor<2x3x1xf32> {tflite.name = "split3"}, tensor<4x3x8xf32> {tflite.name = "tile"}, tensor<2x3x4xf32> {tflite.name = "reverse"}, tensor<3x8x5xf32> {tflite.name = "mirror"}, tensor<2x5xf32> {tflite.name = "fill"})
// CHECK: %[[X:.+]] = qtosa.dequantize {{.+}} -> tensor<2x3x4xf32>
// SPLIT (axis input first, -1 here) into four slices one column wide, at
// columns 0, 1, 2, 3.
// CHECK: %[[S0_START:.+]] = tosa.const_shape {values = dense<0> : tensor<3xindex>}
// CHECK: tosa.slice %[[X]], %[[S0_START]], %{{.+}} -> tensor<2x3x1xf32>
// CHECK: %[[S1_START:.+]] = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>}
// CHECK: tosa.slice %[[X]], %[[S1_START]], %{{.+}} -> tensor<2x3x1xf32>
// CHECK: %[[S2_START:.+]] = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>}
// CHECK: tosa.slice %[[X]], %[[S2_START]], %{{.+}} -> tensor<2x3x1xf32>
// CHECK: %[[S3_START:.+]] = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>}
// CHECK: tosa.slice %[[X]], %[[S3_START]], %{{.+}} -> tensor<2x3x1xf32>
// TILE by [2, 1, 2].
// CHECK: %[[MULT:.+]] = tosa.const_shape {values = dense<[2, 1, 2]> : tensor<3xindex>}
// CHECK: tosa.tile %[[X]], %[[MULT]] : (tensor<2x3x4xf32>, !tosa.shape<3>) -> tensor<4x3x8xf32>
// REVERSE_V2 over axes [0, -1]: one tosa.reverse per axis.
// CHECK: %[[R0:.+]] = tosa.reverse %[[X]] {axis = 0 : i32}
// CHECK: tosa.reverse %[[R0]] {axis = 2 : i32} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// MIRROR_PAD SYMMETRIC [[1, 0], [2, 3], [0, 1]], axis by axis. Unlike
// REFLECT, the mirrored part starts at the edge: the first row before (one
// row is its own mirror image: no reverse).
// CHECK: %[[P0_START:.+]] = tosa.const_shape {values = dense<0> : tensor<3xindex>}
// CHECK: %[[P0:.+]] = tosa.slice %[[X]], %[[P0_START]], %{{.+}} -> tensor<1x3x4xf32>
// CHECK-NEXT: %[[A0:.+]] = tosa.concat %[[P0]], %[[X]] {axis = 0 : i32} {{.+}} -> tensor<3x3x4xf32>
// Axis 1: the first two rows before, last first; after, all three (as large
// as the dimension, which only SYMMETRIC allows). At most 4 mirrored rows
// are one slice each in the concat, with no tosa.reverse.
// CHECK: %[[R1_START:.+]] = tosa.const_shape {values = dense<[0, 1, 0]> : tensor<3xindex>}
// CHECK-NEXT: %[[R1_SIZE:.+]] = tosa.const_shape {values = dense<[3, 1, 4]> : tensor<3xindex>}
// CHECK-NEXT: %[[B1:.+]] = tosa.slice %[[A0]], %[[R1_START]], %[[R1_SIZE]]
// CHECK: %[[B0:.+]] = tosa.slice %[[A0]], %{{.+}}, %{{.+}} -> tensor<3x1x4xf32>
// CHECK: %[[C2_START:.+]] = tosa.const_shape {values = dense<[0, 2, 0]> : tensor<3xindex>}
// CHECK-NEXT: tosa.const_shape
// CHECK-NEXT: %[[C2:.+]] = tosa.slice %[[A0]], %[[C2_START]], %{{.+}} -> tensor<3x1x4xf32>
// CHECK: %[[C1:.+]] = tosa.slice %[[A0]], %{{.+}}, %{{.+}} -> tensor<3x1x4xf32>
// CHECK: %[[C0:.+]] = tosa.slice %[[A0]], %{{.+}}, %{{.+}} -> tensor<3x1x4xf32>
// CHECK-NOT: tosa.reverse
// CHECK: %[[A1:.+]] = tosa.concat %[[B1]], %[[B0]], %[[A0]], %[[C2]], %[[C1]], %[[C0]] {axis = 1 : i32} {{.+}} -> tensor<3x8x4xf32>
// Axis 2: the last column after.
// CHECK: %[[P2_START:.+]] = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>}
// CHECK: %[[P2:.+]] = tosa.slice %[[A1]], %[[P2_START]], %{{.+}} -> tensor<3x8x1xf32>
// CHECK-NEXT: tosa.concat %[[A1]], %[[P2]] {axis = 2 : i32} {{.+}} -> tensor<3x8x5xf32>
// FILL [2, 5] with the stored 17: the scalar as a 1x1 tensor, tiled.
// CHECK: %[[FV:.+]] = "tosa.const"() <{values = dense<17> : tensor<i8>}>
// CHECK: %[[FD:.+]] = qtosa.dequantize %[[FV]] {{.+}} -> tensor<f32>
// CHECK: %[[F1:.+]] = tosa.reshape %[[FD]], %{{.+}} -> tensor<1x1xf32>
// CHECK: %[[FM:.+]] = tosa.const_shape {values = dense<[2, 5]> : tensor<2xindex>}
// CHECK: tosa.tile %[[F1]], %[[FM]] : (tensor<1x1xf32>, !tosa.shape<2>) -> tensor<2x5xf32>

// Lowered, all of it moves the stored int8 values.
// INT-LABEL: func.func @main(
// INT-SAME: tensor<2x3x4xi8>
// INT-NOT: xf32>
// INT-NOT: qtosa.quantize
// INT-NOT: qtosa.dequantize
// INT-NOT: tosa.rescale
// INT: return {{.+}} : tensor<2x3x1xi8>, tensor<2x3x1xi8>, tensor<2x3x1xi8>, tensor<2x3x1xi8>, tensor<4x3x8xi8>, tensor<2x3x4xi8>, tensor<3x8x5xi8>, tensor<2x5xi8>

// EXEC: split0: matches exactly
// EXEC-NEXT: split1: matches exactly
// EXEC-NEXT: split2: matches exactly
// EXEC-NEXT: split3: matches exactly
// EXEC-NEXT: tile: matches exactly
// EXEC-NEXT: reverse: matches exactly
// EXEC-NEXT: mirror: matches exactly
// EXEC-NEXT: fill: matches exactly

// Data movement: reshape, transpose, the three pads, slice, strided slice
// (negative and non-unit strides), concatenation, pack, unpack, split,
// expand_dims, squeeze, depth-to-space and space-to-depth. Shapes come from
// the output tensors.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/shapes.tflite | FileCheck %s --enable-var-scope
// RUN: qtosa-translate --import-tflite %t/depth_space.tflite | FileCheck %s --enable-var-scope --check-prefix=D2S
// RUN: qtosa-translate --import-tflite %t/runtime_shapes.tflite | FileCheck %s --enable-var-scope --check-prefix=RUNTIME
// RUN: qtosa-translate --import-tflite %t/depth_space.tflite \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=D2S-INT

// DEPTH_TO_SPACE, block 2: [1, 2, 3, 8] as [N*H, W, b, b*C] = [2, 3, 2, 4],
// w and i swapped, [2, 2, 3, 4] read as [1, 4, 6, 2]; SPACE_TO_DEPTH the
// same transpose the other way. Rank 4 throughout (Ethos-U's limit).
// D2S-LABEL: func.func @main(
// D2S: %[[X:.+]] = qtosa.dequantize {{.+}} -> tensor<1x2x3x8xf32>
// D2S: %[[A:.+]] = tosa.reshape %[[X]], %{{.+}} -> tensor<2x3x2x4xf32>
// D2S: %[[AT:.+]] = tosa.transpose %[[A]] {perms = array<i32: 0, 2, 1, 3>} : (tensor<2x3x2x4xf32>) -> tensor<2x2x3x4xf32>
// D2S: tosa.reshape %[[AT]], %{{.+}} -> tensor<1x4x6x2xf32>
// D2S: %[[B:.+]] = tosa.reshape %{{.+}}, %{{.+}} : (tensor<1x4x6x2xf32>, !tosa.shape<4>) -> tensor<2x2x3x4xf32>
// D2S: %[[BT:.+]] = tosa.transpose %[[B]] {perms = array<i32: 0, 2, 1, 3>} : (tensor<2x2x3x4xf32>) -> tensor<2x3x2x4xf32>
// D2S: tosa.reshape %[[BT]], %{{.+}} -> tensor<1x2x3x8xf32>
// On the stored integers after lowering, no host call.
// D2S-INT-LABEL: func.func @main(
// D2S-INT-NOT: call
// D2S-INT: tosa.transpose {{.+}} : (tensor<2x3x2x4xi8>) -> tensor<2x2x3x4xi8>
// D2S-INT: tosa.transpose {{.+}} : (tensor<2x2x3x4xi8>) -> tensor<2x3x2x4xi8>

// CHECK-LABEL: func.func @main(
// CHECK: %[[X:.+]] = qtosa.dequantize {{.+}} -> tensor<1x4x6xf32>
// CHECK: %[[RS:.+]] = tosa.reshape %[[X]], %{{.+}} -> tensor<4x6xf32>
// CHECK: tosa.transpose %{{.+}} {perms = array<i32: 1, 0>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
// PAD pads with 0.0, the zero point's value.
// CHECK: %[[ZERO:.+]] = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}>
// CHECK: %[[PADS:.+]] = tosa.const_shape {values = dense<[1, 1, 0, 1]> : tensor<4xindex>}
// CHECK: tosa.pad %{{.+}}, %[[PADS]], %[[ZERO]] : (tensor<6x4xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<8x5xf32>
// PADV2 pads with its (dequantized) constant value.
// CHECK: %[[VI:.+]] = "tosa.const"() <{values = dense<7> : tensor<i8>}>
// CHECK: %[[VF:.+]] = qtosa.dequantize %[[VI]]
// CHECK: %[[V1:.+]] = tosa.reshape %[[VF]], %{{.+}} -> tensor<1xf32>
// CHECK: tosa.pad %{{.+}}, %{{.+}}, %[[V1]] : (tensor<8x5xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<8x7xf32>
// MIRROR_PAD REFLECT by one row: rows 1 and 6 around the input (one row is
// its own mirror image: no tosa.reverse).
// CHECK: %[[M:.+]] = qtosa.dequantize {{.+}} -> tensor<8x7xf32>
// CHECK: %[[TOP_START:.+]] = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>}
// CHECK: %[[TOP:.+]] = tosa.slice %[[M]], %[[TOP_START]], %{{.+}} -> tensor<1x7xf32>
// CHECK-NOT: tosa.reverse
// CHECK: %[[BOT_START:.+]] = tosa.const_shape {values = dense<[6, 0]> : tensor<2xindex>}
// CHECK: %[[BOT:.+]] = tosa.slice %[[M]], %[[BOT_START]], %{{.+}} -> tensor<1x7xf32>
// CHECK-NOT: tosa.reverse
// CHECK: tosa.concat %[[TOP]], %[[M]], %[[BOT]] {axis = 0 : i32} {{.+}} -> tensor<10x7xf32>
// SLICE begin [2, 1], size [4, -1].
// CHECK: %[[SL_START:.+]] = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>}
// CHECK: tosa.slice %{{.+}}, %[[SL_START]], %{{.+}} : (tensor<10x7xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x6xf32>
// STRIDED_SLICE begin [0, -1], end [4, (masked)], strides [2, -2]: the
// second dimension reversed, then every second element of both kept by
// padding, splitting the dimension and slicing.
// CHECK: %[[SS:.+]] = qtosa.dequantize {{.+}} -> tensor<4x6xf32>
// CHECK: %[[REV:.+]] = tosa.reverse %[[SS]] {axis = 1 : i32}
// CHECK: tosa.slice %[[REV]], {{.+}} -> tensor<3x5xf32>
// CHECK: tosa.pad {{.+}} -> tensor<4x5xf32>
// CHECK: tosa.reshape {{.+}} -> tensor<2x2x5xf32>
// CHECK: tosa.slice {{.+}} -> tensor<2x1x5xf32>
// CHECK: tosa.reshape {{.+}} -> tensor<2x5xf32>
// CHECK: tosa.pad {{.+}} -> tensor<2x6xf32>
// CHECK: tosa.reshape {{.+}} -> tensor<2x3x2xf32>
// CHECK: tosa.slice {{.+}} -> tensor<2x3x1xf32>
// CHECK: tosa.reshape {{.+}} -> tensor<2x3xf32>
// CONCATENATION on axis -1.
// CHECK: %[[CI:.+]] = qtosa.dequantize {{.+}} -> tensor<2x3xf32>
// CHECK: tosa.concat %[[CI]], %[[CI]] {axis = 1 : i32} {{.+}} -> tensor<2x6xf32>
// PACK on axis 0: each input gains a leading 1.
// CHECK: tosa.concat {{.+}} {axis = 0 : i32} : (tensor<1x2x6xf32>, tensor<1x2x6xf32>) -> tensor<2x2x6xf32>
// UNPACK on axis 1: two slices, each reshaped without the axis.
// CHECK: %[[PK:.+]] = qtosa.dequantize {{.+}} -> tensor<2x2x6xf32>
// CHECK: tosa.slice %[[PK]], {{.+}} -> tensor<2x1x6xf32>
// CHECK: tosa.slice %[[PK]], {{.+}} -> tensor<2x1x6xf32>
// SPLIT_V into 2 and 4 columns.
// CHECK: tosa.slice {{.+}} : (tensor<2x6xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xf32>
// CHECK: tosa.slice {{.+}} : (tensor<2x6xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x4xf32>
// EXPAND_DIMS and SQUEEZE are reshapes.
// CHECK: tosa.reshape {{.+}} -> tensor<2x1x4xf32>
// CHECK: tosa.reshape {{.+}} -> tensor<2x4xf32>
// CHECK: return {{.+}} : tensor<2x4xf32>

// Sizes TensorFlow's converter left to run time (1 in `shape`, -1 in the
// signature) come from the input's: the SHAPE, GATHER, REDUCE_PROD, PACK and
// CONCATENATION of a Tensordot are folded into the reshapes' shapes, and no
// host call is left for them.
// RUNTIME-LABEL: func.func @main(
// RUNTIME-SAME: tensor<1x4x3xf32> {tflite.name = "x"}) -> (tensor<1x4x2xf32> {tflite.name = "y"})
// RUNTIME: tosa.reshape %{{.+}} : (tensor<1x4x3xf32>, !tosa.shape<2>) -> tensor<4x3xf32>
// RUNTIME: tosa.conv2d {{.+}} -> tensor<1x4x1x2xf32>
// RUNTIME: tosa.reshape %{{.+}} : (tensor<4x2xf32>, !tosa.shape<3>) -> tensor<1x4x2xf32>
// RUNTIME-NOT: call

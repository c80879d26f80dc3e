// RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR 3x4 -> 7x5 under TFLite's
// three sampling conventions become tosa.resize scale/offset/border, and
// running them gives what TFLite's reference kernels compute
// (Inputs/resize_reference.py, their rules in numpy).
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/resize.tflite | FileCheck %s --enable-var-scope
// RUN: %python %S/Inputs/resize_reference.py input %t
// RUN: qtosa-translate --import-tflite %t/resize.tflite | qtosa-run - -e main --input %t/x.npy -o %t/out_%d.npy
// RUN: %python %S/Inputs/resize_reference.py check %t | FileCheck %s --check-prefix=EXEC
// RUN: qtosa-translate --import-tflite %t/resize_quantized.tflite | FileCheck %s --enable-var-scope --check-prefix=QUANT
// RUN: qtosa-translate --import-tflite %t/resize_1x1.tflite | FileCheck %s --enable-var-scope --check-prefix=ONE
// RUN: qtosa-translate --import-tflite %t/resize_1x1.tflite \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' > %t/resize_1x1.mlir
// RUN: FileCheck %s --enable-var-scope --check-prefix=ONE-INT < %t/resize_1x1.mlir
// RUN: %python -c "import numpy; numpy.save('%t/pixel.npy', numpy.array([-128, 5, 127], numpy.int8).reshape(1, 1, 1, 3))"
// RUN: qtosa-run %t/resize_1x1.mlir --input %t/pixel.npy -o %t/one_%d.npy
// RUN: %python -c "import numpy; p = numpy.load('%t/pixel.npy'); print([bool((numpy.load('%t/one_%d.npy' % k) == numpy.broadcast_to(p, s)).all()) for k, s in [(0, (1, 5, 3, 3)), (1, (1, 2, 6, 3))]])" \
// RUN:   | FileCheck %s --check-prefix=ONE-EXEC

// A resize of INT8 (or INT16) samples where TFLite's integer kernel does:
// at y * s + s/2 - 512 in 1/1024 steps, s = round(1024 IH / OH) = 546 for
// 8 -> 15 (exactly 546.13) and 614 for 3 -> 5; the border is what makes
// the output 15 x 5 (14 * 546 - 7 * 1024 - 239 = 237). UINT8's kernel
// samples at float positions: the rational 30/16 and 5/3 as for a float
// resize. (Equality with TFLite Micro: python/tests/tools/test_tensorflow.py
// and the factory's conv_relu_to_host_int8.)
// QUANT-LABEL: func.func @main(
// QUANT-DAG: %[[S8:.+]] = tosa.const_shape {values = dense<[1024, 546, 1024, 614]> : tensor<4xindex>}
// QUANT-DAG: %[[O8:.+]] = tosa.const_shape {values = dense<[-239, -205]> : tensor<2xindex>}
// QUANT-DAG: %[[B8:.+]] = tosa.const_shape {values = dense<[237, 203]> : tensor<2xindex>}
// QUANT: tosa.resize %{{.+}}, %[[S8]], %[[O8]], %[[B8]] {mode = BILINEAR} : (tensor<1x8x3x1xf32>
// QUANT-DAG: %[[SU:.+]] = tosa.const_shape {values = dense<[30, 16, 5, 3]> : tensor<4xindex>}
// QUANT-DAG: %[[OU:.+]] = tosa.const_shape {values = dense<[-7, -1]> : tensor<2xindex>}
// QUANT: tosa.resize %{{.+}}, %[[SU]], %[[OU]], %{{.+}} {mode = BILINEAR} : (tensor<1x8x3x1xf32>

// From one pixel every sample is that pixel: a broadcast, as a concat of
// copies per axis, on the stored integers once lowered, and no tosa.resize
// or host call.
// ONE-LABEL: func.func @main(
// ONE: %[[P:.+]] = qtosa.dequantize {{.+}} -> tensor<1x1x1x3xf32>
// ONE: %[[ROW:.+]] = tosa.concat %[[P]], %[[P]], %[[P]] {axis = 2 : i32} {{.+}} -> tensor<1x1x3x3xf32>
// ONE: tosa.concat %[[ROW]], %[[ROW]], %[[ROW]], %[[ROW]], %[[ROW]] {axis = 1 : i32} {{.+}} -> tensor<1x5x3x3xf32>
// ONE-NOT: tosa.resize
// ONE-NOT: call
// ONE-INT-LABEL: func.func @main(
// ONE-INT-NOT: xf32>
// ONE-INT-NOT: tosa.resize
// ONE-INT: tosa.concat {{.+}} -> tensor<1x5x3x3xi8>
// ONE-INT: tosa.concat {{.+}} -> tensor<1x2x6x3xi8>
// ONE-EXEC: [True, True]

// Neither convention: y * IH / OH.
// CHECK: %[[S0:.+]] = tosa.const_shape {values = dense<[7, 3, 5, 4]> : tensor<4xindex>}
// CHECK: %[[O0:.+]] = tosa.const_shape {values = dense<0> : tensor<2xindex>}
// CHECK: %[[B0:.+]] = tosa.const_shape {values = dense<[4, 1]> : tensor<2xindex>}
// CHECK: tosa.resize %{{.+}}, %[[S0]], %[[O0]], %[[B0]] {mode = BILINEAR}
// Half-pixel centers: n = 2 OH, d = 2 IH, offset IH - OH, in lowest terms
// (rows 14/6 offset -4 is 7/3 offset -2).
// CHECK: %[[S1:.+]] = tosa.const_shape {values = dense<[7, 3, 10, 8]> : tensor<4xindex>}
// CHECK: %[[O1:.+]] = tosa.const_shape {values = dense<[-2, -1]> : tensor<2xindex>}
// CHECK: tosa.resize %{{.+}}, %[[S1]], %[[O1]], %{{.+}} {mode = BILINEAR}
// Aligned corners: n = OH - 1, d = IH - 1 (rows 6/2 is 3/1).
// CHECK: %[[S2:.+]] = tosa.const_shape {values = dense<[3, 1, 4, 3]> : tensor<4xindex>}
// CHECK: tosa.resize %{{.+}}, %[[S2]], %{{.+}}, %{{.+}} {mode = BILINEAR}
// Nearest floors where TOSA rounds: the position half a step lower.
// CHECK: %[[S3:.+]] = tosa.const_shape {values = dense<[14, 6, 10, 8]> : tensor<4xindex>}
// CHECK: %[[O3:.+]] = tosa.const_shape {values = dense<[-7, -5]> : tensor<2xindex>}
// CHECK: tosa.resize %{{.+}}, %[[S3]], %[[O3]], %{{.+}} {mode = NEAREST_NEIGHBOR}
// CHECK: tosa.resize {{.+}} {mode = NEAREST_NEIGHBOR}
// CHECK: tosa.resize {{.+}} {mode = NEAREST_NEIGHBOR}

// EXEC: bilinear: matches TFLite
// EXEC-NEXT: bilinear_half_pixel: matches TFLite
// EXEC-NEXT: bilinear_align: matches TFLite
// EXEC-NEXT: nearest: matches TFLite
// EXEC-NEXT: nearest_half_pixel: matches TFLite
// EXEC-NEXT: nearest_align: matches TFLite

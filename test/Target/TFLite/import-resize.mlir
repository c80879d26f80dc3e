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

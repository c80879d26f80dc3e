// DIV (with its fused activation), LOG, RSQRT, FLOOR and CEIL on f32: the
// imported TOSA, and execution against numpy's definitions
// (Inputs/op_reference.py): FLOOR, CEIL exact; DIV (x * reciprocal(y)),
// LOG and RSQRT within two float32 ulps.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/float_math.tflite | FileCheck %s --enable-var-scope
// RUN: %python %S/Inputs/op_reference.py input float_math %t
// RUN: qtosa-translate --import-tflite %t/float_math.tflite | qtosa-run - -e main --input %t/a.npy --input %t/b.npy -o %t/out_%d.npy
// RUN: %python %S/Inputs/op_reference.py check float_math %t | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A:.+]]: tensor<2x3xf32> {tflite.name = "a"}, %[[B:.+]]: tensor<2x3xf32> {tflite.name = "b"})
// Float tensors stay float: no quantize or dequantize.
// CHECK-NOT: qtosa.
// DIV is a * (1 / b); its fused RELU a clamp at 0.
// CHECK: %[[INV:.+]] = tosa.reciprocal %[[B]]
// CHECK: %[[Q:.+]] = tosa.mul %[[A]], %[[INV]], %{{.+}} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1xi8>) -> tensor<2x3xf32>
// CHECK: %[[DIV:.+]] = tosa.clamp %[[Q]] {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32}
// CHECK: %[[LOG:.+]] = tosa.log %[[A]]
// CHECK: %[[RSQRT:.+]] = tosa.rsqrt %[[A]]
// CHECK: %[[FLOOR:.+]] = tosa.floor %[[B]]
// CHECK: %[[CEIL:.+]] = tosa.ceil %[[B]]
// CHECK: return %[[DIV]], %[[LOG]], %[[RSQRT]], %[[FLOOR]], %[[CEIL]]

// EXEC: div: matches
// EXEC-NEXT: log: matches
// EXEC-NEXT: rsqrt: matches
// EXEC-NEXT: floor: matches (exact)
// EXEC-NEXT: ceil: matches (exact)

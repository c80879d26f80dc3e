// GATHER: an embedding lookup (constant int8 params, INT32 indices from a
// graph input) and a gather along axis 1 of an activation with constant
// indices become tosa.gather over the params reshaped to [outer, K, inner];
// lowered, the stored int8 values are gathered (data movement), and
// qtosa-run's result equals numpy's indexing (Inputs/op_reference.py).
// Both were host calls, which qtosa's engine cannot run.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/gather.tflite | FileCheck %s --enable-var-scope
// RUN: qtosa-translate --import-tflite %t/gather.tflite | qtosa-opt - --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o %t/int.mlir
// RUN: FileCheck %s --input-file=%t/int.mlir --check-prefix=INT
// RUN: %python %S/Inputs/op_reference.py input gather %t
// RUN: qtosa-run %t/int.mlir -e main --input %t/ids.npy --input %t/x.npy -o %t/out_%d.npy
// RUN: %python %S/Inputs/op_reference.py check gather %t | FileCheck %s --check-prefix=EXEC
//
// A constant index outside the params' axis is an error (TFLite refuses
// such a model); quantized INT32 indices keep the op on the host, the
// reason saying so (it said "indices of type INT32" until session 32).
// RUN: not qtosa-translate --import-tflite %t/gather_index_range.tflite 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: qtosa-translate --import-tflite %t/gather_quantized_indices.tflite 2>&1 -o /dev/null | FileCheck %s --check-prefix=QUANT
// RANGE: gather_index_range.tflite:0:0: error: GATHER: constant index 6 (element 1 of the indices) is outside 0..5, the params' axis 0
// QUANT: remark: GATHER is imported as a call of @tflite.GATHER that runs on the host: INT32 indices with quantization parameters: TOSA's gather takes plain INT32 indices

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[IDS:[^:]+]]: tensor<2x3xi32> {tflite.name = "ids"}
// CHECK-NOT: call
// The lookup: [6, 4] as [1, 6, 4], the six indices as [1, 6].
// CHECK: %[[T:.+]] = qtosa.dequantize %{{.+}} -> tensor<6x4xf32>
// CHECK: %[[T3:.+]] = tosa.reshape %[[T]], %{{.+}} -> tensor<1x6x4xf32>
// CHECK: %[[I:.+]] = tosa.reshape %[[IDS]], %{{.+}} -> tensor<1x6xi32>
// CHECK: %[[G:.+]] = tosa.gather %[[T3]], %[[I]] : (tensor<1x6x4xf32>, tensor<1x6xi32>) -> tensor<1x6x4xf32>
// CHECK: tosa.reshape %[[G]], %{{.+}} -> tensor<2x3x4xf32>
// Axis 1 of [2, 5, 3]: the three indices tiled to [2, 3].
// CHECK: %[[P:.+]] = "tosa.const"() <{values = dense<[4, 0, 4]> : tensor<3xi32>}>
// CHECK: %[[P2:.+]] = tosa.reshape %[[P]], %{{.+}} -> tensor<1x3xi32>
// CHECK: %[[PT:.+]] = tosa.tile %[[P2]], %{{.+}} -> tensor<2x3xi32>
// CHECK: tosa.gather %{{.+}}, %[[PT]] : (tensor<2x5x3xf32>, tensor<2x3xi32>) -> tensor<2x3x3xf32>

// Lowered, the gathers move the stored int8 values.
// INT-LABEL: func.func @main(
// INT-NOT: xf32>
// INT-NOT: tosa.rescale
// INT: tosa.gather {{.+}} : (tensor<1x6x4xi8>, tensor<1x6xi32>) -> tensor<1x6x4xi8>
// INT: tosa.gather {{.+}} : (tensor<2x5x3xi8>, tensor<2x3xi32>) -> tensor<2x3x3xi8>

// EXEC: lookup: matches exactly
// EXEC-NEXT: picked: matches exactly

// One function per subgraph: subgraph 0 is @main (its signature key kept
// as an attribute), another subgraph takes its name; arguments and results
// in model order, named after their tensors. Each op's location names the
// tensor it writes and points at "file":operator:subgraph.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/signatures.tflite --mlir-print-debuginfo | FileCheck %s --enable-var-scope
// A batch dimension marked dynamic in shape_signature imports with the
// size in `shape`, as TFLite runs it:
// RUN: qtosa-translate --import-tflite %t/dynamic_batch.tflite | FileCheck %s --check-prefix=BATCH
// The library entry point behind the translation, through mlir-translate's
// -o:
// RUN: qtosa-translate --import-tflite %t/dynamic_batch.tflite -o %t/out.mlir && FileCheck %s --check-prefix=BATCH --input-file=%t/out.mlir

// CHECK-DAG: #[[$FILE0:.+]] = loc("{{.*}}signatures.tflite":0:0)
// CHECK-DAG: #[[$FILE1:.+]] = loc("{{.*}}signatures.tflite":0:1)
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %{{.+}}: tensor<1x4xf32> {tflite.name = "serving_default_x:0"} loc("serving_default_x:0"(#[[$FILE0]])))
// CHECK-SAME: -> (tensor<1x4xf32> {tflite.name = "StatefulPartitionedCall:0"}) attributes {tflite.signature_key = "serving_default"}
// CHECK: qtosa.quantize {{.+}} loc(#[[IN:.+]])
// CHECK: tosa.clamp {{.+}} loc(#[[$OP0:.+]])
// CHECK-LABEL: func.func @helper(
// CHECK-SAME: tensor<2xf32> {tflite.name = "f_in"}
// CHECK: tosa.tanh {{.+}} loc(#[[$HELPER_OP0:.+]])
// CHECK-DAG: #[[$OP0]] = loc("StatefulPartitionedCall:0"(#[[$FILE0]]))
// CHECK-DAG: #[[$HELPER_OP0]] = loc("f_out"(#[[$FILE1]]))

// BATCH: func.func @main(%{{.+}}: tensor<1x4xf32> {tflite.name = "x"}) -> (tensor<1x4xf32> {tflite.name = "y"})

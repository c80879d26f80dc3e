// qtosa-ethosu-pipeline{tosa-dir=DIR} ends with qtosa-export-delegates: one
// TOSA 1.0 flatbuffer per delegate of the target and delegates.json.
//
// RUN: rm -rf %t && qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{tosa-dir=%t remarks=false})' | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/delegates.json
// RUN: qtosa-translate --import-tosa-flatbuffer %t/delegate_0.tosa | FileCheck %s --check-prefix=TOSA
// Without the option nothing is written.
// RUN: rm -rf %t.none && mkdir %t.none && cd %t.none && qtosa-opt %qtosa_src/examples/convnext_block_qdq.mlir \
// RUN:   --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{remarks=false})' -o /dev/null && ls | count 0

// IR: qtosa.delegate "ethos-u55-128"
// MANIFEST: "file": "delegate_0.tosa",
// MANIFEST-NEXT: "target": "ethos-u55-128",
// MANIFEST-NEXT: "function": "convnext_block",
// MANIFEST: "dtype": "INT8",
// MANIFEST-NEXT: "scale": 0.02,
// MANIFEST-NEXT: "zero_point": -5
// Scales as the shortest decimal that reads back to the same double, not
// llvm::json's %.17g (0.059999999999999998; issue #31):
// MANIFEST: "outputs": [
// MANIFEST: "scale": 0.06,
// TOSA: func.func @delegate_0(%{{.*}}: tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8>
// TOSA: tosa.depthwise_conv2d

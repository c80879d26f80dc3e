// What the importer writes is what qtosa's pipelines take: the small
// models lower to integer TOSA 1.0 with qtosa-lower-pipeline{io=int} (no
// f32 left, strictly valid for pro_int with int16 and doubleround, the
// rounding the import names) and run entirely on the NPU under
// qtosa-ethosu-pipeline, for both targets.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: for m in conv2d_same conv2d_valid_crop depthwise_multiplier grouped_depthwise grouped_multiplier grouped_channels depthwise_channels fully_connected transpose_conv int16_conv pools batch_matmul shapes quantize_ops; do \
// RUN:   qtosa-translate --import-tflite %t/$m.tflite | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o %t/$m.int.mlir && \
// RUN:   mlir-opt %t/$m.int.mlir --tosa-attach-target='profiles=pro_int extensions=int16,doubleround' --tosa-validate=strict-op-spec-alignment -o /dev/null && \
// RUN:   echo "$m: lowered and valid" && cat %t/$m.int.mlir; \
// RUN: done > %t/lowered.txt
// RUN: FileCheck %s --check-prefix=LOWER --input-file=%t/lowered.txt
// RUN: not grep "f32>" %t/lowered.txt
// RUN: for t in ethos-u55-128 ethos-u85-256; do for m in conv2d_same conv2d_valid_crop depthwise_multiplier grouped_depthwise grouped_multiplier grouped_channels depthwise_channels fully_connected transpose_conv int16_conv pools batch_matmul; do \
// RUN:   qtosa-translate --import-tflite %t/$m.tflite | qtosa-opt --pass-pipeline="builtin.module(qtosa-ethosu-pipeline{target=$t report-file=-})" -o /dev/null 2>&1 | grep "^ethos-u"; \
// RUN: done; done > %t/partitions.txt
// RUN: FileCheck %s --check-prefix=NPU --input-file=%t/partitions.txt

// LOWER: conv2d_same: lowered and valid
// LOWER: tosa.conv2d {{.+}} -> tensor<1x3x3x3xi32>
// LOWER: conv2d_valid_crop: lowered and valid
// LOWER: depthwise_multiplier: lowered and valid
// LOWER: tosa.depthwise_conv2d {{.+}} -> tensor<1x2x2x4xi32>
// LOWER: grouped_depthwise: lowered and valid
// LOWER: tosa.depthwise_conv2d {{.+}}tensor<3x3x3x1xi8>{{.+}} -> tensor<1x5x5x3xi32>
// LOWER: grouped_multiplier: lowered and valid
// LOWER: tosa.depthwise_conv2d {{.+}}tensor<3x3x2x2xi8>{{.+}} -> tensor<1x2x2x4xi32>
// LOWER: grouped_channels: lowered and valid
// LOWER: tosa.conv2d {{.+}}tensor<2x3x3x2xi8>{{.+}} -> tensor<1x4x4x2xi32>
// LOWER: tosa.conv2d {{.+}}tensor<2x3x3x2xi8>{{.+}} -> tensor<1x4x4x2xi32>
// LOWER: tosa.concat {{.+}} -> tensor<1x4x4x4xi8>
// LOWER: depthwise_channels: lowered and valid
// LOWER: fully_connected: lowered and valid
// LOWER: tosa.conv2d {{.+}} -> tensor<1x2x1x5xi32>
// LOWER: transpose_conv: lowered and valid
// LOWER: tosa.transpose_conv2d {{.+}} -> tensor<1x8x8x2xi32>
// LOWER: int16_conv: lowered and valid
// LOWER: tosa.conv2d {{.+}} -> tensor<1x3x3x2xi48>
// LOWER: pools: lowered and valid
// LOWER: batch_matmul: lowered and valid
// LOWER: tosa.matmul {{.+}} -> tensor<2x3x5xi32>
// LOWER: shapes: lowered and valid
// LOWER: quantize_ops: lowered and valid

// NPU-COUNT-24: ethos-u{{55-128|85-256}}: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host
// NPU-NOT: ethos-u

// A float TFLite model goes the same path as float TOSA: imported with
// qtosa-translate --import-tflite, quantized by qtosa-quantize-pipeline with
// the default config, partitioned by qtosa-ethosu-pipeline into one U55
// delegate with no host op. The model (Inputs/float_tflite.py): two
// CONV_2D+RELU branches into a CONCATENATION, a TRANSPOSE pair, a
// DEPTHWISE_CONV_2D and a FULLY_CONNECTED whose weights the importer
// reshapes (folded into per-channel constants by qtosa-annotate), an ADD.
//
// RUN: rm -rf %t && mkdir -p %t/cal %t/test
// RUN: %python %S/Inputs/float_tflite.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/float_block.tflite -o %t/float.mlir
// RUN: %python %S/Inputs/write_samples.py %t/cal 8 1x6x6x4
// RUN: qtosa-opt %t/float.mlir --qtosa-annotate | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %t/float.mlir --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/cal/samples.json})' -o %t/qdq.mlir
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' -o %t/npu.mlir 2>&1 | FileCheck %s --check-prefix=NPU
// Executed on an input the samples did not include: the QDQ graph and the
// partitioned integer graph keep 30 dB SQNR against float (33.9 dB both
// when written).
// RUN: %python %S/Inputs/write_samples.py %t/test 1 1x6x6x4 --seed 99
// RUN: qtosa-run %t/float.mlir --input=%t/test/sample0_arg0.npy -o %t/float_%%d.npy
// RUN: qtosa-run %t/qdq.mlir --input=%t/test/sample0_arg0.npy -o %t/qdq_%%d.npy
// RUN: qtosa-run %t/npu.mlir --input=%t/test/sample0_arg0.npy -o %t/npu_%%d.npy
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/qdq_0.npy 30
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/npu_0.npy 30

// MARK-LABEL: func.func @main
// MARK: qtosa.annotate %arg0 group 0 storage i8<-128 : 127>
// MARK: qtosa.annotate %{{.*}} group {{[0-9]+}} storage i8<-127 : 127> {axis = 0 : i32, {{.*}} : tensor<3x3x3x4xf32>
// MARK: %[[B0:.*]] = qtosa.annotate %{{.*}} group [[CAT:[0-9]+]] storage i8<-128 : 127> : tensor<1x6x6x3xf32>
// MARK: qtosa.annotate %{{.*}} group {{[0-9]+}} storage i8<-127 : 127> {axis = 0 : i32, {{.*}} : tensor<5x3x3x4xf32>
// MARK: %[[B1:.*]] = qtosa.annotate %{{.*}} group [[CAT]] storage i8<-128 : 127> : tensor<1x6x6x5xf32>
// MARK-NEXT: %[[C:.*]] = tosa.concat %[[B0]], %[[B1]]
// MARK-NEXT: %[[T1:.*]] = tosa.transpose %[[C]]
// MARK-NEXT: %[[T2:.*]] = tosa.transpose %[[T1]]
// The depthwise weight, reshaped from TFLite's [1, KH, KW, C] by the
// importer, is one constant with a scale per channel.
// MARK: qtosa.annotate %{{.*}} group {{[0-9]+}} storage i8<-127 : 127> {axis = 2 : i32, {{.*}} : tensor<3x3x8x1xf32>
// MARK-NEXT: tosa.depthwise_conv2d %[[T2]],
// MARK: qtosa.annotate %{{.*}} group {{[0-9]+}} storage i8<-127 : 127> {axis = 0 : i32, {{.*}} : tensor<6x1x1x8xf32>

// NPU: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host

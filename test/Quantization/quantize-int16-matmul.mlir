// On an int16 path a matmul's constant right-hand side is int16 (+-32767,
// per column): TOSA 1.0 multiplies i8 x i8 or i16 x i16, never i16 x i8 as
// convolutions do. With int8 weights the matmul stayed in float.
//
// RUN: rm -rf %t && mkdir -p %t/cal %t/test
// RUN: %python %S/Inputs/write_samples.py %t/cal 4 1x8x4
// RUN: %python %S/Inputs/write_samples.py %t/test 4 1x8x4 --seed 99
// RUN: echo '{"activation": {"dtype": "int16", "symmetric": true}, "outputs": [{"dtype": "int16", "symmetric": true, "scale": 0.001}]}' > %t/config.json
// RUN: qtosa-opt %s --qtosa-annotate=config=%t/config.json | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{config=%t/config.json samples=%t/cal/samples.json})' -o %t/qdq.mlir
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o %t/int.mlir
// RUN: FileCheck %s --check-prefix=INT --enable-var-scope < %t/int.mlir
// RUN: mlir-opt %t/int.mlir --tosa-attach-target='profiles=pro_int extensions=int16' --tosa-validate=strict-op-spec-alignment -o /dev/null
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' -o %t/lowered.mlir
// RUN: %python %S/Inputs/compare_lsb.py main %t/test/samples.json %t/qdq.mlir %t/lowered.mlir 0.001 1 | FileCheck %s --check-prefix=LSB

// MARK-LABEL: func.func @main
// MARK: qtosa.annotate %arg0 group 0 storage i16<-32767 : 32767> {symmetric}
// MARK: %[[W:.*]] = qtosa.annotate %{{.*}} storage i16<-32767 : 32767> {axis = 2 : i32, scales = array<f64: {{[^,]+}}, {{[^,]+}}, {{[^,]+}}>, symmetric, zero_points = array<i64: 0, 0, 0>} : tensor<1x4x3xf32>
// MARK: tosa.matmul %{{.*}}, %[[W]],

// INT-LABEL: func.func @main
// INT: tosa.matmul %arg0, %{{.*}} : (tensor<1x8x4xi16>, tensor<1x4x3xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x8x3xi48>
// INT-NOT: f32

// LSB: max difference in output steps over 4 samples: {{[01]$}}

func.func @main(%x: tensor<1x8x4xf32>) -> tensor<1x8x3xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w = "tosa.const"() {values = dense<[[[0.5, -0.25, 0.1], [0.2, 0.3, -0.4], [-0.1, 0.05, 0.6], [0.7, -0.2, 0.3]]]> : tensor<1x4x3xf32>} : () -> tensor<1x4x3xf32>
  %y = tosa.matmul %x, %w, %zero, %zero : (tensor<1x8x4xf32>, tensor<1x4x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x3xf32>
  return %y : tensor<1x8x3xf32>
}

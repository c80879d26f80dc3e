// Biases of convolutions with a 16-bit input are derived as i48: TOSA 1.0
// accumulates i16 x i8 in i48 and adds the bias there. A config override
// gives one path int16 (its input fixed at 4/32767, conv_a's result
// observed int16, conv_b's fixed by the int16 output spec); beside it an
// int8 path keeps an i32 bias.
//
// conv_a's first bias (300) is 6.2e9 steps of its scale (input scale x
// weight scale, 4.8e-8): beyond i32, inside i48. It stays a float constant
// holding that integer's value (a !quant type stores at most 32 bits) and
// the lowering rounds it back into the i48 bias. conv_b's i48 bias fits
// i32 and is stored so; conv_c's int8 input takes an i32 bias.
//
// RUN: rm -rf %t && mkdir -p %t/cal %t/test
// RUN: %python %S/Inputs/write_samples.py %t/cal 4 1x4x4x2 1x4x4x2
// RUN: %python %S/Inputs/write_samples.py %t/test 4 1x4x4x2 1x4x4x2 --seed 99
// RUN: echo '{"inputs": [{"dtype": "int16", "symmetric": true, "scale": 1.2207403790398877e-04}], "overrides": [{"name": "path16/*", "spec": {"dtype": "int16", "symmetric": true}}], "outputs": [{"dtype": "int16", "symmetric": true, "scale": 0.01}, {"dtype": "int8", "scale": 0.05, "zero_point": 0}]}' > %t/config.json
// RUN: qtosa-opt %s --qtosa-annotate=config=%t/config.json | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{config=%t/config.json samples=%t/cal/samples.json})' -o %t/qdq.mlir
// RUN: FileCheck %s --check-prefix=QDQ --enable-var-scope < %t/qdq.mlir
//
// The QDQ graph keeps the bias of 300 (saturated into i32 it would add
// 0.06): its first output against float, 49.9 dB when written.
// RUN: qtosa-run %s --input=%t/test/sample0_arg0.npy --input=%t/test/sample0_arg1.npy -o %t/float_%%d.npy
// RUN: qtosa-run %t/qdq.mlir --input=%t/test/sample0_arg0.npy --input=%t/test/sample0_arg1.npy -o %t/qdq_%%d.npy
// RUN: %python %S/Inputs/sqnr.py %t/float_0.npy %t/qdq_0.npy 40
//
// Lowered to integer TOSA: i48 biases and accumulators, valid for PRO-INT
// with int16, and executed within 1 step of each output's scale of the QDQ
// graph, on its own and partitioned for Ethos-U55 (one delegate, no host
// op).
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o %t/int.mlir
// RUN: FileCheck %s --check-prefix=INT --enable-var-scope < %t/int.mlir
// RUN: mlir-opt %t/int.mlir --tosa-attach-target='profiles=pro_int extensions=int16' --tosa-validate=strict-op-spec-alignment -o /dev/null
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' -o %t/lowered.mlir
// RUN: %python %S/Inputs/compare_lsb.py main %t/test/samples.json %t/qdq.mlir %t/lowered.mlir 0.01,0.05 1 | FileCheck %s --check-prefix=LSB
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' -o %t/npu.mlir 2>&1 | FileCheck %s --check-prefix=NPU
// RUN: %python %S/Inputs/compare_lsb.py main %t/test/samples.json %t/qdq.mlir %t/npu.mlir 0.01,0.05 1 | FileCheck %s --check-prefix=LSB

// MARK-LABEL: func.func @main
// MARK-DAG: qtosa.annotate %arg0 group [[X16:[0-9]+]] storage i16<-32767 : 32767> {scales = array<f64: 1.2207403790398877E-4>, symmetric, zero_points = array<i64: 0>}
// MARK-DAG: qtosa.annotate %arg1 group [[X8:[0-9]+]] storage i8<-128 : 127> :
// MARK: %[[WA:.*]] = qtosa.annotate %{{.*}} group [[WAG:[0-9]+]] storage i8<-127 : 127> {axis = 0 : i32, {{.*}}} : tensor<3x1x1x2xf32>
// MARK: %[[BA:.*]] = qtosa.annotate %{{.*}} storage i48<-140737488355328 : 140737488355327> {axis = 0 : i32, derived_from = array<i64: [[X16]], [[WAG]]>, symmetric} : tensor<3xf32>
// MARK: %[[WB:.*]] = qtosa.annotate %{{.*}} group [[WBG:[0-9]+]] storage i8<-127 : 127> {axis = 0 : i32, {{.*}}} : tensor<3x1x1x3xf32>
// MARK: %[[BB:.*]] = qtosa.annotate %{{.*}} storage i48<-140737488355328 : 140737488355327> {axis = 0 : i32, derived_from = array<i64: [[A:[0-9]+]], [[WBG]]>, symmetric} : tensor<3xf32>
// MARK: %[[WC:.*]] = qtosa.annotate %{{.*}} group [[WCG:[0-9]+]] storage i8<-127 : 127> {axis = 0 : i32, {{.*}}} : tensor<2x1x1x2xf32>
// MARK: %[[BC:.*]] = qtosa.annotate %{{.*}} storage i32<-2147483648 : 2147483647> {axis = 0 : i32, derived_from = array<i64: [[X8]], [[WCG]]>, symmetric} : tensor<2xf32>
// MARK: tosa.conv2d %{{.*}}, %[[WA]], %[[BA]],
// MARK-NEXT: qtosa.annotate %{{.*}} group [[A]] storage i16<-32767 : 32767> {symmetric} :
// MARK: tosa.conv2d %{{.*}}, %[[WB]], %[[BB]],
// MARK: tosa.conv2d %{{.*}}, %[[WC]], %[[BC]],

// conv_a's bias: a float constant of its integers' values, rounded to f32;
// conv_b's and conv_c's: i32 constants.
// QDQ-LABEL: func.func @main
// QDQ: %[[BA:.*]] = "tosa.const"() <{values = dense<[3.000000e+02, {{.*}}]> : tensor<3xf32>}>
// QDQ: %[[BB:.*]] = "tosa.const"() <{values = dense<[{{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}]> : tensor<3xi32>}>
// QDQ-NEXT: %[[BBD:.*]] = qtosa.dequantize %[[BB]] as !quant.uniform<i32:f32:0, {
// QDQ: %[[BC:.*]] = "tosa.const"() <{values = dense<[{{-?[0-9]+}}, {{-?[0-9]+}}]> : tensor<2xi32>}>
// QDQ-NEXT: %[[BCD:.*]] = qtosa.dequantize %[[BC]] as !quant.uniform<i32:f32:0, {
// QDQ: tosa.conv2d %{{.*}}, %{{.*}}, %[[BA]],
// QDQ: tosa.conv2d %{{.*}}, %{{.*}}, %[[BBD]],
// QDQ: tosa.conv2d %{{.*}}, %{{.*}}, %[[BCD]],

// INT-LABEL: func.func @main
// conv_a's first bias: round(300 / (1.2207403790398877e-4 x 3.9370079326817373e-4)).
// INT-DAG: %[[BA:.*]] = "tosa.const"() <{values = dense<[6242113407, {{-?[0-9]+}}, {{-?[0-9]+}}]> : tensor<3xi48>}>
// INT-DAG: %[[BC:.*]] = "tosa.const"() <{values = dense<[{{-?[0-9]+}}, {{-?[0-9]+}}]> : tensor<2xi32>}>
// INT: tosa.conv2d %arg0, %{{.*}}, %[[BA]], {{.*}} {acc_type = i48, {{.*}} -> tensor<1x4x4x3xi48>
// INT: tosa.conv2d %{{.*}}, %{{.*}}, %{{.*}}, {{.*}} {acc_type = i48, {{.*}} -> tensor<1x4x4x3xi48>
// INT: tosa.conv2d %arg1, %{{.*}}, %[[BC]], {{.*}} {acc_type = i32, {{.*}} -> tensor<1x4x4x2xi32>

// LSB: max difference in output steps over 4 samples: {{[01]}}, {{[01]}}

// NPU: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host;

func.func @main(%x16: tensor<1x4x4x2xf32>, %x8: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>) {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %wa = "tosa.const"() {values = dense<[[[[0.05, -0.025]]], [[[0.1, 0.01]]], [[[-0.03, 0.02]]]]> : tensor<3x1x1x2xf32>} : () -> tensor<3x1x1x2xf32>
  %ba = "tosa.const"() {values = dense<[300.0, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %wb = "tosa.const"() {values = dense<[[[[0.5, -0.25, 0.1]]], [[[0.2, 0.3, -0.4]]], [[[-0.1, 0.05, 0.6]]]]> : tensor<3x1x1x3xf32>} : () -> tensor<3x1x1x3xf32>
  %bb = "tosa.const"() {values = dense<[1.0, -2.0, 0.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  %wc = "tosa.const"() {values = dense<[[[[0.5, -0.25]]], [[[0.2, 0.3]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %bc = "tosa.const"() {values = dense<[0.1, -0.1]> : tensor<2xf32>} : () -> tensor<2xf32>
  %a = tosa.conv2d %x16, %wa, %ba, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32> loc("path16/conv_a")
  %b = tosa.conv2d %a, %wb, %bb, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x1x1x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32> loc("conv_b")
  %c = tosa.conv2d %x8, %wc, %bc, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32> loc("conv_c")
  return %b, %c : tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>
}

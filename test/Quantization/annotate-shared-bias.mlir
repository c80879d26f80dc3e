// A bias constant shared by several convolutions (one tosa.const feeding
// each) is derived per convolution: qtosa-annotate copies it once per
// convolution it biases, and each copy gets input scale x weight scale of
// its own convolution. It was observed like an activation before (one i8
// scale for all of them). Every parameter is fixed: no samples needed.
//
// RUN: rm -rf %t && mkdir -p %t/test
// RUN: %python %S/Inputs/write_samples.py %t/test 4 1x4x4x2 1x4x4x2 --seed 99
// RUN: echo '{"activation": {"dtype": "int8", "scale": 0.05, "zero_point": 0}, "inputs": [{"dtype": "int8", "scale": 0.02, "zero_point": 0}, {"dtype": "int8", "scale": 0.1, "zero_point": 0}]}' > %t/config.json
// RUN: qtosa-opt %s --qtosa-annotate=config=%t/config.json | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{config=%t/config.json})' -o %t/qdq.mlir
// RUN: FileCheck %s --check-prefix=QDQ --enable-var-scope < %t/qdq.mlir
// Each convolution's integer bias executes within 1 step of the QDQ graph.
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' -o %t/lowered.mlir
// RUN: %python %S/Inputs/compare_lsb.py main %t/test/samples.json %t/qdq.mlir %t/lowered.mlir 0.05,0.05,0.05 1 | FileCheck %s --check-prefix=LSB

// MARK-LABEL: func.func @main
// MARK-DAG: qtosa.annotate %arg0 group [[X1:[0-9]+]] storage i8<-128 : 127> {scales = array<f64: 2.000000e-02>
// MARK-DAG: qtosa.annotate %arg1 group [[X2:[0-9]+]] storage i8<-128 : 127> {scales = array<f64: 1.000000e-01>
// MARK: %[[W1:.*]] = qtosa.annotate %{{.*}} group [[W1G:[0-9]+]] storage i8<-127 : 127> {{.*}} : tensor<2x1x1x2xf32>
// MARK: %[[W2:.*]] = qtosa.annotate %{{.*}} group [[W2G:[0-9]+]] storage i8<-127 : 127> {{.*}} : tensor<2x1x1x2xf32>
// MARK: %[[DWW:.*]] = qtosa.annotate %{{.*}} group [[DWG:[0-9]+]] storage i8<-127 : 127> {{.*}} : tensor<1x1x2x1xf32>
// The three copies of the bias, in the order of their convolutions.
// MARK: %[[C1:.*]] = "tosa.const"() <{values = dense<[2.500000e-01, -5.000000e-01]> : tensor<2xf32>}>
// MARK-NEXT: %[[B1:.*]] = qtosa.annotate %[[C1]] group {{[0-9]+}} storage i32<-2147483648 : 2147483647> {axis = 0 : i32, derived_from = array<i64: [[X1]], [[W1G]]>, symmetric}
// MARK-NEXT: %[[C2:.*]] = "tosa.const"() <{values = dense<[2.500000e-01, -5.000000e-01]> : tensor<2xf32>}>
// MARK-NEXT: %[[B2:.*]] = qtosa.annotate %[[C2]] group {{[0-9]+}} storage i32<-2147483648 : 2147483647> {axis = 0 : i32, derived_from = array<i64: [[X2]], [[W2G]]>, symmetric}
// MARK-NEXT: %[[C3:.*]] = "tosa.const"() <{values = dense<[2.500000e-01, -5.000000e-01]> : tensor<2xf32>}>
// MARK-NEXT: %[[B3:.*]] = qtosa.annotate %[[C3]] group {{[0-9]+}} storage i32<-2147483648 : 2147483647> {axis = 0 : i32, derived_from = array<i64: [[X1]], [[DWG]]>, symmetric}
// MARK-NOT: qtosa.annotate %[[C1]]
// MARK: tosa.conv2d %{{.*}}, %[[W1]], %[[B1]],
// MARK: tosa.conv2d %{{.*}}, %[[W2]], %[[B2]],
// MARK: tosa.depthwise_conv2d %{{.*}}, %[[DWW]], %[[B3]],

// Scales: 0.02 x 0.5/127 and 0.02 x 0.25/127; 0.1 x 0.5/127 and
// 0.1 x 0.4/127; 0.02 x 0.3/127 and 0.02 x 0.6/127. The bias values:
// 0.25 and -0.5 divided by them.
// QDQ-LABEL: func.func @main
// QDQ: "tosa.const"() <{values = dense<[3175, -12700]> : tensor<2xi32>}>
// QDQ-NEXT: qtosa.dequantize %{{.*}} as !quant.uniform<i32:f32:0, {7.87{{[0-9]*}}E-5,3.93{{[0-9]*}}E-5}>
// QDQ: "tosa.const"() <{values = dense<[635, -1587]> : tensor<2xi32>}>
// QDQ-NEXT: qtosa.dequantize %{{.*}} as !quant.uniform<i32:f32:0, {3.93{{[0-9]*}}E-4,3.14{{[0-9]*}}E-4}>
// QDQ: "tosa.const"() <{values = dense<[5292, -5292]> : tensor<2xi32>}>
// QDQ-NEXT: qtosa.dequantize %{{.*}} as !quant.uniform<i32:f32:0, {4.72{{[0-9]*}}E-5,9.44{{[0-9]*}}E-5}>

// LSB: max difference in output steps over 4 samples: {{[01]}}, {{[01]}}, {{[01]}}

func.func @main(%x1: tensor<1x4x4x2xf32>, %x2: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %w1 = "tosa.const"() {values = dense<[[[[0.5, -0.25]]], [[[0.1, 0.25]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %w2 = "tosa.const"() {values = dense<[[[[0.5, 0.1]]], [[[-0.4, 0.2]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %dw = "tosa.const"() {values = dense<[[[[0.3], [-0.6]]]]> : tensor<1x1x2x1xf32>} : () -> tensor<1x1x2x1xf32>
  %b = "tosa.const"() {values = dense<[0.25, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y1 = tosa.conv2d %x1, %w1, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %y2 = tosa.conv2d %x2, %w2, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %y3 = tosa.depthwise_conv2d %x1, %dw, %b, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<1x1x2x1xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  return %y1, %y2, %y3 : tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>
}

// Three branches of different ranges meet in a concat: qtosa-annotate puts
// all three and the concat's result in one sharing group, calibration gives
// them the union range, and the lowered graph concatenates the branches'
// own outputs with no rescale before the concat.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write_samples.py %t 4 1x4x4x4
// RUN: qtosa-opt %s --qtosa-annotate | FileCheck %s --check-prefix=MARK --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-quantize-pipeline{samples=%t/samples.json})' -o %t/qdq.mlir
// RUN: FileCheck %s --check-prefix=QDQ --enable-var-scope < %t/qdq.mlir
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-lower-pipeline)' | FileCheck %s --check-prefix=INT --enable-var-scope
// RUN: qtosa-opt %t/qdq.mlir --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=- remarks=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NPU

// MARK-LABEL: func.func @three_branches
// MARK: %[[B0:.*]] = tosa.conv2d
// MARK-NEXT: %[[M0:.*]] = qtosa.annotate %[[B0]] group [[G:[0-9]+]] storage i8<-128 : 127> : tensor<1x4x4x2xf32>
// MARK: %[[B1:.*]] = tosa.conv2d
// MARK-NEXT: %[[M1:.*]] = qtosa.annotate %[[B1]] group [[G]] storage
// MARK: %[[B2:.*]] = tosa.conv2d
// MARK-NEXT: %[[M2:.*]] = qtosa.annotate %[[B2]] group [[G]] storage
// MARK: %[[CAT:.*]] = tosa.concat %[[M0]], %[[M1]], %[[M2]]
// MARK-NOT: qtosa.annotate %[[CAT]]

// One scale for all three branches.
// QDQ-LABEL: func.func @three_branches
// QDQ: qtosa.quantize %{{.*}} as !quant.uniform<i8:f32, [[SCALE:[^>]+]]> : tensor<1x4x4x2xf32>
// QDQ: qtosa.quantize %{{.*}} as !quant.uniform<i8:f32, [[SCALE]]> : tensor<1x4x4x2xf32>
// QDQ: qtosa.quantize %{{.*}} as !quant.uniform<i8:f32, [[SCALE]]> : tensor<1x4x4x2xf32>
// QDQ-NOT: qtosa.quantize {{.*}} : tensor<1x4x4x6xf32>
// QDQ: tosa.concat

// Each branch's accumulator is rescaled once, straight into the concat.
// INT-LABEL: func.func @three_branches
// INT: %[[C0:.*]] = tosa.conv2d
// INT: %[[R0:.*]] = tosa.rescale %[[C0]], {{.*}} : (tensor<1x4x4x2xi32>,
// INT: %[[C1:.*]] = tosa.conv2d
// INT: %[[R1:.*]] = tosa.rescale %[[C1]], {{.*}} : (tensor<1x4x4x2xi32>,
// INT: %[[C2:.*]] = tosa.conv2d
// INT: %[[R2:.*]] = tosa.rescale %[[C2]], {{.*}} : (tensor<1x4x4x2xi32>,
// INT-NOT: tosa.rescale {{.*}} : (tensor<1x4x4x2xi8>,
// INT: tosa.concat %[[R0]], %[[R1]], %[[R2]]

// NPU: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host

func.func @three_branches(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %bias = "tosa.const"() {values = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %w0 = "tosa.const"() {values = dense<[[[[0.0002, 0.0597, -0.0548, -0.1781]]], [[[-0.0909, -0.1983, 0.0120, 0.2680]]]]> : tensor<2x1x1x4xf32>} : () -> tensor<2x1x1x4xf32>
  %b0 = tosa.conv2d %x, %w0, %bias, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<2x1x1x4xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %w1 = "tosa.const"() {values = dense<[[[[-0.4922, -0.6205, 0.4898, 0.3569]]], [[[0.1054, -0.9305, -0.0293, 0.6953]]]]> : tensor<2x1x1x4xf32>} : () -> tensor<2x1x1x4xf32>
  %b1 = tosa.conv2d %x, %w1, %bias, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<2x1x1x4xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %w2 = "tosa.const"() {values = dense<[[[[-4.0326, -1.3728, -5.7037, -3.8686]]], [[[-5.5252, -0.7053, -3.8023, 0.8138]]]]> : tensor<2x1x1x4xf32>} : () -> tensor<2x1x1x4xf32>
  %b2 = tosa.conv2d %x, %w2, %bias, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<2x1x1x4xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %cat = tosa.concat %b0, %b1, %b2 {axis = 3 : i32} : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x6xf32>
  %wc = "tosa.const"() {values = dense<[[[[0.0470, -0.0561, -0.7550, -0.1616, -0.0146, 0.0340]]], [[[-0.4590, -0.1433, -0.2936, -0.2427, 0.3183, -0.2423]]], [[[-0.0098, 0.2653, -0.1751, -0.0335, 0.0331, 0.0191]]], [[[-0.3675, 0.0228, 0.4076, -0.4641, 0.2578, 0.0358]]]]> : tensor<4x1x1x6xf32>} : () -> tensor<4x1x1x6xf32>
  %bc = "tosa.const"() {values = dense<0.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = tosa.conv2d %cat, %wc, %bc, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x6xf32>, tensor<4x1x1x6xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

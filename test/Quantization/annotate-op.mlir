// qtosa.annotate prints as it parses.
// RUN: qtosa-opt %s | qtosa-opt | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @specs
func.func @specs(%x: tensor<1x8xf32>, %w: tensor<2x4xf32>, %b: tensor<2xf32>) -> (tensor<1x8xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK: qtosa.annotate %{{.*}} group 0 storage i8<-128 : 127> : tensor<1x8xf32>
  %a = qtosa.annotate %x group 0 storage i8<-128 : 127> : tensor<1x8xf32>
  // CHECK: qtosa.annotate %{{.*}} group 1 storage i8<-127 : 127> {axis = 0 : i32, scales = array<f64: 5.000000e-01, 2.500000e-01>, symmetric, zero_points = array<i64: 0, 0>} : tensor<2x4xf32>
  %c = qtosa.annotate %w group 1 storage i8<-127 : 127> {symmetric, axis = 0 : i32, scales = array<f64: 0.5, 0.25>, zero_points = array<i64: 0, 0>} : tensor<2x4xf32>
  // CHECK: qtosa.annotate %{{.*}} group 2 storage i32<-2147483648 : 2147483647> {axis = 0 : i32, derived_from = array<i64: 0, 1>, symmetric} : tensor<2xf32>
  %d = qtosa.annotate %b group 2 storage i32<-2147483648 : 2147483647> {symmetric, axis = 0 : i32, derived_from = array<i64: 0, 1>} : tensor<2xf32>
  // The bias of an i16 x i8 convolution is added to its i48 accumulator.
  // CHECK: qtosa.annotate %{{.*}} group 3 storage i48<-140737488355328 : 140737488355327> {axis = 0 : i32, derived_from = array<i64: 0, 1>, symmetric} : tensor<2xf32>
  %e = qtosa.annotate %b group 3 storage i48<-140737488355328 : 140737488355327> {symmetric, axis = 0 : i32, derived_from = array<i64: 0, 1>} : tensor<2xf32>
  return %a, %c, %d, %e : tensor<1x8xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>
}

// A quantize or dequantize moved past an op keeps its own location and gains
// the op's: a diagnostic at it names both.
// RUN: qtosa-opt %s --split-input-file --qtosa-import-qdq --qtosa-share-qspecs -mlir-print-debuginfo | FileCheck %s --enable-var-scope

!q = !quant.uniform<i8:f32, 0.25:-3>

// CHECK-LABEL: func.func @sink(
// CHECK: qtosa.dequantize {{.*}} loc(#[[SUNK:loc[0-9]+]])
// CHECK-DAG: #[[DQ:loc[0-9]+]] = loc("{{.*}}qtosa-share-qspecs-locations.mlir":[[@LINE+5]]:8)
// CHECK-DAG: #[[T:loc[0-9]+]] = loc("{{.*}}qtosa-share-qspecs-locations.mlir":[[@LINE+5]]:8)
// CHECK-DAG: #[[SUNK]] = loc(fused[#[[DQ]], #[[T]]])
func.func @sink(%x: tensor<2x3xi8>) -> tensor<3x2xf32> {
  %s = quant.scast %x : tensor<2x3xi8> to tensor<2x3x!q>
  %d = quant.dcast %s : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.25:-3>

// CHECK-LABEL: func.func @hoist(
// CHECK: qtosa.quantize {{.*}} loc(#[[HOISTED:loc[0-9]+]])
// CHECK-DAG: #[[Q:loc[0-9]+]] = loc("{{.*}}qtosa-share-qspecs-locations.mlir":[[@LINE+5]]:8)
// CHECK-DAG: #[[T:loc[0-9]+]] = loc("{{.*}}qtosa-share-qspecs-locations.mlir":[[@LINE+3]]:8)
// CHECK-DAG: #[[HOISTED]] = loc(fused[#[[Q]], #[[T]]])
func.func @hoist(%x: tensor<2x3xf32>) -> tensor<3x2xi8> {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q = quant.qcast %t : tensor<3x2xf32> to tensor<3x2x!q>
  %s = quant.scast %q : tensor<3x2x!q> to tensor<3x2xi8>
  return %s : tensor<3x2xi8>
}

// A .tosa file from elsewhere, partitioned for Ethos-U: each op Vela would
// reject is reported with its rule id at its operator's table in the file
// (FILE:0:OFFSET, kept by --mlir-print-debuginfo through the pipe).
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t/graph.tosa
// RUN: qtosa-translate --import-tosa-flatbuffer %t/graph.tosa --mlir-print-debuginfo \
// RUN:   | qtosa-opt -o /dev/null --pass-pipeline='builtin.module(qtosa-ethosu-partition{remarks=false report-file=-})' 2>&1 \
// RUN:   | FileCheck %s

func.func @graph(%x: tensor<1x8x8x4xi32>, %y: tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xi32>, tensor<1x8x8x4xf32>) {
  %0 = tosa.maximum %x, %x : (tensor<1x8x8x4xi32>, tensor<1x8x8x4xi32>) -> tensor<1x8x8x4xi32>
  %1 = tosa.sin %y : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return %0, %1 : tensor<1x8x8x4xi32>, tensor<1x8x8x4xf32>
}

// CHECK:      ethos-u55-128: 1 delegate(s); 2 op(s): 1 on the NPU (50.0%), 1 on the host
// CHECK:      tosa.sin {{.*}}graph.tosa:0:{{[0-9]+}} U55.TENSOR.FLOAT tosa.sin in float

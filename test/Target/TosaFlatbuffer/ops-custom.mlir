// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// tosa.custom: names and implementation bytes (any bytes), several outputs.

func.func @custom(%x: tensor<1x4xf32>, %y: tensor<2xi8>) -> (tensor<1x4xf32>, tensor<3xi16>, tensor<1x4xf32>) {
  %0:2 = tosa.custom %x, %y {domain_name = "com.example", implementation_attrs = "{\22k\22: [1, 2], \22bytes\22: \00\FF}", operator_name = "two_outputs"} : (tensor<1x4xf32>, tensor<2xi8>) -> (tensor<1x4xf32>, tensor<3xi16>)
  %1 = tosa.custom %0#0 {domain_name = "", implementation_attrs = "", operator_name = "no_domain"} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %0#0, %0#1, %1 : tensor<1x4xf32>, tensor<3xi16>, tensor<1x4xf32>
}

// CHECK-LABEL: func.func @custom(
// CHECK:       tosa.custom %arg0, %arg1 {domain_name = "com.example", implementation_attrs = "{\22k\22: [1, 2], \22bytes\22: \00\FF}", operator_name = "two_outputs"}
// CHECK:       tosa.custom %{{.*}} {domain_name = "", implementation_attrs = "", operator_name = "no_domain"}

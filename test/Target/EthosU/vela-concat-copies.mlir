// Vela 5.2 compiles qtosa-ethosu-legalize's form of a concat of copies
// (qtosa-ethosu-legalize-concat-copies.mlir: the TFLite importer's RESIZE
// from 1x1 to 33x33) for Ethos-U85 into one broadcasting maximum, where it
// ran 66 memory copies (and two maxima, one per axis, until the two tiles
// were joined).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// CHECK: NPU operations: 1
// CHECK-NEXT: Maximum

func.func @from_pixel(%x: tensor<1x1x1x8xi8>) -> tensor<1x33x33x8xi8> {
  %row = tosa.concat %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x {axis = 2 : i32} : (tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>, tensor<1x1x1x8xi8>) -> tensor<1x1x33x8xi8>
  %all = tosa.concat %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row, %row {axis = 1 : i32} : (tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>, tensor<1x1x33x8xi8>) -> tensor<1x33x33x8xi8>
  return %all : tensor<1x33x33x8xi8>
}

// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// Data layout, scatter/gather, resize, cast and rescale: shape operands as CONST_SHAPE, rescale's parameters as tensors.

func.func @data_layout(%x: tensor<1x4x4x2xi8>, %y: tensor<1x4x4x2xi8>, %v: tensor<2x5x3xf32>, %idx: tensor<2x4xi32>, %upd: tensor<2x4x3xf32>, %h: tensor<1x4x4x2xf16>, %acc: tensor<1x4x4x2xi32>) -> (tensor<1x8x4x2xi8>, tensor<1x6x4x3xi8>, tensor<32xi8>, tensor<1x4x4x2xi8>, tensor<1x2x2x2xi8>, tensor<2x4x4x2xi8>, tensor<2x2x4x4xi8>, tensor<2x4x3xf32>, tensor<2x5x3xf32>, tensor<1x8x8x2xf16>, tensor<1x4x4x2xf32>, tensor<1x4x4x2xi8>, tensor<1x4x4x2xi8>, tensor<1x4x4x2xi16>) {
  %0 = tosa.concat %x, %y {axis = 1 : i32} : (tensor<1x4x4x2xi8>, tensor<1x4x4x2xi8>) -> tensor<1x8x4x2xi8>
  %padding = tosa.const_shape {values = dense<[0, 0, 1, 1, 0, 0, 0, 1]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %padv = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
  %1 = tosa.pad %x, %padding, %padv : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x4x3xi8>
  %s = tosa.const_shape {values = dense<32> : tensor<1xindex>} : () -> !tosa.shape<1>
  %2 = tosa.reshape %x, %s : (tensor<1x4x4x2xi8>, !tosa.shape<1>) -> tensor<32xi8>
  %3 = tosa.reverse %x {axis = 2 : i32} : (tensor<1x4x4x2xi8>) -> tensor<1x4x4x2xi8>
  %start = tosa.const_shape {values = dense<[0, 1, 1, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %size = tosa.const_shape {values = dense<[1, 2, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %4 = tosa.slice %3, %start, %size : (tensor<1x4x4x2xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x2x2xi8>
  %m = tosa.const_shape {values = dense<[2, 1, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %5 = tosa.tile %x, %m : (tensor<1x4x4x2xi8>, !tosa.shape<4>) -> tensor<2x4x4x2xi8>
  %6 = tosa.transpose %5 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x4x4x2xi8>) -> tensor<2x2x4x4xi8>
  %s2 = tosa.const_shape {values = dense<[2, 1, 4, 8]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %7 = tosa.gather %v, %idx : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %8 = tosa.scatter %v, %idx, %upd : (tensor<2x5x3xf32>, tensor<2x4xi32>, tensor<2x4x3xf32>) -> tensor<2x5x3xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %9 = tosa.resize %h, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x4x2xf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x8x2xf16>
  %10 = tosa.cast %x : (tensor<1x4x4x2xi8>) -> tensor<1x4x4x2xf32>
  %mult = "tosa.const"() <{values = dense<[1073741824, 1518500250]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %shift = "tosa.const"() <{values = dense<[30, 31]> : tensor<2xi8>}> : () -> tensor<2xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<-4> : tensor<1xi8>}> : () -> tensor<1xi8>
  %11 = tosa.rescale %acc, %mult, %shift, %izp, %ozp {per_channel = true, rounding_mode = DOUBLE_ROUND, scale32 = true, input_unsigned = false, output_unsigned = false} : (tensor<1x4x4x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x4x2xi8>
  %m1 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s1 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %uzp = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %12 = tosa.rescale %x, %m1, %s1, %uzp, %zp0 {per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true, input_unsigned = true, output_unsigned = false} : (tensor<1x4x4x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2xi8>
  %13 = tosa.identity %12 : (tensor<1x4x4x2xi8>) -> tensor<1x4x4x2xi8>
  %m16 = "tosa.const"() <{values = dense<16384> : tensor<1xi16>}> : () -> tensor<1xi16>
  %zp16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %14 = tosa.rescale %x, %m16, %s1, %zp0, %zp16 {per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = false, input_unsigned = false, output_unsigned = false} : (tensor<1x4x4x2xi8>, tensor<1xi16>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<1x4x4x2xi16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %13, %14 : tensor<1x8x4x2xi8>, tensor<1x6x4x3xi8>, tensor<32xi8>, tensor<1x4x4x2xi8>, tensor<1x2x2x2xi8>, tensor<2x4x4x2xi8>, tensor<2x2x4x4xi8>, tensor<2x4x3xf32>, tensor<2x5x3xf32>, tensor<1x8x8x2xf16>, tensor<1x4x4x2xf32>, tensor<1x4x4x2xi8>, tensor<1x4x4x2xi8>, tensor<1x4x4x2xi16>
}

// CHECK-LABEL: func.func @data_layout(
// CHECK:       tosa.const_shape {values = dense<[0, 0, 1, 1, 0, 0, 0, 1]> : tensor<8xindex>} : () -> !tosa.shape<8>
// CHECK:       tosa.transpose {{.*}} {perms = array<i32: 0, 3, 1, 2>}
// CHECK:       tosa.const_shape {values = dense<-1> : tensor<2xindex>}
// CHECK:       tosa.resize {{.*}} {mode = BILINEAR}
// CHECK:       tosa.rescale {{.*}} {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = DOUBLE_ROUND, scale32 = true}
// CHECK:       tosa.rescale {{.*}} {input_unsigned = true, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true}

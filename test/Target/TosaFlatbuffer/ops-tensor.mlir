// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t.tosa
// RUN: qtosa-opt %s > %t.want.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-opt > %t.got.mlir
// RUN: diff %t.want.mlir %t.got.mlir
// RUN: qtosa-translate --import-tosa-flatbuffer %t.tosa | qtosa-translate --export-tosa-flatbuffer -o %t.again.tosa
// RUN: cmp %t.tosa %t.again.tosa
// RUN: FileCheck %s --enable-var-scope < %t.got.mlir

// Round trip: MLIR -> .tosa -> MLIR prints the same module (diff), and
// writing the imported module again gives the same bytes (cmp).
// Tensor operators: attribute tables (pads, strides, acc_type, nan_mode, local_bound) and zero points as input tensors.

func.func @tensor_ops(%in: tensor<1x8x8x4xi8>, %w: tensor<6x3x3x4xi8>, %b: tensor<6xi32>, %v: tensor<1x4x4x4x4xf32>, %w3: tensor<2x1x1x1x4xf32>, %b3: tensor<2xf32>, %re: tensor<1x8x8xf32>, %im: tensor<1x8x8xf32>, %ma: tensor<1x4x5xi8>, %mb: tensor<1x5x3xi8>, %dw: tensor<3x3x4x2xi8>) -> (tensor<1x8x4xi32>, tensor<1x4x4x4xi8>, tensor<1x6x6x6xi32>, tensor<1x4x4x4x2xf32>, tensor<1x6x6x8xi32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>, tensor<1x4x3xi32>, tensor<1x4x4x4xi8>, tensor<1x8x5xf32>, tensor<1x8x5xf32>, tensor<1x10x10x6xi32>) {
  %izp = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %fzp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.argmax %in {axis = 1 : i32, nan_mode = IGNORE} : (tensor<1x8x8x4xi8>) -> tensor<1x8x4xi32>
  %b8 = "tosa.const"() <{values = dense<[1, 2, 3, 4, 5, 6, 7, -8]> : tensor<8xi32>}> : () -> tensor<8xi32>
  %1 = tosa.avg_pool2d %in, %izp, %izp {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x4xi8>
  %2 = tosa.conv2d %in, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, local_bound = true} : (tensor<1x8x8x4xi8>, tensor<6x3x3x4xi8>, tensor<6xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x6x6x6xi32>
  %3 = tosa.conv3d %v, %w3, %b3, %fzp, %fzp {acc_type = f32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x4x4x4x4xf32>, tensor<2x1x1x1x4xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4x2xf32>
  %4 = tosa.depthwise_conv2d %in, %dw, %b8, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xi8>, tensor<3x3x4x2xi8>, tensor<8xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x6x6x8xi32>
  %5:2 = tosa.fft2d %re, %im {inverse = true} : (tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> (tensor<1x8x8xf32>, tensor<1x8x8xf32>)
  %6 = tosa.matmul %ma, %mb, %izp, %wzp : (tensor<1x4x5xi8>, tensor<1x5x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x3xi32>
  %7 = tosa.max_pool2d %in {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, nan_mode = IGNORE} : (tensor<1x8x8x4xi8>) -> tensor<1x4x4x4xi8>
  %8:2 = tosa.rfft2d %re {local_bound = true} : (tensor<1x8x8xf32>) -> (tensor<1x8x5xf32>, tensor<1x8x5xf32>)
  %9 = tosa.transpose_conv2d %in, %w, %b, %izp, %wzp {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xi8>, tensor<6x3x3x4xi8>, tensor<6xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x10x10x6xi32>
  return %0, %1, %2, %3, %4, %5#0, %5#1, %6, %7, %8#0, %8#1, %9 : tensor<1x8x4xi32>, tensor<1x4x4x4xi8>, tensor<1x6x6x6xi32>, tensor<1x4x4x4x2xf32>, tensor<1x6x6x8xi32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>, tensor<1x4x3xi32>, tensor<1x4x4x4xi8>, tensor<1x8x5xf32>, tensor<1x8x5xf32>, tensor<1x10x10x6xi32>
}

// CHECK-LABEL: func.func @tensor_ops(
// CHECK:       %[[IZP:.*]] = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}>
// CHECK:       %[[WZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK:       tosa.argmax %arg0 {axis = 1 : i32, nan_mode = IGNORE}
// CHECK:       tosa.avg_pool2d %arg0, %[[IZP]], %[[IZP]] {acc_type = i32, kernel = array<i64: 2, 2>
// CHECK:       tosa.conv2d %arg0, %arg1, %arg2, %[[IZP]], %[[WZP]] {acc_type = i32, dilation = array<i64: 1, 1>, local_bound = true
// CHECK:       tosa.fft2d %arg6, %arg7 {inverse = true}
// CHECK:       tosa.matmul %arg8, %arg9, %[[IZP]], %[[WZP]]
// CHECK:       tosa.rfft2d %arg6 {local_bound = true}
// CHECK:       tosa.transpose_conv2d {{.*}}out_pad = array<i64: 0, 0, 0, 0>

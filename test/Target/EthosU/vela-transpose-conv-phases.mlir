// Vela 5.2 on a transposed convolution whose kernel equals its stride
// (qtosa-ethosu-legalize-transpose-phases.mlir), 1x8x8x32 to 1x16x16x16 i8 with
// per-channel scales. As it is, Vela runs the rescale as an operation of
// its own: a Rescale on Ethos-U85, one Mul per run of channels with the
// same scale on Ethos-U55 (11 here). In qtosa-ethosu-legalize's form Vela
// fuses each row's rescale into its convolution and copies the rows into
// place: two Conv2Ds and two MemoryCopies. (With random weights and
// scales: 22,880 cycles as it is and 7,104 in this form on Ethos-U85,
// 48,288 and 10,640 on Ethos-U55.)
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t/native.tosa
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/native.tosa | FileCheck %s --check-prefix=NATIVE85
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/native.tosa | FileCheck %s --check-prefix=NATIVE55
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// NATIVE85: NPU operations: 6
// NATIVE85-COUNT-4: Conv2D
// NATIVE85-NEXT: Rescale
// NATIVE85-NEXT: MaxPool
// NATIVE55: NPU operations: 13
// NATIVE55-NEXT: Conv2D
// NATIVE55-COUNT-11: Mul
// NATIVE55-NEXT: MaxPool
// CHECK: NPU operations: 5
// CHECK-NEXT: Conv2D
// CHECK-NEXT: MemoryCopy
// CHECK-NEXT: Conv2D
// CHECK-NEXT: MemoryCopy
// CHECK-NEXT: MaxPool

func.func @main(%x: tensor<1x8x8x32xi8>) -> tensor<1x16x16x16xi8> {
  %zp8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %w = "tosa.const"() <{values = dense<3> : tensor<16x2x2x32xi8>}> : () -> tensor<16x2x2x32xi8>
  %b = "tosa.const"() <{values = dense<[-1, 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12, -13, 14, -15, 16]> : tensor<16xi32>}> : () -> tensor<16xi32>
  %m = "tosa.const"() <{values = dense<[1500000001, 1500000002, 1500000003, 1500000004, 1500000005, 1500000006, 1500000007, 1500000008, 1500000009, 1500000010, 1500000011, 1500000012, 1500000013, 1500000014, 1500000015, 1500000016]> : tensor<16xi32>}> : () -> tensor<16xi32>
  %s = "tosa.const"() <{values = dense<[38, 39, 40, 38, 39, 40, 38, 39, 40, 38, 39, 40, 38, 39, 40, 38]> : tensor<16xi8>}> : () -> tensor<16xi8>
  %t = tosa.transpose_conv2d %x, %w, %b, %izp, %zp8 {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x32xi8>, tensor<16x2x2x32xi8>, tensor<16xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x16x16x16xi32>
  %r = tosa.rescale %t, %m, %s, %zp32, %ozp {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x16x16x16xi32>, tensor<16xi32>, tensor<16xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x16x16x16xi8>
  // A consumer, so that the rescale does not write the graph's output,
  // which Vela would not fuse away.
  %y = tosa.max_pool2d %r {kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x16x16xi8>) -> tensor<1x16x16x16xi8>
  return %y : tensor<1x16x16x16xi8>
}

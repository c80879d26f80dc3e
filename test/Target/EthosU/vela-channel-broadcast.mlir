// Vela 5.2 on the integer softmax's tail over 2 channels and 1,024
// positions (the factory's U-Net): with the channels outermost
// (qtosa-ethosu-legalize-channel-broadcast.mlir) the Ethos-U55 delegate
// compiles, its MUL and ASR no longer broadcast along C (Vela's table:
// 20,480 and 17,408 cycles before, 3,072 and 2,560 after, with the i32
// transpose in as four byte transposes, the i8 one out as two, and a copy
// for the reshape of the per-position operand: 20,064 cycles against
// 37,888; the cycles are measured in docs/performance.md, not here).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-translate --export-tosa-flatbuffer %s -o %t/native.tosa
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/native.tosa | FileCheck %s --check-prefix=NATIVE
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// NATIVE: NPU operations: 4
// NATIVE-NEXT: Add
// NATIVE-NEXT: Add
// NATIVE-NEXT: Mul
// NATIVE-NEXT: Asr
// CHECK: NPU operations: 11
// CHECK-NEXT: Add
// CHECK-NEXT: MemoryCopy
// CHECK-NEXT: Add
// CHECK-COUNT-4: Transpose
// CHECK-NEXT: Mul
// CHECK-NEXT: Asr
// CHECK-NEXT: Transpose
// CHECK-NEXT: Transpose

func.func @main(%x0: tensor<1x32x32x2xi32>, %r0: tensor<1x32x32x1xi32>) -> tensor<1x32x32x2xi8> {
  %shift = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %x = tosa.add %x0, %x0 : (tensor<1x32x32x2xi32>, tensor<1x32x32x2xi32>) -> tensor<1x32x32x2xi32>
  %r = tosa.add %r0, %r0 : (tensor<1x32x32x1xi32>, tensor<1x32x32x1xi32>) -> tensor<1x32x32x1xi32>
  %y = tosa.mul %x, %r, %shift : (tensor<1x32x32x2xi32>, tensor<1x32x32x1xi32>, tensor<1xi8>) -> tensor<1x32x32x2xi32>
  %z = tosa.arithmetic_right_shift %y, %r {round = true} : (tensor<1x32x32x2xi32>, tensor<1x32x32x1xi32>) -> tensor<1x32x32x2xi32>
  %multiplier = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %rshift = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %q = tosa.rescale %z, %multiplier, %rshift, %izp, %ozp {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<1x32x32x2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x32x32x2xi8>
  return %q : tensor<1x32x32x2xi8>
}

// A quantized ADD, SUB and MUL lowered by qtosa (RESCALE each operand to
// i32, the op, RESCALE the result) and compiled by Vela 5.2 for Ethos-U55:
// each is one NPU operation. Vela fuses the RESCALEs of an ADD or SUB only
// when the larger operand is widened by exactly 2^19; at 2^20 (TFLite's
// choice, qtosa's until issue #35) it ran all three RESCALEs as operations
// of their own: 6 NPU operations for the ADD and for the SUB. Nor does it
// fuse two RESCALEs with the same factor (operands of one scale): 5 NPU
// operations, until the second operand's 2^19 was written as
// (2^30 - 1) >> 11. A 16-bit ADD fuses when the larger operand is widened
// by exactly 2^14 (TFLite's int16 form); at 2^15, qtosa's until session 24,
// it took 6 operations.
// REQUIRES: tools, qtosa-python
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_0.tosa | FileCheck %s --check-prefix=ADD
// ADD: NPU operations: 1
// ADD-NEXT: Add
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_1.tosa | FileCheck %s --check-prefix=SUB
// SUB: NPU operations: 1
// SUB-NEXT: Sub
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_2.tosa | FileCheck %s --check-prefix=MUL
// MUL: NPU operations: 1
// MUL-NEXT: Mul
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_4.tosa | FileCheck %s --check-prefix=WIDE
// WIDE: NPU operations: 1
// WIDE-NEXT: Add
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_3.tosa | FileCheck %s --check-prefix=EQUAL
// EQUAL: NPU operations: 1
// EQUAL-NEXT: Add

!a = !quant.uniform<i8:f32, 0.05:-3>
!b = !quant.uniform<i8:f32, 0.02:7>
!o = !quant.uniform<i8:f32, 0.07:2>

func.func @add(%x: tensor<1x8x8x8xf32>, %y: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %qx = quant.qcast %x : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!a>
  %dx = quant.dcast %qx : tensor<1x8x8x8x!a> to tensor<1x8x8x8xf32>
  %qy = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!b>
  %dy = quant.dcast %qy : tensor<1x8x8x8x!b> to tensor<1x8x8x8xf32>
  %s = tosa.add %dx, %dy : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %qs = quant.qcast %s : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!o>
  %ds = quant.dcast %qs : tensor<1x8x8x8x!o> to tensor<1x8x8x8xf32>
  return %ds : tensor<1x8x8x8xf32>
}

func.func @sub(%x: tensor<1x8x8x8xf32>, %y: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %qx = quant.qcast %x : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!a>
  %dx = quant.dcast %qx : tensor<1x8x8x8x!a> to tensor<1x8x8x8xf32>
  %qy = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!b>
  %dy = quant.dcast %qy : tensor<1x8x8x8x!b> to tensor<1x8x8x8xf32>
  %s = tosa.sub %dx, %dy : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %qs = quant.qcast %s : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!o>
  %ds = quant.dcast %qs : tensor<1x8x8x8x!o> to tensor<1x8x8x8xf32>
  return %ds : tensor<1x8x8x8xf32>
}

func.func @mul(%x: tensor<1x8x8x8xf32>, %y: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %qx = quant.qcast %x : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!a>
  %dx = quant.dcast %qx : tensor<1x8x8x8x!a> to tensor<1x8x8x8xf32>
  %qy = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!b>
  %dy = quant.dcast %qy : tensor<1x8x8x8x!b> to tensor<1x8x8x8xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s = tosa.mul %dx, %dy, %shift : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1xi8>) -> tensor<1x8x8x8xf32>
  %qs = quant.qcast %s : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!o>
  %ds = quant.dcast %qs : tensor<1x8x8x8x!o> to tensor<1x8x8x8xf32>
  return %ds : tensor<1x8x8x8xf32>
}

func.func @add_equal_scales(%x: tensor<1x8x8x8xf32>, %y: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %qx = quant.qcast %x : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!a>
  %dx = quant.dcast %qx : tensor<1x8x8x8x!a> to tensor<1x8x8x8xf32>
  %qy = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!a>
  %dy = quant.dcast %qy : tensor<1x8x8x8x!a> to tensor<1x8x8x8xf32>
  %s = tosa.add %dx, %dy : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %qs = quant.qcast %s : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!o>
  %ds = quant.dcast %qs : tensor<1x8x8x8x!o> to tensor<1x8x8x8xf32>
  return %ds : tensor<1x8x8x8xf32>
}

!a16 = !quant.uniform<i16:f32, 0.0005>
!b16 = !quant.uniform<i16:f32, 0.0002>
!o16 = !quant.uniform<i16:f32, 0.0007>

func.func @add_16_bit(%x: tensor<1x8x8x8xf32>, %y: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %qx = quant.qcast %x : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!a16>
  %dx = quant.dcast %qx : tensor<1x8x8x8x!a16> to tensor<1x8x8x8xf32>
  %qy = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!b16>
  %dy = quant.dcast %qy : tensor<1x8x8x8x!b16> to tensor<1x8x8x8xf32>
  %s = tosa.add %dx, %dy : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %qs = quant.qcast %s : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!o16>
  %ds = quant.dcast %qs : tensor<1x8x8x8x!o16> to tensor<1x8x8x8xf32>
  return %ds : tensor<1x8x8x8xf32>
}

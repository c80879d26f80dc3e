// qtosa-run executes a QDQ graph in process, and its integer lowering on
// the stored integers; both are checked against the arithmetic of
// docs/design.md written in numpy (Inputs/qtosa_run_numpy.py): the QDQ form
// bit for bit, the integer form within one LSB of the output scale.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/qtosa_run_numpy.py inputs %t
// RUN: qtosa-run %s --input %t/x.npy --output-dir %t/qdq
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | qtosa-run - -e main --input %t/x_stored.npy -o %t/int_%d.npy
// RUN: %python %S/Inputs/qtosa_run_numpy.py check %t | FileCheck %s
//
// CHECK: qdq: float32 (4, 6), bit-identical to numpy
// CHECK: int: int8 (4, 6), largest difference 0 LSB, 24 of 24 exact
//
// Printed results, without an output option:
// RUN: qtosa-run %s --input %t/zeros.npy | FileCheck %s --check-prefix=PRINT
// 0 quantizes to -5, back to exactly 0; 0 + w: 0.1 -> 2 + 3 = 5 -> 0.1,
// -0.2 -> -4 + 3 = -1 -> -0.2, 0.3 -> 6 + 3 = 9 -> 0.3, -0.4 -> -8 + 3 = -5
// -> -0.4; then each row of the transposed 4x2x3 repeats one channel.
// PRINT: result #0: tensor<4x6xf32> [0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, 0.100000001, -0.200000003, -0.200000003, -0.200000003, -0.200000003, -0.200000003, -0.200000003, 0.300000012, 0.300000012, 0.300000012, 0.300000012, 0.300000012, 0.300000012, -0.400000006, -0.400000006, -0.400000006, -0.400000006, -0.400000006, -0.400000006]
// The JIT's optimization level (QTOSA_JIT_OPT_LEVEL; by default 2, or 0
// for a function of more than 1000 ops: unittests/ExecuteTest.cpp) changes
// how long compiling takes, not what the code computes:
// RUN: env QTOSA_JIT_OPT_LEVEL=0 qtosa-run %s --input %t/zeros.npy | FileCheck %s --check-prefix=PRINT
// RUN: env QTOSA_JIT_OPT_LEVEL=3 qtosa-run %s --input %t/zeros.npy | FileCheck %s --check-prefix=PRINT
// RUN: env QTOSA_JIT_OPT_LEVEL=4 not qtosa-run %s --input %t/zeros.npy 2>&1 | FileCheck %s --check-prefix=OPT-LEVEL
// RUN: env QTOSA_JIT_OPT_LEVEL=fast not qtosa-run %s --input %t/zeros.npy 2>&1 | FileCheck %s --check-prefix=OPT-LEVEL
// OPT-LEVEL: error: QTOSA_JIT_OPT_LEVEL is '{{4|fast}}': give LLVM's optimization level, 0 to 3

!in = !quant.uniform<i8:f32, 0.02:-5>
!w = !quant.uniform<i8:f32, 0.01>
!out = !quant.uniform<i8:f32, 0.05:3>

func.func @main(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %xq = qtosa.quantize %x as !in : tensor<2x3x4xf32> -> tensor<2x3x4xi8>
  %xd = qtosa.dequantize %xq as !in : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %wq = "tosa.const"() {values = dense<[[[10, -20, 30, -40]]]> : tensor<1x1x4xi8>} : () -> tensor<1x1x4xi8>
  %wd = qtosa.dequantize %wq as !w : tensor<1x1x4xi8> -> tensor<1x1x4xf32>
  %sum = tosa.add %xd, %wd : (tensor<2x3x4xf32>, tensor<1x1x4xf32>) -> tensor<2x3x4xf32>
  %sq = qtosa.quantize %sum as !out : tensor<2x3x4xf32> -> tensor<2x3x4xi8>
  %sd = qtosa.dequantize %sq as !out : tensor<2x3x4xi8> -> tensor<2x3x4xf32>
  %t = tosa.transpose %sd {perms = array<i32: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %shape = tosa.const_shape {values = dense<[4, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %t, %shape : (tensor<4x2x3xf32>, !tosa.shape<2>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

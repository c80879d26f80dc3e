// Vela 5.2 on the integer softmax (Softmax.cpp): each of the four byte
// tables of exp reads an index chain of its own (the input's rescale, the
// subtraction from the row's maximum, the rescale to i8), and Vela fuses
// every table into its subtraction as a LUT activation. With one shared
// index each table ran as a standalone LUT pass (about 400 Ethos-U55
// cycles each on this 10-wide row); MLP's softmax went from 3,488 to 1,936
// cycles on Ethos-U55 and from 3,360 to 1,982 on Ethos-U85 (measured in
// docs/performance.md, not here).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int},qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int},qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s
// CHECK: ReduceMax
// CHECK-COUNT-4: fused LUT
// CHECK-NOT: LUT
// CHECK: ReduceSum

func.func @main(%x: tensor<1x10xi8>) -> tensor<1x10xi8> {
  %q = quant.scast %x : tensor<1x10xi8> to tensor<1x10x!quant.uniform<i8:f32, 0.05:-20>>
  %d = quant.dcast %q : tensor<1x10x!quant.uniform<i8:f32, 0.05:-20>> to tensor<1x10xf32>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.reduce_max %d {axis = 1 : i32} : (tensor<1x10xf32>) -> tensor<1x1xf32>
  %s = tosa.sub %d, %m : (tensor<1x10xf32>, tensor<1x1xf32>) -> tensor<1x10xf32>
  %e = tosa.exp %s : (tensor<1x10xf32>) -> tensor<1x10xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<1x10xf32>) -> tensor<1x1xf32>
  %inv = tosa.reciprocal %sum : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %y = tosa.mul %e, %inv, %zero : (tensor<1x10xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<1x10xf32>
  %o = quant.qcast %y : tensor<1x10xf32> to tensor<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>>
  %os = quant.scast %o : tensor<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>> to tensor<1x10xi8>
  return %os : tensor<1x10xi8>
}

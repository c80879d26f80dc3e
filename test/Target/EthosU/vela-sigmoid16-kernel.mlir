// Vela 5.2 on TFLite's 16-bit TANH and LOGISTIC kernels as
// qtosa-lower-to-tosa-int writes them (KernelSigmoid16.cpp): each of the
// four 8-bit tables reads an index rescale of its own, and Vela fuses every
// table into it as a LUT activation; no 16-bit TABLE is left, which Vela
// runs as three LUT passes, each loading its LUT (about 6,500 Ethos-U55
// cycles; the LSTMs' figures are in docs/performance.md, not here).
// REQUIRES: tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int},qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t/u55})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u55-128 %t/u55/delegate_0.tosa | FileCheck %s --implicit-check-not=LUT
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int},qtosa-ethosu-pipeline{target=ethos-u85-256 tosa-dir=%t/u85})' -o /dev/null
// RUN: %tools_python %S/Inputs/vela_operations.py --fused ethos-u85-256 %t/u85/delegate_0.tosa | FileCheck %s --implicit-check-not=LUT
// CHECK-COUNT-8: fused LUT

func.func @main(%x: tensor<1x96xi16>) -> (tensor<1x96xi16>, tensor<1x96xi16>) {
  %q = quant.scast %x : tensor<1x96xi16> to tensor<1x96x!quant.uniform<i16:f32, 2.44140625e-04>>
  %d = quant.dcast %q : tensor<1x96x!quant.uniform<i16:f32, 2.44140625e-04>> to tensor<1x96xf32>
  %s = tosa.sigmoid %d {qtosa.tflite_kernel} : (tensor<1x96xf32>) -> tensor<1x96xf32>
  %t = tosa.tanh %d {qtosa.tflite_kernel} : (tensor<1x96xf32>) -> tensor<1x96xf32>
  %sq = quant.qcast %s : tensor<1x96xf32> to tensor<1x96x!quant.uniform<i16:f32, 3.0517578125e-05>>
  %tq = quant.qcast %t : tensor<1x96xf32> to tensor<1x96x!quant.uniform<i16:f32, 3.0517578125e-05>>
  %ss = quant.scast %sq : tensor<1x96x!quant.uniform<i16:f32, 3.0517578125e-05>> to tensor<1x96xi16>
  %ts = quant.scast %tq : tensor<1x96x!quant.uniform<i16:f32, 3.0517578125e-05>> to tensor<1x96xi16>
  return %ss, %ts : tensor<1x96xi16>, tensor<1x96xi16>
}

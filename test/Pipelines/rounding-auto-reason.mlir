// A module that names its rounding (an imported TFLite model names
// "double") is lowered with it by default, by the lowering and by the
// Ethos-U pipeline alike: the group that only rounding=double keeps in float
// stays in float without being asked, and the partition gives the one
// reason, not the one for another rounding (compare
// rounding-double-reason.mlir, whose module names none).
//
// RUN: not qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOWER --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=single})' -o /dev/null
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline)' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTITION --enable-var-scope

// The tanh of int16 at an input scale of 1.8e-4 and an output scale of
// 3.1e-5: its 513-entry table is within 1 LSB of the QDQ result with the
// final rescale rounded once, and 1.51 LSB off with it rounded twice.
module attributes {qtosa.rescale_rounding = "double"} {
  func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
    %q = quant.qcast %x : tensor<1x8xf32> to tensor<1x8x!quant.uniform<i16:f32, 1.8e-04>>
    %d = quant.dcast %q : tensor<1x8x!quant.uniform<i16:f32, 1.8e-04>> to tensor<1x8xf32>
    // LOWER: :[[#@LINE+2]]:10: remark: 'tosa.tanh' stays in float between dequantize and quantize: a 513-entry interpolated tosa.table would be 1.51261 LSB off the QDQ result at stored input -5379:
    // PARTITION: :[[#@LINE+1]]:10: remark: stays on the host: U55.TENSOR.FLOAT: tosa.tanh in float between dequantize and quantize: qtosa-lower-to-tosa-int keeps it in float: a 513-entry interpolated tosa.table would be 1.51261 LSB off
    %s = tosa.tanh %d : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %a = quant.qcast %s : tensor<1x8xf32> to tensor<1x8x!quant.uniform<i16:f32, 3.1e-05>>
    %b = quant.dcast %a : tensor<1x8x!quant.uniform<i16:f32, 3.1e-05>> to tensor<1x8xf32>
    return %b : tensor<1x8xf32>
  }
}

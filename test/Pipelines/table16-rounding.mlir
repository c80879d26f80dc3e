// A 513-entry int16 table's final rescale rounds once whatever the
// rounding option: the table is qtosa's own (TFLite's int16 kernel is
// lowered as it computes, KernelSigmoid16.cpp), so TFLite's double rounding
// buys no agreement with TFLite there. Rounded twice, this tanh's table was
// 1.51 LSB off the QDQ result and the group stayed in float under
// rounding=double (and under an imported TFLite model's rounding=auto);
// rounded once it is within 1 LSB (split in two tables, Tables.cpp),
// lowers under every rounding, and runs on
// the NPU (Vela fuses the single-round rescale into the TABLE).
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=double})' \
// RUN:   | FileCheck %s --check-prefix=LOWER --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=single})' \
// RUN:   | FileCheck %s --check-prefix=LOWER --enable-var-scope
// RUN: sed 's/^module {/module attributes {qtosa.rescale_rounding = "double"} {/' %s \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{report-file=-})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTITION

// LOWER-LABEL: func.func @main(
// LOWER-NOT: f32>
// LOWER-NOT: DOUBLE_ROUND
// LOWER: tosa.table {{.+}} : (tensor<1x8xi16>, tensor<513xi16>) -> tensor<1x8xi32>
// LOWER: tosa.rescale {{.+}}rounding_mode = SINGLE_ROUND{{.+}} -> tensor<1x8xi16>
// PARTITION: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host

// The tanh of int16 at an input scale of 1.8e-4 and an output scale of
// 3.1e-5 (not TFLite's 2^-15, so not TFLite's kernel).
module {
  func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
    %q = quant.qcast %x : tensor<1x8xf32> to tensor<1x8x!quant.uniform<i16:f32, 1.8e-04>>
    %d = quant.dcast %q : tensor<1x8x!quant.uniform<i16:f32, 1.8e-04>> to tensor<1x8xf32>
    %s = tosa.tanh %d : (tensor<1x8xf32>) -> tensor<1x8xf32>
    %a = quant.qcast %s : tensor<1x8xf32> to tensor<1x8x!quant.uniform<i16:f32, 3.1e-05>>
    %b = quant.dcast %a : tensor<1x8x!quant.uniform<i16:f32, 3.1e-05>> to tensor<1x8xf32>
    return %b : tensor<1x8xf32>
  }
}

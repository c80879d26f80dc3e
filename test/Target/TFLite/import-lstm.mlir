// UNIDIRECTIONAL_SEQUENCE_LSTM is unrolled over its time steps in TFLite's
// fixed-point formats (ConvertRecurrent.cpp): the four gates stacked along
// the output channels (input, forget, output, cell), each gate's weight
// scale a per-channel one; the input's fully connected layer once over all
// steps; per step one recurrent fully connected layer, one add, a sigmoid
// over the three sigmoid gates and a tanh over the cell gate; the states
// start where TFLite resets its variables (the hidden state at its zero
// point). Numerics against TFLite Micro: the factory's fused_lstm_* models
// and the corpus's LSTMs (test/Factory, execution.mlir).
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/lstm.tflite | FileCheck %s --enable-var-scope
// The integer graph is strict-valid PRO-INT TOSA with the int16 extension,
// and all of it goes to the NPU:
// RUN: qtosa-translate --import-tflite %t/lstm.tflite | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=double})' \
// RUN:   | mlir-opt --tosa-attach-target='profiles=pro_int extensions=int16,doubleround' --tosa-validate=strict-op-spec-alignment -o /dev/null
// RUN: qtosa-translate --import-tflite %t/lstm.tflite | qtosa-opt --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 report-file=-})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=U55
// Variants TFLite Micro and Vela do not run either stay host calls, with
// their reason:
// RUN: qtosa-translate --import-tflite %t/lstm_cifg.tflite -o /dev/null 2>&1 | FileCheck %s --check-prefix=CIFG
// RUN: qtosa-translate --import-tflite %t/lstm_peephole.tflite -o /dev/null 2>&1 | FileCheck %s --check-prefix=PEEPHOLE

// CHECK-LABEL: func.func @main(
// The gates' weights, stacked: per-channel scales, each gate's repeated
// over its two units (0.01, 0.02, 0.04, 0.03: input, forget, output, cell).
// CHECK:      %[[W:.+]] = qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32:0, {0.0099{{[0-9]+}},0.0099{{[0-9]+}},0.0199{{[0-9]+}},0.0199{{[0-9]+}},0.0399{{[0-9]+}},0.0399{{[0-9]+}},0.0299{{[0-9]+}},0.0299{{[0-9]+}}}> : tensor<8x1x1x4xi8> -> tensor<8x1x1x4xf32>
// CHECK:      %[[R:.+]] = qtosa.dequantize %{{.+}} : tensor<8x1x1x2xi8> -> tensor<8x1x1x2xf32>
// CHECK:      %[[B:.+]] = qtosa.dequantize %{{.+}} : tensor<8xi32> -> tensor<8xf32>
// The input projection, all three steps at once, in Q3.12:
// CHECK:      tosa.conv2d %{{.+}}, %[[W]], %[[B]], {{.+}} -> tensor<1x3x1x8xf32>
// CHECK:      %[[PROJ:.+]] = qtosa.quantize %{{.+}} as !quant.uniform<i16:f32, 2.44140625E-4> : tensor<1x3x8xf32> -> tensor<1x3x8xi16>
// The hidden state starts at its zero point, the cell state at 0:
// CHECK:      "tosa.const"() <{values = dense<3> : tensor<1x2xi8>}>
// CHECK:      "tosa.const"() <{values = dense<0> : tensor<1x2xi16>}>
// Step 1 of 3:
// CHECK:      tosa.conv2d %{{.+}}, %[[R]], {{.+}} -> tensor<1x1x1x8xf32>
// CHECK:      tosa.add {{.+}} : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// The gates are TFLite's int16 LOGISTIC and TANH kernels, marked for the
// lowering (qtosa.tflite_kernel: bit-exact against TFLite Micro):
// CHECK:      tosa.sigmoid {{.+}} {qtosa.tflite_kernel} : (tensor<1x6xf32>) -> tensor<1x6xf32>
// CHECK:      qtosa.quantize {{.+}} as !quant.uniform<i16:f32, 3.0517578125E-5> : tensor<1x6xf32>
// CHECK:      tosa.tanh {{.+}} {qtosa.tflite_kernel} : (tensor<1x2xf32>) -> tensor<1x2xf32>
// The cell clip of 3.0 on the cell state's grid (6144 x 2^-11):
// CHECK:      tosa.clamp {{.+}} {max_val = 3.000000e+00 : f32, min_val = -3.000000e+00 : f32}
// CHECK:      qtosa.quantize {{.+}} as !quant.uniform<i16:f32, 4.8828125E-4> : tensor<1x2xf32> -> tensor<1x2xi16>
// CHECK:      qtosa.quantize {{.+}} as !quant.uniform<i8:f32, 7.812500e-03:3> : tensor<1x2xf32> -> tensor<1x2xi8>
// CHECK-COUNT-2: tosa.conv2d %{{.+}}, %[[R]], {{.+}} -> tensor<1x1x1x8xf32>
// CHECK-NOT:  tosa.conv2d
// The steps' hidden states are the output sequence:
// CHECK:      tosa.concat {{.+}} {axis = 1 : i32} : (tensor<1x1x2xf32>, tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x3x2xf32>
// CHECK-NOT:  call @tflite

// U55: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host

// CIFG: remark: UNIDIRECTIONAL_SEQUENCE_LSTM is imported as a call of @tflite.UNIDIRECTIONAL_SEQUENCE_LSTM that runs on the host: an LSTM with coupled input and forget gates (CIFG) is not unrolled
// PEEPHOLE: remark: UNIDIRECTIONAL_SEQUENCE_LSTM is imported as a call of @tflite.UNIDIRECTIONAL_SEQUENCE_LSTM that runs on the host: an LSTM with peephole connections is not unrolled

// Arithmetic, activations, softmax, QUANTIZE/DEQUANTIZE and reductions:
// each computes in f32 between its inputs' dequantize and its output's
// quantize; lower-rank operands are reshaped for TOSA's broadcasting.
//
// RUN: rm -rf %t && %python %S/Inputs/tflite_models.py %qtosa_src/lib/Target/TFLite/tflite.fbs %t
// RUN: qtosa-translate --import-tflite %t/elementwise.tflite | FileCheck %s --enable-var-scope --check-prefix=EW
// RUN: qtosa-translate --import-tflite %t/activations.tflite | FileCheck %s --enable-var-scope --check-prefix=ACT
// RUN: qtosa-translate --import-tflite %t/activations.tflite \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=ACT-INT
// RUN: qtosa-translate --import-tflite %t/quantize_ops.tflite | FileCheck %s --enable-var-scope --check-prefix=QDQ
// RUN: qtosa-translate --import-tflite %t/reductions.tflite | FileCheck %s --enable-var-scope --check-prefix=RED
// RUN: qtosa-translate --import-tflite %t/global_means.tflite | FileCheck %s --enable-var-scope --check-prefix=MEAN
// RUN: qtosa-translate --import-tflite %t/global_means.tflite \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=double})' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=MEAN-INT
// RUN: qtosa-translate --import-tflite %t/global_extrema.tflite | FileCheck %s --enable-var-scope --check-prefix=EXT
// RUN: qtosa-translate --import-tflite %t/global_extrema.tflite \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=EXT-INT
// RUN: for t in ethos-u55-128 ethos-u85-256; do \
// RUN:   qtosa-translate --import-tflite %t/global_extrema.tflite \
// RUN:   | qtosa-opt --pass-pipeline="builtin.module(qtosa-ethosu-pipeline{target=$t report-file=-})" -o /dev/null 2>&1 | grep "^ethos-u"; \
// RUN: done | FileCheck %s --check-prefix=EXT-NPU
// RUN: qtosa-translate --import-tflite %t/raw_uint8_cast.tflite | FileCheck %s --enable-var-scope --check-prefix=RAW
// RUN: qtosa-translate --import-tflite %t/raw_uint8_cast.tflite \
// RUN:   | qtosa-opt --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int rounding=double})' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=RAW-INT

// EW-LABEL: func.func @main(
// EW-SAME: %[[ARGX:.+]]: tensor<1x2x3xf32> {tflite.name = "x"}, %[[ARGC:.+]]: tensor<3xf32> {tflite.name = "c"}) -> (tensor<1x2x3xf32> {tflite.name = "softmax"})
// EW: %[[QX:.+]] = qtosa.quantize %[[ARGX]]
// EW: %[[QC:.+]] = qtosa.quantize %[[ARGC]] as !quant.uniform<i8:f32, 0.0199{{[0-9]+}}> : tensor<3xf32> -> tensor<3xi8>
// EW: %[[X:.+]] = qtosa.dequantize %[[QX]]
// EW: %[[C:.+]] = qtosa.dequantize %[[QC]]
// ADD broadcasts [3] against [1, 2, 3]; its fused RELU is a clamp.
// EW: %[[C3:.+]] = tosa.reshape %[[C]], %{{.+}} : (tensor<3xf32>, !tosa.shape<3>) -> tensor<1x1x3xf32>
// EW: %[[ADD:.+]] = tosa.add %[[X]], %[[C3]] : (tensor<1x2x3xf32>, tensor<1x1x3xf32>) -> tensor<1x2x3xf32>
// EW: tosa.clamp %[[ADD]] {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32}
// EW: tosa.sub
// EW: tosa.mul
// EW: tosa.clamp %{{.+}} {max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32}
// EW: tosa.maximum
// EW: tosa.minimum
// SQUARED_DIFFERENCE: (a - b) * (a - b).
// EW: %[[D:.+]] = tosa.sub
// EW: tosa.mul %[[D]], %[[D]]
// LEAKY_RELU with alpha 0.25: max(x, 0.25 x), alpha the quantized
// constant 1 at scale 0.25 so that the product lowers to integers.
// EW: %[[LX:.+]] = qtosa.dequantize
// EW: %[[ALPHAI:.+]] = "tosa.const"() <{values = dense<1> : tensor<1x1x1xi8>}>
// EW: %[[ALPHA:.+]] = qtosa.dequantize %[[ALPHAI]] as !quant.uniform<i8:f32, 2.500000e-01> : tensor<1x1x1xi8> -> tensor<1x1x1xf32>
// EW: %[[AX:.+]] = tosa.mul %[[LX]], %[[ALPHA]]
// EW: tosa.maximum %[[LX]], %[[AX]]
// LOGISTIC and TANH are marked as TFLite's kernels (used for int16):
// EW: tosa.sigmoid %{{.+}} {qtosa.tflite_kernel}
// EW: qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 3.906250e-03:-128>
// EW: tosa.tanh %{{.+}} {qtosa.tflite_kernel}
// HARD_SWISH: x * clamp(x + 3, 0, 6) / 6, its last op marked as TFLite's
// kernel (whose fixed-point table the lowering builds).
// EW: %[[HX:.+]] = qtosa.dequantize
// EW: %[[THREE:.+]] = "tosa.const"() <{values = dense<3.000000e+00> : tensor<1x1x1xf32>}>
// EW: %[[SHIFTED:.+]] = tosa.add %[[HX]], %[[THREE]]
// EW: %[[GATE:.+]] = tosa.clamp %[[SHIFTED]] {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// EW: %[[PROD:.+]] = tosa.mul %[[HX]], %[[GATE]]
// EW: %[[SIXTH:.+]] = "tosa.const"() <{values = dense<0.166666672> : tensor<1x1x1xf32>}>
// EW: tosa.mul %[[PROD]], %[[SIXTH]], %{{.+}} {qtosa.tflite_kernel = "HARD_SWISH"}
// PRELU: select(x >= 0, x, alpha * x) with the per-channel alpha constant.
// EW: %[[PX:.+]] = qtosa.dequantize
// EW: %[[ALPHAI:.+]] = "tosa.const"() <{values = dense<[10, 20, 30]> : tensor<3xi8>}>
// EW: %[[ALPHAF:.+]] = qtosa.dequantize %[[ALPHAI]]
// EW: %[[ALPHA3:.+]] = tosa.reshape %[[ALPHAF]]
// EW: %[[SCALED:.+]] = tosa.mul %[[PX]], %[[ALPHA3]]
// EW: %[[GE:.+]] = tosa.greater_equal %[[PX]], %{{.+}} -> tensor<1x2x3xi1>
// EW: tosa.select %[[GE]], %[[PX]], %[[SCALED]]
// EW: tosa.clamp %{{.+}} {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// EW: tosa.abs
// EW: tosa.exp
// SOFTMAX with beta 0.5 over the last axis: exp(beta (x - max)) / sum.
// EW: %[[SX:.+]] = qtosa.dequantize
// EW: %[[MAX:.+]] = tosa.reduce_max %[[SX]] {axis = 2 : i32} : (tensor<1x2x3xf32>) -> tensor<1x2x1xf32>
// EW: %[[SUB:.+]] = tosa.sub %[[SX]], %[[MAX]]
// EW: %[[BETA:.+]] = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1x1xf32>}>
// EW: %[[SCALEDX:.+]] = tosa.mul %[[SUB]], %[[BETA]]
// EW: %[[EXP:.+]] = tosa.exp %[[SCALEDX]]
// EW: %[[SUM:.+]] = tosa.reduce_sum %[[EXP]] {axis = 2 : i32}
// EW: %[[INV:.+]] = tosa.reciprocal %[[SUM]]
// EW: %[[SM:.+]] = tosa.mul %[[EXP]], %[[INV]]
// EW: qtosa.quantize %[[SM]] as !quant.uniform<i8:f32, 3.906250e-03:-128>

// QUANTIZE of a float input, QUANTIZE int8 -> uint8 (a requantization) and
// DEQUANTIZE to a float output: the value passes between parameters; the
// QUANTIZE of a float rounds ties away from zero, as TFLite's kernel does.
// uint8 lives in i8 storage with an unsigned quant type.
// QDQ-LABEL: func.func @main(
// QDQ-SAME: %[[ARG:.+]]: tensor<4xf32> {tflite.name = "float_in"}) -> (tensor<4xf32> {tflite.name = "float_out"})
// QDQ: %[[Q:.+]] = qtosa.quantize %[[ARG]] as !quant.uniform<i8:f32, 5.000000e-01:1> ties_away_from_zero : tensor<4xf32> -> tensor<4xi8>
// QDQ: %[[D:.+]] = qtosa.dequantize %[[Q]]
// QDQ: %[[R:.+]] = qtosa.quantize %[[D]] as !quant.uniform<u8:f32, 2.500000e-01:128> : tensor<4xf32> -> tensor<4xi8>
// QDQ: %[[F:.+]] = qtosa.dequantize %[[R]] as !quant.uniform<u8:f32, 2.500000e-01:128>
// QDQ: return %[[F]] : tensor<4xf32>

// MEAN over axes 1 and 2 without keep_dims (quantized: below); SUM over
// the same axes with keep_dims: a sum per axis; ARG_MAX's INT32 output is
// the index tensor itself, not quantized.
// RED-LABEL: func.func @main(
// RED-SAME: -> (tensor<1x3xf32> {tflite.name = "mean"}, tensor<1x1x1x3xf32> {tflite.name = "sum"}, tensor<1x4x4xi32> {tflite.name = "argmax"})
// RED: %[[Q:.+]] = qtosa.quantize %arg0
// RED: %[[X:.+]] = qtosa.dequantize %[[Q]]
// RED: tosa.reduce_sum %{{.+}} {axis = 1 : i32} : (tensor<1x16x3xf32>) -> tensor<1x1x3xf32>
// RED: %[[S1:.+]] = tosa.reduce_sum %[[X]] {axis = 1 : i32} : (tensor<1x4x4x3xf32>) -> tensor<1x1x4x3xf32>
// RED: %[[S2:.+]] = tosa.reduce_sum %[[S1]] {axis = 2 : i32} : (tensor<1x1x4x3xf32>) -> tensor<1x1x1x3xf32>
// RED: qtosa.quantize %[[S2]]
// RED: %[[AM:.+]] = tosa.argmax %[[X]] {axis = 3 : i32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4xi32>
// RED: return %{{.+}}, %{{.+}}, %[[AM]] : tensor<1x3xf32>, tensor<1x1x1x3xf32>, tensor<1x4x4xi32>

// Issue #34, class 3: a quantized MEAN over adjacent axes (the global
// average pool of TF2's MobileNetV2) is one reduce_sum over the axes
// merged on the stored integers, quantized at the output's scale times the
// count (0.02 * 15, 0.03 * 15); the output's stored integers are its own.
// MEAN: %[[Q:.+]] = qtosa.quantize %arg0 as !quant.uniform<i8:f32, 0.05000000074505806:-3>
// MEAN: %[[R:.+]] = tosa.reshape %[[Q]], %{{.+}} -> tensor<1x15x4xi8>
// MEAN: %[[D:.+]] = qtosa.dequantize %[[R]] as !quant.uniform<i8:f32, 0.05000000074505806:-3> : tensor<1x15x4xi8> -> tensor<1x15x4xf32>
// MEAN: %[[S:.+]] = tosa.reduce_sum %[[D]] {axis = 1 : i32} : (tensor<1x15x4xf32>) -> tensor<1x1x4xf32>
// MEAN: %[[SQ:.+]] = qtosa.quantize %[[S]] as !quant.uniform<i8:f32, 0.29999999329447746:5> : tensor<1x1x4xf32> -> tensor<1x1x4xi8>
// MEAN: tosa.reshape %[[SQ]], %{{.+}} -> tensor<1x4xi8>
// MEAN: tosa.reduce_sum %{{.+}} {axis = 1 : i32} : (tensor<1x15x4xf32>) -> tensor<1x1x4xf32>
// MEAN: qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 0.44999998994171619:-7>
// MEAN: tosa.reshape %{{.+}} -> tensor<1x1x1x4xi8>
// One axis (LayerNorm's moments) needs no reshape: 0.01 * 4.
// MEAN: %[[M:.+]] = tosa.reduce_sum %{{.+}} {axis = 3 : i32} : (tensor<1x5x3x4xf32>) -> tensor<1x5x3x1xf32>
// MEAN: qtosa.quantize %[[M]] as !quant.uniform<i8:f32, 0.039999999105930328:2> : tensor<1x5x3x1xf32> -> tensor<1x5x3x1xi8>
// MEAN: qtosa.dequantize %{{.+}} as !quant.uniform<i8:f32, 0.019999999552965164:5> : tensor<1x4xi8>
// Integer TOSA under io=int: an i32 sum and one rescale to the output,
// where two sums and a multiply by 1/15 stayed in float before (and io=int
// failed).
// MEAN-INT-LABEL: func.func @main(
// MEAN-INT-NOT: f32>
// MEAN-INT: tosa.reshape %arg0, %{{.+}} -> tensor<1x15x4xi8>
// MEAN-INT: tosa.rescale {{.+}} -> tensor<1x15x4xi32>
// MEAN-INT: tosa.reduce_sum {{.+}} -> tensor<1x1x4xi32>
// MEAN-INT: tosa.rescale {{.+}} -> tensor<1x1x4xi8>
// MEAN-INT: tosa.reshape {{.+}} -> tensor<1x4xi8>
// MEAN-INT: tosa.reduce_sum {{.+}} {axis = 3 : i32} : (tensor<1x5x3x4xi32>) -> tensor<1x5x3x1xi32>
// MEAN-INT: tosa.rescale {{.+}} -> tensor<1x5x3x1xi8>

// REDUCE_MAX (GlobalMaxPooling2D) and REDUCE_MIN: a reduce_max or
// reduce_min per axis, which keep the order of their values and move onto
// the stored integers; each runs on the NPU of both targets (they were
// host calls).
// EXT-LABEL: func.func @main(
// EXT: %[[X:.+]] = qtosa.dequantize
// EXT: %[[M1:.+]] = tosa.reduce_max %[[X]] {axis = 1 : i32} : (tensor<1x5x3x4xf32>) -> tensor<1x1x3x4xf32>
// EXT: %[[M2:.+]] = tosa.reduce_max %[[M1]] {axis = 2 : i32} : (tensor<1x1x3x4xf32>) -> tensor<1x1x1x4xf32>
// EXT: tosa.reshape %[[M2]], %{{.+}} -> tensor<1x4xf32>
// EXT: tosa.reduce_min %[[X]] {axis = 3 : i32} : (tensor<1x5x3x4xf32>) -> tensor<1x5x3x1xf32>
// EXT-NOT: call
// EXT-INT-LABEL: func.func @main(
// EXT-INT-NOT: f32>
// EXT-INT: tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<1x5x3x4xi8>) -> tensor<1x1x3x4xi8>
// EXT-INT: tosa.reduce_max {{.+}} {axis = 2 : i32} : (tensor<1x1x3x4xi8>) -> tensor<1x1x1x4xi8>
// EXT-INT: tosa.reduce_min %arg0 {axis = 3 : i32} : (tensor<1x5x3x4xi8>) -> tensor<1x5x3x1xi8>
// EXT-NPU: ethos-u55-128: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host
// EXT-NPU: ethos-u85-256: 1 delegate(s); {{[0-9]+}} op(s): {{[0-9]+}} on the NPU (100.0%), 0 on the host

// Issue #34, class 2: raw UINT8 and INT16 inputs (no quantization
// parameters) are their integers, scale 1 and zero point 0; CAST to float
// dequantizes them at that scale, and the QUANTIZE after it is integer.
// RAW-LABEL: func.func @main(
// RAW: qtosa.quantize %arg0 as !quant.uniform<u8:f32, 1.000000e+00> : tensor<1x2x2x3xf32> -> tensor<1x2x2x3xi8>
// RAW: qtosa.quantize %arg1 as !quant.uniform<i16:f32, 1.000000e+00> : tensor<4xf32> -> tensor<4xi16>
// RAW: qtosa.dequantize %{{.+}} as !quant.uniform<u8:f32, 1.000000e+00> : tensor<1x2x2x3xi8> -> tensor<1x2x2x3xf32>
// RAW: qtosa.quantize %{{.+}} as !quant.uniform<i8:f32, 1.000000e+00:-128>
// RAW: qtosa.dequantize %{{.+}} as !quant.uniform<i16:f32, 1.000000e+00> : tensor<4xi16> -> tensor<4xf32>
// With io=int the raw image stays the u8 TFLite takes (class 8); one rescale
// reading unsigned input makes the model's int8 output of it.
// RAW-INT-LABEL: func.func @main(
// RAW-INT-SAME: %arg0: tensor<1x2x2x3xi8> {qtosa.qtype = "!quant.uniform<u8:f32, 1.000000e+00>", tflite.name = "image"}
// RAW-INT-SAME: %arg1: tensor<4xi16> {qtosa.qtype = "!quant.uniform<i16:f32, 1.000000e+00>", tflite.name = "audio"}
// RAW-INT-NOT: f32>
// RAW-INT: %[[IMAGE:.*]] = tosa.rescale %arg0, {{.*}}input_unsigned = true, output_unsigned = false
// RAW-INT: return %[[IMAGE]], %arg1

// NEG, GELU (exact, then approximate) and ELU: elementwise float ops, each
// activation a function of one input that the integer lowering makes one
// table (no host call); RELU_0_TO_1 a clamp, which it makes an integer
// clamp on the ELU's stored values ([0, 1] at its scale 0.05 is [0, 20])
// and a rescale to its own parameters.
// ACT-LABEL: func.func @main(
// ACT: %[[NX:.+]] = qtosa.dequantize
// ACT: tosa.negate %[[NX]]
// ACT: %[[GX:.+]] = qtosa.dequantize
// ACT: %[[R2:.+]] = "tosa.const"() <{values = dense<0.707106769> : tensor<1x1x1xf32>}>
// ACT: %[[SCALED:.+]] = tosa.mul %[[GX]], %[[R2]]
// ACT: %[[ERF:.+]] = tosa.erf %[[SCALED]]
// ACT: tosa.add %[[ERF]]
// ACT: %[[TX:.+]] = qtosa.dequantize
// ACT: %[[SQ:.+]] = tosa.mul %[[TX]], %[[TX]]
// ACT: tosa.mul %[[SQ]], %[[TX]]
// ACT: tosa.tanh
// ACT: %[[EX:.+]] = qtosa.dequantize
// ACT: %[[POS:.+]] = tosa.greater %[[EX]], %{{.+}} -> tensor<1x2x4xi1>
// ACT: %[[EXP:.+]] = tosa.exp %[[EX]]
// ACT: %[[EM1:.+]] = tosa.sub %[[EXP]]
// ACT: tosa.select %[[POS]], %[[EX]], %[[EM1]]
// ACT: %[[RX:.+]] = qtosa.dequantize
// ACT: tosa.clamp %[[RX]] {max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// ACT-NOT: func.call
// ACT-INT-LABEL: func.func @main(
// ACT-INT-SAME: tensor<1x2x4xi8>
// ACT-INT-COUNT-4: tosa.table
// ACT-INT-NOT: f32
// ACT-INT: tosa.clamp %{{.+}} {max_val = 20 : i8, min_val = 0 : i8}
// ACT-INT-NEXT: tosa.rescale
// ACT-INT: return

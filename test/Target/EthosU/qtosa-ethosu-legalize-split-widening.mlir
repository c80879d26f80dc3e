// On Ethos-U55, a narrow value's rescale straight to i32 before a 32-bit
// MAXIMUM or MINIMUM that returns to the narrow type by a rescale by 1
// (NarrowMinMax.cpp's form of an int16 LEAKY_RELU) is split into a rescale
// to the narrow type and a widening by 1, which Vela 5.2 fuses there
// (matchWideningsToSplit: 31,360 -> 6,556 U55 NPU cycles for 2,560
// values); Ethos-U85 keeps the folded form it fuses (640 cycles).
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u85-256}))' \
// RUN:   | FileCheck %s --enable-var-scope --check-prefix=U85
//
// Exact: on all 65536 stored inputs (and at a factor past 1, where the
// narrow rescale saturates) the split form gives the same results.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(-32768, 32768, dtype=np.int16))"
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(func.func(qtosa-ethosu-legalize{target=ethos-u55-128}))' -o %t/after.mlir
// RUN: qtosa-run %s -e leaky --input %t/x.npy -o %t/leaky_before.npy
// RUN: qtosa-run %t/after.mlir -e leaky --input %t/x.npy -o %t/leaky_after.npy
// RUN: qtosa-run %s -e grown --input %t/x.npy -o %t/grown_before.npy
// RUN: qtosa-run %t/after.mlir -e grown --input %t/x.npy -o %t/grown_after.npy
// RUN: %python -c "import numpy as np; print(*[f + (' equal' if (np.load('%t/' + f + '_before.npy') == np.load('%t/' + f + '_after.npy')).all() else ' DIFFERENT') for f in ('leaky', 'grown')])" \
// RUN:   | FileCheck %s --check-prefix=NUM
// NUM: leaky equal grown equal

// CHECK-LABEL: func.func @leaky(
// CHECK: %[[A:.+]] = tosa.rescale %arg0, {{.+}} : (tensor<65536xi16>, {{.+}}) -> tensor<65536xi16>
// CHECK: %[[AW:.+]] = tosa.rescale %[[A]], {{.+}} : (tensor<65536xi16>, {{.+}}) -> tensor<65536xi32>
// CHECK: %[[X:.+]] = tosa.rescale %arg0, {{.+}} -> tensor<65536xi32>
// CHECK: tosa.maximum %[[X]], %[[AW]]
// U85-LABEL: func.func @leaky(
// U85: tosa.rescale %arg0, {{.+}} -> tensor<65536xi32>
// U85-NEXT: tosa.rescale %arg0, {{.+}} -> tensor<65536xi32>
// U85-NEXT: tosa.maximum
func.func @leaky(%x: tensor<65536xi16>) -> tensor<65536xi16> {
  %alpha = "tosa.const"() <{values = dense<1288490240> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s32 = "tosa.const"() <{values = dense<32> : tensor<1xi8>}> : () -> tensor<1xi8>
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %a = tosa.rescale %x, %alpha, %s32, %z16, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<65536xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> tensor<65536xi32>
  %w = tosa.rescale %x, %one, %s30, %z16, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<65536xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> tensor<65536xi32>
  %m = tosa.maximum %w, %a : (tensor<65536xi32>, tensor<65536xi32>) -> tensor<65536xi32>
  %y = tosa.rescale %m, %one, %s30, %z32, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<65536xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<65536xi16>
  return %y : tensor<65536xi16>
}

// A factor of 1.5 on both operands of a minimum: the narrow rescales
// saturate, the result does not change.
// CHECK-LABEL: func.func @grown(
// CHECK-COUNT-2: -> tensor<65536xi16>
// CHECK: tosa.minimum
func.func @grown(%x: tensor<65536xi16>) -> tensor<65536xi16> {
  %f = "tosa.const"() <{values = dense<1610612736> : tensor<1xi32>}> : () -> tensor<1xi32>
  %g = "tosa.const"() <{values = dense<1288490240> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s30 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s31 = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %one = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z16 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
  %z32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %a = tosa.rescale %x, %f, %s30, %z16, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<65536xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> tensor<65536xi32>
  %b = tosa.rescale %x, %g, %s31, %z16, %z32 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<65536xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> tensor<65536xi32>
  %m = tosa.minimum %a, %b : (tensor<65536xi32>, tensor<65536xi32>) -> tensor<65536xi32>
  %y = tosa.rescale %m, %one, %s30, %z32, %z16 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<65536xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<65536xi16>
  return %y : tensor<65536xi16>
}

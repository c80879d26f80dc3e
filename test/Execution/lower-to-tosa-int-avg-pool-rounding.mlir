// The integer average pool rounds as TFLite's AVERAGE_POOL_2D: the mean of
// the stored values, half away from zero. The lowering gives
// tosa.avg_pool2d zero points 0 (the mean of the stored values keeps the
// input's parameters), and TOSA's reciprocal_scale with apply_scale_32
// then equals TFLite's (acc +- n/2) / n for every count. With the input's
// zero point, a tie whose zero-point-free sum has the other sign (a raw
// sum between 0 and n zp) rounded the other way: 1 LSB from TFLite Micro
// on the factory's densenet_int8, nasnet_mobile_int8 and pooling_int8.
// Checked on a 3x3 SAME pool (counts 4, 6 and 9) and a 2x2 VALID pool,
// against numpy's TFLite formula; the old form's results are computed too,
// and must differ somewhere, so that the inputs hold such ties.
//
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' | FileCheck %s --enable-var-scope
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); \
// RUN:   np.save('%t/x.npy', r.integers(-40, 60, (1, 4, 4, 16), dtype=np.int8))"
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | qtosa-run - -e same3x3 --input %t/x.npy -o %t/same.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline{io=int})' \
// RUN:   | qtosa-run - -e valid2x2 --input %t/x.npy -o %t/valid.npy
// RUN: %python %S/Inputs/avg_pool_reference.py %t/x.npy %t/same.npy 3 1 1 17
// RUN: %python %S/Inputs/avg_pool_reference.py %t/x.npy %t/valid.npy 2 2 0 17

// CHECK-LABEL: func.func @same3x3(
// CHECK-SAME:      %[[X:.*]]: tensor<1x4x4x16xi8>
// CHECK:         %[[ZP:.*]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
// CHECK:         %[[P:.*]] = tosa.avg_pool2d %[[X]], %[[ZP]], %[[ZP]] {acc_type = i32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}
// CHECK:         return %[[P]]
func.func @same3x3(%arg0: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %0 = qtosa.quantize %arg0 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x4x4x16xf32> -> tensor<1x4x4x16xi8>
  %1 = qtosa.dequantize %0 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x4x4x16xi8> -> tensor<1x4x4x16xf32>
  %z = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %2 = tosa.avg_pool2d %1, %z, %z {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x16xf32>
  %3 = qtosa.quantize %2 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x4x4x16xf32> -> tensor<1x4x4x16xi8>
  %4 = qtosa.dequantize %3 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x4x4x16xi8> -> tensor<1x4x4x16xf32>
  return %4 : tensor<1x4x4x16xf32>
}

func.func @valid2x2(%arg0: tensor<1x4x4x16xf32>) -> tensor<1x2x2x16xf32> {
  %0 = qtosa.quantize %arg0 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x4x4x16xf32> -> tensor<1x4x4x16xi8>
  %1 = qtosa.dequantize %0 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x4x4x16xi8> -> tensor<1x4x4x16xf32>
  %z = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %2 = tosa.avg_pool2d %1, %z, %z {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x16xf32>
  %3 = qtosa.quantize %2 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x2x2x16xf32> -> tensor<1x2x2x16xi8>
  %4 = qtosa.dequantize %3 as !quant.uniform<i8:f32, 0.125:17> : tensor<1x2x2x16xi8> -> tensor<1x2x2x16xf32>
  return %4 : tensor<1x2x2x16xf32>
}

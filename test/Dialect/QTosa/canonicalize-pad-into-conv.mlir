// qtosa.dequantize's canonicalization: a PAD of H and W with the
// dequantize's zero point (the real 0), read only through that dequantize
// by a convolution's input, becomes the convolution's own padding, as long
// as each side stays within the dilated kernel's reach. The lowered
// integer graphs give the same values before and after (qtosa's engine).
// RUN: qtosa-opt %s --canonicalize | FileCheck %s --enable-var-scope
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', \
// RUN:   np.random.default_rng(4).standard_normal((1, 6, 5, 3)).astype(np.float32))"
// RUN: qtosa-opt %s --qtosa-expand-qdq -o %t/before.mlir
// RUN: qtosa-run %t/before.mlir -e conv_then_depthwise --input %t/x.npy -o %t/before.npy
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline)' -o %t/after.mlir
// RUN: qtosa-run %t/after.mlir -e conv_then_depthwise --input %t/x.npy -o %t/after.npy
// RUN: %python -c "import numpy as np; b, a = np.load('%t/before.npy'), np.load('%t/after.npy'); \
// RUN:   assert b.shape == (1, 7, 6, 3) and np.abs(a - b).max() <= 0.03 + 1e-6, np.abs(a - b).max(); print('CLOSE')" \
// RUN:   | FileCheck %s --check-prefix=CLOSE
// CLOSE: CLOSE

// CHECK-LABEL: func.func @conv_then_depthwise(
// CHECK-SAME:    %[[X:.*]]: tensor<1x6x5x3xf32>
// CHECK:         %[[Q:.*]] = qtosa.quantize %[[X]]
// CHECK-NOT:     tosa.pad
// CHECK:         %[[D:.*]] = qtosa.dequantize %[[Q]] {{.*}} -> tensor<1x6x5x3xf32>
// CHECK:         tosa.conv2d %[[D]], {{.*}} pad = array<i64: 1, 1, 2, 0>
// CHECK-NOT:     tosa.pad
// CHECK:         tosa.depthwise_conv2d {{.*}} pad = array<i64: 2, 1, 1, 2>
func.func @conv_then_depthwise(%x: tensor<1x6x5x3xf32>) -> tensor<1x7x6x3xf32> {
  %p1 = tosa.const_shape {values = dense<[0, 0, 1, 1, 2, 0, 0, 0]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %p2 = tosa.const_shape {values = dense<[0, 0, 1, 0, 0, 1, 0, 0]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %zq = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %w = "tosa.const"() <{values = dense<0.25> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %dw = "tosa.const"() <{values = dense<0.5> : tensor<3x3x3x1xf32>}> : () -> tensor<3x3x3x1xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zf = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x6x5x3xf32> -> tensor<1x6x5x3xi8>
  %pad = tosa.pad %q, %p1, %zq : (tensor<1x6x5x3xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x8x7x3xi8>
  %d = qtosa.dequantize %pad as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x8x7x3xi8> -> tensor<1x8x7x3xf32>
  %c = tosa.conv2d %d, %w, %b, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x7x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x5x3xf32>
  %cq = qtosa.quantize %c as !quant.uniform<i8:f32, 0.1:-3> : tensor<1x6x5x3xf32> -> tensor<1x6x5x3xi8>
  %pad2 = tosa.pad %cq, %p2, %zq : (tensor<1x6x5x3xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x7x6x3xi8>
  %d2 = qtosa.dequantize %pad2 as !quant.uniform<i8:f32, 0.1:-3> : tensor<1x7x6x3xi8> -> tensor<1x7x6x3xf32>
  %e = tosa.depthwise_conv2d %d2, %dw, %b, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x7x6x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x7x6x3xf32>
  %eq = qtosa.quantize %e as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x7x6x3xf32> -> tensor<1x7x6x3xi8>
  %y = qtosa.dequantize %eq as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x7x6x3xi8> -> tensor<1x7x6x3xf32>
  return %y : tensor<1x7x6x3xf32>
}


// Stays: a pad value other than the zero point; channels padded; a side
// beyond the kernel's reach; a padded tensor read twice.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-4: tosa.pad
func.func @left_alone(%x: tensor<1x4x4x2xi8>) -> (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x5x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x6x6x2xf32>) {
  %p = tosa.const_shape {values = dense<[0, 0, 1, 1, 1, 1, 0, 0]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %pc = tosa.const_shape {values = dense<[0, 0, 1, 1, 1, 1, 0, 1]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %pfar = tosa.const_shape {values = dense<[0, 0, 3, 0, 1, 1, 0, 0]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %z = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %other = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
  %w = "tosa.const"() <{values = dense<0.25> : tensor<2x3x3x2xf32>}> : () -> tensor<2x3x3x2xf32>
  %w3 = "tosa.const"() <{values = dense<0.25> : tensor<2x3x3x3xf32>}> : () -> tensor<2x3x3x3xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %zf = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a = tosa.pad %x, %p, %other : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x6x2xi8>
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x6x6x2xi8> -> tensor<1x6x6x2xf32>
  %ac = tosa.conv2d %ad, %w, %b, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x6x6x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.pad %x, %pc, %z : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x6x3xi8>
  %cd = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x6x6x3xi8> -> tensor<1x6x6x3xf32>
  %cc = tosa.conv2d %cd, %w3, %b, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x6x6x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %f = tosa.pad %x, %pfar, %z : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x7x6x2xi8>
  %fd = qtosa.dequantize %f as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x7x6x2xi8> -> tensor<1x7x6x2xf32>
  %fc = tosa.conv2d %fd, %w, %b, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x7x6x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x4x2xf32>
  %t = tosa.pad %x, %p, %z : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x6x2xi8>
  %td = qtosa.dequantize %t as !quant.uniform<i8:f32, 0.03:-3> : tensor<1x6x6x2xi8> -> tensor<1x6x6x2xf32>
  %tc = tosa.conv2d %td, %w, %b, %zf, %zf {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x6x6x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  return %ac, %cc, %fc, %tc, %td : tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x5x4x2xf32>, tensor<1x4x4x2xf32>, tensor<1x6x6x2xf32>
}

// A 2x bilinear resize on Ethos-U55 through qtosa-ethosu-pipeline: qtosa-
// ethosu-legalize makes it a depthwise convolution over the repeated,
// edge-replicated input, and every op runs on the NPU; Vela 5.2 compiles
// each delegate (the concat pieces as MemoryCopy, the NEAREST resize as
// AvgPool, then the DepthwiseConv2D with the rescale fused): half-pixel
// (i16 and i8), TF1's legacy sampling, align_corners from 8 to 15, which
// replicates nothing, and half-pixel by 4 and 8. Without the
// rewrite the resize stays on the host (U55.RESIZE.MODE). Exactness:
// qtosa-ethosu-legalize-exact.mlir.
// REQUIRES: tools, qtosa-python
// RUN: rm -rf %t && mkdir -p %t
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-ethosu-pipeline{target=ethos-u55-128 tosa-dir=%t report-file=-})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPORT
// REPORT: ethos-u55-128: 6 delegate(s); 51 op(s): 51 on the NPU (100.0%), 0 on the host
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_0.tosa | FileCheck %s --check-prefix=HALF
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_1.tosa | FileCheck %s --check-prefix=HALF
// HALF: NPU operations: 8
// HALF-NEXT: MemoryCopy
// HALF-NEXT: MemoryCopy
// HALF-NEXT: MemoryCopy
// HALF-NEXT: MemoryCopy
// HALF-NEXT: MemoryCopy
// HALF-NEXT: MemoryCopy
// HALF-NEXT: AvgPool
// HALF-NEXT: DepthwiseConv2D
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_2.tosa | FileCheck %s --check-prefix=LEGACY
// LEGACY: NPU operations: 6
// LEGACY-NEXT: MemoryCopy
// LEGACY-NEXT: MemoryCopy
// LEGACY-NEXT: MemoryCopy
// LEGACY-NEXT: MemoryCopy
// LEGACY-NEXT: AvgPool
// LEGACY-NEXT: DepthwiseConv2D
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_3.tosa | FileCheck %s --check-prefix=ALIGNED
// ALIGNED: NPU operations: 2
// ALIGNED-NEXT: AvgPool
// ALIGNED-NEXT: DepthwiseConv2D
// Vela repeats 4x and 8x as two and three AvgPools; its TFLite route
// compiles a half-pixel bilinear resize only by 2.
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_4.tosa | FileCheck %s --check-prefix=FOUR
// FOUR: NPU operations: 9
// FOUR-COUNT-6: MemoryCopy
// FOUR-NEXT: AvgPool
// FOUR-NEXT: AvgPool
// FOUR-NEXT: DepthwiseConv2D
// RUN: %tools_python %S/Inputs/vela_operations.py ethos-u55-128 %t/delegate_5.tosa | FileCheck %s --check-prefix=EIGHT
// EIGHT: NPU operations: 10
// EIGHT-COUNT-6: MemoryCopy
// EIGHT-NEXT: AvgPool
// EIGHT-NEXT: AvgPool
// EIGHT-NEXT: AvgPool
// EIGHT-NEXT: DepthwiseConv2D

func.func @half_pixel_int16(%x: tensor<1x8x8x8xi16>) -> tensor<1x16x16x8xi16> {
  %d = qtosa.dequantize %x as !quant.uniform<i16:f32, 0.001> : tensor<1x8x8x8xi16> -> tensor<1x8x8x8xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x8x8xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16x16x8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i16:f32, 0.001> : tensor<1x16x16x8xf32> -> tensor<1x16x16x8xi16>
  return %q : tensor<1x16x16x8xi16>
}
func.func @half_pixel_int8(%x: tensor<1x8x8x8xi8>) -> tensor<1x16x16x8xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x8x8x8xi8> -> tensor<1x8x8x8xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x8x8xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16x16x8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x16x16x8xf32> -> tensor<1x16x16x8xi8>
  return %q : tensor<1x16x16x8xi8>
}
func.func @legacy_int8(%x: tensor<1x8x8x8xi8>) -> tensor<1x16x16x8xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x8x8x8xi8> -> tensor<1x8x8x8xf32>
  %scale = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x8x8xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16x16x8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x16x16x8xf32> -> tensor<1x16x16x8xi8>
  return %q : tensor<1x16x16x8xi8>
}
func.func @align_corners_int8(%x: tensor<1x8x8x8xi8>) -> tensor<1x15x15x8xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x8x8x8xi8> -> tensor<1x8x8x8xf32>
  %scale = tosa.const_shape {values = dense<[2, 1, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %zero, %zero {mode = BILINEAR} : (tensor<1x8x8x8xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x15x15x8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x15x15x8xf32> -> tensor<1x15x15x8xi8>
  return %q : tensor<1x15x15x8xi8>
}
func.func @half_pixel_4x(%x: tensor<1x8x8x8xi8>) -> tensor<1x32x32x8xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x8x8x8xi8> -> tensor<1x8x8x8xf32>
  %scale = tosa.const_shape {values = dense<[8, 2, 8, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-3, -3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[3, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x8x8xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x32x32x8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x32x32x8xf32> -> tensor<1x32x32x8xi8>
  return %q : tensor<1x32x32x8xi8>
}
func.func @half_pixel_8x(%x: tensor<1x4x4x8xi8>) -> tensor<1x32x32x8xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x4x4x8xi8> -> tensor<1x4x4x8xf32>
  %scale = tosa.const_shape {values = dense<[16, 2, 16, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-7, -7]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[7, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %d, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x4x8xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x32x32x8xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.05:-3> : tensor<1x32x32x8xf32> -> tensor<1x32x32x8xi8>
  return %q : tensor<1x32x32x8xi8>
}

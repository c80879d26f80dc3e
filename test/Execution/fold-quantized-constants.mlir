// Folding shape ops on per-channel quantized weights changes nothing a
// graph computes: a 1x1 conv and a matmul whose weights pass through
// transpose + reshape give the same outputs with and without the fold
// (quantized at 2^-20 so that any difference in a weight would show).
//
// RUN: qtosa-opt %s --qtosa-fold-quantized-constants | FileCheck %s --check-prefix=FOLDED
// RUN: qtosa-opt %s --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | grep -v 'Unranked Memref' > %t.unfolded
// RUN: qtosa-opt %s --qtosa-fold-quantized-constants --qtosa-expand-qdq \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | grep -v 'Unranked Memref' > %t.folded
// RUN: diff %t.unfolded %t.folded
// RUN: FileCheck %s --check-prefix=RAN --input-file=%t.folded

// FOLDED-NOT: tosa.transpose
// FOLDED: qtosa.dequantize {{.+}} as !quant.uniform<i8<-127:127>:f32:0, {{.+}} : tensor<3x1x1x4xi8> -> tensor<3x1x1x4xf32>
// FOLDED: qtosa.dequantize {{.+}} as !quant.uniform<i8<-127:127>:f32:2, {{.+}} : tensor<1x4x3xi8> -> tensor<1x4x3xf32>
// RAN-COUNT-2: {{^\[.*[1-9].*\]$}}

!w = !quant.uniform<i8<-127:127>:f32:1, {0.013, 0.021, 0.008}>
!out = !quant.uniform<i32:f32, 9.5367431640625e-07>

func.func private @printMemrefI32(tensor<*xi32>)

func.func @print(%t: tensor<1x2x2x3xf32>) {
  %q = qtosa.quantize %t as !out : tensor<1x2x2x3xf32> -> tensor<1x2x2x3xi32>
  %s = tosa.const_shape {values = dense<12> : tensor<1xindex>} : () -> !tosa.shape<1>
  %flat = tosa.reshape %q, %s : (tensor<1x2x2x3xi32>, !tosa.shape<1>) -> tensor<12xi32>
  %u = tensor.cast %flat : tensor<12xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %x = "tosa.const"() {values = dense<[[[[0.5, -1.25, 2.0, 0.75], [1.5, 0.25, -0.5, -2.0]], [[-0.125, 1.0, 0.375, -1.5], [2.5, -0.75, 1.25, 0.0]]]]> : tensor<1x2x2x4xf32>} : () -> tensor<1x2x2x4xf32>
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %bias = "tosa.const"() {values = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>

  // 1x1 conv: [in, out] -> transpose -> [out, in] -> reshape OHWI.
  // A linear layer's weight [in=4, out=3], per-channel on out.
  %c = "tosa.const"() {values = dense<[[12, -7, 3], [40, -5, 22], [9, -1, 30], [4, -18, 6]]> : tensor<4x3xi8>} : () -> tensor<4x3xi8>
  %w = qtosa.dequantize %c as !w : tensor<4x3xi8> -> tensor<4x3xf32>
  %wt = tosa.transpose %w {perms = array<i32: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %ohwi = tosa.const_shape {values = dense<[3, 1, 1, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %kernel = tosa.reshape %wt, %ohwi : (tensor<3x4xf32>, !tosa.shape<4>) -> tensor<3x1x1x4xf32>
  %conv = tosa.conv2d %x, %kernel, %bias, %zero, %zero {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x4xf32>, tensor<3x1x1x4xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x3xf32>
  call @print(%conv) : (tensor<1x2x2x3xf32>) -> ()

  // matmul: [in, out] -> reshape [1, in, out].
  %b3 = tosa.const_shape {values = dense<[1, 4, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %wb = tosa.reshape %w, %b3 : (tensor<4x3xf32>, !tosa.shape<3>) -> tensor<1x4x3xf32>
  %a3 = tosa.const_shape {values = dense<[1, 4, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %xa = tosa.reshape %x, %a3 : (tensor<1x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x4x4xf32>
  %mm = tosa.matmul %xa, %wb, %zero, %zero : (tensor<1x4x4xf32>, tensor<1x4x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x3xf32>
  %o4 = tosa.const_shape {values = dense<[1, 2, 2, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mm4 = tosa.reshape %mm, %o4 : (tensor<1x4x3xf32>, !tosa.shape<4>) -> tensor<1x2x2x3xf32>
  call @print(%mm4) : (tensor<1x2x2x3xf32>) -> ()
  return
}

// Storage of a width TOSA 1.0 has no casts for (i4 outside convolution
// weights, i6): qtosa-expand-qdq refuses it, since the casts it would write
// are not TOSA; the execution engine expands it anyway, because MLIR's own
// TOSA-to-Linalg lowering runs such casts, and so executes its definition.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([-9.0, 7.6, 3.2, -2.5, 40.0, -40.0], np.float32))"
// RUN: qtosa-run %s --input %t/x.npy | FileCheck %s
// RUN: not qtosa-opt %s --qtosa-expand-qdq -o /dev/null 2>&1 | FileCheck %s --check-prefix=REFUSED

// Each value is x / scale clamped to [qmin - zp, qmax - zp], rounded half
// to even, plus zp, then back. i4, scale 1, range [-8, 7]: -9 -> -8,
// 7.6 -> 7 (clamped), 3.2 -> 3, -2.5 -> -2 (even), 40 -> 7, -40 -> -8.
// CHECK: result #0: tensor<6xf32> [-8, 7, 3, -2, 7, -8]
// i6, scale 0.5, zero point 3, range [-32, 31]: x / 0.5 clamped to
// [-35, 28]: -18 -> -9, 15.2 -> 15 -> 7.5, 6.4 -> 6 -> 3, -5 -> -2.5,
// 80 -> 28 -> 14, -80 -> -35 -> -17.5.
// CHECK: result #1: tensor<6xf32> [-9, 7.5, 3, -2.5, 14, -17.5]

// REFUSED: error: cannot expand: 4-bit storage: TOSA 1.0 casts only 8-, 16- and 32-bit integers (4-bit tensors are convolution weights only)
// REFUSED: error: cannot expand: 6-bit storage

!i4_unit = !quant.uniform<i4:f32, 1.0>
!i6_half = !quant.uniform<i6:f32, 0.5:3>
func.func @main(%x: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %q4 = qtosa.quantize %x as !i4_unit : tensor<6xf32> -> tensor<6xi4>
  %d4 = qtosa.dequantize %q4 as !i4_unit : tensor<6xi4> -> tensor<6xf32>
  %q6 = qtosa.quantize %x as !i6_half : tensor<6xf32> -> tensor<6xi6>
  %d6 = qtosa.dequantize %q6 as !i6_half : tensor<6xi6> -> tensor<6xf32>
  return %d4, %d6 : tensor<6xf32>, tensor<6xf32>
}

// A QDQ graph imported and expanded to plain TOSA runs under mlir-runner
// and computes what its quantize/dequantize pairs mean.
// RUN: qtosa-opt %s --qtosa-import-qdq --canonicalize --qtosa-expand-qdq \
// RUN:   | mlir-opt %tosa-to-llvm | %mlir-runner | FileCheck %s --enable-var-scope

!q = !quant.uniform<i8:f32, 0.25:-3>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @transpose_block(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// x / 0.25 = [0.8, -1.2, 2.2, 20, -120, 0.5] rounds (ties to even) to
// [1, -1, 2, 20, -120, 0]; dequantized that is [0.25, -0.25, 0.5, 5, -30, 0],
// which the transpose reads column by column.
// CHECK: [0.25,  5,  -0.25,  -30,  0.5,  0]
func.func @main() {
  %x = "tosa.const"() {values = dense<[[0.2, -0.3, 0.55], [5.0, -30.0, 0.125]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %y = call @transpose_block(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %shape = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  %flat = tosa.reshape %y, %shape : (tensor<3x2xf32>, !tosa.shape<1>) -> tensor<6xf32>
  %u = tensor.cast %flat : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

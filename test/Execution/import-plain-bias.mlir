// A quant-typed convolution with a plain i32 bias (TensorFlow's legalization
// writes it so) computes what TFLite computes: the bias is stored at input
// scale x weight scale, per output channel. Executed both as its QDQ
// definition (float convolution between dequantize and quantize) and lowered
// to integer TOSA.
//
// RUN: qtosa-opt %s --qtosa-import-qdq --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | FileCheck %s
// RUN: qtosa-opt %s --pass-pipeline='builtin.module(qtosa-lower-pipeline)' | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | FileCheck %s

!a = !quant.uniform<i8:f32, 0.5>
!w = !quant.uniform<i8:f32:0, {0.1, 0.2}>
!o = !quant.uniform<i8:f32, 0.05>

func.func private @printMemrefI32(tensor<*xi32>)

// x = 3 * 0.5 = 1.5. Channel 0: 1.5 * (2 * 0.1) + 10 * (0.5 * 0.1) = 0.8;
// channel 1: 1.5 * (5 * 0.2) - 4 * (0.5 * 0.2) = 1.1. At the output's 0.05:
// 16 and 22. (Read at the accumulator's scale 0.05 for both channels, as
// the import used to, channel 1 would be 1.5 - 0.2 = 1.3, i.e. 26.)
// CHECK: [16,  22]
func.func @conv(%x: tensor<1x1x1x1x!a>) -> tensor<1x1x1x2x!o> {
  %w = "tosa.const"() {values = dense<[[[[2]]], [[[5]]]]> : tensor<2x1x1x1xi8>} : () -> tensor<2x1x1x1x!w>
  %b = "tosa.const"() {values = dense<[10, -4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %c = tosa.conv2d %x, %w, %b, %z, %z {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1x!a>, tensor<2x1x1x1x!w>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2x!o>
  return %c : tensor<1x1x1x2x!o>
}

func.func @main() {
  %x = "tosa.const"() {values = dense<3> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %xq = quant.scast %x : tensor<1x1x1x1xi8> to tensor<1x1x1x1x!a>
  %yq = call @conv(%xq) : (tensor<1x1x1x1x!a>) -> tensor<1x1x1x2x!o>
  %y = quant.scast %yq : tensor<1x1x1x2x!o> to tensor<1x1x1x2xi8>
  %wide = tosa.cast %y : (tensor<1x1x1x2xi8>) -> tensor<1x1x1x2xi32>
  %shape = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  %flat = tosa.reshape %wide, %shape : (tensor<1x1x1x2xi32>, !tosa.shape<1>) -> tensor<2xi32>
  %u = tensor.cast %flat : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

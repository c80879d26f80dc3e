// RUN: qtosa-opt %s -split-input-file -verify-diagnostics --qtosa-expand-qdq

func.func @sub_channel_dynamic(%q: tensor<2x?xi8>) -> tensor<2x?xf32> {
  // expected-error @+1 {{cannot expand: sub-channel blocks over a dynamic dimension have no static layout}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}> : tensor<2x?xi8> -> tensor<2x?xf32>
  return %d : tensor<2x?xf32>
}

// -----

func.func @unsigned_32_bit(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{cannot expand: unsigned 32-bit storage does not fit the i32 arithmetic}}
  %q = qtosa.quantize %x as !quant.uniform<u32:f32, 0.5> : tensor<4xf32> -> tensor<4xi32>
  return %q : tensor<4xi32>
}

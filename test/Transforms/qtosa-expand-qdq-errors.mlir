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

// -----

// Storage TOSA 1.0 has no casts for: the expansion would write invalid
// TOSA. Every such op gets its error, not only the first.
func.func @narrow_storage(%x: tensor<4xf32>, %w: tensor<4xi6>) -> (tensor<4xi4>, tensor<4xf32>) {
  // expected-error @+1 {{cannot expand: 4-bit storage: TOSA 1.0 casts only 8-, 16- and 32-bit integers (4-bit tensors are convolution weights only)}}
  %q = qtosa.quantize %x as !quant.uniform<i4:f32, 1.0> : tensor<4xf32> -> tensor<4xi4>
  // expected-error @+1 {{cannot expand: 6-bit storage: TOSA 1.0 casts only 8-, 16- and 32-bit integers}}
  %d = qtosa.dequantize %w as !quant.uniform<i6:f32, 0.04:3> : tensor<4xi6> -> tensor<4xf32>
  return %q, %d : tensor<4xi4>, tensor<4xf32>
}


// -----

// A zero-size tensor: the expansion's tosa.mul would be invalid TOSA (the
// pass wrote it, and only the verifier after it said so, about an op the
// user never wrote).
func.func @zero_size(%x: tensor<0x4xf32>) -> tensor<0x4xf32> {
  // expected-error @+1 {{cannot expand: it has no elements, and TOSA's arithmetic takes no zero-size tensor}}
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.1:3> : tensor<0x4xf32> -> tensor<0x4xi8>
  // expected-error @+1 {{cannot expand: it has no elements, and TOSA's arithmetic takes no zero-size tensor}}
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0.1:3> : tensor<0x4xi8> -> tensor<0x4xf32>
  return %d : tensor<0x4xf32>
}

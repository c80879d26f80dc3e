// The arithmetic of qtosa.quantize/dequantize, executed: expand to TOSA,
// lower with MLIR's TOSA -> Linalg -> LLVM pipeline and run. Every expected
// value below is worked out by hand in the comment above its CHECK.
//
// RUN: qtosa-opt %s --qtosa-expand-qdq | mlir-opt %tosa-to-llvm \
// RUN:   | %mlir-runner | FileCheck %s --enable-var-scope

!i8_half = !quant.uniform<i8:f32, 0.5:-3>
!u8_quarter = !quant.uniform<u8:f32, 0.25:128>
!i8_cols = !quant.uniform<i8:f32:1, {0.5:0, 1.0:1, 2.0:-1}>
!i16_milli = !quant.uniform<i16:f32, 0.001>
!i8_blocks = !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}>
!i8_f16 = !quant.uniform<i8:f16, 0.5:2>

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)

func.func @print_i8(%t: tensor<?xi8>) {
  %wide = tosa.cast %t : (tensor<?xi8>) -> tensor<?xi32>
  %u = tensor.cast %wide : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @print_f32(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // x / 0.5 = [0.5, 1.5, -0.5, 2.5, 200, -200, 126, -125.5, NaN]; ties go
  // to even: [0, 2, 0, 2]; the clamp bounds are [-128+3, 127+3]; NaN takes
  // the lower bound; then zero point -3.
  // CHECK: [-3,  -1,  -3,  -1,  127,  -128,  123,  -128,  -128]
  %x = "tosa.const"() {values = dense<[0.25, 0.75, -0.25, 1.25, 100.0, -100.0, 63.0, -62.75, 0x7FC00000]> : tensor<9xf32>} : () -> tensor<9xf32>
  %q = qtosa.quantize %x as !i8_half : tensor<9xf32> -> tensor<9xi8>
  %qd = tensor.cast %q : tensor<9xi8> to tensor<?xi8>
  call @print_i8(%qd) : (tensor<?xi8>) -> ()

  // The same with ties_away_from_zero (TFLite's QUANTIZE), and 2x of
  // +-(0.25 - 2^-26), +-(0.5 - 2^-25), just below a tie: x / 0.5 clamped to
  // [-125, 130] = [0.5, 1.5, -0.5, 2.5, 130, -125, 126, -125, -125 (NaN),
  // 0.49999997, -0.49999997], rounded [1, 2, -1, 3, 130, -125, 126, -125,
  // -125, 0, 0], then zero point -3.
  // CHECK: [-2,  -1,  -4,  0,  127,  -128,  123,  -128,  -128,  -3,  -3]
  %xa = "tosa.const"() {values = dense<[0.25, 0.75, -0.25, 1.25, 100.0, -100.0, 63.0, -62.75, 0x7FC00000, 0x3E7FFFFF, 0xBE7FFFFF]> : tensor<11xf32>} : () -> tensor<11xf32>
  %qa = qtosa.quantize %xa as !i8_half ties_away_from_zero : tensor<11xf32> -> tensor<11xi8>
  %qad = tensor.cast %qa : tensor<11xi8> to tensor<?xi8>
  call @print_i8(%qad) : (tensor<?xi8>) -> ()

  // u8 with zero point 128: x / 0.25 = [0, -128, -128.5, 127, 127.5, 0.5,
  // 1.5], clamped to [-128, 127], rounded, plus 128 = [128, 0, 0, 255, 255,
  // 128, 130]; printed sign-extended from the i8 storage.
  // CHECK: [-128,  0,  0,  -1,  -1,  -128,  -126]
  %u = "tosa.const"() {values = dense<[0.0, -32.0, -32.125, 31.75, 31.875, 0.125, 0.375]> : tensor<7xf32>} : () -> tensor<7xf32>
  %uq = qtosa.quantize %u as !u8_quarter : tensor<7xf32> -> tensor<7xi8>
  %uqd = tensor.cast %uq : tensor<7xi8> to tensor<?xi8>
  call @print_i8(%uqd) : (tensor<?xi8>) -> ()

  // Reading u8 storage zero-extends: stored 128, 0, 255, 1 are
  // (q - 128) * 0.25 = [0, -32, 31.75, -31.75].
  // CHECK: [0,  -32,  31.75,  -31.75]
  %us = "tosa.const"() {values = dense<[-128, 0, -1, 1]> : tensor<4xi8>} : () -> tensor<4xi8>
  %ud = qtosa.dequantize %us as !u8_quarter : tensor<4xi8> -> tensor<4xf32>
  %udd = tensor.cast %ud : tensor<4xf32> to tensor<?xf32>
  call @print_f32(%udd) : (tensor<?xf32>) -> ()

  // Per-axis on dimension 1: column c uses scale {0.5, 1, 2}[c] and zero
  // point {0, 1, -1}[c]. Row 0: [1/0.5, 1/1 + 1, round(0.5) - 1] = [2, 2, -1];
  // row 1: [-6, round(2.5) + 1, round(2.5) - 1] = [-6, 3, 1].
  // CHECK: [2,  2,  -1,  -6,  3,  1]
  %p = "tosa.const"() {values = dense<[[1.0, 1.0, 1.0], [-3.0, 2.5, 5.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %pq = qtosa.quantize %p as !i8_cols : tensor<2x3xf32> -> tensor<2x3xi8>
  %shape6 = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  %pflat = tosa.reshape %pq, %shape6 : (tensor<2x3xi8>, !tosa.shape<1>) -> tensor<6xi8>
  %pd = tensor.cast %pflat : tensor<6xi8> to tensor<?xi8>
  call @print_i8(%pd) : (tensor<?xi8>) -> ()

  // i16 covers its full range.
  // CHECK: [32.767,  -32.768,  0.001]
  %w = "tosa.const"() {values = dense<[32767, -32768, 1]> : tensor<3xi16>} : () -> tensor<3xi16>
  %wd = qtosa.dequantize %w as !i16_milli : tensor<3xi16> -> tensor<3xf32>
  %wdd = tensor.cast %wd : tensor<3xf32> to tensor<?xf32>
  call @print_f32(%wdd) : (tensor<?xf32>) -> ()

  // i4 (no TOSA cast reaches it): expand-qdq-any-width.mlir.

  // Sub-channel blocks of two columns: scales {{1, 2}, {3, 4}} over a 2x4
  // tensor of ones.
  // CHECK: [1,  1,  2,  2,  3,  3,  4,  4]
  %b = "tosa.const"() {values = dense<1> : tensor<2x4xi8>} : () -> tensor<2x4xi8>
  %bd = qtosa.dequantize %b as !i8_blocks : tensor<2x4xi8> -> tensor<2x4xf32>
  %shape8 = tosa.const_shape {values = dense<8> : tensor<1xindex>} : () -> !tosa.shape<1>
  %bflat = tosa.reshape %bd, %shape8 : (tensor<2x4xf32>, !tosa.shape<1>) -> tensor<8xf32>
  %bdd = tensor.cast %bflat : tensor<8xf32> to tensor<?xf32>
  call @print_f32(%bdd) : (tensor<?xf32>) -> ()

  // f16 expressed: (q - 2) * 0.5 computed in f32, rounded to f16, and back
  // through quantize: x / 0.5 + 2 = [-126 + 2 clamped, 5 + 2].
  // CHECK: [-65,  2.5]
  // CHECK: [-128,  7]
  %h = "tosa.const"() {values = dense<[-128, 7]> : tensor<2xi8>} : () -> tensor<2xi8>
  %hd = qtosa.dequantize %h as !i8_f16 : tensor<2xi8> -> tensor<2xf16>
  %hd32 = tosa.cast %hd : (tensor<2xf16>) -> tensor<2xf32>
  %hdd = tensor.cast %hd32 : tensor<2xf32> to tensor<?xf32>
  call @print_f32(%hdd) : (tensor<?xf32>) -> ()
  %hq = qtosa.quantize %hd as !i8_f16 : tensor<2xf16> -> tensor<2xi8>
  %hqd = tensor.cast %hq : tensor<2xi8> to tensor<?xi8>
  call @print_i8(%hqd) : (tensor<?xi8>) -> ()
  return
}

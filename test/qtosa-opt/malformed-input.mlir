// Bad input gets a located diagnostic and a non-zero exit, never a crash.
// RUN: split-file %s %t
// RUN: not qtosa-opt %t/garbage.mlir 2>&1 | FileCheck %s --check-prefix=GARBAGE
// RUN: not qtosa-opt %t/unknown-op.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not qtosa-opt %t/scale-count.mlir --qtosa-import-qdq 2>&1 | FileCheck %s --check-prefix=SCALES
// RUN: not qtosa-opt %t/storage.mlir --qtosa-expand-qdq 2>&1 | FileCheck %s --check-prefix=STORAGE
// The quant parser's range check lets a NaN scale through; the verifier does not.
// RUN: not qtosa-opt %t/nan-scale.mlir 2>&1 | FileCheck %s --check-prefix=NAN

// GARBAGE: garbage.mlir:1:1: error: custom op 'this' is unknown
// UNKNOWN: unknown-op.mlir:2:8: error: Dialect `nosuch' not found for custom op 'nosuch.op'
// SCALES: scale-count.mlir:2:8: error: quantized dimension size does not match number of scales
// STORAGE: storage.mlir:2:8: error: 'qtosa.quantize' op storage element type 'i16' does not match storage type 'i8'
// NAN: nan-scale.mlir:2:8: error: 'qtosa.dequantize' op scale #0 is nan; scales must be finite and positive

//--- garbage.mlir
this is not MLIR {{{
//--- unknown-op.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nosuch.op %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
//--- scale-count.mlir
func.func @f(%q: tensor<4x3x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) -> tensor<4x3xf32> {
  %d = quant.dcast %q : tensor<4x3x!quant.uniform<i8:f32:1, {0.5, 0.25}>> to tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}
//--- storage.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xi16> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}
//--- nan-scale.mlir
func.func @f(%q: tensor<4xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0x7FF8000000000000> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}

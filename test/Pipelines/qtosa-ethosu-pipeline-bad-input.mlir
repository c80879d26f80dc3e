// Bad input of every kind listed in docs/reliability.md, through both
// Ethos-U pipelines and qtosa-lower-pipeline{io=int}: each gets a located
// diagnostic and exit code 1, or, where the input is valid but unusual
// (dynamic shapes, a huge splat constant), a correct result with exit 0
// (but dynamic shapes under io=int, whose integer TOSA 1.0 has none);
// nothing crashes (diagnose_each.py fails on a signal, an exit code other
// than 0 or 1, LLVM's crash banner or a sanitizer report). The sanitizer
// build runs this file too.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: python3 %S/Inputs/diagnose_each.py qtosa-opt %t qtosa-ethosu-pipeline \
// RUN:   'qtosa-ethosu-pipeline{target=ethos-u85-256}' 'qtosa-lower-pipeline{io=int}' \
// RUN:   | FileCheck %s --match-full-lines

// CHECK: dynamic-sub-channel.mlir qtosa-ethosu-pipeline: exit 1: dynamic-sub-channel.mlir:2:8: error: cannot expand: sub-channel blocks over a dynamic dimension have no static layout
// CHECK-NEXT: dynamic-sub-channel.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: dynamic-sub-channel.mlir:2:8: error: cannot expand: sub-channel blocks over a dynamic dimension have no static layout
// CHECK-NEXT: dynamic-sub-channel.mlir qtosa-lower-pipeline{io=int}: exit 1: dynamic-sub-channel.mlir:1:14: error: qtosa-lower-pipeline{io=int}: argument #0 of 'f' (tensor<2x?xi8>) has a dynamic shape (dimension 1 is '?'): the integer TOSA 1.0 that io=int promises has static shapes only (on Ethos-U the same is rule U55.TENSOR.DYNAMIC); give the graph static sizes, a fixed batch size say
// CHECK-NEXT: dynamic.mlir qtosa-ethosu-pipeline: exit 0: dynamic.mlir:4:8: remark: stays on the host: U55.TENSOR.DYNAMIC: operand #0 (tensor<?x4xi8>) has a dynamic shape
// CHECK-NEXT: dynamic.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 0: dynamic.mlir:4:8: remark: stays on the host: U85.TENSOR.DYNAMIC: operand #0 (tensor<?x4xi8>) has a dynamic shape
// CHECK-NEXT: dynamic.mlir qtosa-lower-pipeline{io=int}: exit 1: dynamic.mlir:1:14: error: qtosa-lower-pipeline{io=int}: argument #0 of 'f' (tensor<?x4xi8>) has a dynamic shape (dimension 0 is '?'): the integer TOSA 1.0 that io=int promises has static shapes only (on Ethos-U the same is rule U55.TENSOR.DYNAMIC); give the graph static sizes, a fixed batch size say
// CHECK-NEXT: huge-splat.mlir qtosa-ethosu-pipeline: exit 0: no diagnostic
// CHECK-NEXT: huge-splat.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 0: no diagnostic
// CHECK-NEXT: huge-splat.mlir qtosa-lower-pipeline{io=int}: exit 0: no diagnostic
// CHECK-NEXT: huge-tile.mlir qtosa-ethosu-pipeline: exit 1: huge-tile.mlir:5:8: error: 'tosa.tile' op result #0 holds 160000000000 bytes, more than the 2^31 - 1 TOSA 1.0 allows (MAX_LOG2_SIZE 31 at level 8K)
// CHECK-NEXT: huge-tile.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: huge-tile.mlir:5:8: error: 'tosa.tile' op result #0 holds 160000000000 bytes, more than the 2^31 - 1 TOSA 1.0 allows (MAX_LOG2_SIZE 31 at level 8K)
// CHECK-NEXT: huge-tile.mlir qtosa-lower-pipeline{io=int}: exit 1: huge-tile.mlir:5:8: error: 'tosa.tile' op result #0 holds 160000000000 bytes, more than the 2^31 - 1 TOSA 1.0 allows (MAX_LOG2_SIZE 31 at level 8K)
// CHECK-NEXT: ill-typed-nan-mode.mlir qtosa-ethosu-pipeline: exit 0: no diagnostic
// CHECK-NEXT: ill-typed-nan-mode.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 0: no diagnostic
// CHECK-NEXT: ill-typed-nan-mode.mlir qtosa-lower-pipeline{io=int}: exit 0: no diagnostic
// CHECK-NEXT: invalid-tosa.mlir qtosa-ethosu-pipeline: exit 1: invalid-tosa.mlir:2:8: error: 'tosa.transpose' op expected output tensor dim 0 to match input dim 1 with value of 3
// CHECK-NEXT: invalid-tosa.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: invalid-tosa.mlir:2:8: error: 'tosa.transpose' op expected output tensor dim 0 to match input dim 1 with value of 3
// CHECK-NEXT: invalid-tosa.mlir qtosa-lower-pipeline{io=int}: exit 1: invalid-tosa.mlir:2:8: error: 'tosa.transpose' op expected output tensor dim 0 to match input dim 1 with value of 3
// CHECK-NEXT: malformed-garbage.mlir qtosa-ethosu-pipeline: exit 1: malformed-garbage.mlir:1:1: error: custom op 'this' is unknown (tried 'builtin.this' as well)
// CHECK-NEXT: malformed-garbage.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: malformed-garbage.mlir:1:1: error: custom op 'this' is unknown (tried 'builtin.this' as well)
// CHECK-NEXT: malformed-garbage.mlir qtosa-lower-pipeline{io=int}: exit 1: malformed-garbage.mlir:1:1: error: custom op 'this' is unknown (tried 'builtin.this' as well)
// CHECK-NEXT: malformed-truncated.mlir qtosa-ethosu-pipeline: exit 1: malformed-truncated.mlir:2:79: error: expected operation name in quotes
// CHECK-NEXT: malformed-truncated.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: malformed-truncated.mlir:2:79: error: expected operation name in quotes
// CHECK-NEXT: malformed-truncated.mlir qtosa-lower-pipeline{io=int}: exit 1: malformed-truncated.mlir:2:79: error: expected operation name in quotes
// CHECK-NEXT: per-axis-axis.mlir qtosa-ethosu-pipeline: exit 1: per-axis-axis.mlir:2:8: error: quantized dimension must be less than tensor rank
// CHECK-NEXT: per-axis-axis.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: per-axis-axis.mlir:2:8: error: quantized dimension must be less than tensor rank
// CHECK-NEXT: per-axis-axis.mlir qtosa-lower-pipeline{io=int}: exit 1: per-axis-axis.mlir:2:8: error: quantized dimension must be less than tensor rank
// CHECK-NEXT: per-axis-count-qtosa.mlir qtosa-ethosu-pipeline: exit 1: per-axis-count-qtosa.mlir:2:8: error: 'qtosa.dequantize' op per-axis quantization on dimension 1 has 2 scales, but that dimension has size 3
// CHECK-NEXT: per-axis-count-qtosa.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: per-axis-count-qtosa.mlir:2:8: error: 'qtosa.dequantize' op per-axis quantization on dimension 1 has 2 scales, but that dimension has size 3
// CHECK-NEXT: per-axis-count-qtosa.mlir qtosa-lower-pipeline{io=int}: exit 1: per-axis-count-qtosa.mlir:2:8: error: 'qtosa.dequantize' op per-axis quantization on dimension 1 has 2 scales, but that dimension has size 3
// CHECK-NEXT: per-axis-count.mlir qtosa-ethosu-pipeline: exit 1: per-axis-count.mlir:2:8: error: quantized dimension size does not match number of scales
// CHECK-NEXT: per-axis-count.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: per-axis-count.mlir:2:8: error: quantized dimension size does not match number of scales
// CHECK-NEXT: per-axis-count.mlir qtosa-lower-pipeline{io=int}: exit 1: per-axis-count.mlir:2:8: error: quantized dimension size does not match number of scales
// CHECK-NEXT: rank-7.mlir qtosa-ethosu-pipeline: exit 1: rank-7.mlir:1:1: error: 'func.func' op argument #0 has rank 7, more than the 6 TOSA 1.0 allows (MAX_RANK at level 8K; qtosa-import-qdq{max-rank=0} lifts the limit)
// CHECK-NEXT: rank-7.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: rank-7.mlir:1:1: error: 'func.func' op argument #0 has rank 7, more than the 6 TOSA 1.0 allows (MAX_RANK at level 8K; qtosa-import-qdq{max-rank=0} lifts the limit)
// CHECK-NEXT: rank-7.mlir qtosa-lower-pipeline{io=int}: exit 1: rank-7.mlir:1:1: error: 'func.func' op argument #0 has rank 7, more than the 6 TOSA 1.0 allows (MAX_RANK at level 8K; qtosa-import-qdq{max-rank=0} lifts the limit)
// CHECK-NEXT: scale-denormal.mlir qtosa-ethosu-pipeline: exit 1: scale-denormal.mlir:2:8: error: cannot import 'quant.qcast': 'tensor<4x!quant.uniform<i8:f32, 9.9999999999999995E-45>>': scale #0 is 1.000000e-44, below 2^-126 (the smallest normal f32): quantize multiplies by its reciprocal in f32, which would overflow
// CHECK-NEXT: scale-denormal.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: scale-denormal.mlir:2:8: error: cannot import 'quant.qcast': 'tensor<4x!quant.uniform<i8:f32, 9.9999999999999995E-45>>': scale #0 is 1.000000e-44, below 2^-126 (the smallest normal f32): quantize multiplies by its reciprocal in f32, which would overflow
// CHECK-NEXT: scale-denormal.mlir qtosa-lower-pipeline{io=int}: exit 1: scale-denormal.mlir:2:8: error: cannot import 'quant.qcast': 'tensor<4x!quant.uniform<i8:f32, 9.9999999999999995E-45>>': scale #0 is 1.000000e-44, below 2^-126 (the smallest normal f32): quantize multiplies by its reciprocal in f32, which would overflow
// CHECK-NEXT: scale-inf.mlir qtosa-ethosu-pipeline: exit 1: scale-inf.mlir:2:92: error: scale INF out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-inf.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: scale-inf.mlir:2:92: error: scale INF out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-inf.mlir qtosa-lower-pipeline{io=int}: exit 1: scale-inf.mlir:2:92: error: scale INF out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-nan-quant.mlir qtosa-ethosu-pipeline: exit 1: scale-nan-quant.mlir:3:20: error: use of value '%q' expects different type than prior uses: 'tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>' vs 'tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>'
// CHECK-NEXT: scale-nan-quant.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: scale-nan-quant.mlir:3:20: error: use of value '%q' expects different type than prior uses: 'tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>' vs 'tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>'
// CHECK-NEXT: scale-nan-quant.mlir qtosa-lower-pipeline{io=int}: exit 1: scale-nan-quant.mlir:3:20: error: use of value '%q' expects different type than prior uses: 'tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>' vs 'tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>'
// CHECK-NEXT: scale-nan.mlir qtosa-ethosu-pipeline: exit 1: scale-nan.mlir:2:8: error: 'qtosa.dequantize' op scale #0 is nan; scales must be finite and positive
// CHECK-NEXT: scale-nan.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: scale-nan.mlir:2:8: error: 'qtosa.dequantize' op scale #0 is nan; scales must be finite and positive
// CHECK-NEXT: scale-nan.mlir qtosa-lower-pipeline{io=int}: exit 1: scale-nan.mlir:2:8: error: 'qtosa.dequantize' op scale #0 is nan; scales must be finite and positive
// CHECK-NEXT: scale-negative.mlir qtosa-ethosu-pipeline: exit 1: scale-negative.mlir:2:78: error: scale -5.000000e-01 out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-negative.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: scale-negative.mlir:2:78: error: scale -5.000000e-01 out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-negative.mlir qtosa-lower-pipeline{io=int}: exit 1: scale-negative.mlir:2:78: error: scale -5.000000e-01 out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-zero.mlir qtosa-ethosu-pipeline: exit 1: scale-zero.mlir:2:55: error: scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-zero.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: scale-zero.mlir:2:55: error: scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: scale-zero.mlir qtosa-lower-pipeline{io=int}: exit 1: scale-zero.mlir:2:55: error: scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]
// CHECK-NEXT: storage-mismatch.mlir qtosa-ethosu-pipeline: exit 1: storage-mismatch.mlir:2:8: error: 'qtosa.quantize' op storage element type 'i16' does not match storage type 'i8' of '!quant.uniform<i8:f32, 5.000000e-01>'
// CHECK-NEXT: storage-mismatch.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: storage-mismatch.mlir:2:8: error: 'qtosa.quantize' op storage element type 'i16' does not match storage type 'i8' of '!quant.uniform<i8:f32, 5.000000e-01>'
// CHECK-NEXT: storage-mismatch.mlir qtosa-lower-pipeline{io=int}: exit 1: storage-mismatch.mlir:2:8: error: 'qtosa.quantize' op storage element type 'i16' does not match storage type 'i8' of '!quant.uniform<i8:f32, 5.000000e-01>'
// CHECK-NEXT: storage-range.mlir qtosa-ethosu-pipeline: exit 1: storage-range.mlir:2:69: error: illegal storage type minimum: -200
// CHECK-NEXT: storage-range.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: storage-range.mlir:2:69: error: illegal storage type minimum: -200
// CHECK-NEXT: storage-range.mlir qtosa-lower-pipeline{io=int}: exit 1: storage-range.mlir:2:69: error: illegal storage type minimum: -200
// CHECK-NEXT: storage-width.mlir qtosa-ethosu-pipeline: exit 1: storage-width.mlir:2:66: error: illegal storage type size: 64
// CHECK-NEXT: storage-width.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: storage-width.mlir:2:66: error: illegal storage type size: 64
// CHECK-NEXT: storage-width.mlir qtosa-lower-pipeline{io=int}: exit 1: storage-width.mlir:2:66: error: illegal storage type size: 64
// CHECK-NEXT: unknown-dialect.mlir qtosa-ethosu-pipeline: exit 1: unknown-dialect.mlir:2:8: error: Dialect `nosuch' not found for custom op 'nosuch.op'
// CHECK-NEXT: unknown-dialect.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: unknown-dialect.mlir:2:8: error: Dialect `nosuch' not found for custom op 'nosuch.op'
// CHECK-NEXT: unknown-dialect.mlir qtosa-lower-pipeline{io=int}: exit 1: unknown-dialect.mlir:2:8: error: Dialect `nosuch' not found for custom op 'nosuch.op'
// CHECK-NEXT: unknown-tosa-op.mlir qtosa-ethosu-pipeline: exit 1: unknown-tosa-op.mlir:2:8: error: custom op 'tosa.nosuch' is unknown
// CHECK-NEXT: unknown-tosa-op.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: unknown-tosa-op.mlir:2:8: error: custom op 'tosa.nosuch' is unknown
// CHECK-NEXT: unknown-tosa-op.mlir qtosa-lower-pipeline{io=int}: exit 1: unknown-tosa-op.mlir:2:8: error: custom op 'tosa.nosuch' is unknown
// CHECK-NEXT: unranked.mlir qtosa-ethosu-pipeline: exit 1: unranked.mlir:2:8: error: cannot import 'quant.qcast': quantized type 'tensor<*x!quant.uniform<i8:f32, 5.000000e-01>>' is not a ranked tensor
// CHECK-NEXT: unranked.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: unranked.mlir:2:8: error: cannot import 'quant.qcast': quantized type 'tensor<*x!quant.uniform<i8:f32, 5.000000e-01>>' is not a ranked tensor
// CHECK-NEXT: unranked.mlir qtosa-lower-pipeline{io=int}: exit 1: unranked.mlir:2:8: error: cannot import 'quant.qcast': quantized type 'tensor<*x!quant.uniform<i8:f32, 5.000000e-01>>' is not a ranked tensor
// CHECK-NEXT: zero-point-range.mlir qtosa-ethosu-pipeline: exit 1: zero-point-range.mlir:2:8: error: cannot import 'quant.qcast': 'tensor<4x!quant.uniform<i8:f32, 5.000000e-01:300>>': zero point #0 is 300, outside the storage range [-128, 127]
// CHECK-NEXT: zero-point-range.mlir qtosa-ethosu-pipeline{target=ethos-u85-256}: exit 1: zero-point-range.mlir:2:8: error: cannot import 'quant.qcast': 'tensor<4x!quant.uniform<i8:f32, 5.000000e-01:300>>': zero point #0 is 300, outside the storage range [-128, 127]
// CHECK-NEXT: zero-point-range.mlir qtosa-lower-pipeline{io=int}: exit 1: zero-point-range.mlir:2:8: error: cannot import 'quant.qcast': 'tensor<4x!quant.uniform<i8:f32, 5.000000e-01:300>>': zero point #0 is 300, outside the storage range [-128, 127]

//--- malformed-garbage.mlir
this is not MLIR {{{
//--- malformed-truncated.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
//--- unknown-dialect.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nosuch.op %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
//--- unknown-tosa-op.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tosa.nosuch %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
//--- ill-typed-nan-mode.mlir
// MLIR 22 parses a string nan_mode into a null property its verifier
// accepts; tosa::MaximumOp::getNanMode() then dereferences it.
func.func @f(%x: tensor<1x8x8x1xi8>, %y: tensor<1x1x1x8xi8>) -> tensor<1x8x8x8xi8> {
  %m = tosa.maximum %x, %y {nan_mode = "PROPAGATE"} : (tensor<1x8x8x1xi8>, tensor<1x1x1x8xi8>) -> tensor<1x8x8x8xi8>
  return %m : tensor<1x8x8x8xi8>
}

//--- invalid-tosa.mlir
func.func @f(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x3xi8>) -> tensor<2x3xi8>
  return %t : tensor<2x3xi8>
}
//--- per-axis-count.mlir
func.func @f(%q: tensor<4x3x!quant.uniform<i8:f32:1, {0.5, 0.25}>>) -> tensor<4x3xf32> {
  %d = quant.dcast %q : tensor<4x3x!quant.uniform<i8:f32:1, {0.5, 0.25}>> to tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}
//--- per-axis-count-qtosa.mlir
func.func @f(%q: tensor<4x3xi8>) -> tensor<4x3xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:1, {0.5, 0.25}> : tensor<4x3xi8> -> tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}
//--- per-axis-axis.mlir
func.func @f(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %q = quant.qcast %x : tensor<4x3xf32> to tensor<4x3x!quant.uniform<i8:f32:2, {0.5, 0.25, 0.125}>>
  %d = quant.dcast %q : tensor<4x3x!quant.uniform<i8:f32:2, {0.5, 0.25, 0.125}>> to tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}
//--- scale-zero.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xi8> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.0> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}
//--- scale-negative.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, -0.5>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, -0.5>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- scale-nan.mlir
func.func @f(%q: tensor<4xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32, 0x7FF8000000000000> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- scale-nan-quant.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0x7FF8000000000000>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- scale-inf.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0x7FF0000000000000>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0x7FF0000000000000>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- scale-denormal.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.0e-44>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 1.0e-44>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- storage-range.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8<-200:100>:f32, 0.5>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8<-200:100>:f32, 0.5>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- storage-width.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i64:f32, 0.5>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i64:f32, 0.5>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- storage-mismatch.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xi16> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi16>
  return %q : tensor<4xi16>
}
//--- zero-point-range.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:300>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5:300>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
//--- unranked.mlir
func.func @f(%x: tensor<*xf32>) -> tensor<*xf32> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<*x!quant.uniform<i8:f32, 0.5>> to tensor<*xf32>
  return %d : tensor<*xf32>
}
//--- dynamic.mlir
func.func @f(%x: tensor<?x4xf32>) -> tensor<4x?xf32> {
  %q = quant.qcast %x : tensor<?x4xf32> to tensor<?x4x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<?x4x!quant.uniform<i8:f32, 0.5>> to tensor<?x4xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<?x4xf32>) -> tensor<4x?xf32>
  %q2 = quant.qcast %t : tensor<4x?xf32> to tensor<4x?x!quant.uniform<i8:f32, 0.5>>
  %d2 = quant.dcast %q2 : tensor<4x?x!quant.uniform<i8:f32, 0.5>> to tensor<4x?xf32>
  return %d2 : tensor<4x?xf32>
}
//--- dynamic-sub-channel.mlir
func.func @f(%q: tensor<2x?xi8>) -> tensor<2x?xf32> {
  %d = qtosa.dequantize %q as !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}> : tensor<2x?xi8> -> tensor<2x?xf32>
  return %d : tensor<2x?xf32>
}
//--- rank-7.mlir
func.func @f(%x: tensor<1x2x1x2x1x2x2xf32>) -> tensor<1x2x1x2x1x2x2xf32> {
  %q = quant.qcast %x : tensor<1x2x1x2x1x2x2xf32> to tensor<1x2x1x2x1x2x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<1x2x1x2x1x2x2x!quant.uniform<i8:f32, 0.5>> to tensor<1x2x1x2x1x2x2xf32>
  return %d : tensor<1x2x1x2x1x2x2xf32>
}
//--- huge-tile.mlir
func.func @f() -> tensor<200000x200000xf32> {
  %c = "tosa.const"() <{values = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>}> : () -> tensor<2x2xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<2x2xi8> -> tensor<2x2xf32>
  %m = tosa.const_shape {values = dense<[100000, 100000]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %t = tosa.tile %d, %m : (tensor<2x2xf32>, !tosa.shape<2>) -> tensor<200000x200000xf32>
  return %t : tensor<200000x200000xf32>
}
//--- huge-splat.mlir
func.func @f() -> tensor<8192x8192xi8> {
  %c = "tosa.const"() <{values = dense<3> : tensor<8192x8192xi8>}> : () -> tensor<8192x8192xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5> : tensor<8192x8192xi8> -> tensor<8192x8192xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %q = qtosa.quantize %t as !quant.uniform<i8:f32, 0.5> : tensor<8192x8192xf32> -> tensor<8192x8192xi8>
  return %q : tensor<8192x8192xi8>
}

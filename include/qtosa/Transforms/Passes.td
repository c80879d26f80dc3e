//===- Passes.td - qtosa passes ---------------------------*- tablegen -*-===//

#ifndef QTOSA_TRANSFORMS_PASSES_TD
#define QTOSA_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ImportQDQPass : Pass<"qtosa-import-qdq", "::mlir::ModuleOp"> {
  let summary = "Import QDQ and quant-typed TOSA into qtosa ops on integer storage";
  let description = [{
    Accepts the two forms other tools write and leaves no `quant.*` op and no
    quant-typed tensor behind:

    * QDQ: `quant.qcast` becomes `qtosa.quantize`, `quant.dcast` becomes
      `qtosa.dequantize`, and `quant.scast` disappears (its integer side is the
      storage tensor).
    * Quant-typed TOSA (older TFLite-to-TOSA output): each TOSA op whose
      meaning is the same on real values as on stored integers becomes
      `qtosa.dequantize` -> float op -> `qtosa.quantize`. These are the ops that
      move or select values (transpose, reshape, slice, concat, pad, tile,
      reverse, gather, identity, max_pool2d, reduce_max/min, maximum/minimum,
      clamp, argmax) when all their quantized tensors share parameters, and
      the ops whose zero points are operands (conv2d, conv3d,
      depthwise_conv2d, transpose_conv2d, matmul, avg_pool2d, negate) when
      those operands equal the types' zero points. Every other op (rescale,
      table, cast, mul, add, ...) already spells its arithmetic in integers
      and keeps it on the storage tensors.

    Function arguments and results of quantized type become their storage
    type; the quantized type is kept in a `qtosa.qtype` argument or result
    attribute. What cannot be imported is reported at the op, with the reason.
  }];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect"];
  let statistics = [
    Statistic<"numQuantize", "quantize-ops", "qtosa.quantize ops created">,
    Statistic<"numDequantize", "dequantize-ops", "qtosa.dequantize ops created">,
    Statistic<"numFloatIslands", "float-islands",
              "quant-typed TOSA ops rewritten on float values">,
    Statistic<"numIntegerOps", "integer-ops",
              "quant-typed TOSA ops kept on their storage integers">
  ];
}

def ExpandQDQPass : Pass<"qtosa-expand-qdq"> {
  let summary = "Expand qtosa.quantize/dequantize into plain TOSA arithmetic";
  let description = [{
    Rewrites every `qtosa.quantize` and `qtosa.dequantize` into upstream TOSA
    1.0 ops (cast, mul, add/sub, clamp or maximum/minimum, bitwise_and for
    unsigned storage, reshape for sub-channel blocks), so that the result is
    pure upstream MLIR: `mlir-opt` parses it and MLIR's TOSA-to-Linalg-to-LLVM
    lowering runs it under `mlir-runner`. This is the executable definition of
    the two ops:

    * quantize: `x * (1/scale)` in f32, clamped to
      `[qmin - zp, qmax - zp]`, rounded half to even by `tosa.cast` to i32,
      plus `zp`, truncated to the storage width.
    * dequantize: storage widened to i32 (zero-extended when unsigned), minus
      `zp`, converted to f32, times `scale`, converted to the expressed type.

    Scales and zero points become constants shaped to broadcast against the
    data (per-axis along their axis, sub-channel per block). The pass fails,
    naming the op, where a quantize or dequantize cannot be expanded
    (sub-channel blocks over dynamic dimensions, unsigned 32-bit storage).
  }];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

#endif // QTOSA_TRANSFORMS_PASSES_TD

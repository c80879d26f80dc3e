//===- QTosaDialect.td - qtosa dialect definition ---------*- tablegen -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_TD
#define QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_TD

include "mlir/IR/OpBase.td"

def QTosa_Dialect : Dialect {
  let name = "qtosa";
  let cppNamespace = "::mlir::qtosa";
  let summary = "Quantization annotations over TOSA 1.0";
  let description = [{
    The `qtosa` dialect marks where a TOSA graph crosses between float values
    and their integer storage. Its two boundary ops, `qtosa.quantize` and
    `qtosa.dequantize`, each carry their quantization parameters as an MLIR
    `!quant.uniform` type (per-tensor, per-axis or sub-channel).
    `qtosa.annotate` asks for a float tensor to be quantized (the quantizer's
    input), and `qtosa.delegate` with its `qtosa.yield` holds the part of a
    graph the Ethos-U partitioner gives the NPU.

    Unlike `quant.qcast` / `quant.dcast`, whose round trip upstream
    canonicalization erases, a `qtosa.quantize` of a `qtosa.dequantize` is
    folded only where the round trip is provably exact, so the quantization
    boundaries that an NPU compiler depends on survive generic cleanups.

    The storage side is a plain signless integer tensor (`i4`, `i8`, `i16`,
    `i32`): unsigned storage such as `u8` lives in a signless tensor of the
    same width, as in TOSA 1.0. The executable definition of both ops is the
    TOSA arithmetic that `--qtosa-expand-qdq` writes.

    Attributes the dialect defines, each checked by its verifier ([QTOSA-QTYPE]
    and [QTOSA-ATTR] in its diagnostics); any other `qtosa.` attribute is an
    error:

    - `qtosa.qtype`, on function arguments and results only: the quantized
      type, as a string (`"!quant.uniform<i8:f32, 0.1:-5>"`), of a boundary
      that `qtosa-lower-pipeline{io=int}` made stored integers.
    - `qtosa.opaque_host_op`, a unit or the operator's name as a non-empty
      string, on a call or a function: the call stands for an operator an
      importer could not express in TOSA (a TFLite SVDF, say), and runs on the
      host.
    - `qtosa.tflite_kernel`, a unit, on a `tosa.sigmoid` or `tosa.tanh`: the op
      stands for TFLite's int16 LOGISTIC or TANH kernel rather than the
      rounded function, and `qtosa-lower-to-tosa-int` computes that kernel
      where it can.
  }];
  let dependentDialects = [
    "::mlir::quant::QuantDialect",
    "::mlir::tosa::TosaDialect"
  ];
  // `qtosa.qtype` on function arguments and results; the other attributes
  // on ops.
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

class QTosa_Op<string mnemonic, list<Trait> traits = []>
    : Op<QTosa_Dialect, mnemonic, traits>;

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_TD

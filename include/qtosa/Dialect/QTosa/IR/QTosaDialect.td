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
    and their integer storage. It has two ops, `qtosa.quantize` and
    `qtosa.dequantize`, each carrying its quantization parameters as an MLIR
    `!quant.uniform` type (per-tensor, per-axis or sub-channel).

    Unlike `quant.qcast` / `quant.dcast`, whose round trip upstream
    canonicalization erases, a `qtosa.quantize` of a `qtosa.dequantize` is
    folded only where the round trip is provably exact, so the quantization
    boundaries that an NPU compiler depends on survive generic cleanups.

    The storage side is a plain signless integer tensor (`i4`, `i8`, `i16`,
    `i32`): unsigned storage such as `u8` lives in a signless tensor of the
    same width, as in TOSA 1.0. The executable definition of both ops is the
    TOSA arithmetic that `--qtosa-expand-qdq` writes.
  }];
  let dependentDialects = [
    "::mlir::quant::QuantDialect",
    "::mlir::tosa::TosaDialect"
  ];
  // `qtosa.qtype` on function arguments and results.
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

class QTosa_Op<string mnemonic, list<Trait> traits = []>
    : Op<QTosa_Dialect, mnemonic, traits>;

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_TD

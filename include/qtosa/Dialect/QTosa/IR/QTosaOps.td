//===- QTosaOps.td - qtosa op definitions -----------------*- tablegen -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_TD
#define QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_TD

include "qtosa/Dialect/QTosa/IR/QTosaDialect.td"
include "mlir/Dialect/Quant/IR/QuantBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def QTosa_QuantParamsAttr : TypeAttrBase<"::mlir::quant::QuantizedType",
                                          "quantization parameters as a !quant type"> {
  let constBuilderCall = "::mlir::TypeAttr::get($0)";
}

def QTosa_FloatTensor : RankedTensorOf<[AnyFloat]>;
def QTosa_StorageTensor : RankedTensorOf<[AnySignlessInteger]>;

def QTosa_QuantizeOp : QTosa_Op<"quantize",
    [Pure, SameOperandsAndResultShape]> {
  let summary = "Quantizes a float tensor into integer storage";
  let description = [{
    Maps each element `x` of `input` to
    `clamp(round_half_even(x * (1 / scale)) + zero_point, qmin, qmax)`,
    with `scale`, `zero_point` and the storage range `[qmin, qmax]` taken from
    `qtype` for the element's position: one set for `!quant.uniform<...>`,
    one per index along the quantized dimension for per-axis types, one per
    block for sub-channel types. The product is computed in f32 with
    `1 / scale` rounded to f32; NaN quantizes to `qmin`.

    Example:

    ```mlir
    %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:-3>
        : tensor<1x8xf32> -> tensor<1x8xi8>
    ```
  }];
  let arguments = (ins QTosa_FloatTensor:$input, QTosa_QuantParamsAttr:$qtype);
  let results = (outs QTosa_StorageTensor:$output);
  let assemblyFormat = [{
    $input `as` $qtype attr-dict `:` type($input) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def QTosa_DequantizeOp : QTosa_Op<"dequantize",
    [Pure, SameOperandsAndResultShape]> {
  let summary = "Dequantizes integer storage into a float tensor";
  let description = [{
    Maps each stored integer `q` of `input` to `(q - zero_point) * scale`,
    with the parameters taken from `qtype` as for `qtosa.quantize`. The
    difference is formed in i32, converted to f32, multiplied by `scale`
    rounded to f32, and rounded to the expressed type if that is narrower.
    Unsigned storage (`u8`, `u16`) is read zero-extended.

    `qtosa.quantize` of a `qtosa.dequantize` with the same `qtype` folds away
    where the round trip is exact; `qtosa.dequantize` of a `qtosa.quantize`
    loses precision and never folds.

    Example:

    ```mlir
    %x = qtosa.dequantize %q as !quant.uniform<i8:f32:1, {0.5:-3, 0.25:0}>
        : tensor<4x2xi8> -> tensor<4x2xf32>
    ```
  }];
  let arguments = (ins QTosa_StorageTensor:$input, QTosa_QuantParamsAttr:$qtype);
  let results = (outs QTosa_FloatTensor:$output);
  let assemblyFormat = [{
    $input `as` $qtype attr-dict `:` type($input) `->` type($output)
  }];
  let hasVerifier = 1;
  // Data movement on dequantize(constant) folds into a moved constant.
  let hasCanonicalizer = 1;
}

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_TD

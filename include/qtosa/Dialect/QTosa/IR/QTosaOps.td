//===- QTosaOps.td - qtosa op definitions -----------------*- tablegen -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_TD
#define QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_TD

include "qtosa/Dialect/QTosa/IR/QTosaDialect.td"
include "mlir/Dialect/Quant/IR/QuantBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def QTosa_QuantParamsAttr : TypeAttrBase<"::mlir::quant::QuantizedType",
                                          "quantization parameters as a !quant type"> {
  let constBuilderCall = "::mlir::TypeAttr::get($0)";
}

def QTosa_FloatTensor : RankedTensorOf<[AnyFloat]>;
def QTosa_StorageTensor : RankedTensorOf<[AnySignlessInteger]>;

def QTosa_QuantizeOp : QTosa_Op<"quantize",
    [Pure]> {
  let summary = "Quantizes a float tensor into integer storage";
  let description = [{
    Maps each element `x` of `input` to
    `clamp(round(x * (1 / scale)) + zero_point, qmin, qmax)`,
    where `round` takes a tie to the even integer,
    with `scale`, `zero_point` and the storage range `[qmin, qmax]` taken from
    `qtype` for the element's position: one set for `!quant.uniform<...>`,
    one per index along the quantized dimension for per-axis types, one per
    block for sub-channel types. The product is computed in f32 with
    `1 / scale` rounded to f32; NaN quantizes to `qmin`.

    With `ties_away_from_zero`, a product halfway between two integers
    rounds away from zero instead of to even: the rounding of TFLite's
    QUANTIZE kernel (`TfLiteRound`, that is `std::round`), which the TFLite
    importer sets on a QUANTIZE of a float tensor. Without it the rounding
    is that of ONNX's QuantizeLinear, PyTorch's quantize ops and TOSA's
    CAST.

    Example:

    ```mlir
    %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:-3>
        : tensor<1x8xf32> -> tensor<1x8xi8>
    %t = qtosa.quantize %x as !quant.uniform<i16:f32, 0.5> ties_away_from_zero
        : tensor<1x8xf32> -> tensor<1x8xi16>
    ```
  }];
  let arguments = (ins QTosa_FloatTensor:$input, QTosa_QuantParamsAttr:$qtype,
                       UnitAttr:$ties_away_from_zero);
  let results = (outs QTosa_StorageTensor:$output);
  let assemblyFormat = [{
    $input `as` $qtype (`ties_away_from_zero` $ties_away_from_zero^)? attr-dict
    `:` type($input) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def QTosa_DequantizeOp : QTosa_Op<"dequantize",
    [Pure]> {
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

def QTosa_AnnotateOp : QTosa_Op<"annotate",
    [Pure, AllTypesMatch<["input", "output"]>]> {
  let summary = "Marks a float tensor to be quantized, with its spec";
  let description = [{
    A float-to-float marker that `--qtosa-annotate` places on a float TOSA
    graph and `--qtosa-calibrate` replaces by `qtosa.quantize` +
    `qtosa.dequantize`. It returns its input unchanged; what it carries is
    the quantization spec of that tensor:

    * `storage_type` (`i4`, `i8`, `i16`, `i32`, signed; `i48` for the
      derived bias of an i16 x i8 convolution) and the storage range
      `[storage_min, storage_max]` (`i8<-127:127>` for narrow weights);
    * `symmetric`: the zero point is 0;
    * `axis`: parameters per index along that dimension (per channel);
      without it, one scale and zero point for the tensor;
    * the parameters: fixed `scales` and `zero_points` (one each, or one per
      index along `axis`); or `derived_from = array<i64: a, b>`, a bias whose
      scale is the product of the scales of groups `a` (the input) and `b`
      (the weight) and whose zero point is 0; or neither, and calibration
      observes the tensor's range;
    * `group`: markers with the same group get one set of parameters from
      the union of their observed ranges (all operands of a concat, say);
    * `percentile` (observed, per-tensor markers only): the range is the
      group's values from the `100 - p`th to the `p`th percentile instead of
      their minimum and maximum, so that rare outliers are clipped;
    * `least_error` (observed, per-tensor markers only, not with
      `percentile`): the range is the one whose quantization of the group's
      values (rounding and clipping) has the least squared error, searched
      from the minimum and maximum inward over a histogram of the values,
      as PyTorch's HistogramObserver chooses it.

    Example:

    ```mlir
    %a = qtosa.annotate %x group 0 storage i8<-128 : 127>
        : tensor<1x8xf32>
    %w = qtosa.annotate %cst group 1 storage i8<-127 : 127>
        {symmetric, axis = 0 : i32, scales = array<f64: 0.5, 0.25>,
         zero_points = array<i64: 0, 0>} : tensor<2x4xf32>
    ```
  }];
  let arguments = (ins QTosa_FloatTensor:$input,
                       TypeAttrOf<AnySignlessInteger>:$storage_type,
                       I64Attr:$storage_min, I64Attr:$storage_max,
                       UnitAttr:$symmetric,
                       OptionalAttr<I32Attr>:$axis,
                       OptionalAttr<DenseF64ArrayAttr>:$scales,
                       OptionalAttr<DenseI64ArrayAttr>:$zero_points,
                       OptionalAttr<DenseI64ArrayAttr>:$derived_from,
                       I64Attr:$group,
                       OptionalAttr<F64Attr>:$percentile,
                       UnitAttr:$least_error);
  let results = (outs QTosa_FloatTensor:$output);
  let assemblyFormat = [{
    $input `group` $group `storage` $storage_type `<` $storage_min `:`
    $storage_max `>` attr-dict `:` type($input)
  }];
  let extraClassDeclaration = [{
    /// True when calibration computes the parameters from observed ranges.
    bool isObserved() { return !getScales() && !getDerivedFrom(); }
  }];
  let hasVerifier = 1;
}

def QTosa_DelegateOp : QTosa_Op<"delegate", [
    IsolatedFromAbove, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "A region of the graph compiled for an NPU";
  let description = [{
    Holds one partition of a graph that runs on the accelerator named by
    `target` (for example `"ethos-u55-128"`): the body's block arguments are
    `inputs`, and the `qtosa.yield` at its end gives the results. The region
    is isolated from above, so it is a self-contained TOSA graph: the
    constants it reads are inside it, and everything it needs from the host
    arrives as an operand. `--qtosa-ethosu-partition` creates these ops; a
    backend serializes each body as one NPU graph.

    Example:

    ```mlir
    %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<1x8xi8>) -> tensor<8x1xi8> {
    ^bb0(%in: tensor<1x8xi8>):
      %perms = ...
      %t = tosa.transpose %in {perms = array<i32: 1, 0>} : (tensor<1x8xi8>) -> tensor<8x1xi8>
      qtosa.yield %t : tensor<8x1xi8>
    }
    ```
  }];
  let arguments = (ins StrAttr:$target, Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $target `(` $inputs `)` attr-dict `:` functional-type($inputs, $outputs)
    $body
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::StringRef":$target, "::mlir::ValueRange":$inputs,
                   "::mlir::TypeRange":$resultTypes)>
  ];
  let hasVerifier = 1;
}

def QTosa_YieldOp : QTosa_Op<"yield", [
    Pure, ReturnLike, Terminator, HasParent<"DelegateOp">]> {
  let summary = "Ends a qtosa.delegate body, giving its results";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSAOPS_TD

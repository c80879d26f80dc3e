//===- Passes.td - qtosa passes ---------------------------*- tablegen -*-===//

#ifndef QTOSA_TRANSFORMS_PASSES_TD
#define QTOSA_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"
include "qtosa/Transforms/PassOptions.td"

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

    Tensors beyond TOSA 1.0's level 8K are an error at the op or function
    that defines them, once per function: a rank above `max-rank` (default
    6, MAX_RANK; 0 lifts it) or 2^31 bytes or more (MAX_LOG2_SIZE). No TOSA
    1.0 backend takes them, and constant folds would build them in memory.
  }];
  let options = [ImportQDQMaxRankOption];
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
  let options = [
    Option<"anyStorageWidth", "any-storage-width", "bool", "false",
           "Also expand storage of other widths than 8, 16 and 32 bits (i4, "
           "i6) with casts TOSA 1.0 does not have, for executing a graph "
           "under MLIR's TOSA lowering (what qtosa-run does); the output is "
           "not valid TOSA 1.0">
  ];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def IntegerIOPass : Pass<"qtosa-integer-io", "::mlir::ModuleOp"> {
  let summary = "Make public functions take and return storage integers";
  let description = [{
    In each public function, an argument whose only users are quantizes
    with one set of parameters becomes the stored integers, and a result
    that every return gives as a dequantize with one set of parameters
    returns the stored integers. The parameters are kept in `qtosa.qtype`
    argument and result attributes, so the graph's interface stays
    documented in the IR. Every `func.call` of a changed function quantizes
    the arguments and dequantizes the results the function no longer does,
    so callers compute exactly what they did; where the caller's own
    dequantize and quantize meet them with the same parameters and the
    round trip is exact, the pairs cancel. A function with a use other
    than a direct call keeps its float interface. An argument or result
    that holds stored integers already (a graph that `quant.scast`s its
    boundary) keeps its type and gets the `qtosa.qtype` of the dequantizes
    reading it or the quantizes giving it, where they share one.

    The pass runs to a fixpoint: adapting a call can leave its caller's
    argument used only by a quantize, or its result a returned dequantize,
    and a public caller then takes or returns stored integers as well, so a
    public graph calling another public graph keeps no float interface.

    `qtosa-lower-pipeline{io=int}` runs it after `qtosa-share-qspecs` and
    before `qtosa-canonicalize` and `qtosa-lower-to-tosa-int`, so that a
    requantize left between two graphs' parameters becomes a `tosa.rescale`
    rather than float arithmetic in the caller.
  }];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect"];
}

def VerifyIntegerTosaPass : Pass<"qtosa-verify-integer-tosa", "::mlir::ModuleOp"> {
  let summary = "Check that the functions qtosa quantized are integer TOSA 1.0 "
                "PRO-INT";
  let description = [{
    `qtosa-lower-pipeline{io=int}` promises integer TOSA 1.0: the PRO-INT
    profile with the extensions its lowering writes (EXT-INT16 for 16-bit
    activations and 48-bit accumulators, EXT-INT4 for 4-bit weights,
    EXT-DOUBLEROUND for `rounding=double`). This pass, the pipeline's last
    step before `qtosa-expand-qdq`, checks that promise and fails, at the
    op, where it does not hold, instead of letting invalid TOSA out with
    exit code 0.

    It checks each function the pipeline quantized: one with a `qtosa.qtype`
    argument or result attribute, or one that still holds a qtosa op. Not
    counted are the `qtosa.quantize` of a value only passed to calls and the
    `qtosa.dequantize` of a call's result: they are how a caller that is
    not itself a quantized graph (a test harness's `@main`) calls a graph
    with integer IO, and they stay float arithmetic there. In each such
    function, in this order:

    1. every argument, result and op result has a static shape (TOSA 1.0
       has no dynamic shapes at level 8K; the Ethos-U partitioner's rule
       for the same is `U55.TENSOR.DYNAMIC`): the error names the dynamic
       dimension;
    2. no `qtosa.quantize` or `qtosa.dequantize` is left (it would become
       float arithmetic): the error names the float op beside it, and the
       remark of `qtosa-lower-to-tosa-int` on that op says why it stayed
       in float;
    3. upstream `tosa-validate{strict-op-spec-alignment}` accepts its TOSA
       ops against the target above (run on a copy holding only these
       functions, so the module gets no `tosa.target_env` attribute).

    Functions without quantization (float or integer TOSA from other tools,
    a harness) are not checked: the pipeline did not write them. Nor is a
    function that took storage integers already and whose every group was
    lowered: it keeps no trace of having been quantized by the time of the
    check.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::tosa::TosaDialect"];
}

def NonNegativeResizeOffsetsPass : Pass<"qtosa-nonnegative-resize-offsets"> {
  let summary = "Rewrite integer resizes with a negative offset for MLIR's "
                "TOSA-to-Linalg lowering";
  let description = [{
    MLIR 22's TOSA-to-Linalg lowering divides an integer `tosa.resize`'s
    sample position truncating where TOSA 1.0 floors
    (`getIndexAndDeltaInt`), so a negative offset (every half-pixel
    upsampling: the first output row samples above the first input row)
    runs wrong on every MLIR-based executor: up to 51 LSB at the top and
    left borders. This pass gives such a resize the same samples at
    positions that are 0 or above, where both divisions agree: the input
    gets its first row (column) repeated in front, and the offset grows by
    `scale_n`.

    It is for execution only: qtosa's engine runs it before MLIR's TOSA
    lowering, and tests that run lowered graphs with `mlir-opt` and
    `mlir-runner` put it first. The compiled graphs keep the negative
    offset, which TOSA 1.0 allows (down to `-scale_n`) and which Vela and
    the TOSA reference model execute as specified; the repeated row would
    cost Vela a copy per axis.
  }];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def GuardRequirementsPass : Pass<"qtosa-guard-requirements"> {
  let summary = "Keep TOSA's REQUIREs on operand values from crashing "
                "MLIR's lowering of gather, scatter and intdiv";
  let description = [{
    TOSA 1.0 leaves the result unpredictable where an operand value breaks
    a REQUIRE: a `tosa.gather` or `tosa.scatter` index outside `0..K-1`, a
    `tosa.intdiv` by 0 or of INT32_MIN by -1. MLIR 22's lowering turns the
    first into a read (write) wherever the index points and the second into
    a machine division that traps, so an engine running such a graph on
    such inputs returned other memory or ended the process. This pass
    clamps the indices to `0..K-1` and divides by 1 where the division
    would trap: the same results wherever the REQUIREs hold, a defined one
    elsewhere.

    It is for execution only: qtosa's engine (`qtosa-run`,
    `qtosa.Executable`) runs it before MLIR's TOSA lowering, and tests that
    run graphs with `mlir-opt` and `mlir-runner` may put it first. Compiled
    graphs are left as they are.
  }];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def CheckPipelineInputPass
    : Pass<"qtosa-check-pipeline-input", "::mlir::ModuleOp"> {
  let summary = "Refuse a module whose functions a pipeline would not reach";
  let description = [{
    The first step of `qtosa-lower-pipeline`, `qtosa-ethosu-pipeline` and
    `qtosa-quantize-pipeline`. They run on the functions directly in the
    module they are given; a function with a body in a nested
    `builtin.module` would come out as it went in, with exit 0: float TOSA
    where `io=int` promised integers, no delegate where a partition was
    asked for. Such input is an error at the nested module, which says how
    to run the pipeline on it (`builtin.module(builtin.module(PIPELINE))`);
    so is any other op at the top that holds regions.
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string", "\"qtosa-lower-pipeline\"",
           "The pipeline the error names">
  ];
}

def ExposeDelegateValuesPass
    : Pass<"qtosa-expose-delegate-values", "::mlir::ModuleOp"> {
  let summary = "Return the values at every delegate's boundary";
  let description = [{
    For checking an exported delegate against the program it came from:
    each function whose body holds `qtosa.delegate` ops also returns, after
    its own results, the operands and then the results of each of those
    delegates, in program order. Running the program (for example with
    `qtosa-run` or `qtosa.execute`) then gives every delegate's inputs as
    the program computes them, on which the delegate's `.tosa` file is run
    elsewhere (the TOSA reference model), and the outputs to compare with.

    Functions in nested modules are treated alike. A delegate the function
    cannot return (one inside another op's region, or in a function of
    several blocks) and a function whose symbol is used (its callers would
    expect its old results) are errors.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def InlineDelegatesPass : Pass<"qtosa-inline-delegates"> {
  let summary = "Put each qtosa.delegate's body back in place of the delegate";
  let description = [{
    Undoes `--qtosa-ethosu-partition`: the ops of each `qtosa.delegate` body
    replace the delegate, its block arguments become the delegate's operands
    and its results the values the `qtosa.yield` gives. The result is
    upstream TOSA again, so a partitioned graph can be executed on the host
    (through `--qtosa-expand-qdq` and MLIR's TOSA lowering) and compared
    with the graph before partitioning. Constants each delegate copied stay
    as copies; `--cse` merges them.
  }];
}

def ShareQSpecsPass : Pass<"qtosa-share-qspecs"> {
  let summary = "Move data-movement and order-preserving ops onto integers";
  let description = [{
    Shares quantization parameters across every op that moves or selects
    values, by commuting quantize and dequantize through it. Quantize is
    elementwise and monotone, so every rewrite is exact:

    1. Sink dequantize: `op(dequantize(x, P))` becomes
       `dequantize(op(x), P')` for data-movement and order-preserving ops,
       with P' the parameters P following the op (a per-axis axis moves with
       transpose and reshape, slices with slice, and so on). Ops with several
       value inputs need the same P on all of them. Where x is a constant
       (per-channel weights moved into their consumer's layout), the op
       folds into a moved constant instead, so the weights stay constant.
    2. Hoist quantize: `quantize(op(y), Q)` becomes `op(quantize(y, Q'))`,
       where rule 1 does not apply.
    3. Mismatched inputs: rule 2 on a multi-input op whose inputs are
       dequantized with different parameters requantizes each input to the
       output's parameters first: the rescale-before-concat that lets three
       independently observed scales meet in one TOSA CONCAT.
    4. `quantize(dequantize(x, P), P)` folds to `x`; with P != Q the pair is
       a requantize, which lowers to `tosa.rescale` later.

    Order-preserving ops move only on signed storage (TOSA's integer
    comparisons are signed) and argmax only where dequantize is injective.
    Each data-movement or order-preserving op next to a quantize or
    dequantize that stays in float gets a remark saying why.

    With `mismatch-policy=adopt`, a requantize `dequantize(quantize(
    dequantize(x, P), Q), Q)` left after the moves is replaced by
    `dequantize(x, P)`: downstream uses the input's parameters, as PT2E's
    SharedQuantizationSpec would have. That changes numerics and each
    adoption is reported with a remark.
  }];
  let options = [ShareQSpecsMismatchPolicyOption,
                  ShareQSpecsDuplicateDequantizeOption];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect",
                           "::mlir::tosa::TosaDialect"];
  let statistics = [
    Statistic<"numMoved", "ops-moved-to-integers",
              "data-movement and order-preserving ops moved onto integers">,
    Statistic<"numRequantizes", "requantizes",
              "requantize pairs left for lowering to tosa.rescale">,
    Statistic<"numAdopted", "adopted-parameters",
              "requantizes removed under mismatch-policy=adopt">
  ];
}

def FoldQuantizedConstantsPass : Pass<"qtosa-fold-quantized-constants"> {
  let summary = "Fold data movement on quantized constants, tracking the axis";
  let description = [{
    Runs only the canonicalization patterns of `qtosa.dequantize`: a
    data-movement op (transpose, reshape, slice, reverse, tile, pad, concat,
    identity) applied to `qtosa.dequantize(tosa.const, P)` becomes
    `qtosa.dequantize(tosa.const', P')`. The stored integers move as the op
    moves values, and P' gives each element the scale and zero point it had:
    a per-axis axis follows transposes and reshapes, is repeated or tiled
    when a reshape merges it with neighbours, becomes sub-channel (or
    per-axis, or per-tensor) when a reshape splits it, is sliced, reversed,
    tiled or concatenated with the data. What cannot be expressed exactly is
    left unfolded, with a remark saying why. Nothing else is folded: other
    ops' folders and patterns are `--canonicalize`'s, which would also erase
    `quant.qcast(quant.dcast)` round trips.
  }];
  let options = [FoldQuantizedConstantsForceOption];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect",
                           "::mlir::tosa::TosaDialect"];
}

def QuantizedCanonicalizePass : Pass<"qtosa-canonicalize", "::mlir::func::FuncOp"> {
  let summary = "Canonicalize functions that hold qtosa ops, and only those";
  let description = [{
    Applies every registered canonicalization pattern (including the
    quantized-constant folds of `qtosa.dequantize`, and its fold of a PAD
    of H and W with its zero point into the `tosa.conv2d` or
    `tosa.depthwise_conv2d` that alone reads it, where each side stays
    within the dilated kernel's reach: Keras' ZeroPadding2D before a
    convolution, which Vela 5.2 runs as memory copies and MLIR 22's
    tosa-validate rejects for its eight padding values) and the folders, as
    `--canonicalize` does, to functions that contain `qtosa.quantize` or
    `qtosa.dequantize`. Functions without them (integer TOSA written by
    another tool) are left byte-for-byte as they are, so that
    `qtosa-lower-pipeline` passes already-lowered graphs through unchanged.

    `region-simplify` is `--canonicalize`'s option of the same name. The
    pipelines pass `disabled`: TOSA graphs are single blocks, where region
    simplification finds nothing the driver's own erasure of dead ops has
    not, yet it walked every op after every iteration (docs/performance.md
    has what that cost).
  }];
  let options = [
    Option<"regionSimplifyLevel", "region-simplify",
           "mlir::GreedySimplifyRegionLevel",
           /*default=*/"mlir::GreedySimplifyRegionLevel::Normal",
           "Control-flow simplification after each iteration, as in "
           "--canonicalize",
           [{::llvm::cl::values(
             clEnumValN(mlir::GreedySimplifyRegionLevel::Disabled, "disabled",
                        "None"),
             clEnumValN(mlir::GreedySimplifyRegionLevel::Normal, "normal",
                        "Dead code and unused block arguments"),
             clEnumValN(mlir::GreedySimplifyRegionLevel::Aggressive,
                        "aggressive", "Also merge identical blocks"))}]>,
  ];
}

def LowerToTosaIntPass : Pass<"qtosa-lower-to-tosa-int", "::mlir::func::FuncOp"> {
  let summary = "Lower dequantize -> float op -> quantize groups to integer TOSA 1.0";
  let description = [{
    Each group `qtosa.quantize(op(qtosa.dequantize(x_i, P_i)), Q)` becomes the
    integer TOSA 1.0 form Arm's converters write: signless i8/i16 storage,
    zero points as operands, i32 (or i48) accumulators and `tosa.rescale`
    to the output parameters. Rescales round half up (`SINGLE_ROUND`, or
    `DOUBLE_ROUND` with `rounding=double`); the default `rounding=auto`
    follows the enclosing module's `qtosa.rescale_rounding` ("double" on an
    imported TFLite model, whose kernels round so), single without one. Each
    lowered group is within one least significant bit of the float group it
    replaces.

    * A requantize `quantize(dequantize(x, P), Q)` becomes one `tosa.rescale`
      (per channel when P or Q is per-axis on the innermost dimension).
    * conv2d, conv3d, depthwise_conv2d and transpose_conv2d: i8 x i8 (or i4)
      into i32, or i16 x i8 into i48; the bias is stored at scale
      `input_scale * weight_scale` per output channel; per-channel weights
      give a per-channel rescale.
    * matmul: i8 x i8 into i32 (i16 x i16 into i48), `b` per-tensor or
      per-axis on its last dimension.
    * add and sub: both inputs rescaled to i32 at a common scale
      `max(scale) / 2^k` with headroom for the sum, added, rescaled to Q.
    * mul: both inputs as i32 without zero points, multiplied, rescaled.
      A sub multiplied by itself (TFLite's SQUARED_DIFFERENCE) follows
      TFLite's kernel: both inputs to i32 at `2 max(scale) / 2^k` (k = 7
      at 8 bits, 0 at 16), subtracted, squared, rescaled to Q.
    * select(x >= 0, x, x * alpha) (PReLU) follows TFLite's kernel without
      a select: x clamped to each side of its zero point, the upper side
      rescaled to Q's scale on i32, the lower side multiplied by alpha and
      rescaled, the two added and given Q's zero point.
    * avg_pool2d with its zero points (on i16 at 1/128 of an 8-bit
      input's step when the output's step is over 1.5 times finer);
      reduce_sum in i32.
    * Bilinear resize: the integer resize (i8 into i32, i16 into i48) with
      the same scale, offset and border, which weighs the stored values by
      integers adding up to `n = scale_y_n * scale_x_n`, then one rescale by
      `input_scale / (n * output_scale)` whose output zero point takes off
      the input's (TFLite's TOSA legalization of RESIZE_BILINEAR). A
      negative offset (half-pixel upsampling) becomes the offset plus
      `scale_n` on the input with its first row or column repeated in
      front: the same samples at positions MLIR's TOSA-to-Linalg lowering,
      which truncates negative ones, also computes right.
    * Unary functions of one 8-bit tensor (sigmoid, tanh, exp, log, erf,
      reciprocal, rsqrt, sin, cos, abs, negate, floor, ceil): `tosa.table`
      with the 256 outputs computed at compile time. Of one 16-bit tensor:
      a 513-entry interpolating `tosa.table` into i32 and a rescale by
      1/128, emitted only if it stays within 1 LSB of the QDQ result on all
      65536 inputs (checked at compile time). A 16-bit sigmoid or tanh at
      TFLite's parameters (zero points 0, output scale 2^-15) of at most 128
      elements is TFLite's int16 kernel instead (four 8-bit tables and i32
      arithmetic) when the op carries `qtosa.tflite_kernel` (the TFLite
      importer's mark) or the kernel is within 1 LSB of the QDQ result.
    * Several elementwise float ops that together compute a function of one
      dequantized tensor (an activation TOSA has no op for, as converters
      write it: hard-swish `x * clamp(x + 3, 0, 6) / 6`, GELU's erf
      formula, ELU's select): the same one table, the region evaluated in
      f32 op by op (add, sub, mul, maximum, minimum, pow, clamp, select,
      greater, greater_equal, equal and the unary functions above, with
      splat float constants), at most 32 ops.

    Data-movement and order-preserving ops are already on integers after
    `qtosa-share-qspecs`. The quantize of a float function argument and the
    dequantize of a returned value stay: they run on the host, or
    `qtosa-integer-io` moves them out of public functions.

    The constants the lowering makes (multipliers, shifts, zero points,
    stored weights and tables) are shared: one per value and type in each
    block, at the top of the block. The function's own constants stay where
    they are.

    A group that cannot be lowered stays in float, with a remark at the op
    naming the reason.
  }];
  let options = [LowerToTosaIntRoundingOption];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def InlinePrivateCallsPass : Pass<"qtosa-inline-private-calls", "::mlir::ModuleOp"> {
  let summary = "Inline every call of a private function, then drop the function";
  let description = [{
    Exporters write a submodule used twice as a private function called
    twice. An NPU compiles one flat graph, and a call left in it is a host
    step that splits the graph, so the qtosa pipelines inline such calls right
    after `qtosa-import-qdq`. Upstream `inline` would do it too, but it also
    inlines public functions (a test harness's `@main` then holds a copy of
    every graph it calls) and runs `--canonicalize` on the result, which
    erases `quant.qcast`/`quant.dcast` pairs when run before the import.

    Every `func.call` of a private `func.func` with a body is inlined, callees
    first; private functions left without uses are erased. A private function
    that calls itself, directly or through others, is not inlined: its calls
    stay, and the Ethos-U partitioner explains them (rule `*.CALL.HOST`).
    Public functions and their calls are left as they are.
  }];
  let statistics = [
    Statistic<"numInlined", "calls-inlined", "calls of private functions inlined">
  ];
}

def SignedStoragePass : Pass<"qtosa-signed-storage"> {
  let summary = "Store u8 tensors as i8 with the zero point moved by -128";
  let description = [{
    ONNX's QuantizeLinear defaults to uint8, but TOSA compares and
    accumulates signed integers, and Ethos-U takes int8: a u8 activation
    would keep its transposes, pools and convolutions in float. A u8 value
    with parameters (scale, zero point z, range [lo, hi]) denotes the same
    reals as the i8 value 128 lower with (scale, z - 128, [lo - 128,
    hi - 128]), so this pass changes the storage, exactly:

    * a `qtosa.quantize` to u8 whose every user is a `qtosa.dequantize` from
      u8, directly or through ops that move stored values without reading
      them (`tosa.slice`, `reshape`, `transpose`, `reverse`, `tile`,
      `identity`: TF1's whole-uint8 models move stored values), quantizes
      to the i8 parameters, and those dequantizes read them;
    * a `qtosa.dequantize` from u8 of a constant reads a constant 128 lower;
    * a `qtosa.dequantize` from u8 of anything else (a function argument
      taking u8 data, say) is requantized to the i8 parameters, which
      `qtosa-lower-to-tosa-int` makes a `tosa.rescale` with
      `input_unsigned`: the graph's interface stays u8.

    With `u8-graph-ends` (set by the pipelines' `io=int`), the graph's own
    ends keep u8, the integers TFLite takes and returns: a u8 quantize of
    a function argument keeps its storage (its readers are requantized as
    above), and a dequantize of moved storage that the function returns is
    requantized back to its u8 parameters (a `tosa.rescale` writing
    unsigned output); `qtosa-integer-io` then makes the graph take and
    return u8 integers (in i8 tensors whose `qtosa.qtype` is u8). Without
    it a float interface quantizes straight to i8, with no rescale at the
    ends. A u8 quantize whose stored value is used other than by a
    dequantize (a function result, a call) keeps u8 storage. The pipelines
    run this pass after the import.
  }];
  let options = [
    Option<"u8GraphEnds", "u8-graph-ends", "bool", "false",
           "Keep u8 storage at the function's arguments and results">,
  ];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect",
                           "::mlir::tosa::TosaDialect"];
}

#endif // QTOSA_TRANSFORMS_PASSES_TD

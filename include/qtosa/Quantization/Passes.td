//===- Passes.td - Quantization of float TOSA -------------*- tablegen -*-===//

#ifndef QTOSA_QUANTIZATION_PASSES_TD
#define QTOSA_QUANTIZATION_PASSES_TD

include "qtosa/Quantization/PassOptions.td"

def AnnotatePass : Pass<"qtosa-annotate", "::mlir::ModuleOp"> {
  let summary = "Mark a float TOSA graph with quantization specs, sharing "
                "them by op semantics";
  let description = [{
    Puts a `qtosa.annotate` marker on every float tensor that is to be
    quantized, in every function with a body:

    * constant weights of convolutions (operand 1) and of matmuls with a
      constant right-hand side get per-channel symmetric parameters computed
      from their values (output channels: dimension 0 of conv2d, conv3d and
      transpose_conv2d weights, 2 of depthwise_conv2d and of matmul);
    * a weight or bias reached from a constant through reshapes and
      transposes (an importer's layout change) is folded into one constant
      first;
    * constant biases of convolutions get `derived_from` their input's and
      their weight's groups (scale = input scale x weight scale; i32, or
      i48 under an int16 input); a bias constant shared by several
      convolutions is copied once per convolution;
    * graph inputs, the results of arithmetic ops and other constants get
      observed activation specs, each in a new group;
    * data-movement and order-preserving ops (QuantBehaviourOpInterface)
      get no marker: their results share the group of their value operands,
      and a concat joins all its operands' groups into one;
    * an arithmetic result whose only user is a `tosa.clamp` (a fused
      activation such as ReLU) is marked after the clamp instead; a clamp
      is first moved above the transposes and reshapes only it reads
      (ExecuTorch writes conv, transpose, ReLU), so that it meets its op.
    * elementwise float ops of one shape that compute a function of one
      input (splat constants aside; GELU's erf chain, hard-swish, SiLU,
      ELU), whose inner values nothing else reads, are marked as one op:
      their input and their last result, nothing between, so that
      qtosa-lower-to-tosa-int makes them one `tosa.table`; only where
      their input and output are 8-bit (the config's `"unary_regions":
      false` marks them op by op).

    An op that produces or consumes float tensors and that the interface
    cannot classify is an error naming it. `config` names a JSON file
    (docs/quantization.md) with other specs, graph inputs and outputs kept
    in float, and overrides by location name or op kind.

    `sharing=none` turns the sharing off: every data-movement and
    order-preserving result gets an observed marker of its own, as a
    framework quantizer gives an op missing from its list of ops that share
    their input's parameters. It is the baseline the op-semantics annotation
    is measured against (docs/quantization.md), not a mode to deploy: the
    lowering then needs rescales wherever parameters change, before every
    concat included.
  }];
  let options = [AnnotateConfigOption, AnnotateSharingOption];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect"];
}

def CalibratePass : Pass<"qtosa-calibrate", "::mlir::ModuleOp"> {
  let summary = "Run the annotated graph on samples and replace the markers "
                "by quantize/dequantize";
  let description = [{
    Runs `function` (default: the only public function with a body) in
    process on each calibration sample, with every observed marker's tensor
    as an extra result, and records each marker's minimum and maximum
    (per index along its axis when it has one). A group's parameters come
    from the union of its markers' ranges (widened to include 0 for
    asymmetric specs); fixed parameters are taken as given; a derived bias
    gets input scale x weight scale and zero point 0, and a bias value
    outside its i32 or i48 range is an error. An i48 bias is stored as i32
    when its integers fit, otherwise as a float constant of their values.

    Each marker then becomes `qtosa.quantize` + `qtosa.dequantize` with the
    group's parameters; a marker on a constant becomes an integer constant
    and a `qtosa.dequantize`. `samples` names a JSON file holding an array
    with one entry per sample, each an array of `.npy` paths (relative to
    the JSON file) in argument order. Without observed markers no samples
    are needed.
  }];
  let options = [CalibrateSamplesOption, CalibrateFunctionOption];
  let dependentDialects = ["::mlir::qtosa::QTosaDialect",
                           "::mlir::tosa::TosaDialect"];
}

#endif // QTOSA_QUANTIZATION_PASSES_TD

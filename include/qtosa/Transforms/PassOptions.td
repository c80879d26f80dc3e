//===- PassOptions.td - Options the pipelines share -------*- tablegen -*-===//
//
// The options of qtosa's passes that the pipelines offer too, each declared
// once: a pass lists the record in its `options`, and so does the pipeline's
// declaration in Pipelines.td, so name, type, default, description and
// values are the same in both, and in --help.
//
// Only option records here: a file of Pass records included by Pipelines.td
// would make -gen-pass-decls emit those passes a second time.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TRANSFORMS_PASSOPTIONS_TD
#define QTOSA_TRANSFORMS_PASSOPTIONS_TD

include "mlir/Pass/PassBase.td"

// qtosa-import-qdq
def ImportQDQMaxRankOption : Option<"maxRank", "max-rank", "unsigned", "6",
    "Reject tensors of a larger rank (0: no limit)">;

// qtosa-share-qspecs
def ShareQSpecsMismatchPolicyOption : Option<"mismatchPolicy",
    "mismatch-policy", "::mlir::qtosa::MismatchPolicy",
    "::mlir::qtosa::MismatchPolicy::Rescale",
    "What to do where moved values meet different parameters",
    [{::mlir::qtosa::enumOptionValues<::mlir::qtosa::MismatchPolicy>({
      "requantize to the consumer's parameters (exact)",
      "keep the producer's parameters downstream "
      "(changes numerics; reported)"})}]>;
def ShareQSpecsDuplicateDequantizeOption : Option<"duplicateDequantize",
    "duplicate-dequantize", "bool", /*default=*/"false",
    "Sink a dequantize into its data-movement users even when it also "
    "feeds an op that needs the float value, duplicating it">;

// qtosa-fold-quantized-constants
def FoldQuantizedConstantsForceOption : Option<"force", "force", "bool",
    /*default=*/"false",
    "Fold even when a constant with other users would be copied into a "
    "larger one">;

// qtosa-lower-to-tosa-int
def LowerToTosaIntRoundingOption : Option<"rounding", "rounding",
    "::mlir::qtosa::RescaleRounding",
    "::mlir::qtosa::RescaleRounding::Auto",
    "Rounding mode of the emitted tosa.rescale ops",
    [{::mlir::qtosa::enumOptionValues<::mlir::qtosa::RescaleRounding>({
      "SINGLE_ROUND: round half up once",
      "DOUBLE_ROUND: TFLite's two-stage rounding (EXT-DOUBLEROUND)",
      "the module's qtosa.rescale_rounding (double for an imported TFLite "
      "model), single without one"})}]>;

// The pipelines' own: no single pass decides it.
def PipelineGraphIOOption : Option<"io", "io", "::mlir::qtosa::GraphIO",
    "::mlir::qtosa::GraphIO::Host",
    "Where graph inputs are quantized and outputs dequantized",
    [{::mlir::qtosa::enumOptionValues<::mlir::qtosa::GraphIO>({
      "qtosa.quantize/dequantize at the boundary, expanded into float TOSA "
      "arithmetic",
      "public functions take and return storage integers"})}]>;

#endif // QTOSA_TRANSFORMS_PASSOPTIONS_TD

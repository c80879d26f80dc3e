//===- PassOptions.td - Quantize pipeline options ---------*- tablegen -*-===//
//
// The options of qtosa-annotate and qtosa-calibrate that
// qtosa-quantize-pipeline offers too, each declared once, as
// qtosa/Transforms/PassOptions.td does for the lowering stages. Only option
// records here: Pass records included by Pipelines.td would be emitted twice.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_QUANTIZATION_PASSOPTIONS_TD
#define QTOSA_QUANTIZATION_PASSOPTIONS_TD

include "mlir/Pass/PassBase.td"

// qtosa-annotate
def AnnotateConfigOption : Option<"config", "config", "std::string", "",
    "JSON file with the quantization config; without one, int8 "
    "activations and int8 symmetric per-channel weights">;
def AnnotateSharingOption : Option<"sharing", "sharing",
    "::mlir::qtosa::SharingMode", "::mlir::qtosa::SharingMode::OpSemantics",
    "How sharing groups are formed",
    [{::llvm::cl::values(
      clEnumValN(::mlir::qtosa::SharingMode::OpSemantics, "op-semantics",
                 "data movement shares its input's spec, a concat one spec "
                 "for all its operands"),
      clEnumValN(::mlir::qtosa::SharingMode::None, "none",
                 "every tensor observed on its own (the baseline of "
                 "framework quantizers)"))}]>;

// qtosa-calibrate
def CalibrateSamplesOption : Option<"samples", "samples", "std::string", "",
    "JSON file listing the calibration samples">;
def CalibrateFunctionOption : Option<"function", "function", "std::string",
    "", "The function to run; without one, the only public function with "
    "a body">;

#endif // QTOSA_QUANTIZATION_PASSOPTIONS_TD

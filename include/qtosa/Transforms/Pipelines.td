//===- Pipelines.td - qtosa-lower-pipeline's options ------*- tablegen -*-===//
//
// A pipeline declared as a pass, for its name, summary and options only: it
// is never registered or run as a pass. registerDeclaredModulePipeline
// (PipelineRegistration.h) parses the pipeline's textual options with the
// generated base class and lists them in --help; Pipelines.cpp builds the
// stages from them.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TRANSFORMS_PIPELINES_TD
#define QTOSA_TRANSFORMS_PIPELINES_TD

include "qtosa/Transforms/PassOptions.td"

def LowerPipelineDecl : Pass<"qtosa-lower-pipeline", "::mlir::ModuleOp"> {
  // The stages as buildLowerPipeline adds them (optional ones in
  // parentheses); test/Pipelines/qtosa-pipeline-stages.mlir compares.
  let summary = "QDQ or quant-typed TOSA to pure upstream integer TOSA 1.0: "
                "check-pipeline-input, import-qdq, inline-private-calls, "
                "signed-storage, "
                "share-qspecs, (integer-io), (fold-quantized-constants), "
                "canonicalize, lower-to-tosa-int, inline-delegates, "
                "(verify-integer-tosa), expand-qdq";
  let options = [PipelineGraphIOOption, ImportQDQMaxRankOption,
                 ShareQSpecsMismatchPolicyOption,
                 ShareQSpecsDuplicateDequantizeOption,
                 FoldQuantizedConstantsForceOption,
                 LowerToTosaIntRoundingOption];
}

#endif // QTOSA_TRANSFORMS_PIPELINES_TD

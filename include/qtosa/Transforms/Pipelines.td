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
  let summary = "QDQ or quant-typed TOSA to pure upstream integer TOSA 1.0: "
                "import-qdq, inline-private-calls, signed-storage, "
                "share-qspecs, (integer-io), canonicalize, lower-to-tosa-int, "
                "(verify-integer-tosa), expand-qdq";
  let options = [PipelineGraphIOOption, ImportQDQMaxRankOption,
                 ShareQSpecsMismatchPolicyOption,
                 ShareQSpecsDuplicateDequantizeOption,
                 FoldQuantizedConstantsForceOption,
                 LowerToTosaIntRoundingOption];
}

#endif // QTOSA_TRANSFORMS_PIPELINES_TD

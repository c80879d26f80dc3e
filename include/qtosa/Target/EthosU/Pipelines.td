//===- Pipelines.td - qtosa-ethosu-pipeline's options -----*- tablegen -*-===//
//
// The pipeline declared as a pass for its name, summary and options only,
// as qtosa-lower-pipeline is (qtosa/Transforms/Pipelines.td).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TARGET_ETHOSU_PIPELINES_TD
#define QTOSA_TARGET_ETHOSU_PIPELINES_TD

include "qtosa/Transforms/PassOptions.td"
include "qtosa/Target/EthosU/PassOptions.td"

def EthosUPipelineDecl : Pass<"qtosa-ethosu-pipeline", "::mlir::ModuleOp"> {
  // The stages as buildEthosUPipeline adds them (optional ones in
  // parentheses); test/Pipelines/qtosa-pipeline-stages.mlir compares.
  let summary = "QDQ or integer TOSA to Ethos-U delegates: "
                "check-pipeline-input, import-qdq, "
                "inline-private-calls, signed-storage, share-qspecs, "
                "(integer-io), (fold-quantized-constants), canonicalize, "
                "lower-to-tosa-int, ethosu-legalize, ethosu-partition, "
                "(export-delegates), expand-qdq";
  let options = [PipelineGraphIOOption, ImportQDQMaxRankOption,
                 ShareQSpecsMismatchPolicyOption,
                 ShareQSpecsDuplicateDequantizeOption,
                 FoldQuantizedConstantsForceOption,
                 LowerToTosaIntRoundingOption,
                 EthosUPartitionTargetOption, EthosUPartitionReportFileOption,
                 EthosUPartitionDotFileOption, EthosUPartitionRemarksOption,
                 // The pipeline's own: qtosa-export-delegates runs only when
                 // it is given.
                 Option<"tosaDir", "tosa-dir", "std::string", "",
                        "Write each delegate as a TOSA 1.0 flatbuffer, with "
                        "delegates.json, to this directory">];
}

#endif // QTOSA_TARGET_ETHOSU_PIPELINES_TD

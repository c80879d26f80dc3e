//===- Pipelines.td - qtosa-quantize-pipeline's options ---*- tablegen -*-===//
//
// The pipeline declared as a pass for its name, summary and options only,
// as qtosa-lower-pipeline is (qtosa/Transforms/Pipelines.td).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_QUANTIZATION_PIPELINES_TD
#define QTOSA_QUANTIZATION_PIPELINES_TD

include "qtosa/Quantization/PassOptions.td"

def QuantizePipelineDecl
    : Pass<"qtosa-quantize-pipeline", "::mlir::ModuleOp"> {
  let summary = "Float TOSA to QDQ: qtosa-check-pipeline-input, "
                "qtosa-annotate, then qtosa-calibrate";
  let options = [AnnotateConfigOption, AnnotateSharingOption,
                 CalibrateSamplesOption, CalibrateFunctionOption];
}

#endif // QTOSA_QUANTIZATION_PIPELINES_TD

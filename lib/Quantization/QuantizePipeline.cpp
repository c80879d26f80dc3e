//===- QuantizePipeline.cpp - qtosa-quantize-pipeline ---------------------===//

#include "qtosa/Quantization/Passes.h"
#include "qtosa/Transforms/PipelineRegistration.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace mlir::qtosa {
#define GEN_PASS_DECL_QUANTIZEPIPELINEDECL
#define GEN_PASS_DEF_QUANTIZEPIPELINEDECL
#include "qtosa/Quantization/Pipelines.h.inc"
} // namespace mlir::qtosa

namespace {
/// Its options are qtosa-annotate's and qtosa-calibrate's own records
/// (Quantization/PassOptions.td).
struct QuantizePipelineDecl
    : public PipelineDecl<qtosa::impl::QuantizePipelineDeclBase,
                          QuantizePipelineDecl> {
  using PipelineDecl::PipelineDecl;

  const llvm::cl::Option &anyOption() const { return config; }

  QuantizePipelineOptions pipelineOptions() const {
    QuantizePipelineOptions options;
    options.config = config;
    options.samples = samples;
    options.function = function;
    options.sharing = sharing;
    return options;
  }
};
} // namespace

LogicalResult
mlir::qtosa::buildQuantizePipeline(OpPassManager &pm,
                                   const QuantizePipelineOptions &options) {
  if (!runsOnModule(pm))
    return failure();
  // The functions it would not reach are an error, not left as they are.
  pm.addPass(createCheckPipelineInputPass({"qtosa-quantize-pipeline"}));
  // Mark every tensor to quantize, sharing specs by op semantics.
  AnnotatePassOptions annotate;
  annotate.config = options.config;
  annotate.sharing = options.sharing;
  if (options.parsedConfig)
    pm.addPass(createAnnotatePass(annotate, options.parsedConfig));
  else
    pm.addPass(createAnnotatePass(annotate));
  // Run the marked graph, set each group's parameters, emit QDQ.
  CalibratePassOptions calibrate;
  calibrate.samples = options.samples;
  calibrate.function = options.function;
  if (options.sampleTensors)
    pm.addPass(createCalibratePass(calibrate, options.sampleTensors));
  else
    pm.addPass(createCalibratePass(calibrate));
  return success();
}

void mlir::qtosa::registerQuantizePipelines() {
  registerDeclaredModulePipeline<QuantizePipelineDecl>(
      [](OpPassManager &pm, const QuantizePipelineDecl &decl) {
        return buildQuantizePipeline(pm, decl.pipelineOptions());
      });
}

//===- QuantizePipeline.cpp - qtosa-quantize-pipeline ---------------------===//

#include "qtosa/Quantization/Passes.h"
#include "qtosa/Transforms/PipelineRegistration.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct QuantizePipelineCLOptions
    : public PassPipelineOptions<QuantizePipelineCLOptions> {
  Option<std::string> config{
      *this, "config",
      llvm::cl::desc("JSON quantization config (default: int8 activations, "
                     "int8 symmetric per-channel weights)")};
  Option<std::string> samples{
      *this, "samples",
      llvm::cl::desc("JSON list of calibration samples (.npy paths)")};
  Option<std::string> function{
      *this, "function",
      llvm::cl::desc("The function calibration runs (default: the only "
                     "public one)")};
  Option<SharingMode> sharing{
      *this, "sharing",
      llvm::cl::desc("How qtosa-annotate forms sharing groups"),
      llvm::cl::init(SharingMode::OpSemantics),
      llvm::cl::values(
          clEnumValN(SharingMode::OpSemantics, "op-semantics",
                     "data movement shares its input's spec"),
          clEnumValN(SharingMode::None, "none",
                     "every tensor observed on its own (a baseline)"))};
};

} // namespace

LogicalResult
mlir::qtosa::buildQuantizePipeline(OpPassManager &pm,
                                   const QuantizePipelineOptions &options) {
  if (!runsOnModule(pm))
    return failure();
  // Mark every tensor to quantize, sharing specs by op semantics.
  AnnotatePassOptions annotate;
  annotate.config = options.config;
  annotate.sharing = options.sharing;
  pm.addPass(createAnnotatePass(annotate));
  // Run the marked graph, set each group's parameters, emit QDQ.
  CalibratePassOptions calibrate;
  calibrate.samples = options.samples;
  calibrate.function = options.function;
  pm.addPass(createCalibratePass(calibrate));
  return success();
}

void mlir::qtosa::registerQuantizePipeline() {
  registerModulePipeline<QuantizePipelineCLOptions>(
      "qtosa-quantize-pipeline",
      "Float TOSA to QDQ: qtosa-annotate, then qtosa-calibrate",
      [](OpPassManager &pm, const QuantizePipelineCLOptions &cl) {
        QuantizePipelineOptions options;
        options.config = cl.config;
        options.samples = cl.samples;
        options.function = cl.function;
        options.sharing = cl.sharing;
        return buildQuantizePipeline(pm, options);
      });
}

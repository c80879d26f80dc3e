//===- Pipelines.cpp - qtosa pass pipelines -------------------------------===//

#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/PipelineRegistration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {
struct LowerPipelineCLOptions
    : public LoweringCLOptions<LowerPipelineCLOptions> {};
} // namespace

LogicalResult
mlir::qtosa::buildQuantizedLoweringStages(OpPassManager &pm,
                                          const LowerPipelineOptions &options) {
  if (!runsOnModule(pm))
    return failure();
  // quant.qcast/dcast and quant-typed TOSA become qtosa ops on storage
  // integers; signatures change, hence a module pass.
  pm.addPass(createImportQDQPass(options.import));
  // Exporters' submodules are private functions; a call left in the graph
  // would be a host step between delegates. After the import, so that no
  // quant.qcast/dcast pair meets a canonicalizer.
  pm.addPass(createInlinePrivateCallsPass());
  // u8 storage (ONNX's default) becomes i8 with the zero point moved: TOSA
  // orders and accumulates signed integers, and Ethos-U takes int8.
  pm.addNestedPass<func::FuncOp>(createSignedStoragePass());
  // Data movement between dequantize and quantize moves onto integers, so
  // that no float op is stranded at a quantization boundary.
  pm.addNestedPass<func::FuncOp>(createShareQSpecsPass(options.share));
  // Only on request: folds that copy a shared constant into a larger one.
  if (options.fold.force)
    pm.addNestedPass<func::FuncOp>(
        createFoldQuantizedConstantsPass(options.fold));
  // Requantize pairs fold and moved constants settle; integer TOSA from other
  // tools is left as it is. TOSA graphs are single blocks: region
  // simplification would find nothing.
  QuantizedCanonicalizePassOptions canonicalize;
  canonicalize.regionSimplifyLevel = GreedySimplifyRegionLevel::Disabled;
  pm.addNestedPass<func::FuncOp>(createQuantizedCanonicalizePass(canonicalize));
  // dequantize -> float op -> quantize groups become integer TOSA 1.0.
  pm.addNestedPass<func::FuncOp>(createLowerToTosaIntPass(options.lower));
  // Public functions take and return the stored integers.
  if (options.io == GraphIO::Int)
    pm.addPass(createIntegerIOPass());
  return success();
}

LogicalResult
mlir::qtosa::buildLowerPipeline(OpPassManager &pm,
                                const LowerPipelineOptions &options) {
  if (failed(buildQuantizedLoweringStages(pm, options)))
    return failure();
  // A partitioned graph runs on the host as a whole: no qtosa.delegate may
  // stay in pure upstream TOSA.
  pm.addNestedPass<func::FuncOp>(createInlineDelegatesPass());
  // What is left of quantize/dequantize becomes plain TOSA arithmetic.
  pm.addNestedPass<func::FuncOp>(createExpandQDQPass());
  return success();
}

void mlir::qtosa::registerQTosaPipelines() {
  registerModulePipeline<LowerPipelineCLOptions>(
      "qtosa-lower-pipeline",
      "QDQ or quant-typed TOSA to pure upstream integer TOSA 1.0: "
      "import-qdq, share-qspecs, canonicalize, lower-to-tosa-int, expand-qdq",
      [](OpPassManager &pm, const LowerPipelineCLOptions &cl) {
        return buildLowerPipeline(pm, cl.toLowerPipelineOptions());
      });
}

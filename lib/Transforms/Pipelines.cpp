//===- Pipelines.cpp - qtosa pass pipelines -------------------------------===//

#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct LowerPipelineCLOptions
    : public PassPipelineOptions<LowerPipelineCLOptions> {
  Option<GraphIO> io{
      *this, "io",
      llvm::cl::desc("Where graph inputs are quantized and outputs "
                     "dequantized"),
      llvm::cl::init(GraphIO::Host),
      llvm::cl::values(
          clEnumValN(GraphIO::Host, "host",
                     "qtosa.quantize/dequantize at the boundary, expanded "
                     "into float TOSA arithmetic"),
          clEnumValN(GraphIO::Int, "int",
                     "public functions take and return storage integers"))};
  Option<RescaleRounding> rounding{
      *this, "rounding",
      llvm::cl::desc("Rounding mode of the emitted tosa.rescale ops"),
      llvm::cl::init(RescaleRounding::Single),
      llvm::cl::values(
          clEnumValN(RescaleRounding::Single, "single", "SINGLE_ROUND"),
          clEnumValN(RescaleRounding::Double, "double", "DOUBLE_ROUND"))};
};

} // namespace

void mlir::qtosa::buildQuantizedLoweringStages(
    OpPassManager &pm, const LowerPipelineOptions &options) {
  pm.addPass(createImportQDQPass());
  pm.addNestedPass<func::FuncOp>(createShareQSpecsPass());
  QuantizedCanonicalizePassOptions canonicalize;
  canonicalize.regionSimplifyLevel = GreedySimplifyRegionLevel::Disabled;
  pm.addNestedPass<func::FuncOp>(createQuantizedCanonicalizePass(canonicalize));
  LowerToTosaIntPassOptions lowerOptions;
  lowerOptions.rounding = options.rounding;
  pm.addNestedPass<func::FuncOp>(createLowerToTosaIntPass(lowerOptions));
  if (options.io == GraphIO::Int)
    pm.addPass(createIntegerIOPass());
}

void mlir::qtosa::buildLowerPipeline(OpPassManager &pm,
                                     const LowerPipelineOptions &options) {
  buildQuantizedLoweringStages(pm, options);
  pm.addNestedPass<func::FuncOp>(createExpandQDQPass());
}

void mlir::qtosa::registerQTosaPipelines() {
  PassPipelineRegistration<LowerPipelineCLOptions>(
      "qtosa-lower-pipeline",
      "QDQ or quant-typed TOSA to pure upstream integer TOSA 1.0: "
      "import-qdq, share-qspecs, canonicalize, lower-to-tosa-int, expand-qdq",
      [](OpPassManager &pm, const LowerPipelineCLOptions &cl) {
        LowerPipelineOptions options;
        options.io = cl.io;
        options.rounding = cl.rounding;
        buildLowerPipeline(pm, options);
      });
}

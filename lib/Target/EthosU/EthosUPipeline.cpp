//===- EthosUPipeline.cpp - qtosa-ethosu-pipeline -------------------------===//
//
// The lowering stages every qtosa pipeline runs (buildQuantizedLoweringStages
// in Pipelines.cpp: import-qdq, inline-private-calls, signed-storage,
// share-qspecs, (integer-io), (fold-quantized-constants), canonicalize,
// lower-to-tosa-int), then the Ethos-U delegates (ethosu-legalize,
// ethosu-partition, and export-delegates with tosa-dir), then the
// host's quantize/dequantize (expand-qdq).
//
//===----------------------------------------------------------------------===//

#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Target/TosaFlatbuffer/Passes.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/PipelineRegistration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::qtosa {
#define GEN_PASS_DECL_ETHOSUPIPELINEDECL
#define GEN_PASS_DEF_ETHOSUPIPELINEDECL
#include "qtosa/Target/EthosU/Pipelines.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {
struct EthosUPipelineDecl
    : public LoweringPipelineDecl<qtosa::impl::EthosUPipelineDeclBase,
                                  EthosUPipelineDecl> {
  using LoweringPipelineDecl::LoweringPipelineDecl;

  EthosUPipelineOptions pipelineOptions() const {
    EthosUPipelineOptions options;
    options.lowering = loweringOptions();
    options.partition.target = target;
    options.partition.reportFile = reportFile;
    options.partition.dotFile = dotFile;
    options.partition.remarks = remarks;
    options.tosaDir = tosaDir;
    return options;
  }
};
} // namespace

LogicalResult
mlir::qtosa::buildEthosUPipeline(OpPassManager &pm,
                                 const EthosUPipelineOptions &options) {
  if (!runsOnModule(pm))
    return failure();
  // The functions it would not reach are an error, not left as they are.
  pm.addPass(createCheckPipelineInputPass({"qtosa-ethosu-pipeline"}));
  // Import, share, fold, lower: the NPU takes integer TOSA only.
  if (failed(buildQuantizedLoweringStages(pm, options.lowering)))
    return failure();

  //===--------------------------------------------------------------------===//
  // Partition: what the target's rules accept, in delegates.
  //===--------------------------------------------------------------------===//

  // Integer TOSA Vela compiles nothing (or slowly) for on this target,
  // rewritten exactly into what it compiles: the bilinear upscale by 2, 4
  // or 8 and the 16x8 transposed convolution on Ethos-U55, a REDUCE_MAX
  // over channels on both.
  EthosULegalizePassOptions legalize;
  legalize.target = options.partition.target;
  pm.addNestedPass<func::FuncOp>(createEthosULegalizePass(legalize));
  // What the target's rules accept goes into convex delegates; every op left
  // on the host is explained.
  pm.addPass(createEthosUPartitionPass(options.partition, options.reportSink));
  // The delegates as Vela takes them: TOSA 1.0 flatbuffers, with a manifest
  // of their inputs' and outputs' parameters from the boundary quantizes.
  ExportDelegatesPassOptions exportOptions;
  exportOptions.dir = options.tosaDir;
  exportOptions.target = stringifyEthosUTarget(options.partition.target).str();
  if (!options.tosaDir.empty())
    pm.addPass(createExportDelegatesPass(exportOptions));
  if (options.delegatesSink)
    pm.addPass(createExportDelegatesPass(exportOptions, options.delegatesSink));

  //===--------------------------------------------------------------------===//
  // Expand: the host's quantize/dequantize become float TOSA arithmetic.
  //===--------------------------------------------------------------------===//

  // Graph-IO quantize/dequantize had to be recognizable to the partitioner;
  // only now do the host's ones become float TOSA arithmetic, on the whole
  // module (the import also reaches ones outside a function).
  pm.addPass(createExpandQDQPass());
  return success();
}

void mlir::qtosa::registerEthosUPipelines() {
  registerDeclaredModulePipeline<EthosUPipelineDecl>(
      [](OpPassManager &pm, const EthosUPipelineDecl &decl) {
        return buildEthosUPipeline(pm, decl.pipelineOptions());
      });
}

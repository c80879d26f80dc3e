//===- EthosUPipeline.cpp - qtosa-ethosu-pipeline -------------------------===//

#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Target/TosaFlatbuffer/Passes.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/PipelineRegistration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct EthosUPipelineCLOptions
    : public LoweringCLOptions<EthosUPipelineCLOptions> {
  Option<EthosUTarget> target{
      *this, "target",
      llvm::cl::desc("The NPU whose rules decide legality (default: "
                     "ethos-u55-128)"),
      llvm::cl::init(EthosUTarget::U55_128),
      enumOptionValues<EthosUTarget>(
          {"Ethos-U55 (and U65) rules", "Ethos-U85 rules"})};
  Option<std::string> reportFile{
      *this, "report-file",
      llvm::cl::desc("Write the partition report as JSON to this file ('-': "
                     "a table on stderr; default: none)")};
  Option<std::string> dotFile{
      *this, "dot-file",
      llvm::cl::desc("Write the partitioned graph as Graphviz to this file "
                     "(default: none)")};
  Option<std::string> tosaDir{
      *this, "tosa-dir",
      llvm::cl::desc("Write each delegate as a TOSA 1.0 flatbuffer, with "
                     "delegates.json, to this directory (default: none)")};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Emit a remark with the rule and reason at each host op "
                     "(default: true)"),
      llvm::cl::init(true)};
};

} // namespace

LogicalResult
mlir::qtosa::buildEthosUPipeline(OpPassManager &pm,
                                 const EthosUPipelineOptions &options) {
  // Import, share, canonicalize and lower: the NPU takes integer TOSA only.
  if (failed(buildQuantizedLoweringStages(pm, options.lowering)))
    return failure();
  // What the target's rules accept goes into convex delegates; every op left
  // on the host is explained.
  pm.addPass(createEthosUPartitionPass(options.partition));
  // The delegates as Vela takes them: TOSA 1.0 flatbuffers, with a manifest
  // of their inputs' and outputs' parameters from the boundary quantizes.
  if (!options.tosaDir.empty()) {
    ExportDelegatesPassOptions exportOptions;
    exportOptions.dir = options.tosaDir;
    exportOptions.target =
        stringifyEthosUTarget(options.partition.target).str();
    pm.addPass(createExportDelegatesPass(exportOptions));
  }
  // Graph-IO quantize/dequantize had to be recognizable to the partitioner;
  // only now do the host's ones become float TOSA arithmetic.
  pm.addNestedPass<func::FuncOp>(createExpandQDQPass());
  return success();
}

void mlir::qtosa::registerEthosUPipelines() {
  registerModulePipeline<EthosUPipelineCLOptions>(
      "qtosa-ethosu-pipeline",
      "QDQ or integer TOSA to Ethos-U delegates: import-qdq, share-qspecs, "
      "canonicalize, lower-to-tosa-int, ethosu-partition, expand-qdq",
      [](OpPassManager &pm, const EthosUPipelineCLOptions &cl) {
        EthosUPipelineOptions options;
        options.lowering = cl.toLowerPipelineOptions();
        options.partition.target = cl.target;
        options.partition.reportFile = cl.reportFile;
        options.partition.dotFile = cl.dotFile;
        options.partition.remarks = cl.remarks;
        options.tosaDir = cl.tosaDir;
        return buildEthosUPipeline(pm, options);
      });
}

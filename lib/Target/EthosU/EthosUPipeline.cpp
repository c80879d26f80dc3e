//===- EthosUPipeline.cpp - qtosa-ethosu-pipeline -------------------------===//

#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct EthosUPipelineCLOptions
    : public PassPipelineOptions<EthosUPipelineCLOptions> {
  Option<EthosUTarget> target{
      *this, "target", llvm::cl::desc("The NPU whose rules decide legality"),
      llvm::cl::init(EthosUTarget::U55_128),
      llvm::cl::values(clEnumValN(EthosUTarget::U55_128, "ethos-u55-128",
                                  "Ethos-U55 (and U65) rules"),
                       clEnumValN(EthosUTarget::U85_256, "ethos-u85-256",
                                  "Ethos-U85 rules"))};
  Option<std::string> reportFile{
      *this, "report-file",
      llvm::cl::desc("Write the partition report as JSON to this file ('-': "
                     "a table on stderr)")};
  Option<std::string> dotFile{
      *this, "dot-file",
      llvm::cl::desc("Write the partitioned graph as Graphviz to this file")};
};

} // namespace

void mlir::qtosa::buildEthosUPipeline(OpPassManager &pm,
                                      const EthosUPipelineOptions &options) {
  buildQuantizedLoweringStages(pm, LowerPipelineOptions());
  EthosUPartitionPassOptions partition;
  partition.target = options.target;
  partition.reportFile = options.reportFile;
  partition.dotFile = options.dotFile;
  pm.addPass(createEthosUPartitionPass(partition));
  // Graph-IO quantize/dequantize had to be recognizable to the partitioner;
  // only now do the host's ones become float TOSA arithmetic.
  pm.addNestedPass<func::FuncOp>(createExpandQDQPass());
}

void mlir::qtosa::registerEthosUPipelines() {
  PassPipelineRegistration<EthosUPipelineCLOptions>(
      "qtosa-ethosu-pipeline",
      "QDQ or integer TOSA to Ethos-U delegates: import-qdq, share-qspecs, "
      "canonicalize, lower-to-tosa-int, ethosu-partition, expand-qdq",
      [](OpPassManager &pm, const EthosUPipelineCLOptions &cl) {
        EthosUPipelineOptions options;
        options.target = cl.target;
        options.reportFile = cl.reportFile;
        options.dotFile = cl.dotFile;
        buildEthosUPipeline(pm, options);
      });
}

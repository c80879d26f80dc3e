//===- Passes.h - Ethos-U partitioning --------------------------*- C++ -*-===//

#ifndef QTOSA_TARGET_ETHOSU_PASSES_H
#define QTOSA_TARGET_ETHOSU_PASSES_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Transforms/Passes.h"

#include <string>
#include <vector>

namespace llvm::json {
class Value;
} // namespace llvm::json

namespace mlir {
class OpPassManager;

namespace qtosa {
struct ExportedDelegates;

#define GEN_PASS_DECL
#include "qtosa/Target/EthosU/Passes.h.inc"

/// An op left on the host and why.
struct EthosUHostOp {
  Operation *op;
  EthosURuleKind kind;
  std::string rule;
  std::string reason;
  /// The float region holding the op (an index into
  /// EthosUPartitionResult::floatRegions) when it is on the host because it
  /// computes on float tensors; -1 when it is there for a reason of its own
  /// (an operator limit, a call).
  int floatRegion = -1;
};

/// Host ops joined by float values, all on the host because they compute on
/// float tensors. A member whose float input no other member computes
/// (quantize and dequantize aside) is float for a reason of its own, a cause;
/// the others are float because a cause upstream is.
struct EthosUFloatRegion {
  /// Indices into EthosUPartitionResult::host, in program order.
  std::vector<size_t> ops;
  /// The causes among `ops`, in program order; the first is the region's
  /// cause. A region whose members are all quantize or dequantize has its
  /// first member as its cause.
  std::vector<size_t> causes;
};

/// What partitionForEthosU did to one function.
struct EthosUPartitionResult {
  int64_t delegates = 0;
  int64_t npuOps = 0;
  /// Quantize of a function argument, dequantize feeding only the return.
  int64_t boundaryQDQ = 0;
  /// Ops erased because nothing reads their results and they have no
  /// effect: a delegate of them alone would have no result, and Vela
  /// refuses a graph with no output ("RawWriter expects graph with 1
  /// operation (found 0 operations)").
  int64_t deadOps = 0;
  /// The host ops, in program order before the reordering.
  std::vector<EthosUHostOp> host;
  /// The float host ops grouped by the float values joining them, ordered
  /// by their first member.
  std::vector<EthosUFloatRegion> floatRegions;
};

/// Wraps the ops `target` calls legal in the fewest convex qtosa.delegate
/// regions per block of `function`'s body (see qtosa-ethosu-partition).
/// Counted ops exclude constants, terminators and graph-IO quantize and
/// dequantize.
EthosUPartitionResult partitionForEthosU(FunctionOpInterface function,
                                         const EthosUConversionTarget &target);

/// qtosa-ethosu-partition that also hands its report to `reportSink`, the
/// document report-file would hold, as a value: for a caller in process,
/// such as the Python package.
std::unique_ptr<Pass>
createEthosUPartitionPass(const EthosUPartitionPassOptions &options,
                          llvm::json::Value *reportSink);

/// Options of qtosa-ethosu-pipeline: those of the lowering stages and of
/// the partition.
struct EthosUPipelineOptions {
  LowerPipelineOptions lowering;
  EthosUPartitionPassOptions partition;
  /// Where qtosa-export-delegates writes each delegate's TOSA flatbuffer
  /// and delegates.json; empty: nothing is written.
  std::string tosaDir;
  /// For a caller in process, which must keep them alive while the pipeline
  /// runs: the partition report as a value, and the delegates exported in
  /// memory (as tosa-dir would write them, while the boundary quantize and
  /// dequantize still give their parameters).
  llvm::json::Value *reportSink = nullptr;
  ExportedDelegates *delegatesSink = nullptr;
};

/// The lowering stages (buildQuantizedLoweringStages), partition,
/// (export-delegates), and only then expand-qdq for the quantize/dequantize
/// left on the host.
/// Fails, adding nothing, unless `pm` runs on builtin.module.
LogicalResult buildEthosUPipeline(OpPassManager &pm,
                                  const EthosUPipelineOptions &options);

/// Registers qtosa-ethosu-pipeline.
void registerEthosUPipelines();

#define GEN_PASS_REGISTRATION
#include "qtosa/Target/EthosU/Passes.h.inc"

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_TARGET_ETHOSU_PASSES_H

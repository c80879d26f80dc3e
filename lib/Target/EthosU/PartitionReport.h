//===- PartitionReport.h - Reports of qtosa-ethosu-partition ----*- C++ -*-===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_PARTITIONREPORT_H
#define QTOSA_LIB_TARGET_ETHOSU_PARTITIONREPORT_H

#include "qtosa/Target/EthosU/Passes.h"

#include "llvm/Support/JSON.h"

namespace mlir::qtosa {

/// A partitioned module: its functions and what the partitioner did to each.
struct PartitionReport {
  /// Where errors about the output files go.
  Operation *module;
  EthosUTarget target;
  ArrayRef<FunctionOpInterface> functions;
  ArrayRef<EthosUPartitionResult> results;
};

/// The document writeReport writes as JSON, as a value.
llvm::json::Value reportValue(const PartitionReport &report);

/// JSON to `path`, or a table on stderr when `path` is "-". Emits an error
/// on the module and fails when the file cannot be written.
LogicalResult writeReport(const PartitionReport &report, StringRef path);

/// Graphviz of the partitioned functions: a cluster per function, a
/// coloured cluster per delegate, host ops marked with their rule.
LogicalResult writeDot(const PartitionReport &report, StringRef path);

} // namespace mlir::qtosa

#endif // QTOSA_LIB_TARGET_ETHOSU_PARTITIONREPORT_H

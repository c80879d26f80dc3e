//===- PassOptions.td - Ethos-U options pipelines share -*- tablegen -*-===//
//
// qtosa-ethosu-partition's options, declared once for the pass (Passes.td)
// and qtosa-ethosu-pipeline (Pipelines.td). Only option records here (see
// qtosa/Transforms/PassOptions.td).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TARGET_ETHOSU_PASSOPTIONS_TD
#define QTOSA_TARGET_ETHOSU_PASSOPTIONS_TD

include "mlir/Pass/PassBase.td"

def EthosUPartitionTargetOption : Option<"target", "target",
    "::mlir::qtosa::EthosUTarget", "::mlir::qtosa::EthosUTarget::U55_128",
    "The NPU configuration whose rules decide legality",
    [{::mlir::qtosa::enumOptionValues<::mlir::qtosa::EthosUTarget>({
        "Ethos-U55 (and U65) rules", "Ethos-U85 rules"})}]>;
def EthosUPartitionReportFileOption : Option<"reportFile", "report-file",
    "std::string", "",
    "Write the partition report as JSON to this file ('-': a table on "
    "stderr)">;
def EthosUPartitionDotFileOption : Option<"dotFile", "dot-file",
    "std::string", "",
    "Write the partitioned graph as Graphviz to this file">;
def EthosUPartitionRemarksOption : Option<"remarks", "remarks", "bool", "true",
    "Emit a remark with the rule and reason at each host op">;

#endif // QTOSA_TARGET_ETHOSU_PASSOPTIONS_TD

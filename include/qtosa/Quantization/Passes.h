//===- Passes.h - Quantization of float TOSA --------------------*- C++ -*-===//
//
// Annotation by op semantics and calibration by in-process execution. A
// library of its own (QTosaQuantization) so that the execution engine the
// calibrator needs stays out of QTosaTransforms.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_QUANTIZATION_PASSES_H
#define QTOSA_QUANTIZATION_PASSES_H

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Pass/Pass.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include <string>

namespace mlir {
class OpPassManager;

namespace qtosa {

/// How qtosa-annotate forms sharing groups.
enum class SharingMode {
  /// From QuantBehaviourOpInterface: data movement shares its input's spec,
  /// a concat puts its operands and result in one group.
  OpSemantics,
  /// Every tensor its own group, each data-movement result observed on its
  /// own, as framework quantizers without a sharing rule for the op do; the
  /// lowering repairs mismatches with rescales. A baseline to compare with.
  None,
};

#define GEN_PASS_DECL
#include "qtosa/Quantization/Passes.h.inc"

/// Options of qtosa-quantize-pipeline.
struct QuantizePipelineOptions {
  /// JSON config; empty: the defaults.
  std::string config;
  /// JSON list of calibration samples.
  std::string samples;
  /// The function calibration runs; empty: the only public one.
  std::string function;
  /// How qtosa-annotate forms sharing groups.
  SharingMode sharing = SharingMode::OpSemantics;
};

/// qtosa-annotate then qtosa-calibrate. Fails, adding nothing, unless `pm`
/// runs on builtin.module.
LogicalResult buildQuantizePipeline(OpPassManager &pm,
                                    const QuantizePipelineOptions &options);

/// Registers qtosa-quantize-pipeline.
void registerQuantizePipeline();

#define GEN_PASS_REGISTRATION
#include "qtosa/Quantization/Passes.h.inc"

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_QUANTIZATION_PASSES_H

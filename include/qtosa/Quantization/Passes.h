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

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;

namespace qtosa {
struct QuantConfig;
struct Tensor;

/// Calibration samples in memory: per sample, one tensor per argument of
/// the function calibration runs, in argument order.
using CalibrationSamples = std::vector<std::vector<Tensor>>;

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

/// qtosa-annotate with `config` as it is, instead of the file its options
/// name: for a caller in process, such as the Python package.
std::unique_ptr<Pass>
createAnnotatePass(const AnnotatePassOptions &options,
                   std::shared_ptr<const QuantConfig> config);

/// qtosa-calibrate on `samples` instead of the samples file its options
/// name; messages call sample i's argument j "samples[i][j]".
std::unique_ptr<Pass>
createCalibratePass(const CalibratePassOptions &options,
                    std::shared_ptr<const CalibrationSamples> samples);

/// Options of qtosa-quantize-pipeline.
struct QuantizePipelineOptions {
  /// JSON config file; empty: the defaults (or `parsedConfig`).
  std::string config;
  /// JSON file listing the calibration samples (or `sampleTensors`).
  std::string samples;
  /// In memory, for a caller in process; each, when set, is used instead of
  /// the file above.
  std::shared_ptr<const QuantConfig> parsedConfig;
  std::shared_ptr<const CalibrationSamples> sampleTensors;
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
void registerQuantizePipelines();

#define GEN_PASS_REGISTRATION
#include "qtosa/Quantization/Passes.h.inc"

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_QUANTIZATION_PASSES_H

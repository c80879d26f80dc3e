//===- QuantConfig.h - What qtosa-annotate quantizes and how ----*- C++ -*-===//
//
// The JSON config of qtosa-annotate (schema in docs/quantization.md), parsed
// into specs. Every error names the file and the JSON path of the bad value.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_QUANTIZATION_QUANTCONFIG_H
#define QTOSA_QUANTIZATION_QUANTCONFIG_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::qtosa {

/// How one tensor (or one sharing group) is quantized.
struct TensorSpec {
  /// Storage width: 4, 8, 16 or 32 (signed).
  unsigned width = 8;
  int64_t storageMin = -128;
  int64_t storageMax = 127;
  bool symmetric = false;
  /// Weights only: one scale per output channel.
  bool perChannel = false;
  /// Fixed parameters (both or neither); otherwise observed.
  std::optional<double> scale;
  std::optional<int64_t> zeroPoint;

  bool operator==(const TensorSpec &other) const;
  bool operator!=(const TensorSpec &other) const { return !(*this == other); }
};

/// The percentile of "observer": "percentile" without "percentile": of
/// 10^4 values, the largest and smallest one are clipped.
inline constexpr double kDefaultPercentile = 99.99;

/// A spec, or std::nullopt for "keep in float".
using SpecOrFloat = std::optional<TensorSpec>;

/// An override: the results of the ops it matches get `spec`.
struct SpecOverride {
  /// Matches an op whose location carries this name (NameLoc, also inside a
  /// FusedLoc); a trailing '*' matches names with that prefix.
  std::string name;
  /// Or matches every op of this kind ("tosa.conv2d").
  std::string opKind;
  SpecOrFloat spec;
  /// "$.overrides[2]", for errors.
  std::string path;
};

struct QuantConfig {
  TensorSpec activation;
  TensorSpec weight{8, -127, 127, true, true, {}, {}};
  /// By position; shorter than the argument/result list means the rest use
  /// `activation`.
  std::vector<SpecOrFloat> inputs;
  std::vector<SpecOrFloat> outputs;
  std::vector<SpecOverride> overrides;
  /// With a value: observed activation ranges run from the (100 - p)th to
  /// the pth percentile of the values ("observer": "percentile"); without:
  /// minimum to maximum ("minmax").
  std::optional<double> percentile;
  /// Observed activation ranges are the ones with the least squared
  /// quantization error ("observer": "histogram").
  bool leastError = false;
  /// Whether a region of elementwise ops computing a function of one input
  /// (GELU's erf chain, hard-swish) is quantized as a unit: its output
  /// observed, no quantize/dequantize inside ("unary_regions").
  bool unaryRegions = true;
  /// The file, for messages ("<default>" without one).
  std::string file = "<default>";
};

/// Parses `text` (the contents of `file`).
llvm::Expected<QuantConfig> parseQuantConfig(llvm::StringRef text,
                                             llvm::StringRef file);

/// Reads and parses the config at `path`.
llvm::Expected<QuantConfig> readQuantConfig(llvm::StringRef path);

} // namespace mlir::qtosa

#endif // QTOSA_QUANTIZATION_QUANTCONFIG_H

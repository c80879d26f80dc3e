//===- Statistics.h - What qtosa-calibrate observes -------------*- C++ -*-===//
//
// Private to lib/Quantization: the statistics calibration collects from
// executed tensors (ranges, histograms) and the parameters they give.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_QUANTIZATION_STATISTICS_H
#define QTOSA_LIB_QUANTIZATION_STATISTICS_H

#include "qtosa/Execution/Execute.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace mlir::qtosa::calibration {

/// Observed range, per index along an axis (or one entry).
struct Range {
  SmallVector<double> min, max;

  void join(const Range &other) {
    if (min.empty()) {
      *this = other;
      return;
    }
    // Markers of one group with different per-axis sizes join per tensor.
    if (other.min.size() != min.size()) {
      double lo =
          std::min(*llvm::min_element(min), *llvm::min_element(other.min));
      double hi =
          std::max(*llvm::max_element(max), *llvm::max_element(other.max));
      min.assign(1, lo);
      max.assign(1, hi);
      return;
    }
    for (size_t i = 0; i < min.size(); ++i) {
      min[i] = std::min(min[i], other.min[i]);
      max[i] = std::max(max[i], other.max[i]);
    }
  }
};

/// A histogram of one group's values over the group's observed [lo, hi],
/// filled by a second run over the samples: percentiles without keeping
/// every value in memory. 2^14 bins put the clipped bounds within
/// (hi - lo) / 2^14 of the exact percentile, always on the wide side.
struct Histogram {
  static constexpr int64_t kBins = 1 << 14;
  double lo = 0, hi = 0;
  SmallVector<int64_t> counts = SmallVector<int64_t>(kBins, 0);
  int64_t total = 0;

  void add(double value) {
    if (std::isnan(value))
      return;
    double width = (hi - lo) / kBins;
    int64_t bin = width > 0 ? (int64_t)((value - lo) / width) : 0;
    counts[std::clamp<int64_t>(bin, 0, kBins - 1)] += 1;
    ++total;
  }

  /// [the (100 - p)th, the pth] percentile, bin edges outward.
  std::pair<double, double> percentileRange(double percentile) const {
    double width = (hi - lo) / kBins;
    double tail = total * (100.0 - percentile) / 100.0;
    // The lowest bin holding the value of rank `tail` from the bottom, and
    // the highest holding that rank from the top.
    int64_t below = 0, low = 0, high = kBins - 1;
    for (; low < kBins - 1; ++low) {
      below += counts[low];
      if (below > tail)
        break;
    }
    int64_t above = 0;
    for (; high > 0; --high) {
      above += counts[high];
      if (above > tail)
        break;
    }
    return {std::max(lo, lo + low * width),
            std::min(hi, lo + (high + 1) * width)};
  }
  /// The range within [lo, hi] whose quantization on [qmin, qmax] (the
  /// parameters paramsForRange gives) has the least squared error over the
  /// values, rounding and clipping included. Searched as PyTorch's
  /// HistogramObserver searches: from [lo, hi] inward, each step trimming
  /// 10^-5 of the values from the side where that frees more bins, until
  /// the error grows. The error is summed over 2^11 merged bins, each
  /// bin's values at its center.
  std::pair<double, double> leastErrorRange(int64_t qmin, int64_t qmax,
                                            bool symmetric) const;
};

/// Scale and zero point covering [lo, hi] on [qmin, qmax].
std::pair<double, int64_t> paramsForRange(double lo, double hi, int64_t qmin,
                                          int64_t qmax, bool symmetric);

/// The values of `tensor` (f32 or f64) as doubles.
FailureOr<SmallVector<double>> valuesOfTensor(const Tensor &tensor,
                                              Location loc);

/// The first element of `tensor` that is NaN or infinite (a float tensor:
/// f16, bf16, f32, f64): its index and value. None for an integer tensor
/// or one that is finite throughout.
std::optional<std::pair<int64_t, double>> firstNonFinite(const Tensor &tensor);

/// Min and max of `tensor` (f32 or f64), per index along `axis`.
FailureOr<Range> rangeOfTensor(const Tensor &tensor,
                               std::optional<unsigned> axis, Location loc);

} // namespace mlir::qtosa::calibration

#endif // QTOSA_LIB_QUANTIZATION_STATISTICS_H

//===- Statistics.cpp - What qtosa-calibrate observes ---------------------===//
//
// See Statistics.h.
//
//===----------------------------------------------------------------------===//

#include "Statistics.h"
#include "IndexAlongAxis.h"

#include "mlir/IR/Diagnostics.h"

#include <algorithm>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::calibration;

std::pair<double, int64_t> calibration::paramsForRange(double lo, double hi,
                                                       int64_t qmin,
                                                       int64_t qmax,
                                                       bool symmetric) {
  double floor = std::numeric_limits<float>::min();
  if (symmetric) {
    double amax = std::max(std::fabs(lo), std::fabs(hi));
    double scale = amax / ((qmax - qmin) / 2.0);
    return {scale > floor ? scale : 1.0, 0};
  }
  // The range holds 0 so that zero (padding, ReLU's floor) is exact.
  lo = std::min(lo, 0.0);
  hi = std::max(hi, 0.0);
  double scale = (hi - lo) / double(qmax - qmin);
  if (!(scale > floor))
    return {1.0, std::clamp<int64_t>(0, qmin, qmax)};
  int64_t zeroPoint = qmin - (int64_t)std::llround(lo / scale);
  return {scale, std::clamp(zeroPoint, qmin, qmax)};
}

FailureOr<SmallVector<double>> calibration::valuesOfTensor(const Tensor &tensor,
                                                           Location loc) {
  SmallVector<double> values;
  int64_t count = tensor.getNumElements();
  values.reserve(count);
  if (tensor.elementType == ElementType::F32) {
    const float *data = reinterpret_cast<const float *>(tensor.data.data());
    values.assign(data, data + count);
  } else if (tensor.elementType == ElementType::F64) {
    const double *data = reinterpret_cast<const double *>(tensor.data.data());
    values.assign(data, data + count);
  } else {
    return emitError(loc, "qtosa-calibrate observes f32 and f64 tensors, not ")
           << stringifyElementType(tensor.elementType);
  }
  return values;
}

std::optional<std::pair<int64_t, double>>
calibration::firstNonFinite(const Tensor &tensor) {
  int64_t count = tensor.getNumElements();
  const uint8_t *bytes = tensor.data.data();
  // Half-precision values are told by their bits: an all-ones exponent is
  // infinity (zero mantissa) or NaN.
  auto scan16 =
      [&](uint16_t exponentMask,
          uint16_t mantissaMask) -> std::optional<std::pair<int64_t, double>> {
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, bytes + 2 * i, 2);
      if ((bits & exponentMask) != exponentMask)
        continue;
      double value = (bits & mantissaMask)
                         ? std::numeric_limits<double>::quiet_NaN()
                         : std::numeric_limits<double>::infinity();
      return std::make_pair(i, (bits & 0x8000) ? -value : value);
    }
    return std::nullopt;
  };
  switch (tensor.elementType) {
  case ElementType::F16:
    return scan16(0x7C00, 0x03FF);
  case ElementType::BF16:
    return scan16(0x7F80, 0x007F);
  case ElementType::F32:
    for (int64_t i = 0; i < count; ++i) {
      float value;
      std::memcpy(&value, bytes + 4 * i, 4);
      if (!std::isfinite(value))
        return std::make_pair(i, double(value));
    }
    return std::nullopt;
  case ElementType::F64:
    for (int64_t i = 0; i < count; ++i) {
      double value;
      std::memcpy(&value, bytes + 8 * i, 8);
      if (!std::isfinite(value))
        return std::make_pair(i, value);
    }
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

FailureOr<Range> calibration::rangeOfTensor(const Tensor &tensor,
                                            std::optional<unsigned> axis,
                                            Location loc) {
  FailureOr<SmallVector<double>> read = valuesOfTensor(tensor, loc);
  if (failed(read))
    return failure();
  const SmallVector<double> &values = *read;
  int64_t count = tensor.getNumElements();
  IndexAlongAxis channelOf(tensor.shape, axis);
  Range range;
  range.min.assign(channelOf.size(), std::numeric_limits<double>::infinity());
  range.max.assign(channelOf.size(), -std::numeric_limits<double>::infinity());
  for (int64_t i = 0; i < count; ++i) {
    double value = values[i];
    if (std::isnan(value))
      continue;
    int64_t channel = channelOf(i);
    range.min[channel] = std::min(range.min[channel], value);
    range.max[channel] = std::max(range.max[channel], value);
  }
  return range;
}

std::pair<double, double> Histogram::leastErrorRange(int64_t qmin, int64_t qmax,
                                                     bool symmetric) const {
  if (total == 0 || !(hi > lo))
    return {lo, hi};
  double width = (hi - lo) / kBins;
  constexpr int64_t kMerged = 8;
  SmallVector<double> centers, masses;
  for (int64_t first = 0; first < kBins; first += kMerged) {
    int64_t mass = 0;
    for (int64_t bin = first; bin < first + kMerged; ++bin)
      mass += counts[bin];
    if (mass == 0)
      continue;
    centers.push_back(lo + (first + kMerged / 2) * width);
    masses.push_back(static_cast<double>(mass));
  }
  auto errorOf = [&](double a, double b) {
    auto [scale, zeroPoint] = paramsForRange(a, b, qmin, qmax, symmetric);
    double error = 0.0;
    for (size_t i = 0; i < centers.size(); ++i) {
      double q =
          std::clamp(std::round(centers[i] / scale) + zeroPoint,
                     static_cast<double>(qmin), static_cast<double>(qmax));
      double diff = centers[i] - (q - zeroPoint) * scale;
      error += masses[i] * diff * diff;
    }
    return error;
  };
  SmallVector<int64_t> cumulative(kBins);
  int64_t sum = 0;
  for (int64_t bin = 0; bin < kBins; ++bin)
    cumulative[bin] = sum += counts[bin];

  constexpr double kStep = 1e-5;
  int64_t start = 0, end = kBins - 1;
  double best = errorOf(lo, hi);
  double alpha = 0.0, beta = 1.0;
  while (alpha < beta) {
    double nextAlpha = alpha + kStep, nextBeta = beta - kStep;
    int64_t left = start, right = end;
    while (left < end && cumulative[left] < nextAlpha * total)
      ++left;
    while (right > start && cumulative[right] > nextBeta * total)
      --right;
    int64_t nextStart = start, nextEnd = end;
    if (left - start > end - right) {
      nextStart = left;
      alpha = nextAlpha;
    } else {
      nextEnd = right;
      beta = nextBeta;
    }
    if (nextStart == start && nextEnd == end)
      continue;
    double error = errorOf(lo + nextStart * width, lo + (nextEnd + 1) * width);
    if (error > best)
      break;
    best = error;
    start = nextStart;
    end = nextEnd;
  }
  return {lo + start * width, lo + (end + 1) * width};
}

//===- Statistics.cpp - What qtosa-calibrate observes ---------------------===//
//
// See Statistics.h.
//
//===----------------------------------------------------------------------===//

#include "Statistics.h"
#include "IndexAlongAxis.h"

#include "mlir/IR/Diagnostics.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::calibration;

std::pair<double, int64_t>
calibration::paramsForRange(double lo, double hi, int64_t qmin, int64_t qmax,
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

FailureOr<SmallVector<double>>
calibration::valuesOfTensor(const Tensor &tensor, Location loc) {
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

//===- IndexAlongAxis.h - Each element's index along an axis --*- C++ -*-===//
//
// Private to lib/Quantization: annotation (weight scales), observation
// (per-axis ranges) and calibration (stored constants and biases) all walk a
// tensor's elements in row-major order and need each one's index along the
// per-channel axis.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_QUANTIZATION_INDEXALONGAXIS_H
#define QTOSA_LIB_QUANTIZATION_INDEXALONGAXIS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>

namespace mlir::qtosa {

/// Maps the row-major position of an element of a static `shape` to its
/// index along `axis`; without an axis, every element is at index 0 of one.
class IndexAlongAxis {
public:
  IndexAlongAxis(ArrayRef<int64_t> shape, std::optional<unsigned> axis) {
    if (!axis)
      return;
    count = shape[*axis];
    for (size_t dim = *axis + 1; dim < shape.size(); ++dim)
      inner *= shape[dim];
  }

  int64_t operator()(int64_t position) const {
    return (position / inner) % count;
  }

  /// The number of indices: the axis' size, or 1 without an axis.
  int64_t size() const { return count; }

private:
  int64_t count = 1;
  /// Elements per step along the axis.
  int64_t inner = 1;
};

} // namespace mlir::qtosa

#endif // QTOSA_LIB_QUANTIZATION_INDEXALONGAXIS_H

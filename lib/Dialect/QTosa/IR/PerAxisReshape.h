//===- PerAxisReshape.h - Per-axis parameters through a reshape -*- C++ -*-===//
//
// Private to TosaQuantBehaviour.cpp: the parameter arithmetic of its axis
// rules, kept apart because the reshape rule alone is as long as the rest.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_DIALECT_QTOSA_IR_PERAXISRESHAPE_H
#define QTOSA_LIB_DIALECT_QTOSA_IR_PERAXISRESHAPE_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

#include <optional>

namespace mlir::qtosa::per_axis {

using PerAxis = quant::UniformQuantizedPerAxisType;

/// `type` with other scales, zero points and quantized dimension.
PerAxis rebuild(PerAxis type, int32_t axis, ArrayRef<double> scales,
                ArrayRef<int64_t> zeroPoints);

/// `type` quantized along `axis`.
PerAxis withAxis(PerAxis type, int32_t axis);

/// Where dimension `axis` of `from` lands in `to`, when a reshape keeps it
/// whole: same size, same number of elements before it.
std::optional<int32_t> reshapedAxis(ArrayRef<int64_t> from,
                                    ArrayRef<int64_t> to, int64_t axis);

/// Per-axis parameters after a reshape that merges the axis with its
/// neighbours (scales repeated for trailing, tiled for leading dimensions)
/// or splits it (per-tensor, per-axis or sub-channel, whichever describes
/// the parameters over the new dimensions). Every element keeps its scale
/// and zero point.
WhyNotOr<quant::QuantizedType>
reshapeRegrouped(PerAxis type, ArrayRef<int64_t> from, ArrayRef<int64_t> to);

} // namespace mlir::qtosa::per_axis

#endif // QTOSA_LIB_DIALECT_QTOSA_IR_PERAXISRESHAPE_H

//===- PerAxisReshape.cpp - Per-axis parameters through a reshape ---------===//

#include "PerAxisReshape.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::per_axis;

PerAxis per_axis::rebuild(PerAxis type, int32_t axis, ArrayRef<double> scales,
                          ArrayRef<int64_t> zeroPoints) {
  return PerAxis::get(type.getFlags(), type.getStorageType(),
                      type.getExpressedType(), scales, zeroPoints, axis,
                      type.getStorageTypeMin(), type.getStorageTypeMax());
}

PerAxis per_axis::withAxis(PerAxis type, int32_t axis) {
  return rebuild(type, axis, type.getScales(), type.getZeroPoints());
}

/// Where dimension `axis` of `from` lands in `to`, when a reshape keeps it
/// whole: same size, same number of elements before it.
std::optional<int32_t> per_axis::reshapedAxis(ArrayRef<int64_t> from,
                                              ArrayRef<int64_t> to,
                                              int64_t axis) {
  if (ShapedType::isDynamicShape(from) || ShapedType::isDynamicShape(to))
    return std::nullopt;
  int64_t before = 1;
  for (int64_t i = 0; i < axis; ++i)
    before *= from[i];
  int64_t prefix = 1;
  for (auto [index, size] : llvm::enumerate(to)) {
    if (prefix == before && size == from[axis])
      return static_cast<int32_t>(index);
    prefix *= size;
    if (prefix > before)
      break;
  }
  return std::nullopt;
}

/// Per-axis parameters after a reshape that merges the axis with its
/// neighbours (scales repeated for trailing, tiled for leading dimensions)
/// or splits it (per-tensor, per-axis or sub-channel, whichever describes
/// the parameters over the new dimensions). Every element keeps its scale
/// and zero point.
WhyNotOr<quant::QuantizedType>
per_axis::reshapeRegrouped(PerAxis type, ArrayRef<int64_t> from,
                           ArrayRef<int64_t> to) {
  int64_t axis = type.getQuantizedDimension();
  auto regrouped = [&] {
    return WhyNot::format("the reshape regroups per-axis dimension " +
                          Twine(axis) + " with other dimensions");
  };
  if (ShapedType::isDynamicShape(from) || ShapedType::isDynamicShape(to))
    return regrouped();
  // Prefix products; a group of dimensions ends where both shapes agree.
  SmallVector<int64_t> fromPrefix(1, 1), toPrefix(1, 1);
  for (int64_t size : from)
    fromPrefix.push_back(fromPrefix.back() * size);
  for (int64_t size : to)
    toPrefix.push_back(toPrefix.back() * size);
  auto boundaryIn = [&](int64_t prefix) {
    return llvm::is_contained(toPrefix, prefix);
  };
  int64_t first = axis, last = axis + 1;
  while (!boundaryIn(fromPrefix[first]))
    --first;
  while (!boundaryIn(fromPrefix[last]))
    ++last;
  int64_t toFirst = llvm::find(toPrefix, fromPrefix[first]) - toPrefix.begin();
  // Skip leading size-1 output dimensions of the group.
  while (toFirst + 1 < static_cast<int64_t>(toPrefix.size()) &&
         toPrefix[toFirst + 1] == fromPrefix[first])
    ++toFirst;
  int64_t toLast = llvm::find(toPrefix, fromPrefix[last]) - toPrefix.begin();

  ArrayRef<double> scales = type.getScales();
  ArrayRef<int64_t> zeroPoints = type.getZeroPoints();
  int64_t channels = static_cast<int64_t>(scales.size());

  if (toLast - toFirst == 1) {
    // Merged into one dimension: index = (leading, channel, trailing).
    int64_t trailing = fromPrefix[last] / fromPrefix[axis + 1];
    int64_t merged = to[toFirst];
    SmallVector<double> newScales;
    SmallVector<int64_t> newZeroPoints;
    for (int64_t index = 0; index < merged; ++index) {
      int64_t channel = (index / trailing) % channels;
      newScales.push_back(scales[channel]);
      newZeroPoints.push_back(zeroPoints[channel]);
    }
    return quant::QuantizedType(
        rebuild(type, static_cast<int32_t>(toFirst), newScales, newZeroPoints));
  }
  if (last - first != 1)
    return regrouped();

  // Split: the channel index is the linear index over to[toFirst, toLast).
  SmallVector<int64_t> factors(to.begin() + toFirst, to.begin() + toLast);
  auto coordinates = [&](int64_t channel) {
    SmallVector<int64_t> coords(factors.size());
    for (int64_t d = static_cast<int64_t>(factors.size()) - 1; d >= 0; --d) {
      coords[d] = channel % factors[d];
      channel /= factors[d];
    }
    return coords;
  };
  auto channelOf = [&](ArrayRef<int64_t> coords) {
    int64_t channel = 0;
    for (auto [coord, factor] : llvm::zip(coords, factors))
      channel = channel * factor + coord;
    return channel;
  };
  // The new dimensions along which the parameters change.
  SmallVector<bool> varies(factors.size(), false);
  for (int64_t channel = 0; channel < channels; ++channel) {
    SmallVector<int64_t> coords = coordinates(channel);
    for (size_t d = 0; d < factors.size(); ++d) {
      SmallVector<int64_t> base = coords;
      base[d] = 0;
      int64_t other = channelOf(base);
      if (scales[channel] != scales[other] ||
          zeroPoints[channel] != zeroPoints[other])
        varies[d] = true;
    }
  }
  SmallVector<int64_t> varying;
  for (size_t d = 0; d < factors.size(); ++d)
    if (varies[d])
      varying.push_back(d);

  // Parameters at the coordinates of `keep`, all others 0, in row-major order.
  SmallVector<double> newScales;
  SmallVector<int64_t> newZeroPoints;
  SmallVector<int64_t> paramShape(to.size(), 1);
  for (int64_t d : varying)
    paramShape[toFirst + d] = factors[d];
  int64_t count = 1;
  for (int64_t d : varying)
    count *= factors[d];
  for (int64_t linear = 0; linear < count; ++linear) {
    SmallVector<int64_t> coords(factors.size(), 0);
    int64_t rest = linear;
    for (int64_t i = static_cast<int64_t>(varying.size()) - 1; i >= 0; --i) {
      coords[varying[i]] = rest % factors[varying[i]];
      rest /= factors[varying[i]];
    }
    newScales.push_back(scales[channelOf(coords)]);
    newZeroPoints.push_back(zeroPoints[channelOf(coords)]);
  }

  if (varying.empty())
    return quant::QuantizedType(quant::UniformQuantizedType::get(
        type.getFlags(), type.getStorageType(), type.getExpressedType(),
        newScales.front(), newZeroPoints.front(), type.getStorageTypeMin(),
        type.getStorageTypeMax()));
  if (varying.size() == 1)
    return quant::QuantizedType(
        rebuild(type, static_cast<int32_t>(toFirst + varying.front()),
                newScales, newZeroPoints));

  auto expressed = dyn_cast<FloatType>(type.getExpressedType());
  if (!expressed)
    return regrouped();
  auto scalesType = RankedTensorType::get(paramShape, expressed);
  auto zeroPointsType =
      RankedTensorType::get(paramShape, type.getStorageType());
  SmallVector<Attribute> scaleAttrs, zeroPointAttrs;
  for (auto [scale, zp] : llvm::zip(newScales, newZeroPoints)) {
    scaleAttrs.push_back(FloatAttr::get(expressed, scale));
    zeroPointAttrs.push_back(IntegerAttr::get(type.getStorageType(), zp));
  }
  SmallVector<int32_t> dims;
  SmallVector<int64_t> blocks;
  for (int64_t d : varying) {
    dims.push_back(static_cast<int32_t>(toFirst + d));
    blocks.push_back(1);
  }
  return quant::QuantizedType(quant::UniformQuantizedSubChannelType::get(
      type.getFlags(), type.getStorageType(), type.getExpressedType(),
      DenseElementsAttr::get(scalesType, scaleAttrs),
      DenseElementsAttr::get(zeroPointsType, zeroPointAttrs), dims, blocks,
      type.getStorageTypeMin(), type.getStorageTypeMax()));
}

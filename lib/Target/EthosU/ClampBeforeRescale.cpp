//===- ClampBeforeRescale.cpp - A clamp moved past its rescale ------------===//
//
// ClampBeforeRescale.h says why and when.
//
//===----------------------------------------------------------------------===//

#include "ClampBeforeRescale.h"

#include "qtosa/Transforms/TosaRescale.h"
#include "qtosa/Utils/ShapedValues.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::qtosa;

std::optional<ethosu::ClampBeforeRescale>
ethosu::matchClampBeforeRescale(tosa::RescaleOp op) {
  auto clamp = op.getInput().getDefiningOp<tosa::ClampOp>();
  if (!clamp || !clamp->hasOneUse() || op.getPerChannel() ||
      op.getInputUnsigned() || op.getOutputUnsigned() ||
      !isNarrowSignedTensor(op.getInput().getType()) ||
      !isNarrowSignedTensor(op.getType()))
    return std::nullopt;
  std::optional<RescaleSpec> spec = readRescaleSpec(op);
  auto lowAttr = dyn_cast<IntegerAttr>(clamp.getMinValAttr());
  auto highAttr = dyn_cast<IntegerAttr>(clamp.getMaxValAttr());
  if (!spec || !lowAttr || !highAttr)
    return std::nullopt;
  // A negative multiplier would reverse the order the bounds rely on; a
  // shift outside TOSA 1.0's [2, 62] (hand-written IR) has no arithmetic
  // to compute them with.
  RescaleFactor factor = spec->factors.front();
  if (factor.multiplier <= 0 || factor.shift < 2 || factor.shift > 62)
    return std::nullopt;

  auto element = cast<IntegerType>(op.getType().getElementType());
  int64_t storageMin = -(int64_t(1) << (element.getWidth() - 1));
  int64_t storageMax = (int64_t(1) << (element.getWidth() - 1)) - 1;
  auto rescaled = [&](int64_t value) {
    int64_t result = applyRescaleFactor(value - spec->inputZeroPoint, factor,
                                        spec->doubleRound) +
                     spec->outputZeroPoint;
    return std::clamp(result, storageMin, storageMax);
  };
  return ClampBeforeRescale{op, clamp, rescaled(lowAttr.getInt()),
                            rescaled(highAttr.getInt())};
}

Value ethosu::buildRescaleThenClamp(OpBuilder &builder,
                                    const ClampBeforeRescale &plan) {
  // Op wrappers are handles: copies, so that their accessors may be called.
  tosa::RescaleOp original = plan.rescale;
  tosa::ClampOp clamp = plan.clamp;
  Operation *rescale = builder.clone(*original);
  rescale->setOperand(0, clamp.getInput());
  auto type = cast<RankedTensorType>(original.getType());
  Type element = type.getElementType();
  return tosa::ClampOp::create(
      builder, original.getLoc(), type, rescale->getResult(0),
      builder.getIntegerAttr(element, plan.low),
      builder.getIntegerAttr(element, plan.high), clamp.getNanModeAttr());
}

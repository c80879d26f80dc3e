//===- Requantize.cpp - dequantize -> quantize as one tosa.rescale --------===//

#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

WhyNot lowering::lowerRequantize(Group &group) {
  auto dequantize = cast<DequantizeOp>(group.op);
  auto type = cast<RankedTensorType>(group.quantize.getType());
  std::optional<int64_t> channelAxis;
  if (type.getRank() > 0)
    channelAxis = type.getRank() - 1;
  WhyNotOr<ChannelParams> input = getChannelParams(
      dequantize.getQtype(), channelAxis, "the requantized value");
  if (input.refused())
    return std::move(input).whyNot();
  Value stored = dequantize.getInput();
  WhyNotOr<OutputRescale> plan = planOutputRescale(
      group.quantize, *input, elementOf(stored), group.rounding);
  if (plan.refused())
    return std::move(plan).whyNot();
  if (group.builder)
    group.lowered = emitOutputRescale(*group.builder, group.loc(), stored,
                                      *plan, group.pool);
  return {};
}

//===- Constants.cpp - quantize(float constant) as an integer constant ----===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

/// The stored integers, computed now.
WhyNot lowering::lowerConstant(Group &group) {
  DenseFPElementsAttr values;
  if (!matchPattern(group.op->getResult(0), m_Constant(&values)))
    return "its input is not a float constant";
  quant::QuantizedType qtype = group.quantize.getQtype();
  auto type = cast<RankedTensorType>(group.quantize.getType());
  FailureOr<QuantParamLayout> layout =
      getQuantParamLayout(qtype, type.getShape());
  if (failed(layout) || !type.hasStaticShape())
    return "the constant's parameters cannot be laid out over its shape";
  if (!group.builder)
    return {};
  unsigned width = type.getElementTypeBitWidth();
  SmallVector<APInt> stored;
  stored.reserve(values.getNumElements());
  int64_t index = 0;
  for (const APFloat &value : values.getValues<APFloat>()) {
    int64_t param = layout->paramIndex(index++);
    int64_t q = quantizeElement(
        value.convertToFloat(), layout->scales[param],
        layout->zeroPoints[param], qtype.getStorageTypeMin(),
        qtype.getStorageTypeMax(), group.quantize.getTiesAwayFromZero());
    stored.emplace_back(width, static_cast<uint64_t>(q), /*isSigned=*/true,
                        /*implicitTrunc=*/true);
  }
  group.lowered = tosa::ConstOp::create(*group.builder, group.loc(), type,
                                        DenseElementsAttr::get(type, stored));
  return {};
}

//===- QTosaFolds.cpp - qtosa folders -------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"

using namespace mlir;
using namespace mlir::qtosa;

OpFoldResult QuantizeOp::fold(FoldAdaptor) {
  // quantize(dequantize(x, P), P) -> x, only where every stored value
  // survives the round trip. The reverse order rounds and never folds.
  auto dequantize = getInput().getDefiningOp<DequantizeOp>();
  if (!dequantize || dequantize.getQtype() != getQtype() ||
      dequantize.getInput().getType() != getType())
    return {};
  if (!isRoundTripExact(getQtype()))
    return {};
  return dequantize.getInput();
}

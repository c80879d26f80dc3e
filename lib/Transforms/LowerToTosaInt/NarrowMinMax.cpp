//===- NarrowMinMax.cpp - maximum and minimum of i8/i16 on i32 ------------===//
//
// qtosa-share-qspecs moves maximum and minimum onto the stored integers
// (max(x, alpha * x) is how LEAKY_RELU imports), but TOSA 1.0 PRO-INT
// defines MAXIMUM and MINIMUM on i32 only. Each operand is widened to i32
// (a rescale that produced it is rebuilt to produce i32 instead), the op
// runs there, and a rescale by 1 returns to the narrow type. The result is
// exact: saturating to the narrow range is monotone, so it commutes with
// maximum and minimum, and dropping a producer's saturation changes nothing.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Utils/ShapedValues.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

namespace {

/// `rescale` rebuilt to produce i32, when nothing else reads it and its
/// output is signed with zero point 0 (an i32 result takes no other).
Value widenProducingRescale(RewriterBase &rewriter, ConstantPool *pool,
                            tosa::RescaleOp rescale) {
  if (!rescale->hasOneUse() || rescale.getOutputUnsigned())
    return {};
  std::optional<int64_t> outputZp = getScalarIntConstant(rescale.getOutputZp());
  if (!outputZp || *outputZp != 0)
    return {};
  Type i32 = rewriter.getI32Type();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(rescale);
  Value zero = buildIntegerScalar(rewriter, rescale.getLoc(), i32, 0, pool);
  auto wide = tosa::RescaleOp::create(
      rewriter, rescale.getLoc(), withElement(rescale.getResult(), i32),
      rescale.getInput(), rescale.getMultiplier(), rescale.getShift(),
      rescale.getInputZp(), zero, rescale.getScale32Attr(),
      rescale.getRoundingModeAttr(), rescale.getPerChannelAttr(),
      rescale.getInputUnsignedAttr(), rescale.getOutputUnsignedAttr());
  return wide.getResult();
}

void widenMinMax(RewriterBase &rewriter, ConstantPool *pool, Operation *op) {
  Location loc = op->getLoc();
  Type i32 = rewriter.getI32Type();
  RescaleSpec unit = unitRescaleSpec();
  SmallVector<Value, 2> wideOperands;
  SmallVector<tosa::RescaleOp, 2> replacedRescales;
  rewriter.setInsertionPoint(op);
  for (Value operand : op->getOperands()) {
    auto rescale = operand.getDefiningOp<tosa::RescaleOp>();
    Value wide;
    if (rescale && !llvm::is_contained(replacedRescales, rescale))
      wide = widenProducingRescale(rewriter, pool, rescale);
    if (wide)
      replacedRescales.push_back(rescale);
    else
      wide = buildRescale(rewriter, loc, operand, withElement(operand, i32),
                          unit, pool);
    wideOperands.push_back(wide);
  }
  Value result = op->getResult(0);
  // The attribute, not getNanMode(): MLIR 22's parser keeps an ill-typed
  // nan_mode (a string, say) as a null property the verifier accepts, and
  // getNanMode() dereferences it. Null builds the default, PROPAGATE.
  Operation *wideOp;
  if (isa<tosa::MaximumOp>(op))
    wideOp = tosa::MaximumOp::create(
        rewriter, loc, withElement(result, i32), wideOperands[0],
        wideOperands[1], cast<tosa::MaximumOp>(op).getNanModeAttr());
  else
    wideOp = tosa::MinimumOp::create(
        rewriter, loc, withElement(result, i32), wideOperands[0],
        wideOperands[1], cast<tosa::MinimumOp>(op).getNanModeAttr());
  Value narrow =
      buildRescale(rewriter, loc, wideOp->getResult(0),
                   cast<RankedTensorType>(result.getType()), unit, pool);
  rewriter.replaceOp(op, narrow);
  for (tosa::RescaleOp rescale : replacedRescales)
    if (rescale->use_empty())
      rewriter.eraseOp(rescale);
}

} // namespace

void lowering::widenNarrowMinMax(RewriterBase &rewriter, ConstantPool *pool,
                                 Operation *root) {
  SmallVector<Operation *> narrow;
  root->walk([&](Operation *op) {
    if (isa<tosa::MaximumOp, tosa::MinimumOp>(op) &&
        isNarrowSignedTensor(op->getResult(0).getType()) &&
        llvm::all_of(op->getOperandTypes(), isNarrowSignedTensor))
      narrow.push_back(op);
  });
  for (Operation *op : narrow)
    widenMinMax(rewriter, pool, op);
}

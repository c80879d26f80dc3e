//===- NonNegativeResizeOffsets.cpp - Resizes MLIR's lowering runs right --===//
//
// See the pass description (Passes.td): an execution-only rewrite around a
// bug in MLIR 22's TOSA-to-Linalg lowering of integer resizes.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Transforms/Passes.h"

#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_NONNEGATIVERESIZEOFFSETSPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Repeats the first row (axis 0) or column (axis 1) of the NHWC resize's
/// input for every negative offset, and adds scale_n to that offset.
/// Returns false when the resize is left as it is.
bool rewrite(tosa::ResizeOp resize) {
  auto inType = dyn_cast<RankedTensorType>(resize.getInput().getType());
  if (!inType || !inType.hasStaticShape() ||
      !isa<IntegerType>(inType.getElementType()))
    return false;
  std::optional<SmallVector<int64_t>> scale =
      getConstantShape(resize.getScale());
  std::optional<SmallVector<int64_t>> offset =
      getConstantShape(resize.getOffset());
  if (!scale || scale->size() != 4 || !offset || offset->size() != 2)
    return false;
  // TOSA allows offsets down to -scale_n; the repeated row covers exactly
  // that much.
  bool negative = false;
  for (int axis = 0; axis < 2; ++axis) {
    if ((*offset)[axis] < -(*scale)[2 * axis])
      return false;
    negative |= (*offset)[axis] < 0;
  }
  if (!negative)
    return false;
  ImplicitLocOpBuilder b(resize.getLoc(), resize);
  Value input = resize.getInput();
  SmallVector<int64_t> shifted = *offset;
  for (int axis = 0; axis < 2; ++axis) {
    if ((*offset)[axis] >= 0)
      continue;
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> start(type.getRank(), 0);
    SmallVector<int64_t> size(type.getShape());
    size[1 + axis] = 1;
    Value first = tosa::SliceOp::create(b, type.clone(size), input,
                                        tosa::getTosaConstShape(b, start),
                                        tosa::getTosaConstShape(b, size));
    SmallVector<int64_t> padded(type.getShape());
    ++padded[1 + axis];
    input = tosa::ConcatOp::create(b, type.clone(padded),
                                   ValueRange{first, input}, 1 + axis);
    shifted[axis] += (*scale)[2 * axis];
  }
  resize.getInputMutable().assign(input);
  resize.getOffsetMutable().assign(tosa::getTosaConstShape(b, shifted));
  return true;
}

struct NonNegativeResizeOffsetsPass
    : public qtosa::impl::NonNegativeResizeOffsetsPassBase<
          NonNegativeResizeOffsetsPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation()->walk(
        [&](tosa::ResizeOp resize) { changed |= rewrite(resize); });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

//===- GuardRequirements.cpp - Unpredictable results, not crashes ---------===//
//
// See the pass description (Passes.td): an execution-only rewrite that keeps
// TOSA 1.0's value REQUIREs from reaching machine code as out-of-bounds
// reads or a division trap.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <limits>

namespace mlir::qtosa {
#define GEN_PASS_DEF_GUARDREQUIREMENTSPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// A constant of `value`, of `rank` dimensions of size 1 and `element` type:
/// it broadcasts against any operand of that rank.
Value splat(ImplicitLocOpBuilder &b, int64_t rank, Type element,
            int64_t value) {
  auto type = RankedTensorType::get(SmallVector<int64_t>(rank, 1), element);
  return tosa::ConstOp::create(
      b, type, DenseElementsAttr::get(type, b.getIntegerAttr(element, value)));
}

/// The broadcast shape of two static shapes of one rank, or nullopt.
std::optional<SmallVector<int64_t>> broadcastShape(RankedTensorType a,
                                                   RankedTensorType c) {
  if (!a.hasStaticShape() || !c.hasStaticShape() || a.getRank() != c.getRank())
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (auto [x, y] : llvm::zip(a.getShape(), c.getShape()))
    shape.push_back(std::max(x, y));
  return shape;
}

/// Clamps the indices of a gather or a scatter to 0..K-1: TOSA REQUIREs
/// them there, and MLIR's lowering reads (writes) wherever they point.
template <typename OpTy> void clampIndices(OpTy op, Value values) {
  auto valuesType = dyn_cast<RankedTensorType>(values.getType());
  auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
  if (!valuesType || !indicesType || valuesType.getRank() != 3 ||
      valuesType.isDynamicDim(1) ||
      !indicesType.getElementType().isSignlessInteger(32))
    return;
  int64_t limit = valuesType.getDimSize(1);
  if (limit < 1)
    return;
  ImplicitLocOpBuilder b(op.getLoc(), op);
  Type i32 = indicesType.getElementType();
  Value clamped = tosa::ClampOp::create(
      b, indicesType, op.getIndices(), b.getIntegerAttr(i32, 0),
      b.getIntegerAttr(i32, limit - 1),
      tosa::NanPropagationModeAttr::get(b.getContext(),
                                        tosa::NanPropagationMode::PROPAGATE));
  op.getIndicesMutable().assign(clamped);
}

/// Divides by 1 where TOSA REQUIREs a divisor other than 0 and no
/// INT32_MIN / -1: both trap in machine code.
void guardDivisor(tosa::IntDivOp div) {
  auto aType = dyn_cast<RankedTensorType>(div.getInput1().getType());
  auto bType = dyn_cast<RankedTensorType>(div.getInput2().getType());
  if (!aType || !bType || !aType.getElementType().isSignlessInteger(32))
    return;
  std::optional<SmallVector<int64_t>> shape = broadcastShape(aType, bType);
  if (!shape)
    return;
  ImplicitLocOpBuilder b(div.getLoc(), div);
  Type i32 = aType.getElementType(), i1 = b.getI1Type();
  int64_t rank = aType.getRank();
  Value a = div.getInput1(), divisor = div.getInput2();
  Value zero = tosa::EqualOp::create(b, bType.clone(i1), divisor,
                                     splat(b, rank, i32, 0));
  Value minusOne = tosa::EqualOp::create(b, bType.clone(i1), divisor,
                                         splat(b, rank, i32, -1));
  Value smallest = tosa::EqualOp::create(
      b, aType.clone(i1), a,
      splat(b, rank, i32, std::numeric_limits<int32_t>::min()));
  auto wide = RankedTensorType::get(*shape, i1);
  Value overflow = tosa::LogicalAndOp::create(b, wide, smallest, minusOne);
  Value traps = tosa::LogicalOrOp::create(b, wide, zero, overflow);
  Value safe = tosa::SelectOp::create(b, wide.clone(i32), traps,
                                      splat(b, rank, i32, 1), divisor);
  div.getInput2Mutable().assign(safe);
}

struct GuardRequirementsPass
    : qtosa::impl::GuardRequirementsPassBase<GuardRequirementsPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (auto gather = dyn_cast<tosa::GatherOp>(op))
        clampIndices(gather, gather.getValues());
      else if (auto scatter = dyn_cast<tosa::ScatterOp>(op))
        clampIndices(scatter, scatter.getValuesIn());
      else if (auto div = dyn_cast<tosa::IntDivOp>(op))
        guardDivisor(div);
    });
  }
};

} // namespace

//===- OneShapeReaders.cpp - A value read in one shape --------------------===//
//
// OneShapeReaders.h says why and when.
//
//===----------------------------------------------------------------------===//

#include "OneShapeReaders.h"
#include "Reshape.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// The sizes of `shape` other than 1, in order.
SmallVector<int64_t> nonUnitSizes(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> sizes;
  for (int64_t size : shape)
    if (size != 1)
      sizes.push_back(size);
  return sizes;
}

/// Whether a reshape between static shapes `from` and `to` only inserts or
/// removes dimensions of size 1.
bool onlyUnitDims(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  return nonUnitSizes(from) == nonUnitSizes(to);
}

RankedTensorType staticType(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// Whether `op` is elementwise on `value`, its only operand that is not a
/// rank-1 constant parameter, so that it computes the same in any shape
/// with the same elements: a per-tensor RESCALE, TABLE, CLAMP, CAST, and
/// the unary elementwise ops.
bool isUnaryOn(Operation *op, Value value) {
  if (op->getNumResults() != 1 || op->getOperand(0) != value)
    return false;
  auto rescale = dyn_cast<tosa::RescaleOp>(op);
  if (rescale
          ? rescale.getPerChannel()
          : !isa<tosa::TableOp, tosa::ClampOp, tosa::CastOp, tosa::AbsOp,
                 tosa::NegateOp, tosa::BitwiseNotOp, tosa::LogicalNotOp>(op))
    return false;
  // The other operands (multiplier and shift, a table, zero points) are
  // rank-1 parameters.
  for (Value operand : op->getOperands().drop_front())
    if (operand == value)
      return false;
  auto result = staticType(op->getResult(0));
  return result &&
         result.getShape() == cast<ShapedType>(value.getType()).getShape();
}

} // namespace

std::optional<ethosu::ReadersInOneShape>
ethosu::planReadersInOneShape(Value value) {
  RankedTensorType type = staticType(value);
  if (!type || value.hasOneUse())
    return std::nullopt;
  // Readers in the value's own block only: the reshape moves up to the
  // value, and must not leave a region (a delegate's) for it.
  Block *block = value.getParentBlock();
  if (llvm::any_of(value.getUsers(),
                   [&](Operation *user) { return user->getBlock() != block; }))
    return std::nullopt;
  // The reshape to read through: one to rank 4 that only adds unit
  // dimensions (a FULLY_CONNECTED's, before its convolution).
  tosa::ReshapeOp through;
  for (Operation *user : value.getUsers())
    if (auto reshape = dyn_cast<tosa::ReshapeOp>(user)) {
      RankedTensorType result = staticType(reshape.getResult());
      if (result && result.getRank() == 4 && type.getRank() < 4 &&
          onlyUnitDims(type.getShape(), result.getShape())) {
        through = reshape;
        break;
      }
    }
  if (!through)
    return std::nullopt;
  ReadersInOneShape plan{through, {}};
  for (Operation *user : value.getUsers()) {
    if (user == through.getOperation() ||
        llvm::is_contained(plan.readers, user))
      continue;
    auto reshape = dyn_cast<tosa::ReshapeOp>(user);
    if (!(reshape && staticType(reshape.getResult())) &&
        !isUnaryOn(user, value))
      return std::nullopt;
    plan.readers.push_back(user);
  }
  if (plan.readers.empty())
    return std::nullopt;
  return plan;
}

void ethosu::hoistReshape(ReadersInOneShape &plan) {
  tosa::ReshapeOp through = plan.through;
  Value value = through.getInput1();
  ImplicitLocOpBuilder b(through.getLoc(), through.getContext());
  if (Operation *definition = value.getDefiningOp())
    b.setInsertionPointAfter(definition);
  else
    b.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
  Value hoisted =
      reshapeTo(b, value, cast<RankedTensorType>(through.getType()).getShape());
  through.getResult().replaceAllUsesWith(hoisted);
  Operation *shape = through.getShape().getDefiningOp();
  through.erase();
  if (shape && shape->use_empty())
    shape->erase();
  plan.through = hoisted.getDefiningOp<tosa::ReshapeOp>();
}

Value ethosu::buildReaderInOneShape(OpBuilder &builder,
                                    const ReadersInOneShape &plan,
                                    Operation *reader) {
  // Op wrappers are handles: a copy, so that its accessors may be called.
  tosa::ReshapeOp through = plan.through;
  Value shared = through.getResult();
  ImplicitLocOpBuilder b(reader->getLoc(), builder);
  auto resultType = cast<RankedTensorType>(reader->getResult(0).getType());
  if (isa<tosa::ReshapeOp>(reader)) {
    if (resultType == shared.getType())
      return shared;
    return reshapeTo(b, shared, resultType.getShape());
  }
  auto sharedShape = cast<RankedTensorType>(shared.getType()).getShape();
  Operation *moved = b.clone(*reader);
  moved->setOperand(0, shared);
  moved->getResult(0).setType(resultType.clone(sharedShape));
  return reshapeTo(b, moved->getResult(0), resultType.getShape());
}

std::optional<ethosu::ConcatOfReshapes>
ethosu::planConcatOfReshapes(tosa::ConcatOp concat) {
  RankedTensorType result = staticType(concat.getResult());
  if (!result || concat.getInput1().size() < 2)
    return std::nullopt;
  // The operands' inputs in one shape: the first of the highest rank; an
  // input of another (its own reshape's only reader) is reshaped to it.
  RankedTensorType common;
  for (Value operand : concat.getInput1()) {
    auto reshape = operand.getDefiningOp<tosa::ReshapeOp>();
    if (!reshape || !reshape->hasOneUse() ||
        reshape->getBlock() != concat->getBlock())
      return std::nullopt;
    RankedTensorType from = staticType(reshape.getInput1());
    RankedTensorType to = staticType(operand);
    if (!from || !to || !onlyUnitDims(from.getShape(), to.getShape()))
      return std::nullopt;
    if (!common || from.getRank() > common.getRank())
      common = from;
  }
  for (Value operand : concat.getInput1()) {
    auto from = cast<RankedTensorType>(
        operand.getDefiningOp<tosa::ReshapeOp>().getInput1().getType());
    if (!onlyUnitDims(from.getShape(), common.getShape()))
      return std::nullopt;
  }
  // Every operand has the concat's shape but along its axis, and the
  // reshapes' inputs one shape: the axis of that shape with as many
  // elements before it and the operands' size along it keeps every element
  // in its place. The innermost such axis.
  auto operandShape =
      cast<RankedTensorType>(concat.getInput1().front().getType()).getShape();
  int64_t axis = concat.getAxis();
  int64_t before = 1;
  for (int64_t d = 0; d < axis; ++d)
    before *= operandShape[d];
  std::optional<int32_t> found;
  int64_t prefix = 1;
  for (int64_t d = 0; d < common.getRank(); ++d) {
    if (prefix == before && common.getDimSize(d) == operandShape[axis])
      found = d;
    prefix *= common.getDimSize(d);
  }
  if (!found || (common == concat.getInput1().front().getType()))
    return std::nullopt;
  return ConcatOfReshapes{concat, common, *found};
}

Value ethosu::buildConcatOfReshapes(OpBuilder &builder,
                                    const ConcatOfReshapes &plan) {
  tosa::ConcatOp concat = plan.concat;
  ImplicitLocOpBuilder b(concat.getLoc(), builder);
  RankedTensorType common = plan.common;
  SmallVector<Value> inputs;
  for (Value operand : concat.getInput1()) {
    Value input = operand.getDefiningOp<tosa::ReshapeOp>().getInput1();
    // A reshape only the concat's operand reads goes with it.
    if (auto inner = input.getDefiningOp<tosa::ReshapeOp>();
        inner && inner->hasOneUse() && staticType(inner.getInput1()) &&
        onlyUnitDims(
            cast<RankedTensorType>(inner.getInput1().getType()).getShape(),
            cast<RankedTensorType>(input.getType()).getShape()))
      input = inner.getInput1();
    if (input.getType() != common)
      input = reshapeTo(b, input, common.getShape());
    inputs.push_back(input);
  }
  SmallVector<int64_t> shape(common.getShape());
  shape[plan.axis] *= static_cast<int64_t>(inputs.size());
  Value joined =
      tosa::ConcatOp::create(b, common.clone(shape), inputs, plan.axis);
  return reshapeTo(b, joined,
                   cast<RankedTensorType>(concat.getType()).getShape());
}

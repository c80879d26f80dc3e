//===- EthosULegalize.cpp - qtosa-ethosu-legalize -------------------------===//
//
// Rewrites integer TOSA that Vela does not compile for the target into an
// exact form it does, before the partition decides what runs on the NPU.
// Today, on Ethos-U55: the bilinear upscale by 2, 4 or 8
// (BilinearAsConvolution.h) and the 16x8 transposed convolution
// (TransposeConvAsConvolution.h). On both targets, a REDUCE_MAX over the
// innermost axis (softmax's maximum) in the form Vela's TFLite route gives
// it, which Vela runs in a fraction of the cycles (buildMaxOverLastAxis);
// on Ethos-U85, the 16x8 transposed convolution strided along one axis
// (isStridedAlongOneAxis); on Ethos-U55, a reverse of the channel axis
// (isChannelReverse); on both, a TILE that only broadcasts
// (isBroadcastTile); on Ethos-U85, a channel shuffle (matchChannelShuffle);
// on both, a transposed convolution with the rescale after it, as one
// convolution per output phase (TransposeConvAsPhases.h), and a transpose
// Vela would split as one of H, W and C (planTransposeOfFewerAxes); on
// Ethos-U55, 32-bit ops that broadcast a per-position operand over few
// channels, with the channels outermost (matchChannelBroadcastChain); on
// both, a clamp moved past the rescale after it, so that Vela fuses it
// (ClampBeforeRescale.h); on both, a value read in two shapes read in one,
// so that Vela copies no reshape's input (OneShapeReaders.h); on
// Ethos-U85, the division of a bilinear resize's sums by a power of two in
// the form Vela fuses into the resize (isRoundingAwayShiftAfterResize);
// on both, a DOUBLE_ROUND rescale whose shifts make it round once written
// SINGLE_ROUND, which Vela fuses (isDoubleRoundWithoutEffect); on
// Ethos-U55, a narrow value's rescale to i32 before a MAXIMUM or MINIMUM
// split into a rescale to the narrow type and a widening, which Vela fuses
// there (matchWideningsToSplit).
//
//===----------------------------------------------------------------------===//

#include "BilinearAsConvolution.h"
#include "ClampBeforeRescale.h"
#include "DepthwiseAsConvolution.h"
#include "OneShapeReaders.h"
#include "Reshape.h"
#include "SumAsDepthwise.h"
#include "TransposeConvAsConvolution.h"
#include "TransposeConvAsPhases.h"

#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Transforms/TosaRescale.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/Sequence.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_ETHOSULEGALIZEPASS
#include "qtosa/Target/EthosU/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

namespace {

/// Erases `op` and then whatever only it read, as long as nothing else
/// reads it and it has no effect: a repeated first row and column
/// (qtosa-nonnegative-resize-offsets) and the replaced op's constants.
void eraseWithDeadOperands(Operation *op) {
  SmallVector<Operation *> worklist = {op};
  while (!worklist.empty()) {
    Operation *dead = worklist.pop_back_val();
    if (!dead->use_empty() || !isOpTriviallyDead(dead))
      continue;
    SmallVector<Operation *> producers;
    for (Value operand : dead->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.push_back(producer);
    dead->erase();
    for (Operation *producer : producers)
      if (!llvm::is_contained(worklist, producer))
        worklist.push_back(producer);
  }
}

/// Replaces `original`'s result by what `build` makes before it (`form`
/// names it); undoes it, with a remark, when an op of that form breaks a
/// rule of `target` (a tensor beyond Vela's limits, say), so that the
/// original is on the host for one reason. Returns whether it was replaced.
bool rewrite(Operation *original, StringRef form, EthosUTarget target,
             llvm::function_ref<Value(OpBuilder &)> build) {
  Operation *before = original->getPrevNode();
  OpBuilder builder(original);
  Value replacement = build(builder);
  original->getResult(0).replaceAllUsesWith(replacement);

  Block *block = original->getBlock();
  auto first = before ? std::next(before->getIterator()) : block->begin();
  SmallVector<Operation *> built;
  for (auto it = first; &*it != original; ++it)
    built.push_back(&*it);
  for (Operation *op : built) {
    std::optional<EthosUViolation> violation = checkEthosULegality(op, target);
    if (!violation)
      continue;
    original->emitRemark() << "not rewritten as " << form
                           << " for the NPU: its '" << op->getName()
                           << "' would break " << violation->rule << ": "
                           << violation->reason;
    replacement.replaceAllUsesWith(original->getResult(0));
    for (Operation *newOp : llvm::reverse(built))
      newOp->erase();
    return false;
  }
  eraseWithDeadOperands(original);
  return true;
}

/// Whether `rescale` rounds twice (DOUBLE_ROUND) with no shift above 31,
/// where TOSA 1.0's apply_scale_32 rounds once: the same results as
/// SINGLE_ROUND, which Vela fuses where it fuses any rescale (it maps
/// DOUBLE_ROUND to the NPU's TFLite rounding instead). Measured on the
/// factory, no model's Vela cycles changed by this rewrite alone.
bool isDoubleRoundWithoutEffect(tosa::RescaleOp rescale) {
  DenseIntElementsAttr shifts;
  if (rescale.getRoundingMode() != tosa::RoundingMode::DOUBLE_ROUND ||
      !matchPattern(rescale.getShift(), m_Constant(&shifts)))
    return false;
  return llvm::all_of(shifts.getValues<APInt>(), [](const APInt &shift) {
    return shift.getSExtValue() <= 31;
  });
}

/// Whether `factor` is exactly 1 (2^30 >> 30, or any other encoding).
bool isFactorOne(const RescaleFactor &factor) {
  return std::ldexp(static_cast<double>(factor.multiplier), -factor.shift) ==
         1.0;
}

/// Whether `rescale` is the identity from i32 to a narrow type: factor 1,
/// zero points 0.
bool isUnitNarrowing(tosa::RescaleOp rescale) {
  std::optional<RescaleSpec> spec = readRescaleSpec(rescale);
  auto out = dyn_cast<IntegerType>(getElementTypeOrSelf(rescale.getType()));
  if (!spec || spec->factors.size() != 1 || spec->inputZeroPoint != 0 ||
      spec->outputZeroPoint != 0 || spec->outputUnsigned || !out ||
      out.getWidth() > 16 ||
      !getElementTypeOrSelf(rescale.getInput().getType()).isInteger(32))
    return false;
  return isFactorOne(spec->factors.front());
}

/// The operands of a 32-bit MAXIMUM or MINIMUM that qtosa-lower-to-tosa-int
/// wrote from a narrow one (NarrowMinMax.cpp: a rescale by a factor other
/// than 1 from the narrow type straight to i32, a rescale by 1 back after
/// the op), to be split into that rescale to the narrow type and a
/// widening by 1. Exact: saturating to the narrow range is monotone, so it
/// commutes with the op, and the rescale after it saturates anyway. Vela
/// 5.2 fuses the split form on Ethos-U55 (an int16 LEAKY_RELU over 2,560
/// values: 31,360 NPU cycles folded, 6,556 split; TFLite route 1,280) and
/// the folded one on Ethos-U85 (640, the TFLite route's, against 3,024).
SmallVector<tosa::RescaleOp> matchWideningsToSplit(Operation *op) {
  if (!isa<tosa::MaximumOp, tosa::MinimumOp>(op) || !op->hasOneUse() ||
      !getElementTypeOrSelf(op->getResult(0).getType()).isInteger(32))
    return {};
  auto narrowing = dyn_cast<tosa::RescaleOp>(*op->getUsers().begin());
  if (!narrowing || !isUnitNarrowing(narrowing))
    return {};
  Type narrow = getElementTypeOrSelf(narrowing.getType());
  SmallVector<tosa::RescaleOp> widenings;
  for (Value operand : op->getOperands()) {
    auto widening = operand.getDefiningOp<tosa::RescaleOp>();
    if (!widening || !widening->hasOneUse() || widening.getPerChannel() ||
        getElementTypeOrSelf(widening.getInput().getType()) != narrow ||
        llvm::is_contained(widenings, widening))
      continue;
    std::optional<RescaleSpec> spec = readRescaleSpec(widening);
    if (spec && spec->outputZeroPoint == 0 &&
        !isFactorOne(spec->factors.front()))
      widenings.push_back(widening);
  }
  return widenings;
}

/// `widening` (narrow -> i32 by a factor) as a rescale to the narrow type
/// by that factor, then a rescale by 1 to i32.
void splitWidening(tosa::RescaleOp widening, ConstantPool &pool) {
  OpBuilder b(widening);
  Location loc = widening.getLoc();
  auto wideType = cast<RankedTensorType>(widening.getType());
  auto narrowType =
      wideType.clone(getElementTypeOrSelf(widening.getInput().getType()));
  RescaleSpec spec = *readRescaleSpec(widening);
  Value narrowed =
      buildRescale(b, loc, widening.getInput(), narrowType, spec, &pool);
  Value widened =
      buildRescale(b, loc, narrowed, wideType, unitRescaleSpec(), &pool);
  widening.replaceAllUsesWith(widened);
  widening.erase();
}

/// Whether `rescale` divides the sum of a bilinear `tosa.resize` by 2^p as
/// qtosa-lower-to-tosa-int writes it for TFLite's rounding: multiplier
/// 2^31 - 1, shift p + 31, DOUBLE_ROUND (half away from zero, docs/design.md).
/// Vela 5.2 runs that on Ethos-U85 as a rescale pass of its own over the
/// i32 sums, where it fuses the rescale by the exact power of two into the
/// resize: 39,448 against 2,048 NPU cycles for 1x16x16x8 to 1x32x32x8.
bool isRoundingAwayShiftAfterResize(tosa::RescaleOp rescale) {
  auto resize = rescale.getInput().getDefiningOp<tosa::ResizeOp>();
  if (!resize || resize.getMode() != tosa::ResizeMode::BILINEAR ||
      !resize->hasOneUse() || rescale.getPerChannel() ||
      !rescale.getScale32() ||
      rescale.getRoundingMode() != tosa::RoundingMode::DOUBLE_ROUND)
    return false;
  std::optional<int64_t> multiplier =
      getScalarIntConstant(rescale.getMultiplier());
  std::optional<int64_t> shift = getScalarIntConstant(rescale.getShift());
  return multiplier == (int64_t{1} << 31) - 1 && shift && *shift > 32 &&
         *shift <= 62;
}

/// The same division as Vela fuses it into the resize: multiplier 2^30,
/// shift p + 30, SINGLE_ROUND, exact but for the rounding of a negative sum
/// halfway between two results (half up instead of away from zero), the
/// rounding Vela's TFLite route gives RESIZE_BILINEAR on the NPU.
void roundHalfUpAfterResize(tosa::RescaleOp rescale) {
  OpBuilder builder(rescale);
  int64_t shift = *getScalarIntConstant(rescale.getShift());
  Value multiplier = buildIntegerScalar(builder, rescale.getLoc(),
                                        builder.getI32Type(), int64_t{1} << 30);
  Value newShift = buildIntegerScalar(builder, rescale.getLoc(),
                                      builder.getI8Type(), shift - 1);
  Operation *oldMultiplier = rescale.getMultiplier().getDefiningOp();
  Operation *oldShift = rescale.getShift().getDefiningOp();
  rescale.getMultiplierMutable().assign(multiplier);
  rescale.getShiftMutable().assign(newShift);
  rescale.setRoundingMode(tosa::RoundingMode::SINGLE_ROUND);
  for (Operation *old : {oldMultiplier, oldShift})
    if (old && old->use_empty())
      old->erase();
}

/// Whether `op` is an integer REDUCE_MAX over the innermost axis of more
/// than one position, which buildMaxOverLastAxis rewrites.
bool isMaxOverLastAxis(tosa::ReduceMaxOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 1 ||
      op.getAxis() != type.getRank() - 1)
    return false;
  Type element = type.getElementType();
  if (!element.isInteger(8) && !element.isInteger(16))
    return false;
  int64_t channels = type.getShape().back();
  int64_t positions = type.getNumElements() / std::max<int64_t>(channels, 1);
  // One position is a vector: nothing to gain over Vela's REDUCE_MAX.
  return channels >= 2 && positions >= 2;
}

/// The maximum over the innermost axis of `op`'s input ([..., C], P
/// positions) as Vela's TFLite route computes softmax's: the positions made
/// channels by a transpose ([1, 1, P, C] to [1, C, 1, P]), a MAX_POOL2D
/// with a 1 x C window over [1, 1, C, P], and reshapes. Exact. Vela 5.2
/// runs a REDUCE_MAX of [1, 32, 32, 8] i8 in about 33,000 cycles on either
/// target (it keeps 8 channels and 1024 positions); this form in 12,700 on
/// Ethos-U55 and 7,500 on Ethos-U85.
Value buildMaxOverLastAxis(OpBuilder &builder, tosa::ReduceMaxOp op) {
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  auto type = cast<RankedTensorType>(op.getInput().getType());
  Type element = type.getElementType();
  int64_t channels = type.getShape().back();
  int64_t positions = type.getNumElements() / channels;
  Value rows = reshapeTo(b, op.getInput(), {1, 1, positions, channels});
  Value transposed = tosa::TransposeOp::create(
      b, RankedTensorType::get({1, channels, 1, positions}, element), rows,
      b.getDenseI32ArrayAttr({0, 3, 1, 2}));
  Value windows = reshapeTo(b, transposed, {1, 1, channels, positions});
  Value pooled = tosa::MaxPool2dOp::create(
      b, RankedTensorType::get({1, 1, 1, positions}, element), windows,
      b.getDenseI64ArrayAttr({1, channels}),
      b.getDenseI64ArrayAttr({1, channels}),
      b.getDenseI64ArrayAttr({0, 0, 0, 0}));
  return reshapeTo(b, pooled, cast<RankedTensorType>(op.getType()).getShape());
}

/// Whether a transpose of `shape` by `perms` moves only the H, W and C axes
/// of NHWC (every other axis 1), the transposes Vela runs as one operation;
/// it splits any other into several (U55.TRANSPOSE.SHAPE).
bool isTransposeOfPlaneAndChannels(ArrayRef<int64_t> shape,
                                   ArrayRef<int32_t> perms) {
  int64_t leading = static_cast<int64_t>(shape.size()) - 3;
  for (int64_t axis = 0; axis < leading; ++axis)
    if (shape[axis] != 1 || perms[axis] != axis)
      return false;
  return shape.size() <= 4;
}

/// A transpose Vela would split, as one of at most three moved axes: its
/// input's axes of size 1 dropped, and those that stay neighbours in the
/// output merged, in a rank-4 NHWC shape with N = 1.
struct FewerAxesTranspose {
  tosa::TransposeOp transpose;
  SmallVector<int64_t> shape;
  SmallVector<int32_t> perms;
};

std::optional<FewerAxesTranspose>
planTransposeOfFewerAxes(tosa::TransposeOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput1().getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int32_t> perms = op.getPerms();
  if (isTransposeOfPlaneAndChannels(shape, perms))
    return std::nullopt;
  // The position of each axis of size > 1 among those axes, in input order.
  SmallVector<int64_t> position(shape.size(), -1);
  int64_t kept = 0;
  for (auto [axis, size] : llvm::enumerate(shape))
    if (size != 1)
      position[axis] = kept++;
  // Runs of input positions the output takes in order, in output order.
  SmallVector<std::pair<int64_t, int64_t>> runs; // first position, size
  int64_t previous = -2;
  for (int32_t axis : perms) {
    if (shape[axis] == 1)
      continue;
    if (position[axis] == previous + 1)
      runs.back().second *= shape[axis];
    else
      runs.push_back({position[axis], shape[axis]});
    previous = position[axis];
  }
  if (runs.size() > 3)
    return std::nullopt;
  SmallVector<int64_t> inputOrder =
      llvm::to_vector(llvm::seq<int64_t>(0, static_cast<int64_t>(runs.size())));
  llvm::sort(inputOrder, [&](int64_t a, int64_t b) {
    return runs[a].first < runs[b].first;
  });
  int64_t offset = 4 - static_cast<int64_t>(runs.size());
  FewerAxesTranspose plan{op, SmallVector<int64_t>(offset, 1), {}};
  for (int64_t run : inputOrder)
    plan.shape.push_back(runs[run].second);
  for (int32_t axis = 0; axis < offset; ++axis)
    plan.perms.push_back(axis);
  for (int64_t run = 0; run < static_cast<int64_t>(runs.size()); ++run)
    plan.perms.push_back(
        offset +
        static_cast<int32_t>(llvm::find(inputOrder, run) - inputOrder.begin()));
  return plan;
}

/// The transpose of `plan` between reshapes: the same data movement.
Value buildTransposeOfFewerAxes(OpBuilder &builder,
                                const FewerAxesTranspose &plan) {
  tosa::TransposeOp original = plan.transpose;
  ImplicitLocOpBuilder b(original.getLoc(), builder);
  auto result = cast<RankedTensorType>(original.getType());
  Type element = result.getElementType();
  SmallVector<int64_t> moved;
  for (int32_t axis : plan.perms)
    moved.push_back(plan.shape[axis]);
  Value input = reshapeTo(b, original.getInput1(), plan.shape);
  Value transposed =
      tosa::TransposeOp::create(b, RankedTensorType::get(moved, element), input,
                                b.getDenseI32ArrayAttr(plan.perms));
  return reshapeTo(b, transposed, result.getShape());
}

/// Whether `op` reverses the channel axis (the innermost, as NHWC) of a
/// rank-2 to rank-4 tensor: Vela 5.2 reverses only H or W for Ethos-U55
/// (U55.REVERSE.AXIS), and a graph written NCHW, as ExecuTorch's TOSA
/// backend writes `torch.rot90` or `torch.flip` over W, reverses its last
/// axis. buildReverseThroughWidth rewrites it.
bool isChannelReverse(tosa::ReverseOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput1().getType());
  return type && type.hasStaticShape() && type.getRank() >= 2 &&
         type.getRank() <= 4 && op.getAxis() == type.getRank() - 1 &&
         type.getShape().back() > 1;
}

/// The permutation of `rank` axes that swaps the last two.
SmallVector<int32_t> swappingLastTwoAxes(int64_t rank) {
  auto perms = llvm::to_vector(llvm::seq<int32_t>(0, rank));
  std::swap(perms[rank - 1], perms[rank - 2]);
  return perms;
}

/// The permutation of a transpose by `first` followed by one by `second`.
SmallVector<int32_t> composePerms(ArrayRef<int32_t> first,
                                  ArrayRef<int32_t> second) {
  SmallVector<int32_t> composed;
  for (int32_t axis : second)
    composed.push_back(first[axis]);
  return composed;
}

/// The single-use transpose `value` comes from, if any.
tosa::TransposeOp singleUseTransposeOf(Value value) {
  auto transpose = value.getDefiningOp<tosa::TransposeOp>();
  return transpose && transpose->hasOneUse() ? transpose : nullptr;
}

/// The op whose result the channel reverse `op` is rewritten for: its only
/// user when that is a transpose (the rewrite then absorbs it), else `op`.
Operation *channelReverseRoot(tosa::ReverseOp op) {
  if (op->hasOneUse())
    if (auto user = dyn_cast<tosa::TransposeOp>(*op->getUsers().begin()))
      return user;
  return op;
}

/// The channel reverse `op` as Ethos-U55 runs it: the channel and W axes
/// swapped by a transpose, a reverse of W, and the same transpose back; a
/// single-use transpose before `op` and one reading it are composed with
/// those (a graph written NCHW has them on both sides), so the NPU runs no
/// more transposes than the graph had. Builds the value of
/// channelReverseRoot(op). Exact (it only moves values).
Value buildReverseThroughWidth(OpBuilder &builder, tosa::ReverseOp op) {
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  auto type = cast<RankedTensorType>(op.getInput1().getType());
  int64_t rank = type.getRank();
  SmallVector<int32_t> swap = swappingLastTwoAxes(rank);
  auto transpose = [&](Value value, ArrayRef<int32_t> perms) -> Value {
    if (llvm::equal(perms, llvm::seq<int32_t>(0, perms.size())))
      return value;
    auto in = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape;
    for (int32_t axis : perms)
      shape.push_back(in.getDimSize(axis));
    return tosa::TransposeOp::create(
        b, RankedTensorType::get(shape, in.getElementType()), value,
        b.getDenseI32ArrayAttr(perms));
  };
  Value source = op.getInput1();
  SmallVector<int32_t> before = swap;
  if (tosa::TransposeOp producer = singleUseTransposeOf(source)) {
    before = composePerms(producer.getPerms(), swap);
    source = producer.getInput1();
  }
  SmallVector<int32_t> after = swap;
  Operation *root = channelReverseRoot(op);
  if (auto consumer = dyn_cast<tosa::TransposeOp>(root); consumer && root != op)
    after = composePerms(swap, consumer.getPerms());
  Value swapped = transpose(source, before);
  Value reversed = tosa::ReverseOp::create(
      b, swapped.getType(), swapped, b.getI32IntegerAttr(int32_t(rank - 2)));
  return transpose(reversed, after);
}

/// Whether `inType` to `outType` only broadcasts (every axis that grows has
/// size 1 in the input: torch's expand and expand_as, which ExecuTorch
/// writes as a TILE) an i8 or i16 tensor of rank 1 to 4. Vela 5.2 runs such a
/// TILE as one memory copy per repeat (8 x 613 U85 cycles for 1x8x8x1 to
/// 1x8x8x8); buildTileAsBroadcastMaximum's form takes 128 there and 3584 on
/// Ethos-U55 (against 8 x 626).
bool isBroadcast(Type inType, Type outType) {
  auto in = dyn_cast<RankedTensorType>(inType);
  auto out = dyn_cast<RankedTensorType>(outType);
  if (!in || !out || !in.hasStaticShape() || !out.hasStaticShape() ||
      in.getRank() < 1 || in.getRank() > 4 || in.getRank() != out.getRank())
    return false;
  Type element = in.getElementType();
  if (!element.isSignlessInteger(8) && !element.isSignlessInteger(16))
    return false;
  bool repeats = false;
  for (auto [inSize, outSize] : llvm::zip(in.getShape(), out.getShape())) {
    if (inSize == outSize)
      continue;
    if (inSize != 1)
      return false;
    repeats = true;
  }
  return repeats;
}

/// Whether the TILE `op` is such a broadcast.
bool isBroadcastTile(tosa::TileOp op) {
  return isBroadcast(op.getInput1().getType(), op.getType());
}

/// The broadcast a concat of one value with itself is, along an axis where
/// the value has size 1 (the TFLite importer's RESIZE from 1x1), as the
/// tosa.tile isBroadcastTile takes; null when it is not one. Vela 5.2 runs the
/// concat as one memory copy per operand (1x1 to 33x33x8: 33 x 87 and
/// 33 x 353 Ethos-U85 cycles).
tosa::TileOp tileOfConcatOfCopies(tosa::ConcatOp concat) {
  OperandRange parts = concat.getInput1();
  if (parts.size() < 2 || !llvm::all_equal(parts))
    return {};
  auto type = dyn_cast<RankedTensorType>(parts.front().getType());
  uint32_t axis = concat.getAxis();
  if (!type || !type.hasStaticShape() || axis >= type.getRank() ||
      type.getDimSize(axis) != 1 || !isBroadcast(type, concat.getType()))
    return {};
  SmallVector<int64_t> multiples(type.getRank(), 1);
  multiples[axis] = static_cast<int64_t>(parts.size());
  // A RESIZE from 1x1 repeats along W, then along H: the tile made of the
  // first concat, read only by this one, joins this tile, so that the
  // broadcast is one MAXIMUM (two took 132 more Ethos-U85 cycles for 1x1 to
  // 33x33x8 than Vela's TFLite route's one RESIZE).
  Value source = parts.front();
  if (auto inner = source.getDefiningOp<tosa::TileOp>()) {
    SmallVector<int64_t> innerMultiples;
    bool onlyHere = llvm::all_of(inner->getUsers(), [&](Operation *user) {
      return user == concat.getOperation();
    });
    if (onlyHere &&
        tosa::getConstShapeValues(inner.getMultiples().getDefiningOp(),
                                  innerMultiples) &&
        innerMultiples.size() == multiples.size() &&
        isBroadcast(inner.getInput1().getType(), concat.getType())) {
      for (auto [outer, innerMultiple] : llvm::zip(multiples, innerMultiples))
        outer *= innerMultiple;
      source = inner.getInput1();
    }
  }
  ImplicitLocOpBuilder builder(concat.getLoc(), concat);
  return tosa::TileOp::create(builder, concat.getType(), source,
                              tosa::getTosaConstShape(builder, multiples));
}

/// `op`'s broadcast as an elementwise MAXIMUM, which broadcasts both of its
/// operands: the input widened to i32 (PRO-INT's MAXIMUM), the maximum with
/// a constant of the element type's least value shaped [the repeated sizes,
/// 1 elsewhere], and a rescale by 1 back. Exact: max(x, min) is x. Vela
/// fuses both rescales into the maximum.
Value buildTileAsBroadcastMaximum(OpBuilder &builder, tosa::TileOp op) {
  ImplicitLocOpBuilder b(op.getLoc(), builder);
  auto in = cast<RankedTensorType>(op.getInput1().getType());
  auto out = cast<RankedTensorType>(op.getType());
  Type i32 = b.getI32Type();
  RescaleSpec unit = unitRescaleSpec();
  ConstantPool pool;
  Value wide =
      buildRescale(b, op.getLoc(), op.getInput1(),
                   RankedTensorType::get(in.getShape(), i32), unit, &pool);
  SmallVector<int64_t> floorShape;
  for (auto [inSize, outSize] : llvm::zip(in.getShape(), out.getShape()))
    floorShape.push_back(inSize == outSize ? 1 : outSize);
  // The constant in the narrow type, widened like the input: Vela then
  // fuses both rescales and runs an 8- or 16-bit maximum (an i32 constant
  // made it a 32-bit one: 24,576 U55 cycles for the case above).
  auto floorType = RankedTensorType::get(floorShape, in.getElementType());
  unsigned bits = in.getElementTypeBitWidth();
  Value floor = tosa::ConstOp::create(
      b, floorType,
      DenseElementsAttr::get(floorType, APInt::getSignedMinValue(bits)));
  Value wideFloor =
      buildRescale(b, op.getLoc(), floor,
                   RankedTensorType::get(floorShape, i32), unit, &pool);
  Value widest = tosa::MaximumOp::create(
      b, RankedTensorType::get(out.getShape(), i32), wide, wideFloor);
  return buildRescale(b, op.getLoc(), widest, out, unit, &pool);
}

/// A channel shuffle: a reshape splitting the innermost axis of i8 values
/// into [G, B], a transpose of those two axes, and a reshape merging them
/// back, each the only reader of the one before; the three move channel
/// a * B + b to b * G + a. Vela 5.2 runs the transpose in 2488 Ethos-U85
/// cycles for torch's ChannelShuffle(2) of 1x8x8x8 (as [8, 8, 2, 4]);
/// buildChannelShuffleAsConvolution's form in 360. Not on Ethos-U55, where
/// the transpose takes 512 and the convolution 576.
struct ChannelShuffle {
  tosa::ReshapeOp split;
  tosa::ReshapeOp merge;
  int64_t groups;   // G
  int64_t perGroup; // B
};

/// The channel shuffle that ends in `merge`, if it is one of at most 64
/// channels (the convolution multiplies every channel by every other).
std::optional<ChannelShuffle> matchChannelShuffle(tosa::ReshapeOp merge) {
  auto transpose = merge.getInput1().getDefiningOp<tosa::TransposeOp>();
  if (!transpose || !transpose->hasOneUse())
    return std::nullopt;
  auto split = transpose.getInput1().getDefiningOp<tosa::ReshapeOp>();
  if (!split || !split->hasOneUse())
    return std::nullopt;
  auto in = dyn_cast<RankedTensorType>(split.getInput1().getType());
  auto mid = dyn_cast<RankedTensorType>(split.getType());
  auto out = dyn_cast<RankedTensorType>(merge.getType());
  if (!in || !mid || !out || !in.hasStaticShape() || !mid.hasStaticShape() ||
      !out.hasStaticShape() || !in.getElementType().isSignlessInteger(8) ||
      in.getRank() < 1 || mid.getRank() < 2 || out.getRank() < 1)
    return std::nullopt;
  int64_t channels = in.getShape().back();
  int64_t groups = mid.getShape()[mid.getRank() - 2];
  int64_t perGroup = mid.getShape().back();
  if (channels > 64 || groups < 2 || perGroup < 2 ||
      groups * perGroup != channels || out.getShape().back() != channels)
    return std::nullopt;
  int64_t positions = in.getNumElements() / channels;
  if (mid.getNumElements() / channels != positions ||
      out.getNumElements() / channels != positions)
    return std::nullopt;
  if (transpose.getPerms() !=
      ArrayRef<int32_t>(swappingLastTwoAxes(mid.getRank())))
    return std::nullopt;
  return ChannelShuffle{split, merge, groups, perGroup};
}

/// A chain of 32-bit elementwise ops on [1, H, W, C] whose other operand is
/// per position, [1, H, W, 1] (softmax's reciprocal and shift), and the
/// per-tensor rescale that ends it, which buildChannelBroadcastChain
/// computes with the channels outermost. Vela 5.2 runs a U55 elementwise
/// op that broadcasts along C as if C were 16: for C = 2 and 1,024
/// positions a MUL takes 20,480 cycles and an ASR 17,408, against 3,072
/// each when the per-position operand broadcasts along H of [1, C, 1, P]
/// (the int8 U-Net's softmax). The transposes in (4 x 2,048 cycles for
/// i32) and out (1,536 for i8) cost less when the chain has two such ops
/// or ends narrower than it began.
struct ChannelBroadcastChain {
  /// The broadcasting ops in order, then the rescale if there is one.
  SmallVector<Operation *> ops;
  /// The [1, H, W, C] operand of the first op.
  Value full;
};

/// Channels below this many pay Vela's broadcast along C (measured: C = 8
/// broadcasts in 1.2x a MUL of the same size, C = 2 in 6.7x).
constexpr int64_t kFewChannels = 8;

/// The operand of `op` (a tosa.mul or tosa.arithmetic_right_shift of
/// [1, H, W, C] i32) that is per position, or -1.
int perPositionOperand(Operation *op) {
  if (!isa<tosa::MulOp, tosa::ArithmeticRightShiftOp>(op))
    return -1;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape() || type.getRank() != 4 ||
      type.getDimSize(0) != 1 || !type.getElementType().isInteger(32))
    return -1;
  int64_t channels = type.getDimSize(3);
  if (channels < 2 || channels >= kFewChannels ||
      type.getNumElements() / channels < 2)
    return -1;
  SmallVector<int64_t> perPosition(type.getShape());
  perPosition.back() = 1;
  for (int index : {0, 1}) {
    auto mine = dyn_cast<RankedTensorType>(op->getOperand(index).getType());
    auto other =
        dyn_cast<RankedTensorType>(op->getOperand(1 - index).getType());
    if (mine && other && mine.getShape() == ArrayRef<int64_t>(perPosition) &&
        other.getShape() == type.getShape())
      return index;
  }
  return -1;
}

/// The chain that starts at `op`, if `op` is its first op and the chain
/// pays for its transposes.
std::optional<ChannelBroadcastChain> matchChannelBroadcastChain(Operation *op) {
  int perPosition = perPositionOperand(op);
  if (perPosition < 0)
    return std::nullopt;
  ChannelBroadcastChain chain;
  chain.full = op->getOperand(1 - perPosition);
  // Not the first op: the one before it extends to it.
  if (Operation *producer = chain.full.getDefiningOp();
      producer && producer->hasOneUse() && perPositionOperand(producer) >= 0)
    return std::nullopt;
  chain.ops.push_back(op);
  while (op->hasOneUse()) {
    Operation *user = *op->getUsers().begin();
    int next = perPositionOperand(user);
    if (next >= 0 && user->getOperand(1 - next) == op->getResult(0)) {
      chain.ops.push_back(op = user);
      continue;
    }
    if (auto rescale = dyn_cast<tosa::RescaleOp>(user);
        rescale && !rescale.getPerChannel())
      chain.ops.push_back(user);
    break;
  }
  int64_t broadcasting = llvm::count_if(chain.ops, [](Operation *member) {
    return !isa<tosa::RescaleOp>(member);
  });
  if (broadcasting < 2 && !isa<tosa::RescaleOp>(chain.ops.back()))
    return std::nullopt;
  return chain;
}

/// `chain` over [1, C, 1, P]: its full operand transposed and reshaped, each
/// per-position operand reshaped to [1, 1, 1, P], each op cloned with that
/// shape, and the last result transposed back to [1, H, W, C]. Exact: the
/// ops are elementwise.
Value buildChannelBroadcastChain(OpBuilder &builder,
                                 const ChannelBroadcastChain &chain) {
  Operation *last = chain.ops.back();
  ImplicitLocOpBuilder b(last->getLoc(), builder);
  auto type = cast<RankedTensorType>(chain.full.getType());
  int64_t height = type.getDimSize(1), width = type.getDimSize(2);
  int64_t channels = type.getDimSize(3), positions = height * width;
  Value current = tosa::TransposeOp::create(
      b,
      RankedTensorType::get({1, channels, height, width},
                            type.getElementType()),
      chain.full, b.getDenseI32ArrayAttr({0, 3, 1, 2}));
  current = reshapeTo(b, current, {1, channels, 1, positions});
  for (Operation *op : chain.ops) {
    IRMapping mapping;
    if (isa<tosa::RescaleOp>(op)) {
      mapping.map(op->getOperand(0), current);
    } else {
      int perPosition = perPositionOperand(op);
      mapping.map(op->getOperand(1 - perPosition), current);
      mapping.map(
          op->getOperand(perPosition),
          reshapeTo(b, op->getOperand(perPosition), {1, 1, 1, positions}));
    }
    Operation *clone = b.clone(*op, mapping);
    Type element =
        cast<RankedTensorType>(op->getResult(0).getType()).getElementType();
    clone->getResult(0).setType(
        RankedTensorType::get({1, channels, 1, positions}, element));
    current = clone->getResult(0);
  }
  Type element = cast<RankedTensorType>(current.getType()).getElementType();
  current = reshapeTo(b, current, {1, channels, height, width});
  return tosa::TransposeOp::create(
      b, RankedTensorType::get({1, height, width, channels}, element), current,
      b.getDenseI32ArrayAttr({0, 2, 3, 1}));
}

/// `shuffle` as a 1x1 convolution whose weights pick each output channel's
/// input channel, over the positions as [1, 1, P, C], with zero points 0, a
/// zero bias and a rescale by 1. Exact: each accumulator is one stored
/// value times 1.
Value buildChannelShuffleAsConvolution(OpBuilder &builder,
                                       ChannelShuffle shuffle) {
  ImplicitLocOpBuilder b(shuffle.merge.getLoc(), builder);
  Value input = shuffle.split.getInput1();
  auto in = cast<RankedTensorType>(input.getType());
  int64_t channels = in.getShape().back();
  int64_t positions = in.getNumElements() / channels;
  Type i8 = b.getI8Type(), i32 = b.getI32Type();
  Value rows = reshapeTo(b, input, {1, 1, positions, channels});
  SmallVector<int8_t> weights(channels * channels, 0);
  for (int64_t a = 0; a < shuffle.groups; ++a)
    for (int64_t bIndex = 0; bIndex < shuffle.perGroup; ++bIndex)
      weights[(bIndex * shuffle.groups + a) * channels + a * shuffle.perGroup +
              bIndex] = 1;
  auto weightType = RankedTensorType::get({channels, 1, 1, channels}, i8);
  Value weight = tosa::ConstOp::create(
      b, weightType,
      DenseElementsAttr::get(weightType, ArrayRef<int8_t>(weights)));
  auto biasType = RankedTensorType::get({channels}, i32);
  Value bias = tosa::ConstOp::create(
      b, biasType, DenseElementsAttr::get(biasType, b.getI32IntegerAttr(0)));
  ConstantPool pool;
  Value zero = buildIntegerScalar(b, b.getLoc(), i8, 0, &pool);
  Value acc = tosa::Conv2DOp::create(
      b, RankedTensorType::get({1, 1, positions, channels}, i32), rows, weight,
      bias, zero, zero, b.getDenseI64ArrayAttr({0, 0, 0, 0}),
      b.getDenseI64ArrayAttr({1, 1}), b.getDenseI64ArrayAttr({1, 1}),
      TypeAttr::get(i32));
  RescaleSpec unit = unitRescaleSpec();
  Value shuffled = buildRescale(
      b, b.getLoc(), acc,
      RankedTensorType::get({1, 1, positions, channels}, i8), unit, &pool);
  return reshapeTo(b, shuffled,
                   cast<RankedTensorType>(shuffle.merge.getType()).getShape());
}

/// On Ethos-U85 Vela compiles the 16x8 transposed convolution but runs its
/// i48 RESCALE as an operation of its own (half of seanet's
/// transpose_conv3's cycles); the convolution form fuses it. Measured with
/// Vela 5.2: it pays where one axis is strided (seanet's 1x2 strides:
/// 1.73x to 1.10x and 2.16x to 1.81x the TFLite route's cycles), not where
/// both are (the zero insertion copies twice: unet_int16x8 1.45x to 1.47x).
bool isStridedAlongOneAxis(tosa::TransposeConv2DOp conv) {
  ArrayRef<int64_t> stride = conv.getStride();
  return (stride[0] > 1) != (stride[1] > 1);
}

/// A transposed convolution as phases, and the zero-inserting convolution
/// form for the same op where the target needs it, to fall back on when an
/// op of the phase form breaks a rule.
struct PhasesRewrite {
  TransposeConvAsPhases plan;
  std::optional<TransposeConvAsConvolution> fallback;
};

struct EthosULegalizePass
    : public qtosa::impl::EthosULegalizePassBase<EthosULegalizePass> {
  using EthosULegalizePassBase::EthosULegalizePassBase;

  void runOnOperation() override {
    bool u55 = target == EthosUTarget::U55_128;
    SmallVector<BilinearAsConvolution> resizes;
    SmallVector<TransposeConvAsConvolution> transposeConvs;
    SmallVector<PhasesRewrite> phaseRewrites;
    SmallVector<tosa::ReduceMaxOp> maxima;
    SmallVector<tosa::ReverseOp> channelReverses;
    SmallVector<tosa::TileOp> broadcasts;
    SmallVector<ChannelShuffle> shuffles;
    SmallVector<ChannelBroadcastChain> broadcastChains;
    SmallVector<DepthwiseAsConvolution> depthwiseConvs;
    SmallVector<SumAsDepthwise> planeSums;
    SmallVector<ClampBeforeRescale> clampsBeforeRescales;
    SmallVector<tosa::RescaleOp> resizeRescales;
    SmallVector<tosa::RescaleOp> wideningsToSplit;
    // DepthwiseAsConvolution.h: where the block-diagonal convolution's C^2
    // MACs cost less than Vela's transposes (on Ethos-U55 for 8-bit inputs
    // only: a 16x8 one of 32 channels took 1.09x the transposes' cycles).
    int64_t maxDepthwiseChannels = u55 ? 32 : 256;
    // On Ethos-U85 a concat of copies is a broadcast, which the tile rewrite
    // below runs as one MAXIMUM (the factory's RESIZE from 1x1 to 33x33:
    // 14,520 cycles of copies). Ethos-U55 copies faster than it
    // broadcasts (17,622 cycles against 58,857 for Vela's TFLite route's
    // broadcasting ADD), so the concats stay there.
    if (!u55) {
      SmallVector<tosa::ConcatOp> concats;
      getOperation().walk(
          [&](tosa::ConcatOp concat) { concats.push_back(concat); });
      for (tosa::ConcatOp concat : concats)
        if (tosa::TileOp tile = tileOfConcatOfCopies(concat)) {
          concat.replaceAllUsesWith(tile.getResult());
          eraseWithDeadOperands(concat);
        }
    }
    getOperation().walk([&](Operation *op) {
      // Ethos-U85 broadcasts along C at nearly the cost of the transposes.
      if (u55)
        if (std::optional<ChannelBroadcastChain> chain =
                matchChannelBroadcastChain(op))
          broadcastChains.push_back(*chain);
      // Vela compiles the bilinear resize for Ethos-U85, and the 16x8
      // transposed convolution (faster as a convolution where one axis is
      // strided). Any transposed convolution with its rescale is faster as
      // phases on both targets, for any type.
      if (auto resize = dyn_cast<tosa::ResizeOp>(op); resize && u55) {
        WhyNotOr<BilinearAsConvolution> plan =
            planBilinearAsConvolution(resize);
        if (plan.hasValue())
          resizes.push_back(*plan);
      } else if (auto conv = dyn_cast<tosa::TransposeConv2DOp>(op)) {
        std::optional<TransposeConvAsConvolution> asConvolution;
        if (u55 || isStridedAlongOneAxis(conv)) {
          WhyNotOr<TransposeConvAsConvolution> plan =
              planTransposeConvAsConvolution(conv);
          if (plan.hasValue())
            asConvolution = *plan;
        }
        WhyNotOr<TransposeConvAsPhases> phases =
            planTransposeConvAsPhases(conv);
        if (phases.hasValue())
          phaseRewrites.push_back({*phases, asConvolution});
        else if (asConvolution)
          transposeConvs.push_back(*asConvolution);
      } else if (auto max = dyn_cast<tosa::ReduceMaxOp>(op)) {
        if (isMaxOverLastAxis(max))
          maxima.push_back(max);
      } else if (auto reverse = dyn_cast<tosa::ReverseOp>(op);
                 reverse && u55 && isChannelReverse(reverse)) {
        channelReverses.push_back(reverse);
      } else if (auto tile = dyn_cast<tosa::TileOp>(op)) {
        if (isBroadcastTile(tile))
          broadcasts.push_back(tile);
      } else if (auto sum = dyn_cast<tosa::ReduceSumOp>(op)) {
        if (std::optional<SumAsDepthwise> plan = matchSumAsDepthwise(sum, u55))
          planeSums.push_back(*plan);
      } else if (auto depthwise = dyn_cast<tosa::DepthwiseConv2DOp>(op)) {
        auto input = dyn_cast<RankedTensorType>(depthwise.getInput().getType());
        bool wide = !input || !input.getElementType().isInteger(8);
        if (!(u55 && wide))
          if (WhyNotOr<DepthwiseAsConvolution> plan =
                  planDepthwiseAsConvolution(depthwise, maxDepthwiseChannels);
              plan.hasValue())
            depthwiseConvs.push_back(*plan);
      } else if (auto rescale = dyn_cast<tosa::RescaleOp>(op)) {
        if (std::optional<ClampBeforeRescale> plan =
                matchClampBeforeRescale(rescale))
          clampsBeforeRescales.push_back(*plan);
        // The resize stays on Ethos-U85; Ethos-U55 runs it as a depthwise
        // convolution (above), whose rescale Vela fuses whatever it is.
        else if (!u55 && isRoundingAwayShiftAfterResize(rescale))
          resizeRescales.push_back(rescale);
        else if (isDoubleRoundWithoutEffect(rescale))
          rescale.setRoundingMode(tosa::RoundingMode::SINGLE_ROUND);
      } else if (isa<tosa::MaximumOp, tosa::MinimumOp>(op) && u55) {
        llvm::append_range(wideningsToSplit, matchWideningsToSplit(op));
      } else if (auto merge = dyn_cast<tosa::ReshapeOp>(op); merge && !u55) {
        if (std::optional<ChannelShuffle> shuffle = matchChannelShuffle(merge))
          shuffles.push_back(*shuffle);
      }
    });
    bool found = !resizes.empty() || !transposeConvs.empty() ||
                 !phaseRewrites.empty() || !maxima.empty() ||
                 !channelReverses.empty() || !broadcasts.empty() ||
                 !shuffles.empty() || !broadcastChains.empty() ||
                 !depthwiseConvs.empty() || !planeSums.empty() ||
                 !clampsBeforeRescales.empty() || !resizeRescales.empty() ||
                 !wideningsToSplit.empty();
    for (tosa::RescaleOp rescale : resizeRescales)
      roundHalfUpAfterResize(rescale);
    {
      ConstantPool pool;
      for (tosa::RescaleOp widening : wideningsToSplit)
        splitWidening(widening, pool);
    }
    for (const BilinearAsConvolution &plan : resizes)
      rewrite(
          plan.resize, "a depthwise convolution", target,
          [&](OpBuilder &b) { return buildBilinearAsConvolution(b, plan); });
    for (const TransposeConvAsConvolution &plan : transposeConvs)
      rewrite(plan.transposeConv, "a convolution", target, [&](OpBuilder &b) {
        return buildTransposeConvAsConvolution(b, plan);
      });
    for (const PhasesRewrite &phases : phaseRewrites) {
      // The phase form replaces the rescale, and with it the transposed
      // convolution that only it read.
      if (rewrite(phases.plan.rescale, "a convolution per output phase", target,
                  [&](OpBuilder &b) {
                    return buildTransposeConvAsPhases(b, phases.plan);
                  }) ||
          !phases.fallback)
        continue;
      rewrite(phases.plan.transposeConv, "a convolution", target,
              [&](OpBuilder &b) {
                return buildTransposeConvAsConvolution(b, *phases.fallback);
              });
    }
    for (const ClampBeforeRescale &plan : clampsBeforeRescales)
      rewrite(plan.rescale, "a rescale then a clamp", target,
              [&](OpBuilder &b) { return buildRescaleThenClamp(b, plan); });
    for (const SumAsDepthwise &plan : planeSums)
      rewrite(plan.sum, "a depthwise convolution of ones", target,
              [&](OpBuilder &b) { return buildSumAsDepthwise(b, plan); });
    for (const DepthwiseAsConvolution &plan : depthwiseConvs)
      rewrite(
          plan.depthwise, "a block-diagonal convolution", target,
          [&](OpBuilder &b) { return buildDepthwiseAsConvolution(b, plan); });
    for (tosa::ReduceMaxOp max : maxima)
      rewrite(max, "a transpose and a max pool", target,
              [&](OpBuilder &b) { return buildMaxOverLastAxis(b, max); });
    for (tosa::TileOp tile : broadcasts)
      rewrite(tile, "a broadcasting maximum", target, [&](OpBuilder &b) {
        return buildTileAsBroadcastMaximum(b, tile);
      });
    for (ChannelShuffle shuffle : shuffles)
      rewrite(shuffle.merge, "a 1x1 convolution", target, [&](OpBuilder &b) {
        return buildChannelShuffleAsConvolution(b, shuffle);
      });
    for (const ChannelBroadcastChain &chain : broadcastChains)
      rewrite(
          chain.ops.back(), "channels outermost", target,
          [&](OpBuilder &b) { return buildChannelBroadcastChain(b, chain); });
    for (tosa::ReverseOp reverse : channelReverses)
      rewrite(channelReverseRoot(reverse), "a reverse of W between transposes",
              target, [&](OpBuilder &b) {
                return buildReverseThroughWidth(b, reverse);
              });
    bool reshaped = rewriteReadersInOneShape();
    if (!rewriteTransposesOfFewerAxes() && !found && !reshaped)
      markAllAnalysesPreserved();
  }

  /// Makes each value's readers read it in one shape, then joins the
  /// concats of reshapes that leaves (OneShapeReaders.h); returns whether
  /// it rewrote one.
  bool rewriteReadersInOneShape() {
    SmallVector<ReadersInOneShape> plans;
    auto plan = [&](Value value) {
      if (std::optional<ReadersInOneShape> p = planReadersInOneShape(value))
        plans.push_back(*p);
    };
    getOperation().walk([&](Block *block) {
      for (BlockArgument argument : block->getArguments())
        plan(argument);
    });
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults())
        plan(result);
    });
    for (ReadersInOneShape &p : plans) {
      hoistReshape(p);
      for (Operation *reader : p.readers)
        rewrite(
            reader, "a reader of its input's rank-4 reshape", target,
            [&](OpBuilder &b) { return buildReaderInOneShape(b, p, reader); });
    }
    SmallVector<ConcatOfReshapes> concats;
    getOperation().walk([&](tosa::ConcatOp concat) {
      if (std::optional<ConcatOfReshapes> p = planConcatOfReshapes(concat))
        concats.push_back(*p);
    });
    for (const ConcatOfReshapes &p : concats)
      rewrite(p.concat, "a concat of its operands' inputs", target,
              [&](OpBuilder &b) { return buildConcatOfReshapes(b, p); });
    return !plans.empty() || !concats.empty();
  }

  /// Rewrites the transposes Vela would split, once the rewrites above
  /// have absorbed theirs (a channel shuffle's, a reversed channel
  /// axis'); returns whether it rewrote one.
  bool rewriteTransposesOfFewerAxes() {
    SmallVector<FewerAxesTranspose> plans;
    getOperation().walk([&](tosa::TransposeOp transpose) {
      if (std::optional<FewerAxesTranspose> plan =
              planTransposeOfFewerAxes(transpose))
        plans.push_back(*plan);
    });
    for (FewerAxesTranspose plan : plans)
      rewrite(plan.transpose, "a transpose of fewer axes", target,
              [&](OpBuilder &b) { return buildTransposeOfFewerAxes(b, plan); });
    return !plans.empty();
  }
};

} // namespace

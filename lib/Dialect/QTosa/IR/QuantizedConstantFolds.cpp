//===- QuantizedConstantFolds.cpp - Data movement on quantized constants --===//
//
// op(dequantize(constant, P)) -> dequantize(constant', P') for data-movement
// ops: the stored integers move as the op moves values, and P' (from
// QuantBehaviourOpInterface) gives every element the scale and zero point it
// had. Upstream TOSA folders skip quantized data; these run under
// --canonicalize and in qtosa-fold-quantized-constants.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QuantizedConstantFolds.h"
#include "qtosa/Dialect/QTosa/IR/PadIntoConvolution.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qtosa;

namespace {

SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// Builds a tensor of `type` whose element at each index comes from
/// `source(index)`: the element of input `first` at linear position `second`,
/// or a pad value when `first` is -1. Refuses rather than read past an input
/// (the callers check what TOSA's verifiers leave open; this is the net).
WhyNotOr<DenseElementsAttr>
gatherElements(RankedTensorType type, ArrayRef<SmallVector<APInt>> inputs,
               function_ref<std::pair<int, int64_t>(ArrayRef<int64_t>)> source,
               function_ref<APInt(ArrayRef<int64_t>)> padValue) {
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> strides = stridesOf(shape);
  SmallVector<APInt> values;
  values.reserve(type.getNumElements());
  SmallVector<int64_t> index(shape.size());
  for (int64_t linear = 0, n = type.getNumElements(); linear < n; ++linear) {
    for (size_t d = 0; d < shape.size(); ++d)
      index[d] = (linear / strides[d]) % shape[d];
    auto [input, position] = source(index);
    if (input >= 0 && (position < 0 ||
                       position >= static_cast<int64_t>(inputs[input].size())))
      return "it would read an element outside its constant";
    values.push_back(input < 0 ? padValue(index) : inputs[input][position]);
  }
  return DenseElementsAttr::get(type, values);
}

int64_t linearIndex(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  int64_t linear = 0;
  for (auto [i, size] : llvm::zip(index, shape))
    linear = linear * size + i;
  return linear;
}

/// The stored value of `value` at each parameter position of `layout`, when
/// it is exactly representable at all of them.
std::optional<SmallVector<APInt>>
storedPadValues(float value, quant::QuantizedType qtype,
                const QuantParamLayout &layout) {
  unsigned width = cast<IntegerType>(qtype.getStorageType()).getWidth();
  SmallVector<APInt> stored;
  for (auto [scale, zp] : llvm::zip(layout.scales, layout.zeroPoints)) {
    std::optional<int64_t> q = storeExactly(
        value, scale, zp, qtype.getStorageTypeMin(), qtype.getStorageTypeMax());
    if (!q)
      return std::nullopt;
    stored.push_back(
        APInt(width, static_cast<uint64_t>(*q), /*isSigned=*/true));
  }
  return stored;
}

/// The stored data `op` produces from stored `inputs`, or why it cannot.
WhyNotOr<DenseElementsAttr> moveStoredData(Operation *op,
                                           ArrayRef<DenseElementsAttr> inputs,
                                           RankedTensorType resultType,
                                           quant::QuantizedType inputType) {
  SmallVector<SmallVector<APInt>> values;
  for (DenseElementsAttr input : inputs)
    values.push_back(llvm::to_vector(input.getValues<APInt>()));
  ArrayRef<int64_t> inShape = inputs.front().getType().getShape();
  SmallVector<int64_t> inStrides = stridesOf(inShape);
  auto noPad = [](ArrayRef<int64_t>) -> APInt {
    llvm_unreachable("no pad value in this op");
  };
  auto fromFirst = [&](ArrayRef<int64_t> index) {
    return std::make_pair(0, linearIndex(index, inShape));
  };

  return llvm::TypeSwitch<Operation *, WhyNotOr<DenseElementsAttr>>(op)
      .Case<tosa::ReshapeOp, tosa::IdentityOp>([&](Operation *) {
        DenseElementsAttr data = inputs.front();
        return data.reshape(resultType);
      })
      .Case([&](tosa::TransposeOp transpose) -> WhyNotOr<DenseElementsAttr> {
        ArrayRef<int32_t> perms = transpose.getPerms();
        return gatherElements(
            resultType, values,
            [&](ArrayRef<int64_t> index) {
              SmallVector<int64_t> source(index.size());
              for (size_t d = 0; d < index.size(); ++d)
                source[perms[d]] = index[d];
              return fromFirst(source);
            },
            noPad);
      })
      .Case([&](tosa::SliceOp slice) -> WhyNotOr<DenseElementsAttr> {
        std::optional<SmallVector<int64_t>> start =
            getConstantShape(slice.getStart());
        if (!start)
          return "the slice start is not constant";
        // TOSA's verifier does not bound every slice by its input.
        ArrayRef<int64_t> outShape = resultType.getShape();
        if (start->size() != inShape.size() ||
            outShape.size() != inShape.size())
          return "the slice start does not match its input's rank";
        for (size_t d = 0; d < inShape.size(); ++d)
          if ((*start)[d] < 0 || (*start)[d] + outShape[d] > inShape[d])
            return "the slice reads outside its input";
        return gatherElements(
            resultType, values,
            [&](ArrayRef<int64_t> index) {
              SmallVector<int64_t> source(index);
              for (size_t d = 0; d < index.size(); ++d)
                source[d] += (*start)[d];
              return fromFirst(source);
            },
            noPad);
      })
      .Case([&](tosa::ReverseOp reverse) -> WhyNotOr<DenseElementsAttr> {
        int64_t axis = reverse.getAxis();
        return gatherElements(
            resultType, values,
            [&](ArrayRef<int64_t> index) {
              SmallVector<int64_t> source(index);
              source[axis] = inShape[axis] - 1 - index[axis];
              return fromFirst(source);
            },
            noPad);
      })
      .Case([&](tosa::TileOp) -> WhyNotOr<DenseElementsAttr> {
        return gatherElements(
            resultType, values,
            [&](ArrayRef<int64_t> index) {
              SmallVector<int64_t> source(index);
              for (size_t d = 0; d < index.size(); ++d)
                source[d] %= inShape[d];
              return fromFirst(source);
            },
            noPad);
      })
      .Case([&](tosa::ConcatOp concat) -> WhyNotOr<DenseElementsAttr> {
        int64_t axis = concat.getAxis();
        return gatherElements(
            resultType, values,
            [&](ArrayRef<int64_t> index) {
              SmallVector<int64_t> source(index);
              int input = 0;
              while (source[axis] >= inputs[input].getType().getDimSize(axis))
                source[axis] -= inputs[input++].getType().getDimSize(axis);
              return std::make_pair(
                  input,
                  linearIndex(source, inputs[input].getType().getShape()));
            },
            noPad);
      })
      .Case([&](tosa::PadOp pad) -> WhyNotOr<DenseElementsAttr> {
        std::optional<SmallVector<int64_t>> padding =
            getConstantShape(pad.getPadding());
        std::optional<float> padValue =
            getScalarFloatConstant(pad.getPadConst());
        if (!padding || !padValue)
          return "the padding or the pad value is not constant";
        FailureOr<QuantParamLayout> layout =
            getQuantParamLayout(inputType, resultType.getShape());
        std::optional<SmallVector<APInt>> padStored;
        if (succeeded(layout) && !layout->needsReshape)
          padStored = storedPadValues(*padValue, inputType, *layout);
        if (!padStored)
          return "the pad value is not a quantized value in every channel";
        return gatherElements(
            resultType, values,
            [&](ArrayRef<int64_t> index) {
              SmallVector<int64_t> source(index);
              for (size_t d = 0; d < index.size(); ++d) {
                source[d] -= (*padding)[2 * d];
                if (source[d] < 0 || source[d] >= inShape[d])
                  return std::make_pair(-1, int64_t(0));
              }
              return fromFirst(source);
            },
            [&](ArrayRef<int64_t> index) {
              // The parameter position of this element broadcasts over
              // every dimension of size 1 in the layout.
              int64_t position = 0;
              for (auto [i, size] : llvm::zip(index, layout->paramShape))
                position = position * size + (size == 1 ? 0 : i);
              return (*padStored)[position];
            });
      })
      .Default([&](Operation *) {
        return "its data movement has no constant evaluation here";
      });
}

/// What folding `op` builds: the moved data and its parameters.
struct FoldPlan {
  DenseElementsAttr data;
  quant::QuantizedType qtype;
};

/// What a data-movement op on quantized constants reads: the stored data
/// and parameters of its value operands.
struct FoldInputs {
  QuantBehaviourOpInterface iface;
  RankedTensorType resultType;
  SmallVector<DenseElementsAttr> data;
  SmallVector<quant::QuantizedType> types;
  int64_t elements = 0;
  /// Every constant and dequantize read has `op` as its only user.
  bool singleUse = true;
};

/// The inputs of `op` when it is a data-movement op on quantized constants;
/// nothing for any other op, which has nothing to explain. Asked of every
/// op the canonicalizer visits.
std::optional<FoldInputs> getFoldInputs(Operation *op) {
  auto iface = dyn_cast<QuantBehaviourOpInterface>(op);
  if (!iface || iface.getQuantBehaviour() != QuantBehaviour::DataMovement ||
      op->getNumResults() != 1)
    return std::nullopt;
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || !isa<FloatType>(resultType.getElementType()))
    return std::nullopt;

  std::optional<FoldInputs> inputs(std::in_place);
  inputs->iface = iface;
  inputs->resultType = resultType;
  for (unsigned index : iface.getValueOperands()) {
    // The pad value is a float constant, stored per element by the move.
    if (isa<tosa::PadOp>(op) && index != 0)
      continue;
    auto dequantize = op->getOperand(index).getDefiningOp<DequantizeOp>();
    auto constOp = dequantize
                       ? dequantize.getInput().getDefiningOp<tosa::ConstOp>()
                       : tosa::ConstOp();
    auto data = constOp
                    ? dyn_cast<DenseIntElementsAttr>(constOp.getValuesAttr())
                    : DenseIntElementsAttr();
    if (!data)
      return std::nullopt;
    inputs->data.push_back(data);
    inputs->types.push_back(dequantize.getQtype());
    inputs->elements += data.getNumElements();
    inputs->singleUse &= dequantize->hasOneUse() && constOp->hasOneUse();
  }
  if (inputs->data.empty())
    return std::nullopt;
  return inputs;
}

/// Plans the fold of `op`, which reads `inputs`.
WhyNotOr<FoldPlan> planFold(Operation *op, const FoldInputs &inputs,
                            bool force) {
  RankedTensorType resultType = inputs.resultType;
  if (!resultType.hasStaticShape())
    return "its result shape is dynamic";
  // Like upstream's constant folders: do not duplicate a shared constant
  // into a larger one unless asked to.
  double resultElements = countElements(resultType.getShape());
  if (!force && !inputs.singleUse && resultElements > inputs.elements)
    return "it would copy a shared constant into a larger one (force=true "
           "folds anyway)";
  WhyNotOr<quant::QuantizedType> resultQType =
      QuantBehaviourOpInterface(inputs.iface).getResultQuantType(inputs.types);
  if (resultQType.refused())
    return std::move(resultQType).whyNot();
  auto storageType = resultType.clone(resultQType->getStorageType());
  // A splat moved anywhere (but into padding) is the same splat; building
  // it element by element would cost memory in proportion to the result.
  DenseElementsAttr first = inputs.data.front();
  if (!isa<tosa::PadOp>(op) &&
      llvm::all_of(inputs.data, [&](DenseElementsAttr data) {
        return data.isSplat() &&
               data.getSplatValue<APInt>() == first.getSplatValue<APInt>();
      }))
    return FoldPlan{
        DenseElementsAttr::get(storageType, first.getSplatValue<APInt>()),
        *resultQType};
  // Tile and pad can ask for any size; past this the fold's element-wise
  // build would exhaust memory or abort.
  constexpr double kMaxFoldedElements = 1 << 24;
  if (resultElements > kMaxFoldedElements)
    return WhyNot::format(llvm::formatv("its result would have {0:F0} "
                                        "elements; folds build at most {1:F0}",
                                        resultElements, kMaxFoldedElements)
                              .str());
  WhyNotOr<DenseElementsAttr> moved =
      moveStoredData(op, inputs.data, storageType, inputs.types.front());
  if (moved.refused())
    return std::move(moved).whyNot();
  return FoldPlan{*moved, *resultQType};
}

struct FoldQuantizedConstantDataMovement : RewritePattern {
  FoldQuantizedConstantDataMovement(MLIRContext *ctx, bool force,
                                    PatternBenefit benefit)
      : RewritePattern(MatchAnyOpTypeTag(), benefit, ctx), force(force) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::optional<FoldInputs> inputs = getFoldInputs(op);
    if (!inputs)
      return failure();
    WhyNotOr<FoldPlan> plan = planFold(op, *inputs, force);
    if (plan.refused())
      return rewriter.notifyMatchFailure(op, plan.whyNot().str());
    auto constant = tosa::ConstOp::create(rewriter, op->getLoc(),
                                          plan->data.getType(), plan->data);
    rewriter.replaceOpWithNewOp<DequantizeOp>(
        op, op->getResult(0).getType(), constant, TypeAttr::get(plan->qtype));
    return success();
  }

  bool force;
};

} // namespace

void mlir::qtosa::populateFoldQuantizedConstantPatterns(
    RewritePatternSet &patterns, bool force, unsigned benefit) {
  patterns.add<FoldQuantizedConstantDataMovement>(patterns.getContext(), force,
                                                  benefit);
}

WhyNot mlir::qtosa::whyQuantizedConstantNotFolded(Operation *op, bool force) {
  std::optional<FoldInputs> inputs = getFoldInputs(op);
  if (!inputs)
    return {};
  WhyNotOr<FoldPlan> plan = planFold(op, *inputs, force);
  if (plan.hasValue())
    return {};
  return std::move(plan).whyNot();
}

void DequantizeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                               MLIRContext *) {
  populateFoldQuantizedConstantPatterns(patterns, /*force=*/false);
  populateFoldPadIntoConvolutionPatterns(patterns);
}

//===- ExpandQDQ.cpp - qtosa.quantize/dequantize as TOSA arithmetic -------===//
//
// The arithmetic written here is the definition of the two ops: every
// numeric claim elsewhere (rewrites are exact, lowerings within 1 LSB) is
// checked by executing its output.
//
//===----------------------------------------------------------------------===//

#include "ChangeListener.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_EXPANDQDQPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Emits the TOSA ops of one expansion, with the parameter constants shaped
/// as `layout.paramShape` so that they broadcast against the data.
class QDQExpander {
public:
  QDQExpander(PatternRewriter &rewriter, Location loc,
              const QuantParamLayout &layout)
      : rewriter(rewriter), loc(loc), layout(layout) {}

  Value reshape(Value value, ArrayRef<int64_t> shape) {
    auto type = cast<RankedTensorType>(value.getType());
    return tosa::ReshapeOp::create(
        rewriter, loc, type.clone(shape), value,
        tosa::getTosaConstShape(rewriter, loc, shape));
  }

  Value convert(Value value, Type elementType) {
    auto type = cast<RankedTensorType>(value.getType());
    return tosa::CastOp::create(rewriter, loc, type.clone(elementType), value);
  }

  /// A parameter tensor in `layout.paramShape` holding `values` as f32.
  Value f32Params(ArrayRef<double> values) {
    auto type = RankedTensorType::get(layout.paramShape, rewriter.getF32Type());
    SmallVector<float> narrowed(values.begin(), values.end());
    if (llvm::all_equal(narrowed))
      narrowed.resize(1);
    return constant(type, DenseElementsAttr::get(type, ArrayRef(narrowed)));
  }

  /// A parameter tensor in `layout.paramShape` holding `values` as i32.
  Value i32Params(ArrayRef<int64_t> values) {
    auto type = RankedTensorType::get(layout.paramShape, rewriter.getI32Type());
    SmallVector<int32_t> narrowed(values.begin(), values.end());
    if (llvm::all_equal(narrowed))
      narrowed.resize(1);
    return constant(type, DenseElementsAttr::get(type, ArrayRef(narrowed)));
  }

  /// A tensor of rank `rank` with every dimension 1 holding `value`, an
  /// int32_t (i32) or a float (f32).
  template <typename T> Value scalar(int64_t rank, T value) {
    static_assert(std::is_same_v<T, int32_t> || std::is_same_v<T, float>);
    Type element = std::is_same_v<T, float> ? Type(rewriter.getF32Type())
                                            : Type(rewriter.getI32Type());
    auto type = RankedTensorType::get(SmallVector<int64_t>(rank, 1), element);
    return constant(type, DenseElementsAttr::get(type, value));
  }

  Value mul(Value lhs, Value rhs) {
    auto shiftType = RankedTensorType::get({1}, rewriter.getI8Type());
    Value shift =
        constant(shiftType, DenseElementsAttr::get(shiftType, int8_t(0)));
    return tosa::MulOp::create(rewriter, loc, lhs.getType(), lhs, rhs, shift);
  }

  Value add(Value lhs, Value rhs) {
    return tosa::AddOp::create(rewriter, loc, lhs.getType(), lhs, rhs);
  }

  Value sub(Value lhs, Value rhs) {
    return tosa::SubOp::create(rewriter, loc, lhs.getType(), lhs, rhs);
  }

  /// Finite f32 `value` rounded to the nearest integer, ties away from zero,
  /// as std::round does. floor(|v|) and |v| - floor(|v|) are exact in f32,
  /// where floor(|v| + 0.5) is not: 0.5 - 2^-25 plus 0.5 rounds up to 1.
  Value roundTiesAwayF32(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    int64_t rank = type.getRank();
    auto boolType = type.clone(rewriter.getI1Type());
    Value magnitude = tosa::AbsOp::create(rewriter, loc, type, value);
    Value whole = tosa::FloorOp::create(rewriter, loc, type, magnitude);
    // One statement per op: the order of a call's arguments is the
    // compiler's, and the IR's order must not be.
    Value half = scalar(rank, 0.5f);
    Value fraction = sub(magnitude, whole);
    Value halfOrMore =
        tosa::GreaterEqualOp::create(rewriter, loc, boolType, fraction, half);
    Value one = scalar(rank, 1.0f);
    Value next = add(whole, one);
    Value rounded =
        tosa::SelectOp::create(rewriter, loc, type, halfOrMore, next, whole);
    Value zero = scalar(rank, 0.0f);
    Value negative =
        tosa::GreaterOp::create(rewriter, loc, boolType, zero, value);
    Value negated = tosa::SubOp::create(rewriter, loc, type, zero, rounded);
    return tosa::SelectOp::create(rewriter, loc, type, negative, negated,
                                  rounded);
  }

  Value bitwiseAnd(Value lhs, Value rhs) {
    return tosa::BitwiseAndOp::create(rewriter, loc, lhs.getType(), lhs, rhs);
  }

  /// Clamps f32 `value` to [lower, upper] per parameter position. NaN goes to
  /// the lower bound (IGNORE skips the NaN operand of each comparison).
  Value clampF32(Value value, ArrayRef<float> lower, ArrayRef<float> upper) {
    auto ignore = tosa::NanPropagationModeAttr::get(
        rewriter.getContext(), tosa::NanPropagationMode::IGNORE);
    if (llvm::all_equal(lower) && llvm::all_equal(upper))
      return tosa::ClampOp::create(rewriter, loc, value.getType(), value,
                                   rewriter.getF32FloatAttr(lower.front()),
                                   rewriter.getF32FloatAttr(upper.front()),
                                   ignore);
    SmallVector<double> lowerWide(lower.begin(), lower.end());
    SmallVector<double> upperWide(upper.begin(), upper.end());
    Value atLeast = tosa::MaximumOp::create(
        rewriter, loc, value.getType(), value, f32Params(lowerWide), ignore);
    return tosa::MinimumOp::create(rewriter, loc, value.getType(), atLeast,
                                   f32Params(upperWide), ignore);
  }

private:
  Value constant(RankedTensorType type, DenseElementsAttr values) {
    if (values.getType() != type)
      values = values.resizeSplat(type);
    return tosa::ConstOp::create(rewriter, loc, type, values);
  }

  PatternRewriter &rewriter;
  Location loc;
  const QuantParamLayout &layout;
};

/// The parameter layout of a quantize or dequantize of `dataType` with
/// `qtype`, or why it has no expansion. Unless `anyStorageWidth`, only
/// storage TOSA 1.0 has tensors of, 8, 16 or 32 bits, is expanded: the
/// expansion casts between the storage and i32, and TOSA's cast has no
/// other integer widths (4-bit tensors exist only as convolution weights,
/// which no cast makes or reads).
WhyNotOr<QuantParamLayout> getExpandableLayout(quant::QuantizedType qtype,
                                               RankedTensorType dataType,
                                               bool anyStorageWidth) {
  unsigned width = qtype.getStorageTypeIntegralWidth();
  if (!anyStorageWidth && width != 8 && width != 16 && width != 32)
    return WhyNot::format(llvm::Twine(width) +
                          "-bit storage: TOSA 1.0 casts only 8-, 16- and "
                          "32-bit integers (4-bit tensors are convolution "
                          "weights only)");
  if (!qtype.isSigned() && width >= 32)
    return "unsigned 32-bit storage does not fit the i32 arithmetic";
  if (llvm::is_contained(dataType.getShape(), 0))
    return "it has no elements, and TOSA's arithmetic takes no zero-size "
           "tensor";
  FailureOr<QuantParamLayout> layout =
      getQuantParamLayout(qtype, dataType.getShape());
  if (failed(layout) || (layout->needsReshape && !dataType.hasStaticShape()))
    return "sub-channel blocks over a dynamic dimension have no static layout";
  return *layout;
}

/// The f32 nearest to `value`, rounded towards zero, so that a bound never
/// reaches past the integer it stands for.
float boundTowardZero(int64_t value) {
  llvm::APFloat bound(static_cast<double>(value));
  bool losesInfo = false;
  (void)bound.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmTowardZero,
                      &losesInfo);
  return bound.convertToFloat();
}

/// Checks that `OpTy` can be expanded and hands its parameter layout to
/// `expand`, which returns the replacement value.
template <typename OpTy> struct ExpandPattern : OpRewritePattern<OpTy> {
  ExpandPattern(MLIRContext *context, bool anyStorageWidth)
      : OpRewritePattern<OpTy>(context), anyStorageWidth(anyStorageWidth) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    RankedTensorType inputType = op.getInput().getType();
    WhyNotOr<QuantParamLayout> layout =
        getExpandableLayout(op.getQtype(), inputType, anyStorageWidth);
    if (layout.refused())
      return rewriter.notifyMatchFailure(op, layout.whyNot().str());
    QDQExpander expander(rewriter, op.getLoc(), *layout);
    rewriter.replaceOp(op, expand(op, *layout, expander, rewriter));
    return success();
  }

  virtual Value expand(OpTy op, const QuantParamLayout &layout,
                       QDQExpander &expand,
                       PatternRewriter &rewriter) const = 0;

  bool anyStorageWidth;
};

struct ExpandQuantize : ExpandPattern<QuantizeOp> {
  using ExpandPattern::ExpandPattern;

  Value expand(QuantizeOp op, const QuantParamLayout &layout,
               QDQExpander &expand, PatternRewriter &rewriter) const override {
    quant::QuantizedType qtype = op.getQtype();
    RankedTensorType inputType = op.getInput().getType();
    Value value = op.getInput();
    if (!inputType.getElementType().isF32())
      value = expand.convert(value, rewriter.getF32Type());
    if (layout.needsReshape)
      value = expand.reshape(value, layout.dataShape);

    SmallVector<double> inverseScales;
    for (double scale : layout.scales)
      inverseScales.push_back(1.0 / scale);
    value = expand.mul(value, expand.f32Params(inverseScales));

    // Clamping before rounding equals clamping after it, since both bounds
    // are integers; doing it first keeps the i32 conversion and the zero
    // point addition from overflowing.
    SmallVector<float> lower, upper;
    for (int64_t zp : layout.zeroPoints) {
      lower.push_back(boundTowardZero(qtype.getStorageTypeMin() - zp));
      upper.push_back(boundTowardZero(qtype.getStorageTypeMax() - zp));
    }
    value = expand.clampF32(value, lower, upper);
    // TOSA's CAST rounds ties to even; the bounds are integers, so rounding
    // the clamped value first leaves it within them.
    if (op.getTiesAwayFromZero())
      value = expand.roundTiesAwayF32(value);
    value = expand.convert(value, rewriter.getI32Type());
    if (llvm::any_of(layout.zeroPoints, [](int64_t zp) { return zp != 0; }))
      value = expand.add(value, expand.i32Params(layout.zeroPoints));

    if (layout.needsReshape)
      value = expand.reshape(value, inputType.getShape());
    if (qtype.getStorageTypeIntegralWidth() < 32)
      value = expand.convert(value, qtype.getStorageType());
    return value;
  }
};

struct ExpandDequantize : ExpandPattern<DequantizeOp> {
  using ExpandPattern::ExpandPattern;

  Value expand(DequantizeOp op, const QuantParamLayout &layout,
               QDQExpander &expand, PatternRewriter &rewriter) const override {
    quant::QuantizedType qtype = op.getQtype();
    RankedTensorType inputType = op.getInput().getType();

    unsigned width = qtype.getStorageTypeIntegralWidth();
    Value value = op.getInput();
    if (width < 32)
      value = expand.convert(value, rewriter.getI32Type());
    // tosa.cast sign-extends; unsigned storage keeps only its own bits.
    if (!qtype.isSigned())
      value = expand.bitwiseAnd(
          value, expand.scalar(inputType.getRank(),
                               static_cast<int32_t>((1u << width) - 1)));
    if (layout.needsReshape)
      value = expand.reshape(value, layout.dataShape);
    if (llvm::any_of(layout.zeroPoints, [](int64_t zp) { return zp != 0; }))
      value = expand.sub(value, expand.i32Params(layout.zeroPoints));
    value = expand.convert(value, rewriter.getF32Type());
    value = expand.mul(value, expand.f32Params(layout.scales));
    if (layout.needsReshape)
      value = expand.reshape(value, inputType.getShape());

    Type expressed = op.getOutput().getType().getElementType();
    if (!expressed.isF32())
      value = expand.convert(value, expressed);
    return value;
  }
};

struct ExpandQDQPass : qtosa::impl::ExpandQDQPassBase<ExpandQDQPass> {
  using ExpandQDQPassBase::ExpandQDQPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateExpandQDQPatterns(patterns, anyStorageWidth);
    ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);

    // What the patterns left is refused, each op with its own reason (asked
    // again here: the patterns' match failures are not diagnostics).
    bool leftOver = false;
    getOperation()->walk([&](Operation *op) {
      TypeSwitch<Operation *>(op).Case<QuantizeOp, DequantizeOp>([&](auto qdq) {
        WhyNotOr<QuantParamLayout> layout = getExpandableLayout(
            qdq.getQtype(), qdq.getInput().getType(), anyStorageWidth);
        qdq.emitError("cannot expand: ") << layout.whyNot().str();
        leftOver = true;
      });
    });
    if (leftOver)
      return signalPassFailure();
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void mlir::qtosa::populateExpandQDQPatterns(RewritePatternSet &patterns,
                                            bool anyStorageWidth) {
  patterns.add<ExpandQuantize, ExpandDequantize>(patterns.getContext(),
                                                 anyStorageWidth);
}

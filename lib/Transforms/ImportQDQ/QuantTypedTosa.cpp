//===- QuantTypedTosa.cpp - Quant-typed TOSA ops to qtosa ----------------===//
//
// A quant-typed TOSA op either computes on real values (then it becomes a
// float island between qtosa.dequantize and qtosa.quantize) or already
// spells its arithmetic in integers (then it keeps running on the storage
// tensors).
//
//===----------------------------------------------------------------------===//

#include "../VerifiedOp.h"
#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::import_qdq;

//===----------------------------------------------------------------------===//
// The plain integer bias of a quant-typed convolution
//===----------------------------------------------------------------------===//

namespace {
/// A convolution's input and weight, and the operand number of its bias.
struct ConvOperands {
  Value input, weight;
  unsigned biasNumber;
};
} // namespace

/// The ConvOperands of `op` by the ops' named accessors; nothing for ops
/// other than convolutions.
static std::optional<ConvOperands> getConvOperands(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ConvOperands>>(op)
      .Case<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
            tosa::TransposeConv2DOp>(
          [](auto conv) -> std::optional<ConvOperands> {
            return ConvOperands{conv.getInput(), conv.getWeight(),
                                conv.getBiasMutable().getOperandNumber()};
          })
      .Default([](Operation *) { return std::nullopt; });
}

/// The operand number of a pad's pad value; nothing for other ops.
static std::optional<unsigned> getPadValueOperandNumber(Operation *op) {
  if (auto pad = dyn_cast<tosa::PadOp>(op))
    return pad.getPadConstMutable().getOperandNumber();
  return std::nullopt;
}

/// TensorFlow's legalization writes a convolution's bias as a plain i32
/// tensor next to quant-typed input and weights. TFLite stores such a bias
/// at scale input_scale * weight_scale (per output channel for per-channel
/// weights) with zero point 0, so that it adds straight into the
/// accumulator; the float island must read it at that scale.
WhyNotOr<quant::QuantizedType> import_qdq::getImplicitBiasType(Operation *op) {
  std::optional<ConvOperands> conv = getConvOperands(op);
  if (!conv)
    return quant::QuantizedType();
  Value input = conv->input, weight = conv->weight,
        bias = op->getOperand(conv->biasNumber);
  auto biasType = dyn_cast<RankedTensorType>(bias.getType());
  auto inputQType = getQuantElementType(input.getType());
  auto weightQType = getQuantElementType(weight.getType());
  if (!biasType || !isa<IntegerType>(biasType.getElementType()) ||
      !inputQType || !weightQType)
    return quant::QuantizedType();

  auto biasElement = cast<IntegerType>(biasType.getElementType());
  if (biasElement.getWidth() > 32)
    return WhyNot::format(
        llvm::formatv("its plain {0} bias would be stored at input scale x "
                      "weight scale, and quantized types hold at most 32-bit "
                      "storage",
                      biasElement));
  auto inputUniform = dyn_cast<quant::UniformQuantizedType>(inputQType);
  if (!inputUniform)
    return "its plain integer bias is stored at input scale x weight scale, "
           "which needs a per-tensor input";
  Type expressed = inputUniform.getExpressedType();
  MLIRContext *ctx = op->getContext();
  int64_t storageMin =
      APInt::getSignedMinValue(biasElement.getWidth()).getSExtValue();
  int64_t storageMax =
      APInt::getSignedMaxValue(biasElement.getWidth()).getSExtValue();
  auto signlessStorage = IntegerType::get(ctx, biasElement.getWidth());
  if (auto weightUniform = dyn_cast<quant::UniformQuantizedType>(weightQType))
    return quant::QuantizedType(quant::UniformQuantizedType::get(
        quant::QuantizationFlags::Signed, signlessStorage, expressed,
        inputUniform.getScale() * weightUniform.getScale(), /*zeroPoint=*/0,
        storageMin, storageMax));

  // Per-channel weights: the bias takes one scale per output channel, so
  // the weights' axis must be the output channel (OC of conv2d, conv3d and
  // transpose_conv2d; C or M of depthwise_conv2d [KH, KW, C, M], whose
  // output channel is c * M + m).
  auto weightAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(weightQType);
  auto weightShape = cast<RankedTensorType>(weight.getType()).getShape();
  if (!weightAxis || biasType.getRank() != 1 || biasType.isDynamicDim(0))
    return "its plain integer bias needs per-tensor or per-axis weights and a "
           "static rank-1 bias to take the weights' scales";
  ArrayRef<double> weightScales = weightAxis.getScales();
  int32_t axis = weightAxis.getQuantizedDimension();
  SmallVector<double> channelScales;
  if (isa<tosa::DepthwiseConv2DOp>(op) && weightShape.size() == 4 &&
      !ShapedType::isDynamicShape(weightShape) && (axis == 2 || axis == 3)) {
    int64_t channels = weightShape[2], multiplier = weightShape[3];
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t m = 0; m < multiplier; ++m)
        channelScales.push_back(weightScales[axis == 2 ? c : m]);
  } else if (!isa<tosa::DepthwiseConv2DOp>(op) && axis == 0) {
    channelScales.assign(weightScales.begin(), weightScales.end());
  } else {
    return WhyNot::format(
        llvm::formatv("its plain integer bias takes one scale per output "
                      "channel, and the weights are quantized along dimension "
                      "{0}, which is not the output channel",
                      axis));
  }
  if (static_cast<int64_t>(channelScales.size()) != biasType.getDimSize(0))
    return WhyNot::format(llvm::formatv("its plain integer bias has {0} values "
                                        "for {1} per-channel weight scales",
                                        biasType.getDimSize(0),
                                        channelScales.size()));
  for (double &scale : channelScales)
    scale *= inputUniform.getScale();
  SmallVector<int64_t> zeroPoints(channelScales.size(), 0);
  return quant::QuantizedType(quant::UniformQuantizedPerAxisType::get(
      quant::QuantizationFlags::Signed, signlessStorage, expressed,
      channelScales, zeroPoints, /*quantizedDimension=*/0, storageMin,
      storageMax));
}

//===----------------------------------------------------------------------===//
// Quant-typed TOSA ops
//===----------------------------------------------------------------------===//

namespace {

struct QuantTypedTosaLowering : ConversionPattern {
  QuantTypedTosaLowering(const TypeConverter &converter, MLIRContext *ctx,
                         ImportQDQCounters *counters)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        counters(counters) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<tosa::TosaDialect>(op->getDialect()) || !hasQuantizedTypes(op) ||
        op->getNumRegions() != 0)
      return failure();

    if (auto constOp = dyn_cast<tosa::ConstOp>(op)) {
      Type storageType = getTypeConverter()->convertType(constOp.getType());
      if (constOp.getValuesAttr().getType() != storageType)
        return rewriter.notifyMatchFailure(op, "constant data is not storage");
      rewriter.replaceOpWithNewOp<tosa::ConstOp>(op, storageType,
                                                 constOp.getValuesAttr());
      return success();
    }

    if (succeeded(rewriteAsFloatIsland(op, operands, rewriter))) {
      if (counters)
        ++counters->floatIslands;
      return success();
    }
    if (counters)
      ++counters->integerOps;
    return keepOnStorage(op, operands, rewriter);
  }

private:
  /// The op as it is, on the storage tensors: exact, since TOSA already gives
  /// a quant-typed tensor the semantics of its storage type.
  LogicalResult keepOnStorage(Operation *op, ArrayRef<Value> operands,
                              ConversionPatternRewriter &rewriter) const {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs());
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }

  /// dequantize(operands) -> op on floats -> quantize(results), where that
  /// computes what the integer op computes on the values the types denote.
  LogicalResult rewriteAsFloatIsland(Operation *op, ArrayRef<Value> operands,
                                     ConversionPatternRewriter &rewriter) const;

  ImportQDQCounters *counters;
};

} // namespace

/// The parameters shared by every quantized operand and result of `op`, or
/// null when they differ.
static quant::QuantizedType getSharedQuantType(Operation *op) {
  quant::QuantizedType shared;
  for (Type type : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                      llvm::to_vector(op->getResultTypes()))) {
    quant::QuantizedType qtype = getQuantElementType(type);
    if (!qtype)
      continue;
    if (shared && shared != qtype)
      return {};
    shared = qtype;
  }
  return shared;
}

/// Converts a clamp bound given on stored integers to the value it denotes.
static FailureOr<Attribute> dequantizeBound(Attribute bound,
                                            quant::QuantizedType qtype,
                                            FloatType floatType) {
  auto uniform = dyn_cast<quant::UniformQuantizedType>(qtype);
  auto intBound = dyn_cast<IntegerAttr>(bound);
  if (!uniform || !intBound)
    return failure();
  int64_t stored = qtype.isSigned() ? intBound.getValue().getSExtValue()
                                    : intBound.getValue().getZExtValue();
  double real =
      static_cast<double>(stored - uniform.getZeroPoint()) * uniform.getScale();
  return Attribute(FloatAttr::get(floatType, real));
}

LogicalResult QuantTypedTosaLowering::rewriteAsFloatIsland(
    Operation *op, ArrayRef<Value> operands,
    ConversionPatternRewriter &rewriter) const {
  QuantBehaviour behaviour = getQuantBehaviour(op);
  SmallVector<ZeroPointOperand> zeroPoints = getZeroPointOperands(op);
  // tosa.cast, tosa.rescale, tosa.table, tosa.add, ... mean their integer
  // arithmetic; only value-moving ops and ops with zero-point operands mean
  // the same on real values.
  if (behaviour == QuantBehaviour::Independent && zeroPoints.empty())
    return failure();

  // Expressed types must agree so that the float op type-checks.
  FloatType floatType;
  for (Type type : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                      llvm::to_vector(op->getResultTypes()))) {
    quant::QuantizedType qtype = getQuantElementType(type);
    if (!qtype)
      continue;
    auto expressed = dyn_cast<FloatType>(qtype.getExpressedType());
    if (!expressed || (floatType && floatType != expressed))
      return failure();
    floatType = expressed;
  }
  if (!floatType)
    return failure();

  // Moving or selecting stored integers keeps their values only when input
  // and output denote them with the same parameters.
  if (behaviour != QuantBehaviour::Independent && !getSharedQuantType(op))
    return failure();

  // Zero-point operands must match the zero points of the types they belong
  // to; the float op then takes zeros.
  llvm::SmallDenseSet<unsigned> zeroPointIndices;
  for (const ZeroPointOperand &zp : zeroPoints) {
    zeroPointIndices.insert(zp.zeroPointIndex);
    Type ownerType = zp.ownerIsResult ? op->getResult(zp.ownerIndex).getType()
                                      : op->getOperand(zp.ownerIndex).getType();
    quant::QuantizedType qtype = getQuantElementType(ownerType);
    std::optional<int64_t> stored =
        getScalarIntConstant(op->getOperand(zp.zeroPointIndex));
    if (!qtype || !stored)
      return failure();
    FailureOr<QuantParamLayout> layout = getQuantParamLayout(
        qtype, cast<RankedTensorType>(ownerType).getShape());
    if (failed(layout) || llvm::any_of(layout->zeroPoints, [&](int64_t typeZp) {
          return typeZp != *stored;
        }))
      return failure();
  }

  Location loc = op->getLoc();
  quant::QuantizedType padQType =
      isa<tosa::PadOp>(op) ? getQuantElementType(op->getOperand(0).getType())
                           : quant::QuantizedType();
  SmallVector<Operation *> created;
  auto abandon = [&] {
    for (Operation *newOp : llvm::reverse(created))
      rewriter.eraseOp(newOp);
    return failure();
  };

  WhyNotOr<quant::QuantizedType> implicitBiasType = getImplicitBiasType(op);
  if (implicitBiasType.refused())
    return abandon();

  std::optional<unsigned> padValueNumber = getPadValueOperandNumber(op);
  std::optional<unsigned> biasNumber;
  if (std::optional<ConvOperands> conv = getConvOperands(op))
    biasNumber = conv->biasNumber;
  SmallVector<Value> floatOperands;
  Value floatZero;
  for (auto [index, original, converted] :
       llvm::enumerate(op->getOperands(), operands)) {
    if (zeroPointIndices.contains(index)) {
      if (!floatZero) {
        auto zeroType = RankedTensorType::get({1}, floatType);
        floatZero = tosa::ConstOp::create(
            rewriter, loc, zeroType,
            DenseElementsAttr::get(zeroType,
                                   rewriter.getFloatAttr(floatType, 0)));
        created.push_back(floatZero.getDefiningOp());
      }
      floatOperands.push_back(floatZero);
      continue;
    }
    quant::QuantizedType qtype = getQuantElementType(original.getType());
    // The pad value of a quant-typed pad may be written as a plain stored
    // integer; it denotes a value under the input's parameters.
    if (!qtype && padQType && index == padValueNumber &&
        isa<IntegerType>(getElementTypeOrSelf(original.getType())))
      qtype = padQType;
    if (!qtype && index == biasNumber && *implicitBiasType)
      qtype = *implicitBiasType;
    if (!qtype) {
      floatOperands.push_back(converted);
      continue;
    }
    auto storageType = cast<RankedTensorType>(converted.getType());
    auto dequantize =
        DequantizeOp::create(rewriter, loc, storageType.clone(floatType),
                             converted, TypeAttr::get(qtype));
    created.push_back(dequantize);
    floatOperands.push_back(dequantize);
  }

  SmallVector<Type> floatResultTypes;
  for (Type type : op->getResultTypes()) {
    if (isQuantized(type))
      floatResultTypes.push_back(cast<RankedTensorType>(type).clone(floatType));
    else
      floatResultTypes.push_back(type);
  }

  NamedAttrList attrs(op->getAttrs());
  if (attrs.get("acc_type"))
    attrs.set("acc_type", TypeAttr::get(rewriter.getF32Type()));
  if (isa<tosa::ClampOp>(op)) {
    quant::QuantizedType qtype = getSharedQuantType(op);
    FailureOr<Attribute> minVal =
        dequantizeBound(attrs.get("min_val"), qtype, floatType);
    FailureOr<Attribute> maxVal =
        dequantizeBound(attrs.get("max_val"), qtype, floatType);
    if (failed(minVal) || failed(maxVal))
      return abandon();
    attrs.set("min_val", *minVal);
    attrs.set("max_val", *maxVal);
  }

  // Build the float op detached and keep it only if it verifies: some
  // quant-typed ops have no float form at all.
  OperationState state(loc, op->getName(), floatOperands, floatResultTypes,
                       attrs);
  WhyNotOr<Operation *> floatOp = createIfVerified(state);
  if (floatOp.refused())
    return abandon();
  rewriter.insert(*floatOp);

  SmallVector<Value> replacements;
  for (auto [original, result] :
       llvm::zip(op->getResults(), (*floatOp)->getResults())) {
    quant::QuantizedType qtype = getQuantElementType(original.getType());
    if (!qtype) {
      replacements.push_back(result);
      continue;
    }
    Type storageType = getTypeConverter()->convertType(original.getType());
    replacements.push_back(QuantizeOp::create(rewriter, loc, storageType,
                                              result, TypeAttr::get(qtype)));
  }
  if (counters)
    for (Operation *newOp : created)
      counters->dequantizeOps += isa<DequantizeOp>(newOp);
  if (counters)
    counters->quantizeOps += llvm::count_if(
        op->getResults(), [](Value v) { return isQuantized(v); });
  rewriter.replaceOp(op, replacements);
  return success();
}

void mlir::qtosa::populateImportQDQPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns,
                                            ImportQDQCounters *counters) {
  MLIRContext *ctx = patterns.getContext();
  populateCastImportPatterns(typeConverter, patterns, counters);
  patterns.add<QuantTypedTosaLowering>(typeConverter, ctx, counters);
}

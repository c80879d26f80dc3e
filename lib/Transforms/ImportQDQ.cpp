//===- ImportQDQ.cpp - QDQ and quant-typed TOSA to qtosa ------------------===//
//
// Every value of quantized tensor type is replaced by its storage tensor. A
// quant-typed TOSA op either computes on real values (then it becomes a float
// island between qtosa.dequantize and qtosa.quantize) or already spells its
// arithmetic in integers (then it keeps running on the storage tensors).
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/QuantParams.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Transforms/Passes.h"
#include "VerifiedOp.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

namespace mlir::qtosa {
#define GEN_PASS_DEF_IMPORTQDQPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

static quant::QuantizedType getQuantElementType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return dyn_cast<quant::QuantizedType>(shaped.getElementType());
  return dyn_cast<quant::QuantizedType>(type);
}

static bool isQuantized(Type type) {
  return static_cast<bool>(getQuantElementType(type));
}

static bool isQuantized(Value value) { return isQuantized(value.getType()); }

/// Quantized types on the op's own operands and results, or in the signature
/// of a function.
static bool hasQuantizedTypes(Operation *op) {
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    return llvm::any_of(func.getArgumentTypes(),
                        [](Type t) { return isQuantized(t); }) ||
           llvm::any_of(func.getResultTypes(),
                        [](Type t) { return isQuantized(t); });
  return llvm::any_of(op->getOperandTypes(),
                      [](Type t) { return isQuantized(t); }) ||
         llvm::any_of(op->getResultTypes(),
                      [](Type t) { return isQuantized(t); });
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

std::unique_ptr<TypeConverter> mlir::qtosa::createQuantStorageTypeConverter() {
  auto converter = std::make_unique<TypeConverter>();
  converter->addConversion([](Type type) { return type; });
  converter->addConversion([](RankedTensorType type) -> Type {
    if (auto qtype = dyn_cast<quant::QuantizedType>(type.getElementType()))
      return type.clone(qtype.getStorageType());
    return type;
  });
  return converter;
}

//===----------------------------------------------------------------------===//
// The plain integer bias of a quant-typed convolution
//===----------------------------------------------------------------------===//

/// TensorFlow's legalization writes a convolution's bias as a plain i32
/// tensor next to quant-typed input and weights. TFLite stores such a bias
/// at scale input_scale * weight_scale (per output channel for per-channel
/// weights) with zero point 0, so that it adds straight into the
/// accumulator; the float island must read it at that scale.
///
/// Returns null when `op` is not such a convolution (quantized input and
/// weights, a bias of plain integer elements); otherwise the bias's type or
/// a failure with the reason in `whyNot`.
static FailureOr<quant::QuantizedType>
getImplicitBiasType(Operation *op, std::string &whyNot) {
  if (!isa<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
           tosa::TransposeConv2DOp>(op))
    return quant::QuantizedType();
  Value input = op->getOperand(0), weight = op->getOperand(1),
        bias = op->getOperand(2);
  auto biasType = dyn_cast<RankedTensorType>(bias.getType());
  auto inputQType = getQuantElementType(input.getType());
  auto weightQType = getQuantElementType(weight.getType());
  if (!biasType || !isa<IntegerType>(biasType.getElementType()) ||
      !inputQType || !weightQType)
    return quant::QuantizedType();

  auto biasElement = cast<IntegerType>(biasType.getElementType());
  if (biasElement.getWidth() > 32) {
    whyNot = llvm::formatv("its plain {0} bias would be stored at input scale "
                           "x weight scale, and quantized types hold at most "
                           "32-bit storage",
                           biasElement)
                 .str();
    return failure();
  }
  auto inputUniform = dyn_cast<quant::UniformQuantizedType>(inputQType);
  if (!inputUniform) {
    whyNot = "its plain integer bias is stored at input scale x weight scale, "
             "which needs a per-tensor input";
    return failure();
  }
  Type expressed = inputUniform.getExpressedType();
  MLIRContext *ctx = op->getContext();
  int64_t storageMin = APInt::getSignedMinValue(biasElement.getWidth())
                           .getSExtValue();
  int64_t storageMax = APInt::getSignedMaxValue(biasElement.getWidth())
                           .getSExtValue();
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
  if (!weightAxis || biasType.getRank() != 1 || biasType.isDynamicDim(0)) {
    whyNot = "its plain integer bias needs per-tensor or per-axis weights and "
             "a static rank-1 bias to take the weights' scales";
    return failure();
  }
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
    whyNot = llvm::formatv("its plain integer bias takes one scale per output "
                           "channel, and the weights are quantized along "
                           "dimension {0}, which is not the output channel",
                           axis)
                 .str();
    return failure();
  }
  if (static_cast<int64_t>(channelScales.size()) != biasType.getDimSize(0)) {
    whyNot = llvm::formatv("its plain integer bias has {0} values for {1} "
                           "per-channel weight scales",
                           biasType.getDimSize(0), channelScales.size())
                 .str();
    return failure();
  }
  for (double &scale : channelScales)
    scale *= inputUniform.getScale();
  SmallVector<int64_t> zeroPoints(channelScales.size(), 0);
  return quant::QuantizedType(quant::UniformQuantizedPerAxisType::get(
      quant::QuantizationFlags::Signed, signlessStorage, expressed,
      channelScales, zeroPoints, /*quantizedDimension=*/0, storageMin,
      storageMax));
}

//===----------------------------------------------------------------------===//
// Diagnostics for what cannot be imported
//===----------------------------------------------------------------------===//

/// Reports, at the op, every reason the conversion below would not apply;
/// `quantized` is hasQuantizedTypes(op).
static LogicalResult checkImportable(Operation *op, bool quantized) {
  auto checkType = [&](Type type) -> LogicalResult {
    quant::QuantizedType qtype = getQuantElementType(type);
    if (!qtype)
      return success();
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return op->emitError("cannot import '")
             << op->getName() << "': quantized type " << type
             << " is not a ranked tensor";
    return verifyQuantParamsForShape(
        [&] {
          return op->emitError("cannot import '")
                 << op->getName() << "': " << type << ": ";
        },
        qtype, tensor.getShape());
  };

  // Types are checked where values are defined, so that one bad type is
  // reported once rather than at every use.
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    for (Type type : func.getArgumentTypes())
      if (failed(checkType(type)))
        return failure();
    if (func.isExternal())
      for (Type type : func.getResultTypes())
        if (failed(checkType(type)))
          return failure();
    return success();
  }
  if (!quantized)
    return success();
  for (Type type : op->getResultTypes())
    if (failed(checkType(type)))
      return failure();

  if (isa<quant::QuantDialect, func::FuncDialect>(op->getDialect()))
    return success();
  if (!isa<tosa::TosaDialect>(op->getDialect()))
    return op->emitError("cannot import '")
           << op->getName()
           << "': only TOSA, func and quant ops may carry quantized types";
  if (op->getNumRegions() != 0)
    return op->emitError("cannot import '")
           << op->getName()
           << "': quantized values crossing TOSA control flow are not "
              "supported";
  std::string whyNot;
  if (failed(getImplicitBiasType(op, whyNot)))
    return op->emitError("cannot import '") << op->getName() << "': " << whyNot;
  return success();
}

//===----------------------------------------------------------------------===//
// quant.qcast / quant.dcast / quant.scast
//===----------------------------------------------------------------------===//

namespace {

struct QuantizeCastLowering : OpConversionPattern<quant::QuantizeCastOp> {
  QuantizeCastLowering(const TypeConverter &converter, MLIRContext *ctx,
                       ImportQDQCounters *counters)
      : OpConversionPattern(converter, ctx), counters(counters) {}

  LogicalResult
  matchAndRewrite(quant::QuantizeCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto qtype = getQuantElementType(op.getResult().getType());
    Type storageType = getTypeConverter()->convertType(op.getResult().getType());
    if (!qtype || !storageType)
      return rewriter.notifyMatchFailure(op, "result is not a quantized tensor");
    rewriter.replaceOpWithNewOp<QuantizeOp>(op, storageType, adaptor.getInput(),
                                            TypeAttr::get(qtype));
    if (counters)
      ++counters->quantizeOps;
    return success();
  }

  ImportQDQCounters *counters;
};

struct DequantizeCastLowering : OpConversionPattern<quant::DequantizeCastOp> {
  DequantizeCastLowering(const TypeConverter &converter, MLIRContext *ctx,
                         ImportQDQCounters *counters)
      : OpConversionPattern(converter, ctx), counters(counters) {}

  LogicalResult
  matchAndRewrite(quant::DequantizeCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto qtype = getQuantElementType(op.getInput().getType());
    if (!qtype)
      return rewriter.notifyMatchFailure(op, "input is not a quantized tensor");
    rewriter.replaceOpWithNewOp<DequantizeOp>(op, op.getResult().getType(),
                                              adaptor.getInput(),
                                              TypeAttr::get(qtype));
    if (counters)
      ++counters->dequantizeOps;
    return success();
  }

  ImportQDQCounters *counters;
};

/// Either side of a storage cast is the storage tensor once types convert.
struct StorageCastLowering : OpConversionPattern<quant::StorageCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(quant::StorageCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    if (resultType != adaptor.getInput().getType())
      return rewriter.notifyMatchFailure(op, "storage types differ");
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Quant-typed TOSA ops
//===----------------------------------------------------------------------===//

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
    Type ownerType = zp.ownerIsResult
                         ? op->getResult(zp.ownerIndex).getType()
                         : op->getOperand(zp.ownerIndex).getType();
    quant::QuantizedType qtype = getQuantElementType(ownerType);
    std::optional<int64_t> stored =
        getScalarIntConstant(op->getOperand(zp.zeroPointIndex));
    if (!qtype || !stored)
      return failure();
    FailureOr<QuantParamLayout> layout = getQuantParamLayout(
        qtype, cast<RankedTensorType>(ownerType).getShape());
    if (failed(layout) ||
        llvm::any_of(layout->zeroPoints,
                     [&](int64_t typeZp) { return typeZp != *stored; }))
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

  std::string ignoredReason;
  FailureOr<quant::QuantizedType> implicitBiasType =
      getImplicitBiasType(op, ignoredReason);
  if (failed(implicitBiasType))
    return abandon();

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
    if (!qtype && padQType && index == 2 &&
        isa<IntegerType>(getElementTypeOrSelf(original.getType())))
      qtype = padQType;
    if (!qtype && index == 2 && *implicitBiasType)
      qtype = *implicitBiasType;
    if (!qtype) {
      floatOperands.push_back(converted);
      continue;
    }
    auto storageType = cast<RankedTensorType>(converted.getType());
    auto dequantize = DequantizeOp::create(rewriter, loc,
                                           storageType.clone(floatType),
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
  std::string ignored;
  Operation *floatOp = createIfVerified(state, ignored);
  if (!floatOp)
    return abandon();
  rewriter.insert(floatOp);

  SmallVector<Value> replacements;
  for (auto [original, result] :
       llvm::zip(op->getResults(), floatOp->getResults())) {
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
  patterns.add<QuantizeCastLowering, DequantizeCastLowering,
               QuantTypedTosaLowering>(typeConverter, ctx, counters);
  patterns.add<StorageCastLowering>(typeConverter, ctx);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct ImportQDQPass : qtosa::impl::ImportQDQPassBase<ImportQDQPass> {
  using ImportQDQPassBase::ImportQDQPassBase;
  void getDependentDialects(DialectRegistry &registry) const override {
    ImportQDQPassBase::getDependentDialects(registry);
    registerTosaQuantBehaviourExternalModels(registry);
  }
  void runOnOperation() override;
};
} // namespace

/// Why a value of `type` is outside TOSA 1.0 level 8K (rank at most
/// `maxRank`, 0 for no limit; fewer than 2^31 bytes), or "" if it is not.
static std::string describeLevelViolation(Type type, unsigned maxRank) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return "";
  if (maxRank != 0 && tensor.getRank() > maxRank)
    return llvm::formatv("has rank {0}, more than the {1} TOSA 1.0 allows "
                         "(MAX_RANK at level 8K; "
                         "qtosa-import-qdq{{max-rank=0} lifts the limit)",
                         tensor.getRank(), maxRank)
        .str();
  if (!tensor.hasStaticShape())
    return "";
  Type element = tensor.getElementType();
  if (auto qtype = dyn_cast<quant::QuantizedType>(element))
    element = qtype.getStorageType();
  if (!element.isIntOrFloat())
    return "";
  double bytes = std::ceil(element.getIntOrFloatBitWidth() / 8.0) *
                 countElements(tensor.getShape());
  constexpr double kMaxBytes = 2147483647.0; // (1 << MAX_LOG2_SIZE) - 1
  if (bytes > kMaxBytes)
    return llvm::formatv("holds {0} bytes, more than the 2^31 - 1 TOSA 1.0 "
                         "allows (MAX_LOG2_SIZE 31 at level 8K)",
                         llvm::formatv("{0:F0}", bytes))
        .str();
  return "";
}

/// Keeps the parameters of quantized function arguments and results, which
/// the signature change would otherwise lose, as `qtosa.qtype` attributes.
static void recordSignatureQuantTypes(FunctionOpInterface func) {
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    if (quant::QuantizedType qtype = getQuantElementType(type))
      func.setArgAttr(index, kQTypeAttrName, getQTypeAttrValue(qtype));
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (quant::QuantizedType qtype = getQuantElementType(type))
      func.setResultAttr(index, kQTypeAttrName, getQTypeAttrValue(qtype));
}

/// Imports `ops` without the dialect conversion when they are all
/// quant.qcast, quant.dcast and quant.scast, as in QDQ graphs written in
/// upstream syntax. `ops` holds every op with a quantized operand or result
/// of its function, so every quant-typed value then flows between these
/// casts alone, and each is replaced where it stands. The conversion's
/// bookkeeping (a rewrite log, materializations, legality queries) costs
/// many times the cast itself (docs/performance.md). Returns false, with the IR untouched,
/// when any op is of another kind or would not convert: the dialect
/// conversion then imports them and reports what fails.
static bool importCastsDirectly(ArrayRef<Operation *> ops,
                                const TypeConverter &converter,
                                ImportQDQCounters &counters) {
  // Each quant-typed input must come from a cast visited before it (a graph
  // region may use a value above its definition).
  DenseSet<Value> defined;
  auto definedBefore = [&](Value input) {
    return !isQuantized(input) || defined.contains(input);
  };
  for (Operation *op : ops) {
    if (auto scast = dyn_cast<quant::StorageCastOp>(op)) {
      Type storage = converter.convertType(scast.getResult().getType());
      if (!storage ||
          storage != converter.convertType(scast.getInput().getType()) ||
          !definedBefore(scast.getInput()))
        return false;
    } else if (auto qcast = dyn_cast<quant::QuantizeCastOp>(op)) {
      if (!getQuantElementType(qcast.getResult().getType()) ||
          !converter.convertType(qcast.getResult().getType()) ||
          isQuantized(qcast.getInput()))
        return false;
    } else if (auto dcast = dyn_cast<quant::DequantizeCastOp>(op)) {
      if (!getQuantElementType(dcast.getInput().getType()) ||
          isQuantized(dcast.getResult()) || !definedBefore(dcast.getInput()))
        return false;
    } else {
      return false;
    }
    defined.insert(op->getResult(0));
  }

  // Quant-typed value -> the storage value that replaces it.
  IRMapping storage;
  OpBuilder builder(ops.front()->getContext());
  for (Operation *op : ops) {
    builder.setInsertionPoint(op);
    if (auto qcast = dyn_cast<quant::QuantizeCastOp>(op)) {
      Type type = qcast.getResult().getType();
      auto quantize = QuantizeOp::create(
          builder, op->getLoc(), converter.convertType(type), qcast.getInput(),
          TypeAttr::get(getQuantElementType(type)));
      storage.map(qcast.getResult(), quantize.getResult());
      ++counters.quantizeOps;
    } else if (auto dcast = dyn_cast<quant::DequantizeCastOp>(op)) {
      auto dequantize = DequantizeOp::create(
          builder, op->getLoc(), dcast.getResult().getType(),
          storage.lookupOrDefault(dcast.getInput()),
          TypeAttr::get(getQuantElementType(dcast.getInput().getType())));
      dcast.getResult().replaceAllUsesWith(dequantize.getResult());
      ++counters.dequantizeOps;
    } else {
      auto scast = cast<quant::StorageCastOp>(op);
      Value stored = storage.lookupOrDefault(scast.getInput());
      if (isQuantized(scast.getResult()))
        storage.map(scast.getResult(), stored);
      else
        scast.getResult().replaceAllUsesWith(stored);
    }
  }
  // What still reads the casts' results is another cast.
  for (Operation *op : ops)
    op->dropAllReferences();
  for (Operation *op : ops)
    op->erase();
  return true;
}

void ImportQDQPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();

  // One walk per top-level op (functions in parallel) checks every op,
  // records quantized signatures, and collects what the conversion must
  // touch: the graphs are large, and each walk over them is a pass over
  // memory. A function whose signature has no quantized type needs only its
  // ops that carry one converted, which spares the conversion the legality
  // bookkeeping of every float and integer op of the graph.
  struct Inspection {
    bool importable = true;
    SmallVector<Operation *> toConvert;
  };
  auto inspect = [&](Operation *top) {
    Inspection result;
    bool levels = isa<FunctionOpInterface>(top);
    auto reportLimit = [&](InFlightDiagnostic diag, StringRef violation) {
      diag << violation;
      result.importable = false;
      // One error per function, at its first value beyond the limits: the
      // values computed from it would only repeat the message.
      levels = false;
    };
    if (auto func = dyn_cast<FunctionOpInterface>(top))
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
        std::string violation = describeLevelViolation(type, maxRank);
        if (!violation.empty()) {
          reportLimit(func->emitOpError() << "argument #" << index << " ",
                      violation);
          break;
        }
      }
    bool quantizedTop = hasQuantizedTypes(top);
    top->walk<WalkOrder::PreOrder>([&](Operation *op) {
      bool quantized = op == top ? quantizedTop : hasQuantizedTypes(op);
      if (failed(checkImportable(op, quantized)))
        result.importable = false;
      if (auto func = dyn_cast<FunctionOpInterface>(op))
        recordSignatureQuantTypes(func);
      else if (levels)
        for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
          std::string violation = describeLevelViolation(type, maxRank);
          if (!violation.empty()) {
            reportLimit(op->emitOpError() << "result #" << index << " ",
                        violation);
            break;
          }
        }
      // Quantized ops with regions are not importable, so no op collected
      // here contains another.
      if (op != top && quantized && !quantizedTop)
        result.toConvert.push_back(op);
    });
    if (quantizedTop)
      result.toConvert.assign(1, top);
    return result;
  };

  std::unique_ptr<TypeConverter> converter = createQuantStorageTypeConverter();
  ConversionTarget target(*ctx);
  target.addIllegalDialect<quant::QuantDialect>();
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !hasQuantizedTypes(op); });
  // quant.dcast folds quant.qcast away: the very boundary this pass keeps.
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  auto convert = [&](ArrayRef<Operation *> ops,
                     ImportQDQCounters &counters) -> LogicalResult {
    if (!ops.empty() && importCastsDirectly(ops, *converter, counters))
      return success();
    RewritePatternSet patterns(ctx);
    populateImportQDQPatterns(*converter, patterns, &counters);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   *converter);
    populateReturnOpTypeConversionPattern(patterns, *converter);
    populateCallOpTypeConversionPattern(patterns, *converter);
    return applyFullConversion(ops, target, std::move(patterns), config);
  };

  // A signature change stays inside its function (calls convert their own
  // types), so functions convert in parallel, each with its own counters;
  // the rest of the module's top-level ops after them.
  SmallVector<Operation *> functions, others;
  for (Operation &op : module.getBody()->getOperations())
    (isa<FunctionOpInterface>(op) ? functions : others).push_back(&op);
  // Every function is checked, so that each reports its errors; any error
  // fails the pass, and then nothing is converted outside the functions.
  SmallVector<ImportQDQCounters> perFunction(functions.size());
  SmallVector<char> failedFunctions(functions.size(), 0);
  SmallVector<char> convertedFunctions(functions.size(), 0);
  ParallelDiagnosticHandler diagnostics(ctx);
  parallelFor(ctx, 0, functions.size(), [&](size_t index) {
    diagnostics.setOrderIDForThread(index);
    Inspection inspection = inspect(functions[index]);
    convertedFunctions[index] = !inspection.toConvert.empty();
    failedFunctions[index] =
        !inspection.importable ||
        failed(convert(inspection.toConvert, perFunction[index]));
    diagnostics.eraseOrderIDForThread();
  });
  bool importable = llvm::none_of(failedFunctions, [](char f) { return f; });
  SmallVector<Operation *> otherOps;
  for (Operation *op : others) {
    Inspection inspection = inspect(op);
    importable &= inspection.importable;
    llvm::append_range(otherOps, inspection.toConvert);
  }
  ImportQDQCounters counters;
  if (!importable || failed(convert(otherOps, counters)))
    return signalPassFailure();
  for (const ImportQDQCounters &c : perFunction) {
    counters.quantizeOps += c.quantizeOps;
    counters.dequantizeOps += c.dequantizeOps;
    counters.floatIslands += c.floatIslands;
    counters.integerOps += c.integerOps;
  }

  numQuantize += counters.quantizeOps;
  numDequantize += counters.dequantizeOps;
  numFloatIslands += counters.floatIslands;
  numIntegerOps += counters.integerOps;
  if (otherOps.empty() && llvm::none_of(convertedFunctions, [](char converted) {
        return converted;
      }))
    markAllAnalysesPreserved();
}

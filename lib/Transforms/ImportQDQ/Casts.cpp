//===- Casts.cpp - quant.qcast/dcast/scast to qtosa ops ------------------===//
//
// Each cast has one import: whether it applies, and what replaces it given
// the storage value of its input. The dialect conversion's patterns and the
// direct import of graphs made of casts alone both use it.
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::import_qdq;

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

namespace {

/// quant.qcast -> qtosa.quantize to the storage type.
struct QuantizeCastImport {
  using CastOp = quant::QuantizeCastOp;
  static constexpr const char *kWhyNot = "result is not a quantized tensor";

  static bool applies(CastOp op, const TypeConverter &converter) {
    Type type = op.getResult().getType();
    return getQuantElementType(type) && converter.convertType(type);
  }
  /// `input` is the float input.
  static Value rewrite(OpBuilder &builder, CastOp op, Value input,
                       const TypeConverter &converter,
                       ImportQDQCounters *counters) {
    Type type = op.getResult().getType();
    auto quantize =
        QuantizeOp::create(builder, op.getLoc(), converter.convertType(type),
                           input, TypeAttr::get(getQuantElementType(type)));
    if (counters)
      ++counters->quantizeOps;
    return quantize;
  }
};

/// quant.dcast -> qtosa.dequantize of the storage tensor.
struct DequantizeCastImport {
  using CastOp = quant::DequantizeCastOp;
  static constexpr const char *kWhyNot = "input is not a quantized tensor";

  static bool applies(CastOp op, const TypeConverter &) {
    return static_cast<bool>(getQuantElementType(op.getInput().getType()));
  }
  /// `stored` is the input's storage tensor.
  static Value rewrite(OpBuilder &builder, CastOp op, Value stored,
                       const TypeConverter &, ImportQDQCounters *counters) {
    auto dequantize = DequantizeOp::create(
        builder, op.getLoc(), op.getResult().getType(), stored,
        TypeAttr::get(getQuantElementType(op.getInput().getType())));
    if (counters)
      ++counters->dequantizeOps;
    return dequantize;
  }
};

/// quant.scast: either side is the storage tensor once types convert.
struct StorageCastImport {
  using CastOp = quant::StorageCastOp;
  static constexpr const char *kWhyNot = "storage types differ";

  static bool applies(CastOp op, const TypeConverter &converter) {
    Type storage = converter.convertType(op.getResult().getType());
    return storage && storage == converter.convertType(op.getInput().getType());
  }
  static Value rewrite(OpBuilder &, CastOp, Value stored, const TypeConverter &,
                       ImportQDQCounters *) {
    return stored;
  }
};

/// The dialect conversion's pattern for one cast.
template <typename Import>
struct CastImportPattern : OpConversionPattern<typename Import::CastOp> {
  using CastOp = typename Import::CastOp;
  CastImportPattern(const TypeConverter &converter, MLIRContext *ctx,
                    ImportQDQCounters *counters)
      : OpConversionPattern<CastOp>(converter, ctx), counters(counters) {}

  LogicalResult
  matchAndRewrite(CastOp op,
                  typename OpConversionPattern<CastOp>::OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *this->getTypeConverter();
    if (!Import::applies(op, converter))
      return rewriter.notifyMatchFailure(op, Import::kWhyNot);
    rewriter.replaceOp(op, Import::rewrite(rewriter, op, adaptor.getInput(),
                                           converter, counters));
    return success();
  }

  ImportQDQCounters *counters;
};

} // namespace

void import_qdq::populateCastImportPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            ImportQDQCounters *counters) {
  patterns.add<CastImportPattern<QuantizeCastImport>,
               CastImportPattern<DequantizeCastImport>,
               CastImportPattern<StorageCastImport>>(
      converter, patterns.getContext(), counters);
}

/// The casts are as in QDQ graphs written in upstream syntax. `ops` holds
/// every op with a quantized operand or result of its function, so every
/// quant-typed value then flows between these casts alone, and each is
/// replaced where it stands. The conversion's bookkeeping (a rewrite log,
/// materializations, legality queries) costs many times the cast itself
/// (docs/performance.md). When this returns false the dialect conversion
/// imports the ops and reports what fails.
bool import_qdq::importCastsDirectly(ArrayRef<Operation *> ops,
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
      if (!StorageCastImport::applies(scast, converter) ||
          !definedBefore(scast.getInput()))
        return false;
    } else if (auto qcast = dyn_cast<quant::QuantizeCastOp>(op)) {
      if (!QuantizeCastImport::applies(qcast, converter) ||
          isQuantized(qcast.getInput()))
        return false;
    } else if (auto dcast = dyn_cast<quant::DequantizeCastOp>(op)) {
      if (!DequantizeCastImport::applies(dcast, converter) ||
          isQuantized(dcast.getResult()) || !definedBefore(dcast.getInput()))
        return false;
    } else {
      return false;
    }
    defined.insert(op->getResult(0));
  }

  // Quant-typed value -> the storage value that replaces it. A result that
  // is not quant-typed is replaced in its uses at once.
  IRMapping storage;
  OpBuilder builder(ops.front()->getContext());
  auto import = [&](auto kind, auto cast) {
    builder.setInsertionPoint(cast);
    Value input = storage.lookupOrDefault(cast.getInput());
    Value replacement =
        decltype(kind)::rewrite(builder, cast, input, converter, &counters);
    if (isQuantized(cast.getResult()))
      storage.map(cast.getResult(), replacement);
    else
      cast.getResult().replaceAllUsesWith(replacement);
  };
  for (Operation *op : ops) {
    if (auto qcast = dyn_cast<quant::QuantizeCastOp>(op))
      import(QuantizeCastImport(), qcast);
    else if (auto dcast = dyn_cast<quant::DequantizeCastOp>(op))
      import(DequantizeCastImport(), dcast);
    else
      import(StorageCastImport(), cast<quant::StorageCastOp>(op));
  }
  // What still reads the casts' results is another cast.
  for (Operation *op : ops)
    op->dropAllReferences();
  for (Operation *op : ops)
    op->erase();
  return true;
}

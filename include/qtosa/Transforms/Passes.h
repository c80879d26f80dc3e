//===- Passes.h - qtosa passes ----------------------------------*- C++ -*-===//

#ifndef QTOSA_TRANSFORMS_PASSES_H
#define QTOSA_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Utils/EnumOptionValues.h"
#include "qtosa/Utils/WhyNot.h"

#include <string>

// MismatchPolicy, GraphIO, RescaleRounding (PassesEnums.td).
#include "qtosa/Transforms/PassesEnums.h.inc"

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
class OpPassManager;
class RewritePatternSet;
class TypeConverter;

namespace qtosa {

#define GEN_PASS_DECL
#include "qtosa/Transforms/Passes.h.inc"

/// Counters the import patterns bump; pass null where they are not wanted.
struct ImportQDQCounters {
  int64_t quantizeOps = 0;
  int64_t dequantizeOps = 0;
  int64_t floatIslands = 0;
  int64_t integerOps = 0;
};

/// Patterns that rewrite quant.qcast/dcast/scast and quant-typed TOSA ops into
/// qtosa ops on storage tensors. `typeConverter` must map quantized tensors to
/// their storage type (see createQuantStorageTypeConverter).
void populateImportQDQPatterns(const TypeConverter &typeConverter,
                               RewritePatternSet &patterns,
                               ImportQDQCounters *counters = nullptr);

/// A TypeConverter from quantized tensors to storage tensors.
std::unique_ptr<TypeConverter> createQuantStorageTypeConverter();

/// The rewrites of qtosa-share-qspecs (rules 1 to 3; rule 4 is the
/// quantize folder). The adopt policy is a separate pattern set.
void populateShareQSpecsPatterns(RewritePatternSet &patterns,
                                 bool duplicateDequantize = false);

/// Replaces requantize pairs by the producer's parameters (changes numerics).
void populateAdoptParametersPatterns(RewritePatternSet &patterns);

/// Patterns that expand qtosa.quantize and qtosa.dequantize into TOSA ops;
/// storage of other widths than 8, 16 and 32 bits only with
/// `anyStorageWidth`.
void populateExpandQDQPatterns(RewritePatternSet &patterns,
                               bool anyStorageWidth = false);

/// What qtosa-lower-to-tosa-int does to `func`, without its remarks: lowers
/// each dequantize -> float op -> quantize group and each requantize to
/// integer TOSA, in program order, and leaves one of the constants it made
/// per value in each block. Returns whether it changed anything. With
/// `leftQuantizes`, appends the quantizes it left, in program order.
bool lowerToTosaInt(func::FuncOp func,
                    RescaleRounding rounding = RescaleRounding::Auto,
                    SmallVectorImpl<Operation *> *leftQuantizes = nullptr);

/// Why the group ending in `quantize` cannot be lowered with `rounding`;
/// empty when it can.
WhyNot
whyNotLowerableToTosaInt(Operation *quantize,
                         RescaleRounding rounding = RescaleRounding::Auto);

/// `rounding`, with Auto replaced by what the `qtosa.rescale_rounding` of
/// the module around `op` (or `op` itself) names: Double for "double",
/// Single otherwise.
RescaleRounding resolveRescaleRounding(RescaleRounding rounding, Operation *op);

/// Why qtosa-share-qspecs (with its default options) cannot move the
/// data-movement or order-preserving `op` onto integers where it stands;
/// empty when it can.
WhyNot whyNotMovedToIntegers(Operation *op);

/// Options of qtosa-lower-pipeline: where graph IO is quantized, and each
/// stage's own options (the generated structs of its pass).
struct LowerPipelineOptions {
  GraphIO io = GraphIO::Host;
  ImportQDQPassOptions import;
  ShareQSpecsPassOptions share;
  /// With `fold.force`, a qtosa-fold-quantized-constants{force=true} stage
  /// runs after share-qspecs; without it, the folds canonicalization applies
  /// are enough.
  FoldQuantizedConstantsPassOptions fold;
  LowerToTosaIntPassOptions lower;
};

/// import-qdq, inline-private-calls, signed-storage, share-qspecs,
/// (integer-io), (fold-quantized-constants), canonicalize,
/// lower-to-tosa-int: the stages every qtosa pipeline starts with. What remains
/// of quantize/dequantize is left for the caller (a partitioner must still see
/// the graph IO). Fails, adding nothing, unless `pm` runs on builtin.module:
/// import-qdq and integer-io change function signatures and must see the whole
/// module.
LogicalResult buildQuantizedLoweringStages(OpPassManager &pm,
                                           const LowerPipelineOptions &options);

/// The lowering stages, then inline-delegates, (with io=int)
/// verify-integer-tosa and expand-qdq: QDQ or quant-typed TOSA in, pure
/// upstream integer TOSA out.
/// Fails, adding nothing, unless `pm` runs on builtin.module.
LogicalResult buildLowerPipeline(OpPassManager &pm,
                                 const LowerPipelineOptions &options);

/// Registers qtosa-lower-pipeline.
void registerLowerPipelines();

#define GEN_PASS_REGISTRATION
#include "qtosa/Transforms/Passes.h.inc"

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_TRANSFORMS_PASSES_H

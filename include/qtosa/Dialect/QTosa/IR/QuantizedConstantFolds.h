//===- QuantizedConstantFolds.h - Data movement on quantized constants -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QUANTIZEDCONSTANTFOLDS_H
#define QTOSA_DIALECT_QTOSA_IR_QUANTIZEDCONSTANTFOLDS_H

#include "qtosa/Utils/WhyNot.h"

namespace mlir {
class Operation;
class RewritePatternSet;
namespace qtosa {

/// Folds data-movement ops (transpose, reshape, slice, reverse, tile, pad,
/// concat, identity) applied to dequantize(tosa.const) into a moved constant
/// with parameters that keep every element's scale and zero point. Unless
/// `force`, a constant with other users is not copied into a larger one.
/// These are also the canonicalization patterns of qtosa.dequantize.
/// `benefit` ranks them against other patterns matching the same op (the
/// patterns match any op).
void populateFoldQuantizedConstantPatterns(RewritePatternSet &patterns,
                                           bool force = false,
                                           unsigned benefit = 1);

/// Why the data-movement op `op` on quantized constants does not fold;
/// empty when it folds or is no such op.
WhyNot whyQuantizedConstantNotFolded(Operation *op, bool force = false);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_DIALECT_QTOSA_IR_QUANTIZEDCONSTANTFOLDS_H

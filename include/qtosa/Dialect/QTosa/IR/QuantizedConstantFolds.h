//===- QuantizedConstantFolds.h - Data movement on quantized constants -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QUANTIZEDCONSTANTFOLDS_H
#define QTOSA_DIALECT_QTOSA_IR_QUANTIZEDCONSTANTFOLDS_H

namespace mlir {
class RewritePatternSet;
namespace qtosa {

/// Folds data-movement ops (transpose, reshape, slice, reverse, tile, pad,
/// concat, identity) applied to dequantize(tosa.const) into a moved constant
/// with parameters that keep every element's scale and zero point. Unless
/// `force`, a constant with other users is not copied into a larger one.
/// These are also the canonicalization patterns of qtosa.dequantize.
void populateFoldQuantizedConstantPatterns(RewritePatternSet &patterns,
                                           bool force = false);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_DIALECT_QTOSA_IR_QUANTIZEDCONSTANTFOLDS_H

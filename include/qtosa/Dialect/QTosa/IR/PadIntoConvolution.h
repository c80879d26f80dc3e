//===- PadIntoConvolution.h - A zero-point PAD into its conv --*- C++ -*-===//
//
// conv(dequantize(pad(x, P, zero point)), pad = Q) ->
// conv(dequantize(x), pad = Q + P): one of qtosa.dequantize's
// canonicalization patterns (lib/Dialect/QTosa/IR/PadIntoConvolution.cpp
// says when it applies).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_DIALECT_QTOSA_IR_PADINTOCONVOLUTION_H
#define QTOSA_DIALECT_QTOSA_IR_PADINTOCONVOLUTION_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::qtosa {

/// Adds the pattern that folds a PAD of H and W with the dequantize's zero
/// point into the tosa.conv2d or tosa.depthwise_conv2d that alone reads it.
void populateFoldPadIntoConvolutionPatterns(RewritePatternSet &patterns);

} // namespace mlir::qtosa

#endif // QTOSA_DIALECT_QTOSA_IR_PADINTOCONVOLUTION_H

//===- TosaIntLowering.h - One QDQ group as integer TOSA --------*- C++ -*-===//
//
// Private to the Transforms library: the pass and the exported pattern share
// this entry point.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_TOSAINTLOWERING_H
#define QTOSA_LIB_TRANSFORMS_TOSAINTLOWERING_H

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

namespace mlir {
class RewriterBase;
namespace qtosa {

/// Lowers the group that ends in `quantize`, or fails leaving the IR
/// untouched (whyNotLowerableToTosaInt gives the reason).
LogicalResult lowerQuantizedGroup(RewriterBase &rewriter, QuantizeOp quantize,
                                  RescaleRounding rounding);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_LIB_TRANSFORMS_TOSAINTLOWERING_H

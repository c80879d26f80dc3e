//===- AnnotateRegions.h - Activations marked as one op ---------*- C++ -*-===//
//
// Private to lib/Quantization. An activation TOSA has no op for (GELU's erf
// chain, hard-swish, SiLU, ELU) reaches the quantizer as several elementwise
// float ops computing a function of one input. Marked op by op, each op
// would be quantized and lowered on its own; marked as a unit (the input and
// the last op's result, nothing between) it is one tosa.table after
// qtosa-lower-to-tosa-int (UnaryRegions.cpp there, whose predicate for the
// ops a region may hold this search shares).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_QUANTIZATION_ANNOTATEREGIONS_H
#define QTOSA_LIB_QUANTIZATION_ANNOTATEREGIONS_H

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::qtosa::annotation {

/// Elementwise float ops of one shape computing a function of `input`
/// alone (splat constants aside), ending in `root`, whose result is the
/// only one any op outside the region reads.
struct UnaryRegionOfGraph {
  Operation *root;
  Value input;
  /// In program order, `root` last.
  SmallVector<Operation *> ops;
};

/// The largest such regions of two ops or more in `body`, disjoint, each
/// found from the last op it can end in. An op for which `mustBeMarked`
/// holds is never inside a region, only its root (an override names it).
SmallVector<UnaryRegionOfGraph>
findUnaryRegions(Block &body,
                 llvm::function_ref<bool(Operation *)> mustBeMarked);

} // namespace mlir::qtosa::annotation

#endif // QTOSA_LIB_QUANTIZATION_ANNOTATEREGIONS_H

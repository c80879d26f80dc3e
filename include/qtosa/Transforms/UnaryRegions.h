//===- UnaryRegions.h - Ops a function of one input may hold ----*- C++ -*-===//
//
// A unary region is a set of elementwise float ops, all of one shape, that
// computes a function of one input (splat constants aside): an activation
// TOSA has no op for, written as several ops (GELU's erf chain, hard-swish,
// SiLU, ELU). qtosa-lower-to-tosa-int turns one that sits between a
// dequantize and a quantize into a single tosa.table; qtosa-annotate puts no
// quantize/dequantize inside one, so that it does. Both ask the predicate
// below, so that they agree on which ops a region may hold.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TRANSFORMS_UNARYREGIONS_H
#define QTOSA_TRANSFORMS_UNARYREGIONS_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <cstddef>
#include <optional>

namespace mlir::qtosa {

/// The most ops a unary region holds: activations are a handful of ops, and
/// the search must stay cheap on every op it is asked about.
inline constexpr size_t kMaxUnaryRegionOps = 32;

/// The operands of `op` that carry values when `op` is an elementwise op
/// a table can evaluate in f32 (tosa.add, tosa.mul with shift 0, tosa.erf,
/// tosa.select, ...); the rest (a mul's shift, a negate's zero points) are
/// the float graph's neutral ones. Otherwise why `op` cannot be part of a
/// unary region.
WhyNotOr<SmallVector<unsigned>> getUnaryRegionOperands(Operation *op);

/// The value of `value` if it is an f32 splat constant, which a unary
/// region reads as a number rather than as an input.
std::optional<float> getUnaryRegionConstant(Value value);

} // namespace mlir::qtosa

#endif // QTOSA_TRANSFORMS_UNARYREGIONS_H

//===- TosaRescale.h - Real factors as TOSA RESCALE parameters --*- C++ -*-===//
//
// Integer TOSA applies every change of scale with RESCALE: an integer
// multiplier and a right shift. The lowering, its tests and downstream
// legality checks all need the same encoding and the same arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TRANSFORMS_TOSARESCALE_H
#define QTOSA_TRANSFORMS_TOSARESCALE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace mlir::tosa {
class RescaleOp;
} // namespace mlir::tosa

namespace mlir::qtosa {

/// A positive real factor as `(value * multiplier) >> shift`.
struct RescaleFactor {
  int32_t multiplier = 0;
  int32_t shift = 0;
};

/// Encodes `factor` (> 0) as TOSA RESCALE parameters: with `scale32` a
/// multiplier in [2^30, 2^31), otherwise in [2^14, 2^15) (what a 48-bit input
/// needs); the shift in [2, 62]. Factors below 2^-31 lose multiplier bits (or
/// become 0) so that the shift stays at most 62. Returns nullopt for factors
/// that are not finite and positive or too large for a shift of 2.
std::optional<RescaleFactor> computeRescaleFactor(double factor, bool scale32);

/// RESCALE's apply_scale on one value already offset by the input zero
/// point, as the TOSA 1.0 specification defines it: round half up, or with
/// `doubleRound` and shift > 31 the two-stage rounding TFLite uses.
int64_t applyRescaleFactor(int64_t value, RescaleFactor factor,
                           bool doubleRound);

/// The parameters of one tosa.rescale: one factor, or one per index of the
/// innermost dimension.
struct RescaleSpec {
  SmallVector<RescaleFactor> factors;
  bool scale32 = true;
  bool doubleRound = false;
  int64_t inputZeroPoint = 0;
  int64_t outputZeroPoint = 0;
  bool inputUnsigned = false;
  bool outputUnsigned = false;
};

/// The rescale by 1 (32-bit multiplier, zero points 0): an exact change of
/// integer width, between a narrow type and i32 say.
RescaleSpec unitRescaleSpec();

/// Computes one RescaleFactor per entry of `factors`; nullopt if any cannot
/// be encoded.
std::optional<SmallVector<RescaleFactor>>
computeRescaleFactors(ArrayRef<double> factors, bool scale32);

/// Integer constants shared within each block: one `tosa.const` per block,
/// value and type. Every tosa.rescale reads four constants (multiplier,
/// shift, input and output zero point), mostly the same few values; making
/// each once costs far less than making one per reader and removing the
/// duplicates afterwards (docs/performance.md, "What the design choices
/// save").
///
/// Its owner passes it to buildRescale and buildIntegerScalar. Its
/// constants are made at the start of their block, before every op that may
/// read them; the owner decides where they end up, and calls `forget` for
/// every op it erases, so an erased constant is never handed out again.
class ConstantPool {
public:
  ConstantPool() = default;
  ConstantPool(const ConstantPool &) = delete;
  ConstantPool &operator=(const ConstantPool &) = delete;

  /// A `tensor<1xelementType>` constant holding `value` (an integer of the
  /// element type's width) in the block of `builder`'s insertion point.
  Value getScalar(OpBuilder &builder, Location loc, Type elementType,
                  const APInt &value);
  /// A constant holding `values` in the block of `builder`'s insertion
  /// point.
  Value get(OpBuilder &builder, Location loc, DenseElementsAttr values);

  /// Drops `op` from the pool if it is one of its constants.
  void forget(Operation *op);

private:
  Value create(OpBuilder &builder, Location loc, DenseElementsAttr values);

  /// One-element constants by block, element type and sign-extended value:
  /// looked up without building their type or attribute.
  DenseMap<std::tuple<Block *, Type, int64_t>, Operation *> scalars;
  /// Larger ones (per-channel multipliers and shifts) by block and value.
  DenseMap<std::pair<Block *, Attribute>, Operation *> tensors;
};

/// Builds `tosa.rescale` of `input` to `outputType` with its multiplier,
/// shift and zero-point constants, taken from `pool` (new ones for this
/// rescale without a pool); returns `input` itself when the rescale would be
/// the identity.
Value buildRescale(OpBuilder &builder, Location loc, Value input,
                   RankedTensorType outputType, const RescaleSpec &spec,
                   ConstantPool *pool = nullptr);

/// The parameters of `rescale` as buildRescale takes them: nullopt unless
/// its multiplier, shift and zero points are constants (one factor, or one
/// per channel as `per_channel` says) and it rounds single or double. A zero
/// point of an unsigned side is read unsigned, as it was written.
std::optional<RescaleSpec> readRescaleSpec(tosa::RescaleOp rescale);

/// A rank-1, one-element integer tensor of `elementType` holding `value`
/// (truncated to the type's width): TOSA's zero-point operand. Taken from
/// `pool`, or a new constant without one.
Value buildIntegerScalar(OpBuilder &builder, Location loc, Type elementType,
                         int64_t value, ConstantPool *pool = nullptr);

} // namespace mlir::qtosa

#endif // QTOSA_TRANSFORMS_TOSARESCALE_H

//===- ClampBeforeRescale.h - A clamp moved past its rescale ----*- C++ -*-===//
//
// Private to lib/Target/EthosU. A RELU whose output scale differs from its
// input's (NASNet's separable branches, TFLite's RELU with a new scale) is
// an integer CLAMP of the stored input followed by a RESCALE to the
// output's parameters. Vela 5.2 fuses a CLAMP into the op that produces its
// input only when that op has no other reader, and a branch's input has
// several: the CLAMP then runs as an operation of its own beside the
// RESCALE. Rescaled first and clamped after, to the rescaled bounds, the
// CLAMP fuses into the RESCALE (the factory's NASNet-mobile: 21 standalone
// CLAMPs; 109,781 to 104,137 Ethos-U55 cycles, 1.03x to 0.98x the TFLite
// route's).
//
// Exact: a RESCALE with a positive multiplier is non-decreasing in its
// input (rounding and saturation included), so rescale(clamp(x, lo, hi)) =
// clamp(rescale(x), rescale(lo), rescale(hi)) for every x, with rescale(b)
// computed by the same integer arithmetic as the op.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_CLAMPBEFORERESCALE_H
#define QTOSA_LIB_TARGET_ETHOSU_CLAMPBEFORERESCALE_H

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::qtosa::ethosu {

/// A per-tensor RESCALE of 8- or 16-bit signed values whose only input is a
/// CLAMP that nothing else reads, and the bounds the CLAMP has after it.
struct ClampBeforeRescale {
  tosa::RescaleOp rescale;
  tosa::ClampOp clamp;
  int64_t low = 0, high = 0;
};

std::optional<ClampBeforeRescale> matchClampBeforeRescale(tosa::RescaleOp op);

/// The rescale of the clamp's input, then the clamp to the rescaled bounds;
/// replaces the value of `plan.rescale`.
Value buildRescaleThenClamp(OpBuilder &builder, const ClampBeforeRescale &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_CLAMPBEFORERESCALE_H

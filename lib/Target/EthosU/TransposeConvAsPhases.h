//===- TransposeConvAsPhases.h - Transposed convs as phases -----*- C++ -*-===//
//
// Private to lib/Target/EthosU. Vela 5.2's TOSA route fuses a RESCALE into
// the convolution before it, but not into a TRANSPOSE_CONV2D: it runs the
// rescale of the i32 (or i48) accumulator as an operation of its own, one
// elementwise multiply per run of equal channel scales on Ethos-U55, and it
// compiles no 16x8 transposed convolution there at all.
//
// A transposed convolution of stride s and kernel K along an axis is s
// ordinary convolutions, one per output phase r (outputs i s + r): with
// m = ceil(K / s) taps, y[j s + r] = sum over q < m of x[j - q] w[q s + r]
// (taps past K are the weight zero point). So per phase of the H axis one
// tosa.conv2d of stride 1 over the input padded by m - 1 on each side,
// with an m_H x m_W kernel whose s_W x OC output channels are the W phases,
// each followed by a copy of the rescale (which Vela fuses); a reshape
// moving the W phases from channels into columns; a concat of the H phases
// along W and a reshape moving them into rows; and a slice where out_pad
// crops or the taps past K made more outputs. It multiplies what the
// zero-inserting form (TransposeConvAsConvolution.h) multiplies by zeros
// s times over. Exact: each output is the same sum of products.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASPHASES_H
#define QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASPHASES_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::qtosa::ethosu {

/// A tosa.transpose_conv2d and the tosa.rescale that alone reads it, which
/// buildTransposeConvAsPhases replaces.
struct TransposeConvAsPhases {
  tosa::TransposeConv2DOp transposeConv;
  tosa::RescaleOp rescale;
  /// Taps per axis (H, W): ceil(K / stride).
  int64_t taps[2];
  /// Rows and columns sliced off the start of the phases' result (where
  /// out_pad is negative).
  int64_t crop[2];
  /// Per H phase rh, the weights [s_W * OC, m_H, m_W, IC] whose output
  /// channel rw * OC + oc, tap (th, tw), is w[oc, (m_H - 1 - th) s_H + rh,
  /// (m_W - 1 - tw) s_W + rw] (the weight zero point past the kernel).
  SmallVector<DenseElementsAttr> phaseWeights;
  /// The bias, multiplier and shift repeated s_W times where they are per
  /// output channel; null where the original operand serves as it is.
  DenseElementsAttr bias, multiplier, shift;
};

/// The plan for `op`, or why it has none: it is read by other than one
/// rescale, out_pad adds outputs before the first or past the phases' last,
/// or its weights, weight zero point, bias or per-channel scales are not
/// constants.
WhyNotOr<TransposeConvAsPhases>
planTransposeConvAsPhases(tosa::TransposeConv2DOp op);

/// Builds the form before the rescale and returns the value that replaces
/// the rescale's result.
Value buildTransposeConvAsPhases(OpBuilder &builder,
                                 const TransposeConvAsPhases &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASPHASES_H

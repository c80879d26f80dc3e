//===- TransposeConvAsKernelRows.h - kernel = stride transposes -*- C++ -*-===//
//
// Private to lib/Target/EthosU. Vela 5.2's TOSA route fuses a RESCALE into
// the convolution before it, but not into a TRANSPOSE_CONV2D: it runs the
// rescale of the i32 (or i48) accumulator as an operation of its own, one
// elementwise multiply per group of equal channel scales. For a transposed
// convolution whose kernel equals its stride that rescale is most of its
// cost (1x8x8x32 to 1x16x16x16 i8 per-channel: 11,680 cycles of convolution
// and 11,200 of rescale on Ethos-U85; 6,368 and 41,920 on Ethos-U55).
//
// Such a transposed convolution has no overlapping taps: output row
// i * KH + kh and column j * KW + kw is x[i, j] . w[kh, kw] + bias. So it is
// one 1x1 convolution per kernel row kh, whose KW * OC output channels are
// the taps of that row, each followed by the rescale (which Vela fuses), a
// reshape that moves the KW taps from channels into columns, a concat of
// the KH rows along W and a reshape that moves them into rows: 7,104 cycles
// on Ethos-U85 and 10,640 on Ethos-U55 for the case above, exact.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASKERNELROWS_H
#define QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASKERNELROWS_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::qtosa::ethosu {

/// A tosa.transpose_conv2d whose kernel equals its stride, and the
/// tosa.rescale that alone reads it, which buildTransposeConvAsKernelRows
/// replaces.
struct TransposeConvAsKernelRows {
  tosa::TransposeConv2DOp transposeConv;
  tosa::RescaleOp rescale;
  /// Per kernel row kh, the weights [KW * OC, 1, 1, IC] whose output
  /// channel kw * OC + oc is w[oc, kh, kw, :].
  SmallVector<DenseElementsAttr> rowWeights;
  /// The bias, multiplier and shift repeated KW times where they are per
  /// output channel; null where the original operand serves as it is.
  DenseElementsAttr bias, multiplier, shift;
};

/// The plan for `op`, or why it has no such form: its kernel differs from
/// its stride, out_pad is not zero, it is read by other than one rescale,
/// or its weights, bias or per-channel scales are not constants.
WhyNotOr<TransposeConvAsKernelRows>
planTransposeConvAsKernelRows(tosa::TransposeConv2DOp op);

/// Builds the form before the rescale and returns the value that replaces
/// the rescale's result.
Value buildTransposeConvAsKernelRows(OpBuilder &builder,
                                     const TransposeConvAsKernelRows &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASKERNELROWS_H

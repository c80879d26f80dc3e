//===- TransposeConvAsConvolution.h - 16x8 transposes on U55 -*- C++ -*-===//
//
// Private to lib/Target/EthosU. Vela 5.2 compiles no 16x8 (i16 input, i8
// weights, i48 accumulator) tosa.transpose_conv2d for Ethos-U55
// (U55.TRANSPOSE_CONV2D.DTYPES), but it compiles the 16x8 tosa.conv2d, and
// the reshapes and concats that put stride - 1 zero points between the
// input's rows and columns. A transposed convolution is exactly that
// convolution, with the kernel flipped: qtosa-ethosu-legalize rewrites it
// with the two functions here.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASCONVOLUTION_H
#define QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASCONVOLUTION_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::qtosa::ethosu {

/// A 16x8 tosa.transpose_conv2d that buildTransposeConvAsConvolution can
/// replace.
struct TransposeConvAsConvolution {
  tosa::TransposeConv2DOp transposeConv;
  /// The input zero point, which the inserted rows and columns hold so that
  /// they add nothing to the accumulator.
  int64_t inputZeroPoint;
  /// The weights [OC, KH, KW, IC], flipped in height and width.
  DenseElementsAttr flippedWeights;
  /// The convolution's padding (top, bottom, left, right) over the input
  /// with the zeros inserted, and the rows and columns to slice off first
  /// (top, bottom, left, right) where TOSA's out_pad crops.
  int64_t pad[4];
  int64_t crop[4];
};

/// The input, weight and result types of a transposed convolution whose
/// shapes are all static, which both of its rewrites need.
struct StaticTransposeConvTypes {
  RankedTensorType input, weight, result;
};
WhyNotOr<StaticTransposeConvTypes>
getStaticTransposeConvTypes(tosa::TransposeConv2DOp op);

/// The plan for `op`, or why it has no convolution form (only 16x8 with
/// constant weights is planned: Vela compiles the others as they are).
WhyNotOr<TransposeConvAsConvolution>
planTransposeConvAsConvolution(tosa::TransposeConv2DOp op);

/// Builds the convolution form before the transposed convolution and
/// returns its accumulator, equal to the transposed convolution's result
/// element for element: for each strided axis a reshape, a concat with
/// stride - 1 slices of zero points, and a reshape back (the input with
/// zero points between its rows and columns, and stride - 1 of them after
/// the last); a slice where out_pad crops; and a tosa.conv2d of stride 1
/// with the flipped weights, the same bias and zero points.
Value buildTransposeConvAsConvolution(OpBuilder &builder,
                                      const TransposeConvAsConvolution &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_TRANSPOSECONVASCONVOLUTION_H

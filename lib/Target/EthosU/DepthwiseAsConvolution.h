//===- DepthwiseAsConvolution.h - Depth multipliers as convolutions -*- C++
//-*-===//
//
// Private to lib/Target/EthosU. Vela 5.2 runs a tosa.depthwise_conv2d with
// a depth multiplier M above 1 as eight transposes around the convolution:
// for 1x16x16x8 and M = 2, 58,144 Ethos-U85 cycles and 19,664 Ethos-U55
// cycles. The same result is a tosa.conv2d whose filter c M + m reads
// channel c with the depthwise weights and every other channel with the
// weight zero point (block diagonal): 1,696 and 5,056. It multiplies C
// times the MACs, so it wins only up to some C; measured with M = 2 on
// 16x16 planes (qtosa-ethosu-legalize-depthwise-multiplier.mlir,
// vela-depthwise-multiplier.mlir):
//
//   C      U55 depthwise / conv2d    U85 depthwise / conv2d
//   8      19,664 / 5,056            58,144 / 1,696
//   32     68,944 / 38,836           189,178 / 13,456
//   64     134,480 / 150,084         366,772 / 50,704
//
// Both grow with H W, the depthwise form with C and the convolution with
// C^2: qtosa-ethosu-legalize rewrites up to 32 channels on Ethos-U55 and
// up to 256 on Ethos-U85 (extrapolated: 1.2M against 1.5M cycles there).
// A 16x8 one (i16 input) is rewritten on Ethos-U85 only: on Ethos-U55 the
// 16x8 convolution of the factory's depthwise_separable_int16x8 (C = 32,
// M = 2) took 1.09x the cycles of Vela's transposes, on Ethos-U85 0.21x.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_DEPTHWISEASCONVOLUTION_H
#define QTOSA_LIB_TARGET_ETHOSU_DEPTHWISEASCONVOLUTION_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::qtosa::ethosu {

/// A tosa.depthwise_conv2d with a depth multiplier that
/// buildDepthwiseAsConvolution replaces.
struct DepthwiseAsConvolution {
  tosa::DepthwiseConv2DOp depthwise;
  /// The weights [C M, KH, KW, C], block diagonal.
  DenseElementsAttr weights;
};

/// The plan for `op` when its multiplier is above 1, its weights and weight
/// zero point are constants and it has at most `maxChannels` input
/// channels.
WhyNotOr<DepthwiseAsConvolution>
planDepthwiseAsConvolution(tosa::DepthwiseConv2DOp op, int64_t maxChannels);

/// The tosa.conv2d of the plan before the depthwise convolution, with the
/// same input, bias, zero points, padding, stride, dilation and accumulator:
/// equal to the depthwise convolution's result element for element.
Value buildDepthwiseAsConvolution(OpBuilder &builder,
                                  const DepthwiseAsConvolution &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_DEPTHWISEASCONVOLUTION_H

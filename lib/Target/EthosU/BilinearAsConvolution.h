//===- BilinearAsConvolution.h - Bilinear upscales Vela compiles on U55 ===//
//
// Private to lib/Target/EthosU. Vela 5.2 compiles no BILINEAR tosa.resize
// for Ethos-U55, but it compiles a NEAREST one (pixel repetition), concat,
// slice and depthwise convolution. A bilinear upscale by 2, 4 or 8 is
// those, exactly at the accumulator: qtosa-ethosu-legalize rewrites with the
// two functions here, and the partitioner's U55.RESIZE.MODE asks the plan
// why a bilinear resize it still sees was not rewritten.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_BILINEARASCONVOLUTION_H
#define QTOSA_LIB_TARGET_ETHOSU_BILINEARASCONVOLUTION_H

#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::qtosa::ethosu {

/// The samplings a depthwise convolution reproduces, upscaling by f = 2, 4
/// or 8 per axis (the repetitions Vela compiles for U55).
enum class BilinearSampling {
  /// Half-pixel centers (TF2, Keras, PyTorch align_corners=False): scale
  /// 2f/2, offset 1 - f, border f - 1. For f = 2 output 2i weighs x[i-1],
  /// x[i] by 1, 3 and 2i+1 weighs x[i], x[i+1] by 3, 1 (in quarters),
  /// indices clamped: the taps [1, 2, 1] over each input pixel repeated
  /// twice and edge-replicated; [1, 2, .., 2, 1] (f + 1 taps) for f.
  HalfPixel,
  /// Samples at multiples of 1/f: scale f/1, offset 0. Output fi + r is
  /// ((f - r) x[i] + r x[i+1]) / f: f taps of 1 over the repeated pixels.
  /// With border f - 1 (TF1's legacy sampling, align_corners and
  /// half_pixel_centers false: f n outputs) the last one is replicated;
  /// with border 0 (align_corners from n to f (n - 1) + 1) nothing is.
  Halves,
};

/// A lowered bilinear resize (stored i8 into i32, or i16 into i48) that
/// buildBilinearAsConvolution can replace.
struct BilinearAsConvolution {
  tosa::ResizeOp resize;
  /// The stored input before qtosa-lower-to-tosa-int's leading-row and
  /// leading-column repeats (its workaround for MLIR's truncating index
  /// division), which the convolution form does not need.
  Value source;
  BilinearSampling sampling;
  /// Per axis (height, width): the upscale factor f, and the resize's
  /// border (f - 1, or 0 for align_corners).
  int64_t factor[2];
  int64_t border[2];
};

/// The plan for `resize`, or why it has no convolution form.
WhyNotOr<BilinearAsConvolution>
planBilinearAsConvolution(tosa::ResizeOp resize);

/// Builds the convolution form before the resize and returns its
/// accumulator, equal to the resize's result element for element: the
/// source edge-replicated (concat of slices), repeated f times by a NEAREST
/// resize in the form Vela compiles (scale 2f/2, offset 1 - f, border
/// f - 1), the window the taps read (slice), and a depthwise convolution
/// with input and weight zero points 0 whose weights add up to the
/// resize's scale_y_n * scale_x_n.
Value buildBilinearAsConvolution(OpBuilder &builder,
                                 const BilinearAsConvolution &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_BILINEARASCONVOLUTION_H

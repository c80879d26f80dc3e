//===- SumAsDepthwise.h - Plane sums as depthwise convolutions --*- C++ -*-===//
//
// Private to lib/Target/EthosU. The integer MEAN over a plane (a global
// average pool whose rounding must be TFLite's) is a widening RESCALE by 1
// of the stored values to i32 (subtracting the zero point), a REDUCE_SUM
// over the positions of [1, P, C] and a RESCALE out. Vela 5.2 runs that
// REDUCE_SUM on Ethos-U85 behind a transpose of the whole tensor (the
// factory's MobileNetV2 head, 2x2x1280: 20,000 cycles for the transpose,
// 1,640 for the sum and its rescale), where its TFLite route runs the
// MEAN as a depthwise convolution of ones (5,596). The same sum is a
// tosa.depthwise_conv2d of the stored [1, H, W, C] values with an all-ones
// H x W kernel, the input zero point as its own and an i32 accumulator:
// exact, each sum the same integers added. Vela's transpose costs most
// where the plane is small and the channels many; Ethos-U85 cycles, sum
// then convolution (qtosa-ethosu-legalize-plane-sum.mlir's form):
//
//   2x2x1280  21,640 / 5,584     4x4x1280  81,640 / 22,336
//   2x2x64       783 / 420       3x3x576    9,853 / 8,098
//   4x4x256    3,636 / 5,544     7x7x256    9,753 / 17,688
//   16x16x16   2,588 / 5,390     16x16x64  10,412 / 21,316
//
// so the rewrite runs there for at most 4 positions or at least 512
// channels. On both targets it runs where the plane is also read elsewhere
// (a squeeze-excite block multiplies it by the gate): Vela copies it for
// the reshape to [1, P, C] (the factory's mean_keepdims_int8 on Ethos-U55:
// a 1,720-cycle copy and a 720-cycle transpose; 1.21x to 0.99x the TFLite
// route's cycles, EfficientNet-B0 1.01x to 0.98x).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_SUMASDEPTHWISE_H
#define QTOSA_LIB_TARGET_ETHOSU_SUMASDEPTHWISE_H

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::qtosa::ethosu {

constexpr int64_t kFewPositions = 4;
constexpr int64_t kManyChannels = 512;

/// A REDUCE_SUM over axis 1 of [1, P, C] i32 that only a RESCALE by 1 of
/// i8 values feeds, which buildSumAsDepthwise replaces.
struct SumAsDepthwise {
  tosa::ReduceSumOp sum;
  /// The i8 values, [1, P, C] or reshaped to it from [1, H, W, C].
  Value stored;
  /// The plane the kernel covers: H x W when `stored` comes from a reshape
  /// of [1, H, W, C], else P x 1.
  int64_t height = 0, width = 0;
  /// The rescale's input zero point (operand), the depthwise's own.
  Value inputZeroPoint;
};

/// With `u55`, only a plane also read elsewhere: Ethos-U55 sums over
/// positions without the transpose.
std::optional<SumAsDepthwise> matchSumAsDepthwise(tosa::ReduceSumOp op,
                                                  bool u55);

/// The depthwise convolution, reshaped to the sum's [1, 1, C].
Value buildSumAsDepthwise(OpBuilder &builder, const SumAsDepthwise &plan);

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_SUMASDEPTHWISE_H

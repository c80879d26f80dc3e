//===- ConvGeometry.h - A TOSA convolution's sizes in one layout -*- C++
//-*-===//
//
// conv2d, conv3d, depthwise_conv2d and transpose_conv2d lay out their
// weights differently. Everything that reads a convolution's sizes or maps
// an output channel to the weight slice it uses (the integer lowering's
// per-channel scales, the Ethos-U rules) decodes the layout here, once.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_CONVGEOMETRY_H
#define QTOSA_UTILS_CONVGEOMETRY_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace mlir::qtosa {

/// Sizes of a convolution in one layout, whatever the TOSA op. Sizes of an
/// unranked operand are ShapedType::kDynamic.
struct ConvGeometry {
  Value input, weight, bias, inputZp, weightZp;
  int64_t inH = 1, inW = 1, inC = 1, outC = 1;
  int64_t kernelD = 1, kernelH = 1, kernelW = 1;
  int64_t strideH = 1, strideW = 1;
  int64_t dilationH = 1, dilationW = 1;
  /// Weights are laid out with the output channel outermost ([OC, ...]) or,
  /// for depthwise, innermost: [KH, KW, C, M] holds output channel c * M + m.
  bool outputChannelInnermost = false;
  /// M of a depthwise convolution; 1 otherwise.
  int64_t depthMultiplier = 1;

  /// The weight dimension whose index an output channel determines and
  /// whose per-axis scales a per-channel weight can carry: 0, or for
  /// depthwise 2 (the input channel) unless `quantizedDim` is 3 (the
  /// multiplier).
  int64_t weightChannelAxis(std::optional<int64_t> quantizedDim) const {
    if (!outputChannelInnermost)
      return 0;
    return quantizedDim == 3 ? 3 : 2;
  }

  /// The index along weight dimension `weightAxis` (from weightChannelAxis)
  /// that output channel `outputChannel` uses.
  int64_t weightIndex(int64_t outputChannel, int64_t weightAxis) const {
    if (!outputChannelInnermost)
      return outputChannel;
    return weightAxis == 3 ? outputChannel % depthMultiplier
                           : outputChannel / depthMultiplier;
  }
};

/// True for the four TOSA convolutions.
bool isConvolution(Operation *op);

/// The geometry of convolution `op` (isConvolution(op) must hold).
ConvGeometry getConvGeometry(Operation *op);

} // namespace mlir::qtosa

#endif // QTOSA_UTILS_CONVGEOMETRY_H

//===- DepthwiseAsConvolution.cpp - Depth multipliers as convolutions -----===//
//
// See DepthwiseAsConvolution.h. TOSA's depthwise convolution adds
// (x[c] - izp) (w[kh, kw, c, m] - wzp) into output c M + m; the convolution
// adds (x[c'] - izp) (W[c M + m, kh, kw, c'] - wzp) over every c', and with
// W = wzp off the diagonal only c' = c contributes.
//
//===----------------------------------------------------------------------===//

#include "DepthwiseAsConvolution.h"

#include "ConvolutionWeights.h"

#include "qtosa/Utils/TosaUtils.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

WhyNotOr<DepthwiseAsConvolution>
mlir::qtosa::ethosu::planDepthwiseAsConvolution(tosa::DepthwiseConv2DOp op,
                                                int64_t maxChannels) {
  auto weightType = dyn_cast<RankedTensorType>(op.getWeight().getType());
  if (!weightType || !weightType.hasStaticShape() ||
      !weightType.getElementType().isSignlessInteger())
    return WhyNot("its weights are not static integers");
  int64_t kernelH = weightType.getDimSize(0),
          kernelW = weightType.getDimSize(1),
          channels = weightType.getDimSize(2),
          multiplier = weightType.getDimSize(3);
  if (multiplier < 2)
    return WhyNot("its depth multiplier is 1");
  if (channels > maxChannels)
    return WhyNot::format(llvm::formatv(
        "{0} channels are more than {1}, where the convolution's C^2 MACs "
        "cost more than Vela's transposes",
        channels, maxChannels));
  WhyNotOr<ConvolutionWeights> constant = getConvolutionWeights(op);
  if (!constant.hasValue())
    return constant.whyNot();
  DenseElementsAttr weights = constant->values;
  int64_t weightZeroPoint = constant->zeroPoint;

  unsigned width = weightType.getElementTypeBitWidth();
  APInt fill(width, static_cast<uint64_t>(weightZeroPoint),
             /*isSigned=*/true);
  SmallVector<APInt> source(weights.getValues<APInt>());
  SmallVector<APInt> blockDiagonal;
  blockDiagonal.reserve(channels * multiplier * kernelH * kernelW * channels);
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t m = 0; m < multiplier; ++m)
      for (int64_t ky = 0; ky < kernelH; ++ky)
        for (int64_t kx = 0; kx < kernelW; ++kx)
          for (int64_t read = 0; read < channels; ++read)
            blockDiagonal.push_back(
                read == c
                    ? source[((ky * kernelW + kx) * channels + c) * multiplier +
                             m]
                    : fill);
  auto type =
      RankedTensorType::get({channels * multiplier, kernelH, kernelW, channels},
                            weightType.getElementType());
  return DepthwiseAsConvolution{op,
                                DenseElementsAttr::get(type, blockDiagonal)};
}

Value mlir::qtosa::ethosu::buildDepthwiseAsConvolution(
    OpBuilder &builder, const DepthwiseAsConvolution &plan) {
  tosa::DepthwiseConv2DOp op = plan.depthwise;
  Value weight = tosa::ConstOp::create(builder, op.getLoc(),
                                       plan.weights.getType(), plan.weights);
  return tosa::Conv2DOp::create(
      builder, op.getLoc(), op.getType(), op.getInput(), weight, op.getBias(),
      op.getInputZp(), op.getWeightZp(), op.getPadAttr(), op.getStrideAttr(),
      op.getDilationAttr(), op.getAccTypeAttr());
}

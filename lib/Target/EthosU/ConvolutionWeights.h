//===- ConvolutionWeights.h - A convolution's constant weights --*- C++ -*-===//
//
// Private to lib/Target/EthosU: the rewrites that rebuild a convolution's
// weights (TransposeConvAsPhases, DepthwiseAsConvolution) need them and
// their zero point as constants.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_ETHOSU_CONVOLUTIONWEIGHTS_H
#define QTOSA_LIB_TARGET_ETHOSU_CONVOLUTIONWEIGHTS_H

#include "qtosa/Utils/TosaUtils.h"
#include "qtosa/Utils/WhyNot.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

namespace mlir::qtosa::ethosu {

struct ConvolutionWeights {
  DenseElementsAttr values;
  int64_t zeroPoint = 0;
};

/// The constant weights of a TOSA convolution `op` and its constant weight
/// zero point, or why they are not.
template <typename ConvOp>
WhyNotOr<ConvolutionWeights> getConvolutionWeights(ConvOp op) {
  ConvolutionWeights weights;
  if (!matchPattern(op.getWeight(), m_Constant(&weights.values)))
    return WhyNot("its weights are not a constant");
  std::optional<int64_t> zeroPoint = getScalarIntConstant(op.getWeightZp());
  if (!zeroPoint)
    return WhyNot("its weight zero point is not a constant");
  weights.zeroPoint = *zeroPoint;
  return weights;
}

} // namespace mlir::qtosa::ethosu

#endif // QTOSA_LIB_TARGET_ETHOSU_CONVOLUTIONWEIGHTS_H

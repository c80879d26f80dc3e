//===- ConvGeometry.cpp - A TOSA convolution's sizes in one layout --------===//

#include "qtosa/Utils/ConvGeometry.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

using namespace mlir;
using namespace mlir::qtosa;

bool mlir::qtosa::isConvolution(Operation *op) {
  return isa<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
             tosa::TransposeConv2DOp>(op);
}

/// The shape of `value`, or `rank` dynamic sizes when it is unranked.
static SmallVector<int64_t> sizesOf(Value value, size_t rank) {
  auto type = cast<ShapedType>(value.getType());
  if (type.hasRank())
    return SmallVector<int64_t>(type.getShape());
  return SmallVector<int64_t>(rank, ShapedType::kDynamic);
}

ConvGeometry mlir::qtosa::getConvGeometry(Operation *op) {
  ConvGeometry g;
  if (auto conv = dyn_cast<tosa::Conv2DOp>(op)) {
    g.input = conv.getInput(), g.weight = conv.getWeight();
    g.bias = conv.getBias(), g.weightZp = conv.getWeightZp();
    g.inputZp = conv.getInputZp();
    SmallVector<int64_t> w = sizesOf(g.weight, 4);
    g.outC = w[0], g.kernelH = w[1], g.kernelW = w[2];
    g.strideH = conv.getStride()[0], g.strideW = conv.getStride()[1];
    g.dilationH = conv.getDilation()[0], g.dilationW = conv.getDilation()[1];
  } else if (auto conv3d = dyn_cast<tosa::Conv3DOp>(op)) {
    g.input = conv3d.getInput(), g.weight = conv3d.getWeight();
    g.bias = conv3d.getBias(), g.weightZp = conv3d.getWeightZp();
    g.inputZp = conv3d.getInputZp();
    SmallVector<int64_t> w = sizesOf(g.weight, 5);
    g.outC = w[0], g.kernelD = w[1], g.kernelH = w[2], g.kernelW = w[3];
    g.strideH = conv3d.getStride()[1], g.strideW = conv3d.getStride()[2];
    g.dilationH = conv3d.getDilation()[1];
    g.dilationW = conv3d.getDilation()[2];
  } else if (auto depthwise = dyn_cast<tosa::DepthwiseConv2DOp>(op)) {
    g.input = depthwise.getInput(), g.weight = depthwise.getWeight();
    g.bias = depthwise.getBias(), g.weightZp = depthwise.getWeightZp();
    g.inputZp = depthwise.getInputZp();
    SmallVector<int64_t> w = sizesOf(g.weight, 4);
    g.kernelH = w[0], g.kernelW = w[1];
    g.outC = ShapedType::isDynamic(w[2]) || ShapedType::isDynamic(w[3])
                 ? ShapedType::kDynamic
                 : w[2] * w[3];
    g.depthMultiplier = w[3];
    g.strideH = depthwise.getStride()[0], g.strideW = depthwise.getStride()[1];
    g.dilationH = depthwise.getDilation()[0];
    g.dilationW = depthwise.getDilation()[1];
    g.outputChannelInnermost = true;
  } else {
    auto transposed = cast<tosa::TransposeConv2DOp>(op);
    g.input = transposed.getInput(), g.weight = transposed.getWeight();
    g.bias = transposed.getBias(), g.weightZp = transposed.getWeightZp();
    g.inputZp = transposed.getInputZp();
    SmallVector<int64_t> w = sizesOf(g.weight, 4);
    g.outC = w[0], g.kernelH = w[1], g.kernelW = w[2];
    g.strideH = transposed.getStride()[0];
    g.strideW = transposed.getStride()[1];
  }
  SmallVector<int64_t> in = sizesOf(g.input, 4);
  g.inC = in.back(), g.inW = in[in.size() - 2], g.inH = in[in.size() - 3];
  return g;
}

//===- AnnotateConstants.cpp - Weights and biases for qtosa-annotate ------===//
//
// See AnnotateConstants.h.
//
//===----------------------------------------------------------------------===//

#include "AnnotateConstants.h"
#include "IndexAlongAxis.h"

#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::annotation;

namespace {

/// `values` moved by `op`, a tosa.reshape or tosa.transpose to a static
/// shape; null for any other op.
DenseElementsAttr moveConstant(Operation *op, DenseFPElementsAttr values) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || !resultType.hasStaticShape())
    return nullptr;
  if (isa<tosa::ReshapeOp>(op))
    return values.reshape(resultType);
  auto transpose = dyn_cast<tosa::TransposeOp>(op);
  if (!transpose)
    return nullptr;
  ArrayRef<int32_t> perms = transpose.getPerms();
  ArrayRef<int64_t> inShape = values.getType().getShape();
  ArrayRef<int64_t> outShape = resultType.getShape();
  SmallVector<int64_t> inStrides(inShape.size(), 1);
  for (int dim = (int)inShape.size() - 2; dim >= 0; --dim)
    inStrides[dim] = inStrides[dim + 1] * inShape[dim + 1];
  SmallVector<APFloat> in(values.getValues<APFloat>());
  SmallVector<APFloat> out;
  out.reserve(in.size());
  SmallVector<int64_t> index(outShape.size(), 0);
  for (size_t flat = 0; flat < in.size(); ++flat) {
    int64_t source = 0;
    for (size_t dim = 0; dim < outShape.size(); ++dim)
      source += index[dim] * inStrides[perms[dim]];
    out.push_back(in[source]);
    for (int dim = (int)outShape.size() - 1; dim >= 0; --dim) {
      if (++index[dim] < outShape[dim])
        break;
      index[dim] = 0;
    }
  }
  return DenseElementsAttr::get(resultType, out);
}

} // namespace

std::optional<unsigned> annotation::getWeightChannelAxis(Operation *op) {
  if (isa<tosa::Conv2DOp, tosa::Conv3DOp, tosa::TransposeConv2DOp>(op))
    return 0; // [OC, ..., IC]
  if (isa<tosa::DepthwiseConv2DOp>(op))
    return 2; // [KH, KW, C, M]: one scale per input channel c
  if (isa<tosa::MatMulOp>(op))
    return 2; // [N, C, W]: one scale per output column
  return std::nullopt;
}

bool annotation::takesBias(Operation *op) {
  return isa<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
             tosa::TransposeConv2DOp>(op);
}

bool annotation::isZeroPointUse(OpOperand &use) {
  return llvm::any_of(getZeroPointOperands(use.getOwner()),
                      [&](const ZeroPointOperand &zp) {
                        return zp.zeroPointIndex == use.getOperandNumber();
                      });
}

bool annotation::isBiasUse(OpOperand &use) {
  return use.getOperandNumber() == 2 && takesBias(use.getOwner());
}

unsigned annotation::getBiasWidth(unsigned inputWidth) {
  return inputWidth == 16 ? 48 : 32;
}

/// Folds reshape and transpose chains from a float constant into the
/// weight (operand 1) and bias (operand 2) of contractions: importers
/// express a weight layout change that way (TFLite's float
/// FULLY_CONNECTED and DEPTHWISE_CONV_2D), and the weight must be a
/// constant to get per-channel parameters from its values instead of being
/// observed like an activation.
void annotation::foldConstantWeightChains(func::FuncOp function) {
  SmallVector<OpOperand *> operands;
  function.walk([&](Operation *op) {
    if (!getWeightChannelAxis(op))
      return;
    operands.push_back(&op->getOpOperand(1));
    if (takesBias(op))
      operands.push_back(&op->getOpOperand(2));
  });
  for (OpOperand *operand : operands) {
    SmallVector<Operation *> chain;
    Value value = operand->get();
    DenseFPElementsAttr values;
    while (Operation *def = value.getDefiningOp()) {
      if (matchPattern(def, m_Constant(&values)))
        break;
      if (!isa<tosa::ReshapeOp, tosa::TransposeOp>(def))
        return;
      chain.push_back(def);
      value = def->getOperand(0);
    }
    if (!values || chain.empty())
      continue;
    DenseElementsAttr moved = values;
    for (Operation *op : llvm::reverse(chain)) {
      moved = moveConstant(op, cast<DenseFPElementsAttr>(moved));
      if (!moved)
        break;
    }
    if (!moved)
      continue;
    OpBuilder builder(operand->getOwner());
    Operation *last = chain.front();
    auto constant =
        tosa::ConstOp::create(builder, last->getLoc(), moved.getType(), moved);
    operand->set(constant);
    // The chain and its constants (values, shapes), where nothing else
    // reads them.
    for (Operation *op : chain) {
      if (!op->use_empty())
        break;
      SmallVector<Operation *> inputs;
      for (Value input : op->getOperands())
        if (Operation *def = input.getDefiningOp())
          if (def->hasTrait<OpTrait::ConstantLike>())
            inputs.push_back(def);
      op->erase();
      for (Operation *input : inputs)
        if (input->use_empty())
          input->erase();
    }
  }
}

WeightParams annotation::computeWeightParams(DenseFPElementsAttr values,
                                             unsigned axis,
                                             const TensorSpec &spec) {
  WeightParams params;
  if (spec.perChannel)
    params.axis = axis;
  IndexAlongAxis channelOf(values.getType().getShape(), params.axis);
  SmallVector<double> maxAbs(channelOf.size(), 0.0);
  for (auto [index, value] : llvm::enumerate(values.getValues<APFloat>())) {
    int64_t channel = channelOf(index);
    maxAbs[channel] =
        std::max(maxAbs[channel], std::fabs(value.convertToDouble()));
  }
  // Symmetric: [-max|w|, max|w|] onto half the storage range either side
  // of zero; an all-zero channel takes scale 1 (any scale stores it
  // exactly).
  double half = (spec.storageMax - spec.storageMin) / 2.0;
  for (double amax : maxAbs)
    params.scales.push_back(
        amax > 0
            ? std::max(amax / half, double(std::numeric_limits<float>::min()))
            : 1.0);
  return params;
}

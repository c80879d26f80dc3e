//===- TosaUtils.cpp - Small questions about TOSA ops and values ----------===//

#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::qtosa;

std::optional<SmallVector<int64_t>> mlir::qtosa::getConstantShape(Value value) {
  SmallVector<int64_t> values;
  Operation *producer = value.getDefiningOp();
  if (!producer || !tosa::getConstShapeValues(producer, values))
    return std::nullopt;
  return values;
}

/// The single element of a one-element tosa.const of attribute kind AttrT.
template <typename AttrT> static AttrT getScalarConstant(Value value) {
  auto constOp = value.getDefiningOp<tosa::ConstOp>();
  auto values = constOp ? dyn_cast<AttrT>(constOp.getValuesAttr()) : AttrT();
  return values && values.getNumElements() == 1 ? values : AttrT();
}

std::optional<float> mlir::qtosa::getScalarFloatConstant(Value value) {
  if (auto values = getScalarConstant<DenseFPElementsAttr>(value))
    return values.getValues<APFloat>()[0].convertToFloat();
  return std::nullopt;
}

std::optional<int64_t> mlir::qtosa::getScalarIntConstant(Value value) {
  if (auto values = getScalarConstant<DenseIntElementsAttr>(value))
    return values.getValues<APInt>()[0].getSExtValue();
  return std::nullopt;
}

template <typename OpTy>
static SmallVector<ZeroPointOperand> inputAndWeightZeroPoints(OpTy op) {
  return {{op.getInputZpMutable().getOperandNumber(),
           op.getInputMutable().getOperandNumber(), false},
          {op.getWeightZpMutable().getOperandNumber(),
           op.getWeightMutable().getOperandNumber(), false}};
}

SmallVector<ZeroPointOperand> mlir::qtosa::getZeroPointOperands(Operation *op) {
  return llvm::TypeSwitch<Operation *, SmallVector<ZeroPointOperand>>(op)
      .Case<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
            tosa::TransposeConv2DOp>(
          [](auto conv) { return inputAndWeightZeroPoints(conv); })
      .Case([](tosa::MatMulOp matmul) {
        return SmallVector<ZeroPointOperand>{
            {matmul.getAZpMutable().getOperandNumber(),
             matmul.getAMutable().getOperandNumber(), false},
            {matmul.getBZpMutable().getOperandNumber(),
             matmul.getBMutable().getOperandNumber(), false}};
      })
      .Case([](tosa::AvgPool2dOp pool) {
        return SmallVector<ZeroPointOperand>{
            {pool.getInputZpMutable().getOperandNumber(),
             pool.getInputMutable().getOperandNumber(), false},
            {pool.getOutputZpMutable().getOperandNumber(), 0, true}};
      })
      .Case([](tosa::NegateOp negate) {
        return SmallVector<ZeroPointOperand>{
            {negate.getInput1ZpMutable().getOperandNumber(),
             negate.getInput1Mutable().getOperandNumber(), false},
            {negate.getOutputZpMutable().getOperandNumber(), 0, true}};
      })
      .Default([](Operation *) { return SmallVector<ZeroPointOperand>{}; });
}

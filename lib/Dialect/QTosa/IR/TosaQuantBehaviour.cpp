//===- TosaQuantBehaviour.cpp - How quantization passes a TOSA op ---------===//

#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::qtosa;

QuantBehaviour mlir::qtosa::getQuantBehaviour(Operation *op) {
  return llvm::TypeSwitch<Operation *, QuantBehaviour>(op)
      .Case<tosa::TransposeOp, tosa::ReshapeOp, tosa::SliceOp, tosa::TileOp,
            tosa::ReverseOp, tosa::ConcatOp, tosa::PadOp, tosa::GatherOp,
            tosa::IdentityOp>(
          [](Operation *) { return QuantBehaviour::DataMovement; })
      .Case([](tosa::ResizeOp resize) {
        // Bilinear resize interpolates; nearest-neighbour copies.
        return resize.getMode() == tosa::ResizeMode::NEAREST_NEIGHBOR
                   ? QuantBehaviour::DataMovement
                   : QuantBehaviour::Independent;
      })
      .Case<tosa::MaxPool2dOp, tosa::ReduceMaxOp, tosa::ReduceMinOp,
            tosa::ClampOp, tosa::MaximumOp, tosa::MinimumOp, tosa::ArgMaxOp>(
          [](Operation *) { return QuantBehaviour::OrderPreserving; })
      .Default([](Operation *) { return QuantBehaviour::Independent; });
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

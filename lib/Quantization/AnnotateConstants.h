//===- AnnotateConstants.h - Weights and biases to annotate -----*- C++ -*-===//
//
// Private to lib/Quantization. What qtosa-annotate knows about the constant
// operands of contractions: which operand is a weight and along which
// dimension its channels run, which one is a bias and how wide its integers
// are, the weight's per-channel parameters from its values, and the folding
// of an importer's reshape/transpose chains into one constant.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_QUANTIZATION_ANNOTATECONSTANTS_H
#define QTOSA_LIB_QUANTIZATION_ANNOTATECONSTANTS_H

#include "qtosa/Quantization/QuantConfig.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <optional>

namespace mlir::qtosa::annotation {

/// The output-channel dimension of a contraction's constant operand 1, or
/// nullopt if `op` takes no weight there.
std::optional<unsigned> getWeightChannelAxis(Operation *op);

/// Whether operand 2 of `op` is a bias (convolutions; tosa.matmul has none).
bool takesBias(Operation *op);

/// Whether `use` is operand 2 of a convolution.
bool isBiasUse(OpOperand &use);

/// Whether `use` is a zero-point operand of a TOSA op.
bool isZeroPointUse(OpOperand &use);

/// The width of a convolution's integer bias for an input stored in
/// `inputWidth` bits: TOSA 1.0 accumulates i8 x i8 (and i8 x i4) in i32
/// and i16 x i8 in i48, and the bias is added to the accumulator.
unsigned getBiasWidth(unsigned inputWidth);

/// Folds reshape and transpose chains from a float constant into the
/// weight (operand 1) and bias (operand 2) of contractions.
void foldConstantWeightChains(func::FuncOp function);

/// Per-channel (or per-tensor) symmetric parameters of a constant weight,
/// from its values.
struct WeightParams {
  std::optional<unsigned> axis;
  SmallVector<double> scales;
};

WeightParams computeWeightParams(DenseFPElementsAttr values, unsigned axis,
                                 const TensorSpec &spec);

} // namespace mlir::qtosa::annotation

#endif // QTOSA_LIB_QUANTIZATION_ANNOTATECONSTANTS_H

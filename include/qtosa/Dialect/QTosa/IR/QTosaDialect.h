//===- QTosaDialect.h - qtosa dialect ---------------------------*- C++ -*-===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_H
#define QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_H

#include "mlir/IR/Dialect.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOpsDialect.h.inc"

namespace mlir::qtosa {
/// The argument and result attribute that keeps the quantization parameters
/// of a function boundary whose values are now stored integers. Its value is
/// the quantized type's textual form as a string (`"!quant.uniform<i8:f32,
/// 0.1:-5>"`), not a type attribute: upstream tools that do not load the
/// quant dialect, such as mlir-runner, must still read the modules that
/// carry it.
inline constexpr llvm::StringLiteral kQTypeAttrName = "qtosa.qtype";

/// The attribute on the `func.call` that stands for an operator an importer
/// could not express in TOSA (a TFLite SVDF, say), and on the declaration it
/// calls: the call runs on the host. A unit, or the operator's name as a
/// string, which the Ethos-U partitioner's reason quotes.
inline constexpr llvm::StringLiteral kOpaqueHostOpAttrName =
    "qtosa.opaque_host_op";

/// The string attribute on such a call that says why the importer could not
/// express its operator in TOSA ("input tensor 2 ('x') is an integer tensor
/// without quantization parameters", "no TOSA conversion for this
/// operator"): the Ethos-U partitioner's reason for the host step quotes it.
inline constexpr llvm::StringLiteral kHostReasonAttrName = "qtosa.host_reason";

/// The unit attribute on a float `tosa.sigmoid` or `tosa.tanh` that stands
/// for TFLite's int16 LOGISTIC or TANH kernel (an imported operator, or an
/// unrolled LSTM's gates): TFLite interpolates a table of its own, up to 3
/// LSB from the rounded function, and qtosa-lower-to-tosa-int computes that
/// kernel at TFLite's parameters (on tensors of up to 128 elements) instead
/// of the function. "HARD_SWISH" on the `tosa.mul` that ends an imported
/// HARD_SWISH: its 8-bit table is TFLite's fixed-point kernel's results.
inline constexpr llvm::StringLiteral kTFLiteKernelAttrName =
    "qtosa.tflite_kernel";

/// The string attribute on a `builtin.module` that names the rounding of
/// the requantizations its source defines, "single" or "double": the TFLite
/// importer writes "double" (TFLite's MultiplyByQuantizedMultiplier), and
/// the lowering's `rounding=auto` (its default) follows it.
inline constexpr llvm::StringLiteral kRescaleRoundingAttrName =
    "qtosa.rescale_rounding";

/// The `qtosa.qtype` value for `qtype`.
StringAttr getQTypeAttrValue(Type qtype);

/// The quantized type a `qtosa.qtype` value names, or null when `value` is
/// not a string holding one.
Type parseQTypeAttrValue(Attribute value);

/// The number of elements of a static shape, as a double. Verifiers accept
/// shapes whose element count overflows int64, where
/// ShapedType::getNumElements() is undefined; a double is exact up to 2^53
/// and orders correctly far past that, which is all a size limit needs.
inline double countElements(ArrayRef<int64_t> shape) {
  double count = 1;
  for (int64_t size : shape)
    count *= static_cast<double>(size);
  return count;
}

/// True when `root` or an op nested in it belongs to the qtosa dialect. The
/// passes that only rewrite around qtosa ops check it first, so that integer
/// TOSA other tools wrote is never touched by their folding.
bool containsQTosaOps(Operation *root);
} // namespace mlir::qtosa

#endif // QTOSA_DIALECT_QTOSA_IR_QTOSADIALECT_H

//===- QuantParams.h - Uniform quantization parameters ----------*- C++ -*-===//
//
// One place that knows how a !quant.uniform type (per-tensor, per-axis or
// sub-channel) attaches a scale and zero point to every element of a tensor.
// The op verifiers, the import and expand passes and the constant folds all
// read parameters through it.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_DIALECT_QTOSA_IR_QUANTPARAMS_H
#define QTOSA_DIALECT_QTOSA_IR_QUANTPARAMS_H

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::qtosa {

/// Checks that `qtype` can describe a tensor of `shape` (dynamic sizes are
/// accepted wherever the type does not fix them). Every failure is reported
/// through `emitError` with the offending numbers.
LogicalResult
verifyQuantParamsForShape(function_ref<InFlightDiagnostic()> emitError,
                          quant::QuantizedType qtype, ArrayRef<int64_t> shape);

/// The parameters of a uniform quantized type laid out as tensors that
/// broadcast elementwise (TOSA-style, equal rank) against the data.
///
/// Sub-channel blocks that are neither a whole dimension nor one element wide
/// cannot broadcast directly; for those the data is viewed in `dataShape`,
/// where each such dimension d is split into [d / block, block], and the
/// parameters get [d / block, 1] there.
struct QuantParamLayout {
  /// Shape in which the data must be viewed; equal to the tensor's own shape
  /// unless `needsReshape`.
  SmallVector<int64_t> dataShape;
  bool needsReshape = false;
  /// Shape of the parameter tensors, of the same rank as `dataShape`.
  SmallVector<int64_t> paramShape;
  /// Row-major over `paramShape`.
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;

  /// The position in `scales` and `zeroPoints` of the parameters of the
  /// element at row-major position `dataIndex` of the data.
  int64_t paramIndex(int64_t dataIndex) const;
};

/// Lays out the parameters of `qtype` for a tensor of `shape`. Fails (without
/// a diagnostic) for non-uniform types and for sub-channel blocks over
/// dynamic dimensions; call verifyQuantParamsForShape first for a reason.
FailureOr<QuantParamLayout> getQuantParamLayout(quant::QuantizedType qtype,
                                                ArrayRef<int64_t> shape);

/// True when the storage range is the whole range of the storage width
/// (not narrowed, as in i8<-127:127>).
bool hasFullStorageRange(quant::QuantizedType qtype);

/// True when quantize(dequantize(q)) == q for every storage value q under the
/// dialect's arithmetic (see QTosaOps.td): the storage range is the full range
/// of its width, the expressed type carries at least two bits more precision
/// than the storage, and no scale under- or overflows.
bool isRoundTripExact(quant::QuantizedType qtype);

/// One element through qtosa.quantize with `scale` and `zeroPoint`, exactly
/// as the expansion computes it (f32 product with f32(1/scale), clamp,
/// round half to even, or half away from zero with `tiesAwayFromZero`).
int64_t quantizeElement(float value, double scale, int64_t zeroPoint,
                        int64_t storageMin, int64_t storageMax,
                        bool tiesAwayFromZero = false);

/// quantizeElement with per-tensor parameters.
int64_t quantizeElement(float value, quant::UniformQuantizedType params,
                        bool tiesAwayFromZero = false);

/// One element through qtosa.dequantize, in f32.
float dequantizeElement(int64_t stored, double scale, int64_t zeroPoint);

/// The stored integer that dequantizes to exactly `value`, if there is one.
std::optional<int64_t> storeExactly(float value, double scale,
                                    int64_t zeroPoint, int64_t storageMin,
                                    int64_t storageMax);

} // namespace mlir::qtosa

#endif // QTOSA_DIALECT_QTOSA_IR_QUANTPARAMS_H

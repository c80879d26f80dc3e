//===- Internals.h - Shared by qtosa-import-qdq's files ---------*- C++ -*-===//
//
// qtosa-import-qdq replaces every value of quantized tensor type by its
// storage tensor. Its files, in the order the pass uses them:
//
//   Checks.cpp          what cannot be imported (reported at the op) and
//                       tensors beyond TOSA 1.0 level 8K
//   Casts.cpp           quant.qcast / dcast / scast to qtosa.quantize /
//                       dequantize: one rewrite per cast, for the dialect
//                       conversion's patterns and for the direct import of
//                       graphs made of casts alone
//   QuantTypedTosa.cpp  quant-typed TOSA ops: float islands between
//                       dequantize and quantize, or kept on storage; the
//                       plain integer bias of a quant-typed convolution
//   ImportQDQPass.cpp   the pass: one inspection walk per function, then the
//                       direct import or the dialect conversion
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_IMPORTQDQ_INTERNALS_H
#define QTOSA_LIB_TRANSFORMS_IMPORTQDQ_INTERNALS_H

#include "qtosa/Transforms/Passes.h"
#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Operation.h"

namespace mlir {
class TypeConverter;
class RewritePatternSet;

namespace qtosa::import_qdq {

/// The quantized element type of `type` (a tensor's or `type` itself), or
/// null.
inline quant::QuantizedType getQuantElementType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return dyn_cast<quant::QuantizedType>(shaped.getElementType());
  return dyn_cast<quant::QuantizedType>(type);
}

inline bool isQuantized(Type type) {
  return static_cast<bool>(getQuantElementType(type));
}

inline bool isQuantized(Value value) { return isQuantized(value.getType()); }

/// Quantized types on the op's own operands and results, or in the signature
/// of a function.
bool hasQuantizedTypes(Operation *op);

//===----------------------------------------------------------------------===//
// Checks.cpp
//===----------------------------------------------------------------------===//

/// Reports, at the op, every reason the conversion would not apply;
/// `quantized` is hasQuantizedTypes(op).
LogicalResult checkImportable(Operation *op, bool quantized);

/// Why a value of `type` is outside TOSA 1.0 level 8K (rank at most
/// `maxRank`, 0 for no limit; fewer than 2^31 bytes); empty when it is not.
WhyNot whyNotWithinLevel(Type type, unsigned maxRank);

//===----------------------------------------------------------------------===//
// Casts.cpp
//===----------------------------------------------------------------------===//

/// The conversion patterns of quant.qcast, quant.dcast and quant.scast.
void populateCastImportPatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns,
                                ImportQDQCounters *counters);

/// Imports `ops` without the dialect conversion when they are all
/// quant.qcast, quant.dcast and quant.scast (see Casts.cpp). Returns false,
/// with the IR untouched, when any op is of another kind or would not
/// convert.
bool importCastsDirectly(ArrayRef<Operation *> ops,
                         const TypeConverter &converter,
                         ImportQDQCounters &counters);

//===----------------------------------------------------------------------===//
// QuantTypedTosa.cpp
//===----------------------------------------------------------------------===//

/// The quantized type a quant-typed convolution's plain integer bias is
/// stored at: null when `op` is not such a convolution (quantized input and
/// weights, a bias of plain integer elements), or why it cannot have one.
WhyNotOr<quant::QuantizedType> getImplicitBiasType(Operation *op);

} // namespace qtosa::import_qdq
} // namespace mlir

#endif // QTOSA_LIB_TRANSFORMS_IMPORTQDQ_INTERNALS_H

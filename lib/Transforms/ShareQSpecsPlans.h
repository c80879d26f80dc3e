//===- ShareQSpecsPlans.h - What qtosa-share-qspecs' moves need -*- C++ -*-===//
//
// Private to qtosa-share-qspecs: ShareQSpecs.cpp holds the patterns and the
// pass, ShareQSpecsPlans.cpp what each move needs, the integer forms it
// builds and why an op stays in float.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_SHAREQSPECSPLANS_H
#define QTOSA_LIB_TRANSFORMS_SHAREQSPECSPLANS_H

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Utils/WhyNot.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::qtosa::share_qspecs {

/// An op that may move: it has the interface, moves or orders values, and
/// has one float result. Asked of nearly every op the drivers visit, so the
/// reasons are fixed sentences (WhyNot keeps them as pointers).
inline WhyNotOr<QuantBehaviourOpInterface> getMovableOp(Operation *op) {
  auto iface = dyn_cast_or_null<QuantBehaviourOpInterface>(op);
  if (!iface || iface.getQuantBehaviour() == QuantBehaviour::Independent)
    return "it computes new values";
  if (op->getNumResults() != 1)
    return "it has several results";
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || (iface.resultHoldsValues() &&
                      !isa<FloatType>(resultType.getElementType())))
    return "its result is not a float tensor";
  return iface;
}

/// What sinking the dequantizes of `op` (rule 1) would build.
struct SinkPlan {
  SmallVector<Value> operands;
  /// Parameters of the integer result, when it holds values.
  quant::QuantizedType resultType;
  std::optional<std::pair<int64_t, int64_t>> clampBounds;
  /// Pad value that is a float constant, stored under the input's params.
  std::optional<int64_t> storedPadValue;
};

/// `iface` is the movable op (getMovableOp).
WhyNotOr<SinkPlan> planSink(QuantBehaviourOpInterface iface,
                            bool duplicateDequantize);

/// The integer form sinking builds from `plan`, detached; the stored pad
/// value, if any, is created with `builder` and listed in `created`.
WhyNotOr<Operation *> buildSunkOp(OpBuilder &builder,
                                  QuantBehaviourOpInterface iface,
                                  SinkPlan &plan,
                                  SmallVectorImpl<Operation *> &created);

/// The operand parameters with which `quantize(op(y), Q)` becomes
/// `op(quantize(y, Q'))`, or why it cannot. `sinkPlanHolds` is whether
/// planSink holds for `op`, when the caller already asked it.
WhyNotOr<SmallVector<quant::QuantizedType>>
planHoist(QuantizeOp quantize, bool duplicateDequantize,
          std::optional<bool> sinkPlanHolds = std::nullopt);

/// The integer form hoisting `quantize` above its input builds from the
/// plan's `operandTypes`, detached; the quantizes and pad values it reads
/// are created with `builder` and listed in `created`.
WhyNotOr<Operation *>
buildHoistedOp(OpBuilder &builder, QuantizeOp quantize,
               ArrayRef<quant::QuantizedType> operandTypes,
               SmallVectorImpl<Operation *> &created);

/// Why the movable `iface` stays in float, or nothing when it moves: its
/// dequantizes cannot sink, and (with a quantize user) that quantize cannot
/// hoist above it. Each direction is planned once; where a plan holds, the
/// integer form it builds is built detached and verified, as the patterns
/// do, so an op whose plan holds is explained by its verifier. The same
/// sentence serves the pass's remark and later passes that ask.
WhyNot whyStaysInFloat(QuantBehaviourOpInterface iface, QuantizeOp quantizeUser,
                       bool duplicateDequantize);

/// The quantize among `op`'s users, the last one if several.
QuantizeOp getQuantizeUser(Operation *op);

} // namespace mlir::qtosa::share_qspecs

#endif // QTOSA_LIB_TRANSFORMS_SHAREQSPECSPLANS_H

//===- SignedStorage.cpp - u8 storage to i8 -------------------------------===//
//
// u8 and i8 with a zero point 128 lower denote the same reals; TOSA and
// Ethos-U work on the signed form. Only the storage changes, never a value.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_SIGNEDSTORAGEPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct SignedStoragePass
    : qtosa::impl::SignedStoragePassBase<SignedStoragePass> {
  using SignedStoragePassBase::SignedStoragePassBase;
  void runOnOperation() override;
};

/// The i8 parameters denoting what `qtype` denotes on u8 storage, or null
/// when `qtype` is not u8 per-tensor or per-axis.
quant::QuantizedType getSignedEquivalent(quant::QuantizedType qtype) {
  if (!qtype || qtype.isSigned() || qtype.getStorageTypeIntegralWidth() != 8)
    return {};
  MLIRContext *ctx = qtype.getContext();
  auto i8 = IntegerType::get(ctx, 8);
  int64_t lo = qtype.getStorageTypeMin() - 128;
  int64_t hi = qtype.getStorageTypeMax() - 128;
  if (auto uniform = dyn_cast<quant::UniformQuantizedType>(qtype))
    return quant::UniformQuantizedType::get(
        quant::QuantizationFlags::Signed, i8, uniform.getExpressedType(),
        uniform.getScale(), uniform.getZeroPoint() - 128, lo, hi);
  if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(qtype)) {
    SmallVector<int64_t> zeroPoints(axis.getZeroPoints());
    for (int64_t &zp : zeroPoints)
      zp -= 128;
    return quant::UniformQuantizedPerAxisType::get(
        quant::QuantizationFlags::Signed, i8, axis.getExpressedType(),
        axis.getScales(), zeroPoints, axis.getQuantizedDimension(), lo, hi);
  }
  return {};
}

/// `constant`'s stored u8 values moved 128 down, as i8.
DenseElementsAttr shiftedDown(DenseElementsAttr constant) {
  return constant.mapValues(constant.getElementType(), [](const APInt &v) {
    return APInt(8, static_cast<uint64_t>(v.getZExtValue() - 128),
                 /*isSigned=*/false, /*implicitTrunc=*/true);
  });
}

/// Ops that move their first operand's stored values without reading them:
/// the same shift of every stored value commutes with them, so the storage
/// of what they read and of what they produce changes together.
bool movesStoredValues(OpOperand &use) {
  return use.getOperandNumber() == 0 &&
         isa<tosa::SliceOp, tosa::ReshapeOp, tosa::TransposeOp, tosa::ReverseOp,
             tosa::TileOp, tosa::IdentityOp>(use.getOwner());
}

/// The u8 dequantizes that read `stored`, directly or through ops that move
/// stored values; false when something else reads it (a function result, a
/// call, an op that computes on the stored values).
bool collectU8Readers(Value stored, SmallVectorImpl<DequantizeOp> &readers) {
  for (OpOperand &use : stored.getUses()) {
    if (auto dequantize = dyn_cast<DequantizeOp>(use.getOwner())) {
      if (!getSignedEquivalent(dequantize.getQtype()))
        return false;
      readers.push_back(dequantize);
      continue;
    }
    if (!movesStoredValues(use) ||
        !collectU8Readers(use.getOwner()->getResult(0), readers))
      return false;
  }
  return true;
}

/// A quantize of `dequantize`'s result to `qtype` and a dequantize of it,
/// right after `dequantize`; exact when `qtype` has the same scale (u8 and
/// its i8 form), so one tosa.rescale lowers the pair.
DequantizeOp requantizeAfter(DequantizeOp dequantize,
                             quant::QuantizedType qtype) {
  OpBuilder builder(dequantize);
  builder.setInsertionPointAfter(dequantize);
  auto requantize = QuantizeOp::create(
      builder, dequantize.getLoc(), dequantize.getInput().getType(),
      dequantize.getOutput(), TypeAttr::get(qtype));
  return DequantizeOp::create(builder, dequantize.getLoc(),
                              dequantize.getOutput().getType(),
                              requantize.getOutput(), TypeAttr::get(qtype));
}

} // namespace

void SignedStoragePass::runOnOperation() {
  bool changed = false;
  // Quantizes whose stored value only dequantizes, maybe after slices,
  // reshapes and transposes of the stored values (TF1's whole-uint8
  // models): both ends move.
  // With u8-graph-ends (io=int), a graph input quantized to u8 in the graph
  // keeps its storage: the graph takes the u8 integers TFLite takes, and its
  // readers are requantized to i8 below (one exact tosa.rescale reading
  // unsigned input). A dequantize of moved storage that the graph returns gets
  // the same at its end: the graph returns u8.
  SmallVector<std::pair<DequantizeOp, quant::QuantizedType>> returnedReaders;
  getOperation()->walk([&](QuantizeOp quantize) {
    quant::QuantizedType signedType = getSignedEquivalent(quantize.getQtype());
    if (!signedType || quantize->use_empty())
      return;
    if (auto argument = dyn_cast<BlockArgument>(quantize.getInput()))
      if (u8GraphEnds &&
          isa<FunctionOpInterface>(argument.getOwner()->getParentOp()))
        return;
    SmallVector<DequantizeOp> readers;
    if (!collectU8Readers(quantize.getOutput(), readers))
      return;
    quantize.setQtypeAttr(TypeAttr::get(signedType));
    for (DequantizeOp dequantize : readers) {
      if (u8GraphEnds &&
          llvm::any_of(dequantize->getUsers(), [](Operation *user) {
            return user->hasTrait<OpTrait::ReturnLike>();
          }))
        returnedReaders.push_back({dequantize, dequantize.getQtype()});
      dequantize.setQtypeAttr(
          TypeAttr::get(getSignedEquivalent(dequantize.getQtype())));
    }
    changed = true;
  });

  // What is left dequantizes u8 from a constant or from outside.
  getOperation()->walk([&](DequantizeOp dequantize) {
    quant::QuantizedType signedType =
        getSignedEquivalent(dequantize.getQtype());
    if (!signedType)
      return;
    OpBuilder builder(dequantize);
    DenseElementsAttr stored;
    if (matchPattern(dequantize.getInput(), m_Constant(&stored)) &&
        isa<IntegerType>(stored.getElementType())) {
      auto constant = tosa::ConstOp::create(
          builder, dequantize.getLoc(), stored.getType(), shiftedDown(stored));
      dequantize.getInputMutable().assign(constant);
      dequantize.setQtypeAttr(TypeAttr::get(signedType));
      changed = true;
      return;
    }
    // A requantize to the signed parameters, lowered to one tosa.rescale
    // reading unsigned input.
    DequantizeOp signedDequantize = requantizeAfter(dequantize, signedType);
    dequantize.getOutput().replaceAllUsesExcept(
        signedDequantize.getOutput(),
        signedDequantize.getInput().getDefiningOp());
    changed = true;
  });

  // The returned ends: requantized to their u8 parameters (exact: the same
  // scale), lowered to one tosa.rescale writing unsigned output.
  for (auto [dequantize, u8Type] : returnedReaders) {
    DequantizeOp unsignedDequantize = requantizeAfter(dequantize, u8Type);
    dequantize.getOutput().replaceUsesWithIf(
        unsignedDequantize.getOutput(), [](OpOperand &use) {
          return use.getOwner()->hasTrait<OpTrait::ReturnLike>();
        });
  }
  if (!changed)
    markAllAnalysesPreserved();
}

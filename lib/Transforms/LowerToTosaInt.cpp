//===- LowerToTosaInt.cpp - QDQ groups to integer TOSA 1.0 ----------------===//
//
// The groups themselves are lowered in TosaIntLowering.cpp; this pass owns
// the order they are visited in and the remarks for groups left in float.
//
//===----------------------------------------------------------------------===//

#include "TosaIntLowering.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_LOWERTOTOSAINTPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Remembers erased ops so that a list collected before rewriting can skip
/// them, and the constants the lowering makes.
struct LoweringListener : RewriterBase::Listener {
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (!previous.isSet())
      if (auto constant = dyn_cast<tosa::ConstOp>(op))
        created.push_back(constant);
  }
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  DenseSet<Operation *> erased;
  SmallVector<tosa::ConstOp> created;
};

/// Leaves one of the lowering's constants per value and type in each block,
/// at the top of the block in the order they were made. Every rescale reads
/// four constants, most of them zero points and shifts that repeat;
/// unshared they were most of the lowered IR's ops. Sharing stays inside a
/// block: TOSA's control-flow regions may not read values from above. The
/// function's own constants are left where they are.
void shareCreatedConstants(ArrayRef<tosa::ConstOp> created,
                           const DenseSet<Operation *> &erased,
                           RewriterBase &rewriter) {
  DenseMap<std::tuple<Block *, Attribute, Type>, tosa::ConstOp> kept;
  // The last constant placed at the top of each block.
  DenseMap<Block *, Operation *> lastPlaced;
  for (tosa::ConstOp constant : created) {
    if (erased.contains(constant))
      continue;
    Block *block = constant->getBlock();
    auto [it, inserted] = kept.try_emplace(
        {block, constant.getValuesAttr(), constant.getType()}, constant);
    if (!inserted) {
      rewriter.replaceOp(constant, it->second);
      continue;
    }
    Operation *&last = lastPlaced[block];
    if (last)
      rewriter.moveOpAfter(constant, last);
    else
      rewriter.moveOpBefore(constant, block, block->begin());
    last = constant;
  }
}

struct LowerToTosaIntPass
    : qtosa::impl::LowerToTosaIntPassBase<LowerToTosaIntPass> {
  using LowerToTosaIntPassBase::LowerToTosaIntPassBase;
  void runOnOperation() override;
};

} // namespace

void LowerToTosaIntPass::runOnOperation() {
  func::FuncOp func = getOperation();
  LoweringListener listener;
  IRRewriter rewriter(&getContext(), &listener);
  SmallVector<QuantizeOp> quantizes;
  func.walk([&](QuantizeOp quantize) { quantizes.push_back(quantize); });
  for (QuantizeOp quantize : quantizes)
    if (!listener.erased.contains(quantize))
      (void)lowerQuantizedGroup(rewriter, quantize, rounding);
  shareCreatedConstants(listener.created, listener.erased, rewriter);

  // Each float TOSA op still between a dequantize and a quantize, and each
  // requantize left as qtosa ops, is explained once.
  DenseSet<Operation *> explained;
  func.walk([&](QuantizeOp quantize) {
    Operation *producer = quantize.getInput().getDefiningOp();
    if (!producer || !explained.insert(producer).second)
      return;
    if (auto dequantize = dyn_cast<DequantizeOp>(producer)) {
      if (dequantize.getQtype() == quantize.getQtype())
        return;
      quantize.emitRemark()
          << "requantize stays as qtosa ops: "
          << whyNotLowerableToTosaInt(quantize);
      return;
    }
    if (!isa_and_present<tosa::TosaDialect>(producer->getDialect()))
      return;
    producer->emitRemark() << "'" << producer->getName()
                           << "' stays in float between dequantize and "
                              "quantize: "
                           << whyNotLowerableToTosaInt(quantize);
  });
}

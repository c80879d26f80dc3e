//===- EthosULegalize.cpp - qtosa-ethosu-legalize -------------------------===//
//
// Rewrites integer TOSA that Vela does not compile for the target into an
// exact form it does, before the partition decides what runs on the NPU.
// Today, on Ethos-U55: the bilinear upscale by 2, 4 or 8
// (BilinearAsConvolution.h) and the 16x8 transposed convolution
// (TransposeConvAsConvolution.h).
//
//===----------------------------------------------------------------------===//

#include "BilinearAsConvolution.h"
#include "TransposeConvAsConvolution.h"

#include "qtosa/Target/EthosU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_ETHOSULEGALIZEPASS
#include "qtosa/Target/EthosU/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::ethosu;

namespace {

/// Erases `op` and then whatever only it read, as long as nothing else
/// reads it and it has no effect: the lowering's repeated first row and
/// column, and the resize's shape constants.
void eraseWithDeadOperands(Operation *op) {
  SmallVector<Operation *> worklist = {op};
  while (!worklist.empty()) {
    Operation *dead = worklist.pop_back_val();
    if (!dead->use_empty() || !isOpTriviallyDead(dead))
      continue;
    SmallVector<Operation *> producers;
    for (Value operand : dead->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.push_back(producer);
    dead->erase();
    for (Operation *producer : producers)
      if (!llvm::is_contained(worklist, producer))
        worklist.push_back(producer);
  }
}

/// Replaces `original`'s result by what `build` makes before it (`form`
/// names it); undoes it, with a remark, when an op of that form breaks a
/// rule of `target` (a tensor beyond Vela's limits, say), so that the
/// original is on the host for one reason.
void rewrite(Operation *original, StringRef form, EthosUTarget target,
             llvm::function_ref<Value(OpBuilder &)> build) {
  Operation *before = original->getPrevNode();
  OpBuilder builder(original);
  Value replacement = build(builder);
  original->getResult(0).replaceAllUsesWith(replacement);

  Block *block = original->getBlock();
  auto first = before ? std::next(before->getIterator()) : block->begin();
  SmallVector<Operation *> built;
  for (auto it = first; &*it != original; ++it)
    built.push_back(&*it);
  for (Operation *op : built) {
    std::optional<EthosUViolation> violation = checkEthosULegality(op, target);
    if (!violation)
      continue;
    original->emitRemark() << "not rewritten as " << form
                           << " for the NPU: its '" << op->getName()
                           << "' would break " << violation->rule << ": "
                           << violation->reason;
    replacement.replaceAllUsesWith(original->getResult(0));
    for (Operation *newOp : llvm::reverse(built))
      newOp->erase();
    return;
  }
  eraseWithDeadOperands(original);
}

struct EthosULegalizePass
    : public qtosa::impl::EthosULegalizePassBase<EthosULegalizePass> {
  using EthosULegalizePassBase::EthosULegalizePassBase;

  void runOnOperation() override {
    // Vela compiles the bilinear resize and the 16x8 transposed
    // convolution for Ethos-U85.
    if (target != EthosUTarget::U55_128) {
      markAllAnalysesPreserved();
      return;
    }
    SmallVector<BilinearAsConvolution> resizes;
    SmallVector<TransposeConvAsConvolution> transposeConvs;
    getOperation().walk([&](Operation *op) {
      if (auto resize = dyn_cast<tosa::ResizeOp>(op)) {
        WhyNotOr<BilinearAsConvolution> plan =
            planBilinearAsConvolution(resize);
        if (plan.hasValue())
          resizes.push_back(*plan);
      } else if (auto conv = dyn_cast<tosa::TransposeConv2DOp>(op)) {
        WhyNotOr<TransposeConvAsConvolution> plan =
            planTransposeConvAsConvolution(conv);
        if (plan.hasValue())
          transposeConvs.push_back(*plan);
      }
    });
    if (resizes.empty() && transposeConvs.empty()) {
      markAllAnalysesPreserved();
      return;
    }
    for (const BilinearAsConvolution &plan : resizes)
      rewrite(
          plan.resize, "a depthwise convolution", target,
          [&](OpBuilder &b) { return buildBilinearAsConvolution(b, plan); });
    for (const TransposeConvAsConvolution &plan : transposeConvs)
      rewrite(plan.transposeConv, "a convolution", target, [&](OpBuilder &b) {
        return buildTransposeConvAsConvolution(b, plan);
      });
  }
};

} // namespace

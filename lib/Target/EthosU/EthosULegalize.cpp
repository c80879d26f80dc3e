//===- EthosULegalize.cpp - qtosa-ethosu-legalize -------------------------===//
//
// Rewrites integer TOSA that Vela does not compile for the target into an
// exact form it does, before the partition decides what runs on the NPU.
// Today: the bilinear upscale by 2, 4 or 8 on Ethos-U55
// (BilinearAsConvolution.h).
//
//===----------------------------------------------------------------------===//

#include "BilinearAsConvolution.h"

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

/// Replaces the resize by its convolution form; undoes it, with a remark,
/// when an op of that form breaks a rule of `target` (a tensor beyond
/// Vela's limits, say), so that the resize is on the host for one reason.
void rewrite(const BilinearAsConvolution &plan, EthosUTarget target) {
  tosa::ResizeOp resize = plan.resize;
  Operation *before = resize->getPrevNode();
  OpBuilder builder(resize);
  Value accumulator = buildBilinearAsConvolution(builder, plan);
  resize.getResult().replaceAllUsesWith(accumulator);

  Block *block = resize->getBlock();
  auto first = before ? std::next(before->getIterator()) : block->begin();
  SmallVector<Operation *> built;
  for (auto it = first; &*it != resize.getOperation(); ++it)
    built.push_back(&*it);
  for (Operation *op : built) {
    std::optional<EthosUViolation> violation = checkEthosULegality(op, target);
    if (!violation)
      continue;
    resize->emitRemark()
        << "not rewritten as a depthwise convolution for the NPU: its '"
        << op->getName() << "' would break " << violation->rule << ": "
        << violation->reason;
    accumulator.replaceAllUsesWith(resize.getResult());
    for (Operation *newOp : llvm::reverse(built))
      newOp->erase();
    return;
  }
  eraseWithDeadOperands(resize);
}

struct EthosULegalizePass
    : public qtosa::impl::EthosULegalizePassBase<EthosULegalizePass> {
  using EthosULegalizePassBase::EthosULegalizePassBase;

  void runOnOperation() override {
    // Vela compiles the bilinear resize for Ethos-U85.
    if (target != EthosUTarget::U55_128) {
      markAllAnalysesPreserved();
      return;
    }
    SmallVector<BilinearAsConvolution> plans;
    getOperation().walk([&](tosa::ResizeOp resize) {
      WhyNotOr<BilinearAsConvolution> plan = planBilinearAsConvolution(resize);
      if (plan.hasValue())
        plans.push_back(*plan);
    });
    if (plans.empty()) {
      markAllAnalysesPreserved();
      return;
    }
    for (const BilinearAsConvolution &plan : plans)
      rewrite(plan, target);
  }
};

} // namespace

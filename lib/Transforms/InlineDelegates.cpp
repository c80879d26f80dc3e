//===- InlineDelegates.cpp - qtosa.delegate bodies back in place ----------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_INLINEDELEGATESPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct InlineDelegatesPass
    : public qtosa::impl::InlineDelegatesPassBase<InlineDelegatesPass> {
  void runOnOperation() override {
    SmallVector<DelegateOp> delegates;
    getOperation()->walk([&](DelegateOp op) { delegates.push_back(op); });
    if (delegates.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    // Inner delegates first (the walk is post-order), so an outer body
    // moves with its inner ones already inlined.
    for (DelegateOp delegate : delegates) {
      Block *body = &delegate.getBody().front();
      auto yield = cast<YieldOp>(body->getTerminator());
      // A body argument yielded as is is the delegate's operand.
      SmallVector<Value> results;
      for (Value result : yield.getResults()) {
        auto argument = dyn_cast<BlockArgument>(result);
        results.push_back(argument && argument.getOwner() == body
                              ? delegate.getInputs()[argument.getArgNumber()]
                              : result);
      }
      rewriter.eraseOp(yield);
      rewriter.setInsertionPoint(delegate);
      rewriter.inlineBlockBefore(body, delegate, delegate.getInputs());
      rewriter.replaceOp(delegate, results);
    }
  }
};

} // namespace

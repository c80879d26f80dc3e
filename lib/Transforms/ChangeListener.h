//===- ChangeListener.h - Whether a rewriter touched the IR -----*- C++ -*-===//
//
// Private to the qtosa passes. A pass that leaves its operation unchanged
// marks every analysis preserved, and the pass manager then skips the
// verifier it runs after each pass (a walk over every op). Whether anything
// changed is read from the rewriter's notifications: the greedy driver's own
// `changed` result misses the constants it moves to the top of their block.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_CHANGELISTENER_H
#define QTOSA_LIB_TRANSFORMS_CHANGELISTENER_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::qtosa {

/// Records whether any op or block was inserted, moved, modified, replaced
/// or erased through the rewriter it listens to.
struct ChangeListener : RewriterBase::Listener {
  using RewriterBase::Listener::notifyOperationReplaced;
  void notifyOperationInserted(Operation *, OpBuilder::InsertPoint) override {
    changed = true;
  }
  void notifyBlockInserted(Block *, Region *, Region::iterator) override {
    changed = true;
  }
  void notifyOperationModified(Operation *) override { changed = true; }
  void notifyOperationReplaced(Operation *, ValueRange) override {
    changed = true;
  }
  void notifyOperationErased(Operation *) override { changed = true; }
  void notifyBlockErased(Block *) override { changed = true; }

  bool changed = false;
};

} // namespace mlir::qtosa

#endif // QTOSA_LIB_TRANSFORMS_CHANGELISTENER_H

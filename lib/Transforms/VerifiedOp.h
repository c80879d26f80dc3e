//===- VerifiedOp.h - Keep a rewritten op only if it verifies ---*- C++ -*-===//
//
// Private to the qtosa passes that re-type TOSA ops (float islands in the
// import, integer ops in share-qspecs): some re-typed forms are not valid
// TOSA, and the only authority on that is the op's own verifier.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TRANSFORMS_VERIFIEDOP_H
#define QTOSA_LIB_TRANSFORMS_VERIFIEDOP_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Verifier.h"

#include <string>

namespace mlir::qtosa {

/// Creates the op `state` describes, detached, and returns it if it
/// verifies. Otherwise destroys it, puts the verifier's message in `whyNot`
/// and returns null; nothing reaches the user's diagnostics either way.
inline Operation *createIfVerified(const OperationState &state,
                                   std::string &whyNot) {
  Operation *op = Operation::create(state);
  {
    ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &diag) {
      whyNot = diag.str();
      return success();
    });
    if (succeeded(verify(op)))
      return op;
  }
  op->destroy();
  return nullptr;
}

} // namespace mlir::qtosa

#endif // QTOSA_LIB_TRANSFORMS_VERIFIEDOP_H

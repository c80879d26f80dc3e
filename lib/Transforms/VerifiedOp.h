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
#include "qtosa/Utils/WhyNot.h"

namespace mlir::qtosa {

/// Creates the op `state` describes, detached, and returns it if it
/// verifies. Otherwise destroys it and returns the verifier's message;
/// nothing reaches the user's diagnostics either way.
inline WhyNotOr<Operation *> createIfVerified(const OperationState &state) {
  Operation *op = Operation::create(state);
  std::string message;
  {
    ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    if (succeeded(verify(op)))
      return op;
  }
  op->destroy();
  if (message.empty())
    return "it does not verify";
  return WhyNot::format(message);
}

} // namespace mlir::qtosa

#endif // QTOSA_LIB_TRANSFORMS_VERIFIEDOP_H

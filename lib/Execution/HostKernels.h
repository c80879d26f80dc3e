//===- HostKernels.h - The engine's stand-ins for host calls ----*- C++ -*-===//
//
// An operator an importer could not express in TOSA is a call of a private
// declaration (`qtosa.opaque_host_op`) that a deployment's host runs. So
// that qtosa's engine can still run such a model, the calls it knows are
// replaced, in the engine's own copy of the module, by TOSA ops computing
// the operator. Internal to QTosaExecution.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_EXECUTION_HOSTKERNELS_H
#define QTOSA_LIB_EXECUTION_HOSTKERNELS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::qtosa {

/// Replaces every host call in `module` the engine has a kernel for
/// (LOG_SOFTMAX) by TOSA ops. Fails on a call it recognises but cannot
/// compute (its recorded tensor types are missing or not what TFLite's
/// kernel takes), setting `failedCall` and `why`; other calls are left
/// alone.
LogicalResult expandHostKernels(ModuleOp module, Operation *&failedCall,
                                std::string &why);

} // namespace mlir::qtosa

#endif // QTOSA_LIB_EXECUTION_HOSTKERNELS_H

//===- Passes.h - TOSA flatbuffer passes ------------------------*- C++ -*-===//

#ifndef QTOSA_TARGET_TOSAFLATBUFFER_PASSES_H
#define QTOSA_TARGET_TOSAFLATBUFFER_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace mlir::qtosa {

/// Declares ExportDelegatesPassOptions and
/// createExportDelegatesPass(ExportDelegatesPassOptions) (and one without
/// options), for pipelines that run qtosa-export-delegates.
#define GEN_PASS_DECL
#include "qtosa/Target/TosaFlatbuffer/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "qtosa/Target/TosaFlatbuffer/Passes.h.inc"

} // namespace mlir::qtosa

#endif // QTOSA_TARGET_TOSAFLATBUFFER_PASSES_H

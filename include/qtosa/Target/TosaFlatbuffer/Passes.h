//===- Passes.h - TOSA flatbuffer passes ------------------------*- C++ -*-===//

#ifndef QTOSA_TARGET_TOSAFLATBUFFER_PASSES_H
#define QTOSA_TARGET_TOSAFLATBUFFER_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::qtosa {

/// Declares ExportDelegatesPassOptions and
/// createExportDelegatesPass(ExportDelegatesPassOptions) (and one without
/// options), for pipelines that run qtosa-export-delegates.
#define GEN_PASS_DECL
#include "qtosa/Target/TosaFlatbuffer/Passes.h.inc"

/// One delegate as qtosa-export-delegates writes it.
struct ExportedDelegate {
  /// Its entry of delegates.json: name, file, target, function, inputs and
  /// outputs with their shapes, storage types and quantization.
  llvm::json::Value manifestEntry = nullptr;
  /// Its TOSA 1.0 flatbuffer, the bytes of the .tosa file.
  std::string flatbuffer;
};

/// What qtosa-export-delegates writes, in memory: delegates.json's text and
/// each delegate (in program order, numbered from 0 across `module`) with
/// its flatbuffer.
struct ExportedDelegates {
  std::string manifest;
  std::vector<ExportedDelegate> delegates;
};

/// Serializes every qtosa.delegate of `module` for `target` (empty: all).
/// A delegate the flatbuffer cannot hold is an error at the delegate;
/// nothing is written anywhere.
FailureOr<ExportedDelegates> exportDelegates(ModuleOp module,
                                             StringRef target = {});

/// qtosa-export-delegates handing its result to `sink` instead of writing
/// files (options.dir is then not used): for a caller in process, such as
/// the Python package, that wants the bytes.
std::unique_ptr<Pass>
createExportDelegatesPass(const ExportDelegatesPassOptions &options,
                          ExportedDelegates *sink);

#define GEN_PASS_REGISTRATION
#include "qtosa/Target/TosaFlatbuffer/Passes.h.inc"

} // namespace mlir::qtosa

#endif // QTOSA_TARGET_TOSAFLATBUFFER_PASSES_H

//===- TosaFlatbuffer.h - TOSA 1.0 flatbuffers out and in -------*- C++ -*-===//

#ifndef QTOSA_TARGET_TOSAFLATBUFFER_TOSAFLATBUFFER_H
#define QTOSA_TARGET_TOSAFLATBUFFER_TOSAFLATBUFFER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace mlir::qtosa {

/// Writes `op` (a module holding one function of TOSA 1.0 ops) as a TOSA 1.0
/// flatbuffer (file identifier TOSA). Emits located diagnostics and fails on
/// anything the format cannot hold.
LogicalResult exportTosaFlatbuffer(Operation *op, llvm::raw_ostream &os);

/// Reads a TOSA 1.0 flatbuffer as a module holding one TOSA function.
/// Returns null after emitting located diagnostics.
OwningOpRef<ModuleOp> importTosaFlatbuffer(llvm::MemoryBufferRef buffer,
                                           MLIRContext *context);

/// The MLIR name of every op the flatbuffer holds ("tosa.conv2d"), in the
/// order of the operator table.
std::vector<llvm::StringRef> getTosaFlatbufferOpNames();

/// Registers `--export-tosa-flatbuffer` and `--import-tosa-flatbuffer` with
/// mlir-translate.
void registerTosaFlatbufferTranslations();

} // namespace mlir::qtosa

#endif // QTOSA_TARGET_TOSAFLATBUFFER_TOSAFLATBUFFER_H

//===- TFLiteImport.h - TFLite flatbuffer to QDQ TOSA -----------*- C++ -*-===//

#ifndef QTOSA_TARGET_TFLITE_TFLITEIMPORT_H
#define QTOSA_TARGET_TFLITE_TFLITEIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace mlir::qtosa {

/// Imports a TFLite model (file identifier TFL3) as QDQ TOSA 1.0. Returns
/// null after emitting located diagnostics when the file cannot be imported.
OwningOpRef<ModuleOp> importTFLite(llvm::MemoryBufferRef buffer,
                                   MLIRContext *context);

/// Registers `--import-tflite` with mlir-translate.
void registerTFLiteTranslations();

} // namespace mlir::qtosa

#endif // QTOSA_TARGET_TFLITE_TFLITEIMPORT_H

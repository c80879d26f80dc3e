//===- Npy.h - NumPy .npy files for the execution engine --------*- C++ -*-===//
//
// Reads and writes the .npy format (versions 1.0, 2.0 and 3.0; C order;
// little-endian or byte-order-free dtypes) for qtosa-run. The dtypes are
// those of ElementType: |b1 i1, |i1 i8, <i2 i16, <i4 i32, <i8 i64, <f2 f16,
// <f4 f32, <f8 f64; NumPy has no bfloat16, so bf16 is read and written as
// its raw bits, <u2.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_EXECUTION_NPY_H
#define QTOSA_EXECUTION_NPY_H

#include "qtosa/Execution/Execute.h"

#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::qtosa {

/// Parses a .npy image. `expected`, when given, says how to read the dtype
/// <u2 (as bf16): the element type the consumer wants.
llvm::Expected<Tensor>
readNpy(llvm::MemoryBufferRef buffer,
        std::optional<ElementType> expected = std::nullopt);

/// Reads the .npy file at `path`; errors name the file.
llvm::Expected<Tensor>
readNpyFile(llvm::StringRef path,
            std::optional<ElementType> expected = std::nullopt);

/// Writes `tensor` as .npy version 1.0 (2.0 if the header needs it).
void writeNpy(const Tensor &tensor, llvm::raw_ostream &os);

/// Writes `tensor` to `path` as .npy.
llvm::Error writeNpyFile(const Tensor &tensor, llvm::StringRef path);

} // namespace mlir::qtosa

#endif // QTOSA_EXECUTION_NPY_H

//===- qtosa-tosa-fuzz.cpp - libFuzzer target over the TOSA importer ------===//
//
// Each input is read as a TOSA 1.0 flatbuffer. A diagnostic is the correct
// answer to a bad file; a crash, a sanitizer report or a hang is a bug. A
// file that imports must also export, and the exported file must import
// and export again to the same bytes (what the importer builds, the
// exporter can write, and nothing is lost the second time round); a
// violation aborts with the diagnostics.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
/// Writes `module` to a string; aborts when the exporter refuses what the
/// importer built.
std::string exportOrAbort(ModuleOp module, const std::string &diagnostics,
                          const char *stage) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (failed(qtosa::exportTosaFlatbuffer(module, os))) {
    llvm::errs() << "qtosa-tosa-fuzz: the exporter refuses the " << stage
                 << " module:\n"
                 << diagnostics;
    std::abort();
  }
  return bytes;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input, single-threaded for reproducible runs.
  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.loadDialect<func::FuncDialect, tosa::TosaDialect>();
  std::string diagnostics;
  ScopedDiagnosticHandler collectDiagnostics(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream(diagnostics)
        << diag.getLocation() << ": " << diag << "\n";
    return success();
  });

  llvm::MemoryBufferRef input(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      "fuzz-input.tosa");
  OwningOpRef<ModuleOp> imported = qtosa::importTosaFlatbuffer(input, &context);
  if (!imported)
    return 0;
  std::string first = exportOrAbort(*imported, diagnostics, "imported");
  OwningOpRef<ModuleOp> again = qtosa::importTosaFlatbuffer(
      llvm::MemoryBufferRef(first, "fuzz-reexported.tosa"), &context);
  if (!again) {
    llvm::errs() << "qtosa-tosa-fuzz: the importer refuses a file the "
                    "exporter wrote:\n"
                 << diagnostics;
    std::abort();
  }
  if (exportOrAbort(*again, diagnostics, "re-imported") != first) {
    llvm::errs() << "qtosa-tosa-fuzz: writing the module read back from an "
                    "exported file gives different bytes\n";
    std::abort();
  }
  return 0;
}

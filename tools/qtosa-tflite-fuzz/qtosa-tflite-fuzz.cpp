//===- qtosa-tflite-fuzz.cpp - libFuzzer target over the TFLite importer --===//
//
// Each input is read as a TFLite flatbuffer by importTFLite and, if it
// imports, verified and run through qtosa-ethosu-pipeline for Ethos-U55
// and qtosa-lower-pipeline{io=int rounding=double}. A diagnostic is a
// correct answer to a bad file; a crash, a sanitizer report, a hang, or an
// import that succeeds with invalid IR is a bug.
//
//===----------------------------------------------------------------------===//

#include "qtosa/InitQTosa.h"
#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Target/TFLite/TFLiteImport.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace mlir;

static DialectRegistry &registry() {
  static DialectRegistry *dialects = [] {
    auto *result = new DialectRegistry;
    qtosa::registerQTosaDialects(*result);
    return result;
  }();
  return *dialects;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  ScopedDiagnosticHandler collect(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream(diagnostics)
        << diag.getLocation() << ": " << diag << "\n";
    return success();
  });
  // FlatBuffers reads scalars in place: give the input the 16-byte
  // alignment a file buffer has.
  std::unique_ptr<char[], void (*)(void *)> copy(
      static_cast<char *>(std::aligned_alloc(16, (size + 15) / 16 * 16 + 16)),
      std::free);
  if (size)
    std::memcpy(copy.get(), data, size);
  llvm::MemoryBufferRef buffer(llvm::StringRef(copy.get(), size),
                               "fuzz-input.tflite");
  OwningOpRef<ModuleOp> module = qtosa::importTFLite(buffer, &context);
  if (!module)
    return 0;
  if (failed(verify(*module))) {
    llvm::errs() << "qtosa-tflite-fuzz: the import succeeded with invalid "
                    "IR:\n"
                 << diagnostics;
    std::abort();
  }
  auto runPipeline = [&](llvm::function_ref<void(OpPassManager &)> build) {
    OwningOpRef<ModuleOp> clone = module->clone();
    PassManager pm(&context, ModuleOp::getOperationName());
    build(pm);
    // A failed pass must have said why.
    if (failed(pm.run(*clone)) && diagnostics.empty()) {
      llvm::errs() << "qtosa-tflite-fuzz: a pipeline failed silently\n";
      std::abort();
    }
    diagnostics.clear();
  };
  runPipeline([](OpPassManager &pm) {
    qtosa::EthosUPipelineOptions options;
    options.partition.target = qtosa::EthosUTarget::U55_128;
    options.partition.remarks = false;
    (void)qtosa::buildEthosUPipeline(pm, options);
  });
  runPipeline([](OpPassManager &pm) {
    qtosa::LowerPipelineOptions options;
    options.io = qtosa::GraphIO::Int;
    // What docs/tflite-import.md tells TFLite users to run: TFLite's
    // rounding.
    options.lower.rounding = qtosa::RescaleRounding::Double;
    (void)qtosa::buildLowerPipeline(pm, options);
  });
  return 0;
}

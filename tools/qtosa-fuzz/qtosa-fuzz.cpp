//===- qtosa-fuzz.cpp - libFuzzer target over qtosa-ethosu-pipeline -------===//
//
// Each input is parsed as an MLIR module with the dialects qtosa-opt knows
// and, if it parses, run through qtosa-ethosu-pipeline once per Ethos-U
// target and through qtosa-lower-pipeline{io=int rounding=double}, with the
// verifier after every pass, then printed. A diagnostic and
// a failed pass are correct answers to bad input; a crash, a sanitizer
// report, a hang, or a pass that succeeds but leaves invalid IR is a bug.
//
//===----------------------------------------------------------------------===//

#include "qtosa/InitQTosa.h"
#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Utils/NestingDepth.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace mlir;

static DialectRegistry &registry() {
  static DialectRegistry *dialects = [] {
    auto *result = new DialectRegistry;
    qtosa::registerQTosaDialects(*result);
    return result;
  }();
  return *dialects;
}

namespace {

/// The pass manager's own verifier cannot tell a pass that reported bad
/// input (and failed) from one that left invalid IR behind (after which the
/// run fails too), so verification runs here, after successful passes only.
struct AbortOnInvalidIR : public PassInstrumentation {
  explicit AbortOnInvalidIR(const std::string &diagnostics)
      : diagnostics(diagnostics) {}

  void runAfterPass(Pass *pass, Operation *op) override {
    if (succeeded(verify(op)))
      return;
    // Nested pipelines run under an adaptor with no argument of its own.
    StringRef name = pass->getArgument();
    llvm::errs() << "qtosa-fuzz: " << (name.empty() ? pass->getName() : name)
                 << " succeeded but left invalid IR:\n"
                 << diagnostics;
    std::abort();
  }

  const std::string &diagnostics;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input: uniqued types and attributes of one input
  // must not make the next one pass or fail. Threading off keeps a run
  // reproducible and the fuzzer's coverage on one thread.
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  ScopedDiagnosticHandler collectDiagnostics(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream(diagnostics)
        << diag.getLocation() << ": " << diag << "\n";
    return success();
  });

  // What qtosa-opt and qtosa.parse refuse before parsing (MLIR's parser
  // would overflow the stack on it) is a correct answer here too.
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (qtosa::findNestingBeyond(text))
    return 0;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz-input.mlir"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> parsed = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!parsed)
    return 0;

  // Both Ethos-U targets, then the integer-IO lowering, whose signature
  // rewrite the Ethos-U pipeline (host IO) never reaches.
  auto runPipeline = [&](function_ref<void(OpPassManager &)> build) {
    OwningOpRef<ModuleOp> module = parsed->clone();
    PassManager pm(&context, ModuleOp::getOperationName());
    pm.enableVerifier(false);
    pm.addInstrumentation(std::make_unique<AbortOnInvalidIR>(diagnostics));
    build(pm);
    if (succeeded(pm.run(*module)))
      module->print(llvm::nulls());
    diagnostics.clear();
  };
  for (qtosa::EthosUTarget target :
       {qtosa::EthosUTarget::U55_128, qtosa::EthosUTarget::U85_256})
    runPipeline([&](OpPassManager &pm) {
      qtosa::EthosUPipelineOptions options;
      options.partition.target = target;
      (void)qtosa::buildEthosUPipeline(pm, options);
    });
  runPipeline([](OpPassManager &pm) {
    qtosa::LowerPipelineOptions options;
    options.io = qtosa::GraphIO::Int;
    options.lower.rounding = qtosa::RescaleRounding::Double;
    (void)qtosa::buildLowerPipeline(pm, options);
  });
  return 0;
}

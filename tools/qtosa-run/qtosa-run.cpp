//===- qtosa-run.cpp - Run a function of a qtosa or TOSA module -----------===//
//
//   qtosa-run model.mlir -e main --input a.npy --input b.npy --output-dir out/
//
// Parses the module, compiles the function with the execution engine
// (qtosa's expansion, then MLIR's TOSA -> Linalg -> LLVM lowering) and runs
// it on .npy inputs. Results go to DIR/result_<i>.npy with --output-dir, to
// a file pattern with -o (each %d becomes the result index), and are
// printed to stdout otherwise.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Execution/Execute.h"
#include "qtosa/Execution/Npy.h"
#include "qtosa/InitQTosa.h"
#include "qtosa/Utils/NestingDepth.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::qtosa;

namespace cl = llvm::cl;

static cl::OptionCategory category("qtosa-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    entryFunction("e", cl::desc("The function to run (default: main)"),
                  cl::value_desc("name"), cl::init("main"), cl::cat(category));
static cl::alias entryFunctionLong("entry", cl::aliasopt(entryFunction),
                                   cl::desc("Alias for -e"));
static cl::list<std::string>
    inputs("input", cl::desc("A .npy file for the next argument, in order"),
           cl::value_desc("file.npy"), cl::cat(category));
static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("Write each result to DIR/result_<index>.npy"),
              cl::value_desc("DIR"), cl::cat(category));
static cl::opt<std::string>
    outputPattern("o",
                  cl::desc("Write each result to this path, %d replaced by "
                           "the result index"),
                  cl::value_desc("out_%d.npy"), cl::cat(category));

static int fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "qtosa-run") << message << "\n";
  return 1;
}

/// The path of result `index` under -o or --output-dir.
static std::string outputPath(size_t index) {
  if (!outputDir.empty()) {
    SmallString<256> path(outputDir);
    llvm::sys::path::append(path, "result_" + std::to_string(index) + ".npy");
    return path.str().str();
  }
  std::string path = outputPattern;
  std::string number = std::to_string(index);
  for (size_t at = path.find("%d"); at != std::string::npos;
       at = path.find("%d", at + number.size()))
    path.replace(at, 2, number);
  return path;
}

/// Element `index` of `tensor` as text: integers in decimal, floats with
/// enough digits to read back the same value.
static void printElement(llvm::raw_ostream &os, const Tensor &tensor,
                         int64_t index) {
  const uint8_t *at =
      tensor.data.data() + index * getByteWidth(tensor.elementType);
  auto load = [&](auto value) {
    std::memcpy(&value, at, sizeof(value));
    return value;
  };
  auto printHalf = [&](const llvm::fltSemantics &semantics) {
    llvm::APFloat value(semantics, llvm::APInt(16, load(uint16_t())));
    os << llvm::format("%.9g", value.convertToFloat());
  };
  switch (tensor.elementType) {
  case ElementType::I1:
    os << (load(uint8_t()) ? 1 : 0);
    return;
  case ElementType::I8:
    os << static_cast<int>(load(int8_t()));
    return;
  case ElementType::I16:
    os << load(int16_t());
    return;
  case ElementType::I32:
    os << load(int32_t());
    return;
  case ElementType::I64:
    os << load(int64_t());
    return;
  case ElementType::F16:
    printHalf(llvm::APFloat::IEEEhalf());
    return;
  case ElementType::BF16:
    printHalf(llvm::APFloat::BFloat());
    return;
  case ElementType::F32:
    os << llvm::format("%.9g", load(float()));
    return;
  case ElementType::F64:
    os << llvm::format("%.17g", load(double()));
    return;
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "qtosa-run: run a function of a qtosa, QDQ, integer TOSA or "
      "partitioned module on .npy inputs\n");
  if (!outputDir.empty() && !outputPattern.empty())
    return fail("give --output-dir or -o, not both");

  DialectRegistry registry;
  registerQTosaDialects(registry);
  MLIRContext context(registry);
  // A diagnostic names the op's location; a dump of the op would bury it.
  context.printOpOnDiagnostic(false);

  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(inputFile, &message);
  if (!file)
    return fail(message);
  // MLIR's parser recurses once per level of nesting: refuse what would
  // overflow the stack.
  if (std::optional<NestingViolation> violation =
          findNestingBeyond(file->getBuffer())) {
    llvm::errs() << describeNestingViolation(file->getBufferIdentifier(),
                                             *violation)
                 << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  llvm::Expected<std::unique_ptr<Executable>> executable =
      Executable::compile(*module, entryFunction);
  if (!executable)
    return fail(llvm::toString(executable.takeError()));

  // Paths that would clash: several results in one file (each would
  // replace the last), or a result over an input.
  size_t resultCount = (*executable)->getOutputs().size();
  if (!outputPattern.empty() && resultCount > 1 &&
      StringRef(outputPattern).find("%d") == StringRef::npos)
    return fail("-o " + outputPattern + " names one file for the " +
                Twine(resultCount) +
                " results; put %d in it (out_%d.npy) or use --output-dir");
  if (!outputDir.empty() || !outputPattern.empty())
    for (size_t index = 0; index < resultCount; ++index)
      for (const std::string &input : inputs) {
        bool same = false;
        if (!llvm::sys::fs::equivalent(input, outputPath(index), same) && same)
          return fail("result #" + Twine(index) + " would be written to '" +
                      outputPath(index) + "', the input file '" + input +
                      "'; give the results other paths");
      }

  // The expected element type tells the reader how to take <u2 (bf16).
  ArrayRef<TensorSignature> signature = (*executable)->getInputs();
  std::vector<Tensor> arguments;
  for (auto [index, path] : llvm::enumerate(inputs)) {
    std::optional<ElementType> expected;
    if (index < signature.size())
      expected = signature[index].elementType;
    llvm::Expected<Tensor> tensor = readNpyFile(path, expected);
    if (!tensor)
      return fail(llvm::toString(tensor.takeError()));
    arguments.push_back(std::move(*tensor));
  }

  llvm::Expected<std::vector<Tensor>> results = (*executable)->run(arguments);
  if (!results)
    return fail(llvm::toString(results.takeError()));

  if (!outputDir.empty()) {
    if (std::error_code error = llvm::sys::fs::create_directories(outputDir))
      return fail("cannot create '" + outputDir + "': " + error.message());
  }
  for (auto [index, result] : llvm::enumerate(*results)) {
    if (!outputDir.empty() || !outputPattern.empty()) {
      if (llvm::Error error = writeNpyFile(result, outputPath(index)))
        return fail(llvm::toString(std::move(error)));
      continue;
    }
    llvm::outs() << "result #" << index << ": tensor<" << result.getTypeString()
                 << "> [";
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i) {
      if (i)
        llvm::outs() << ", ";
      printElement(llvm::outs(), result, i);
    }
    llvm::outs() << "]\n";
  }
  return 0;
}

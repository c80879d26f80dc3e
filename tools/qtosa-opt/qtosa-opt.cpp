//===- qtosa-opt.cpp - qtosa optimizer driver -----------------------------===//
//
// mlir-opt with qtosa's dialects and passes. It reads the input itself
// rather than letting MlirOptMain do it, for two things MlirOptMain does
// not: input nested deeper than qtosa takes is refused before MLIR's
// recursive parser overflows the stack on it, and the output file is
// checked once written (a full disk is an error, not LLVM's "IO failure on
// output stream" abort) and removed on failure only if it is a regular
// file (llvm::ToolOutputFile removes whatever path it was given, -o
// /dev/full included).
//
//===----------------------------------------------------------------------===//

#include "qtosa/InitQTosa.h"
#include "qtosa/Utils/NestingDepth.h"
#include "qtosa/Utils/OutputFile.h"

#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>

namespace {

/// The -o stream: stdout for "-", else the file, which a failed run
/// removes when it is a regular one (a device such as /dev/full stays).
class Output {
public:
  explicit Output(llvm::StringRef path) : path(path.str()) {}

  /// Opens the file; the reason on failure.
  std::optional<std::string> open() {
    if (path == "-")
      return std::nullopt;
    llvm::sys::fs::file_status status;
    regular = llvm::sys::fs::status(path, status) ||
              llvm::sys::fs::is_regular_file(status);
    std::error_code error;
    file = std::make_unique<llvm::raw_fd_ostream>(path, error,
                                                  llvm::sys::fs::OF_None);
    if (error)
      return error.message();
    return std::nullopt;
  }

  llvm::raw_ostream &os() {
    return file ? static_cast<llvm::raw_ostream &>(*file) : llvm::outs();
  }

  /// Flushes (closes a file) and returns the write error, if any, cleared
  /// so that no destructor aborts with it.
  std::optional<std::string> finish() {
    llvm::raw_fd_ostream &stream = file ? *file : llvm::outs();
    if (file)
      stream.close();
    else
      stream.flush();
    if (!stream.has_error())
      return std::nullopt;
    std::string message = stream.error().message();
    stream.clear_error();
    return message;
  }

  /// After a failure: the partial file goes, if it is a regular one.
  void discard() {
    (void)finish();
    if (file && regular)
      llvm::sys::fs::remove(path);
  }

private:
  std::string path;
  std::unique_ptr<llvm::raw_fd_ostream> file;
  bool regular = false;
};

int fail(const llvm::Twine &message) {
  llvm::errs() << "qtosa-opt: " << message << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  mlir::qtosa::registerQTosaDialects(registry);
  mlir::qtosa::registerQTosaAndUpstreamPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "qtosa: quantization-aware TOSA optimizer driver\n",
      registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // Listing dialects or passes reads no input: MlirOptMain does those.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &message);
  if (!input)
    return fail(message);
  if (std::optional<mlir::qtosa::NestingViolation> violation =
          mlir::qtosa::findNestingBeyond(input->getBuffer())) {
    llvm::errs() << mlir::qtosa::describeNestingViolation(
                        input->getBufferIdentifier(), *violation)
                 << "\n";
    return 1;
  }

  Output output(outputFilename);
  if (std::optional<std::string> error = output.open())
    return fail("cannot open '" + outputFilename + "': " + *error);
  mlir::qtosa::setModuleOutputPath(outputFilename);
  if (mlir::failed(
          mlir::MlirOptMain(output.os(), std::move(input), registry, config))) {
    output.discard();
    return 1;
  }
  if (std::optional<std::string> error = output.finish()) {
    output.discard();
    return fail("cannot write '" + outputFilename + "': " + *error);
  }
  return 0;
}

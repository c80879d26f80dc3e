//===- OutputFile.cpp - Files written whole, or not at all ----------------===//
//
// See OutputFile.h.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Utils/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <vector>

using namespace mlir::qtosa;

namespace {

struct OpenFile {
  std::string path;
  std::unique_ptr<llvm::raw_fd_ostream> os;
  /// Only a regular file is removed on failure.
  bool regular = false;
};

/// Closes `file`, returning the stream's error if it had one. The error is
/// cleared, so that the stream's destructor does not abort with it.
std::optional<std::string> closeChecked(OpenFile &file) {
  if (!file.os)
    return std::nullopt;
  file.os->close();
  std::optional<std::string> message;
  if (file.os->has_error()) {
    message = file.os->error().message();
    file.os->clear_error();
  }
  file.os.reset();
  return message;
}

/// See setModuleOutputPath.
std::string &moduleOutputPath() {
  static std::string path;
  return path;
}

void discard(std::vector<OpenFile> &files) {
  for (OpenFile &file : files) {
    (void)closeChecked(file);
    if (file.regular)
      llvm::sys::fs::remove(file.path);
  }
}

} // namespace

std::optional<OutputFileError>
mlir::qtosa::writeOutputFiles(llvm::ArrayRef<OutputFileContents> files) {
  const std::string &module = moduleOutputPath();
  if (!module.empty())
    for (const OutputFileContents &contents : files)
      if (namesSameFile(contents.path, module))
        return OutputFileError{contents.path,
                               "it is the file the module is written to (-o), "
                               "which would overwrite it; give it another "
                               "path"};
  std::vector<OpenFile> open;
  open.reserve(files.size());
  for (const OutputFileContents &contents : files) {
    // A path that does not exist yet becomes a regular file.
    llvm::sys::fs::file_status status;
    bool regular = llvm::sys::fs::status(contents.path, status) ||
                   llvm::sys::fs::is_regular_file(status);
    std::error_code error;
    auto os = std::make_unique<llvm::raw_fd_ostream>(contents.path, error,
                                                     llvm::sys::fs::OF_None);
    if (error) {
      discard(open);
      return OutputFileError{contents.path, error.message()};
    }
    open.push_back({contents.path, std::move(os), regular});
  }
  for (auto [file, contents] : llvm::zip_equal(open, files)) {
    *file.os << contents.bytes;
    if (std::optional<std::string> message = closeChecked(file)) {
      discard(open);
      return OutputFileError{file.path, *message};
    }
  }
  return std::nullopt;
}

std::optional<OutputFileError>
mlir::qtosa::writeOutputFile(llvm::StringRef path, llvm::StringRef bytes) {
  return writeOutputFiles({OutputFileContents{path.str(), bytes.str()}});
}

bool mlir::qtosa::namesSameFile(llvm::StringRef a, llvm::StringRef b) {
  bool same = false;
  if (!llvm::sys::fs::equivalent(a, b, same))
    return same;
  auto normalized = [](llvm::StringRef path) {
    llvm::SmallString<256> absolute(path);
    (void)llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
    return absolute;
  };
  return normalized(a) == normalized(b);
}

void mlir::qtosa::setModuleOutputPath(llvm::StringRef path) {
  moduleOutputPath() = path == "-" ? std::string() : path.str();
}

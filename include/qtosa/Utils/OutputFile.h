//===- OutputFile.h - Files written whole, or not at all --------*- C++ -*-===//
//
// What qtosa writes beside the IR (partition reports, Graphviz graphs,
// delegate flatbuffers and their manifest, .npy results) goes through here,
// so that a path that cannot be written, or a write that fails (a full
// disk, /dev/full, a file of /proc), is a message for the caller's
// diagnostic rather than LLVM's unlocated "IO failure on output stream"
// abort, and a failed set of files leaves none of them behind.
//
// llvm::ToolOutputFile is not used: it removes its path when not kept,
// whatever the path is (/dev/full included).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_OUTPUTFILE_H
#define QTOSA_UTILS_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace qtosa {

/// One file to write: its path and all its bytes.
struct OutputFileContents {
  std::string path;
  std::string bytes;
};

/// Why a file could not be written: its path and the system's reason.
struct OutputFileError {
  std::string path;
  std::string message;
};

/// Writes every file of `files` whole, or none: all are opened first, then
/// written and closed, and every write is checked. On failure, the regular
/// files it opened (created or truncated) are removed; a device such as
/// /dev/full is left alone. A path that names the module's output file
/// (setModuleOutputPath) is refused before anything is opened. Returns the
/// first failure.
std::optional<OutputFileError>
writeOutputFiles(llvm::ArrayRef<OutputFileContents> files);

/// One file: writeOutputFiles({{path, bytes}}).
std::optional<OutputFileError> writeOutputFile(llvm::StringRef path,
                                               llvm::StringRef bytes);

/// True when `a` and `b` name one file: the same file if both exist, else
/// the same absolute path without "." and "..".
bool namesSameFile(llvm::StringRef a, llvm::StringRef b);

/// The file a driver writes the module to (qtosa-opt's -o), set before its
/// passes run. A pass writing files of its own (a partition report,
/// delegates) cannot see -o, and writing one there would be overwritten by
/// the module, or overwrite it; writeOutputFiles refuses that path. Empty
/// (the default) when the module goes to stdout. Process-wide: a driver
/// runs one pipeline at a time.
void setModuleOutputPath(llvm::StringRef path);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_UTILS_OUTPUTFILE_H

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
/// /dev/full is left alone. Returns the first failure.
std::optional<OutputFileError>
writeOutputFiles(llvm::ArrayRef<OutputFileContents> files);

/// One file: writeOutputFiles({{path, bytes}}).
std::optional<OutputFileError> writeOutputFile(llvm::StringRef path,
                                               llvm::StringRef bytes);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_UTILS_OUTPUTFILE_H

//===- NestingDepth.h - Bound how deep MLIR text nests ----------*- C++ -*-===//
//
// MLIR's parser, verifier and printer recurse once per level of nesting
// (regions, types, attributes, locations), so 20,000 nested
// `builtin.module {` overflow the stack: a segfault in qtosa-opt, and the
// end of the Python process in qtosa.parse. The library entry points and
// the drivers scan the text first and refuse input nested deeper than any
// model is.
//
// The scan is lexical: it counts open brackets ({, (, [, <, not in strings
// or comments, '->' and '>=' aside), and an alias definition (`!t = ...`,
// `#a = ...`) counts as deep as its body wherever the alias is used, so a
// chain of aliases nesting one level each is caught too.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_NESTINGDEPTH_H
#define QTOSA_UTILS_NESTINGDEPTH_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace qtosa {

/// The deepest nesting qtosa takes. Real models nest a few dozen levels
/// (module, function, control flow, attribute and type syntax); MLIR's
/// recursion overflows an 8 MB stack at about 3,500 nested modules.
constexpr unsigned kMaxNestingDepth = 256;

/// Where text first nests deeper than a limit.
struct NestingViolation {
  unsigned line = 0, column = 0; // 1-based
  unsigned depth = 0;
};

/// The first place `text` nests deeper than `limit`, if any.
std::optional<NestingViolation>
findNestingBeyond(llvm::StringRef text, unsigned limit = kMaxNestingDepth);

/// "FILE:LINE:COL: nesting deeper than 256 levels (...)" for `violation` in
/// the text named `filename`.
std::string describeNestingViolation(llvm::StringRef filename,
                                     const NestingViolation &violation,
                                     unsigned limit = kMaxNestingDepth);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_UTILS_NESTINGDEPTH_H

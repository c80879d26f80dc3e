//===- NestingDepth.cpp - Bound how deep MLIR text nests ------------------===//
//
// See NestingDepth.h.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Utils/NestingDepth.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace mlir::qtosa;

namespace {

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' || c == '-';
}

/// The characters the scan acts on; every other byte only moves the column
/// (and ends a line's leading blanks). Most bytes of MLIR text are others,
/// so one lookup skips them: the scan reads every byte of the input.
struct ActedOn {
  bool byChar[256] = {};
  constexpr ActedOn() {
    for (unsigned char c :
         {'\n', '/', '"', '!', '#', '{', '(', '[', '<', '}', ')', ']', '>'})
      byChar[c] = true;
  }
};
constexpr ActedOn kActedOn;

} // namespace

std::optional<NestingViolation>
mlir::qtosa::findNestingBeyond(llvm::StringRef text, unsigned limit) {
  // How deep each alias's body nests, counted where the alias is used.
  llvm::StringMap<unsigned> aliasDepth;
  // The alias being defined (its body runs to the end of its line at depth
  // 0) and the deepest its body has gone.
  std::string defining;
  unsigned definingDepth = 0;
  unsigned depth = 0, line = 1, column = 1;
  bool lineStart = true; // only spaces so far on this line
  auto beyond = [&](unsigned reached) -> std::optional<NestingViolation> {
    if (!defining.empty())
      definingDepth = std::max(definingDepth, reached);
    if (reached > limit)
      return NestingViolation{line, column, reached};
    return std::nullopt;
  };
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (!kActedOn.byChar[static_cast<unsigned char>(c)]) {
      if (c != ' ' && c != '\t' && c != '\r')
        lineStart = false;
      ++column;
      continue;
    }
    if (c == '\n') {
      if (depth == 0 && !defining.empty()) {
        aliasDepth[defining] = definingDepth;
        defining.clear();
      }
      ++line;
      column = 1;
      lineStart = true;
      continue;
    }
    bool wasLineStart = lineStart;
    if (c != ' ' && c != '\t' && c != '\r')
      lineStart = false;
    // A comment runs to the end of the line.
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      while (i + 1 < e && text[i + 1] != '\n')
        ++i;
      continue;
    }
    // A string literal, escapes included.
    if (c == '"') {
      ++column;
      for (++i; i < e && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < e)
          ++i, ++column;
        if (text[i] == '\n') {
          ++line;
          column = 1;
        } else {
          ++column;
        }
      }
      ++column;
      continue;
    }
    // An alias: its definition at the start of a line, or a use.
    if ((c == '!' || c == '#') && i + 1 < e && isIdentifierChar(text[i + 1])) {
      size_t end = i + 1;
      while (end < e && isIdentifierChar(text[end]))
        ++end;
      llvm::StringRef name = text.slice(i, end);
      size_t next = end;
      while (next < e && (text[next] == ' ' || text[next] == '\t'))
        ++next;
      if (wasLineStart && depth == 0 && next < e && text[next] == '=' &&
          (next + 1 >= e || text[next + 1] != '=')) {
        defining = name.str();
        definingDepth = 0;
      } else if (auto found = aliasDepth.find(name);
                 found != aliasDepth.end()) {
        if (auto violation = beyond(depth + found->second))
          return violation;
      }
      column += end - i;
      i = end - 1;
      continue;
    }
    switch (c) {
    case '{':
    case '(':
    case '[':
    case '<':
      if (c == '<' && i + 1 < e && text[i + 1] == '=')
        break; // "<=" in an affine constraint
      ++depth;
      if (auto violation = beyond(depth))
        return violation;
      break;
    case '}':
    case ')':
    case ']':
    case '>':
      if (c == '>' &&
          ((i > 0 && text[i - 1] == '-') || (i + 1 < e && text[i + 1] == '=')))
        break; // "->" and ">="
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
    ++column;
  }
  return std::nullopt;
}

std::string
mlir::qtosa::describeNestingViolation(llvm::StringRef filename,
                                      const NestingViolation &violation,
                                      unsigned limit) {
  return (filename + ":" + llvm::Twine(violation.line) + ":" +
          llvm::Twine(violation.column) + ": error: nesting deeper than " +
          llvm::Twine(limit) +
          " levels (regions, brackets or aliases of aliases): qtosa refuses "
          "it before parsing, since MLIR's parser, verifier and printer "
          "recurse once per level and would overflow the stack")
      .str();
}

//===- WhyNot.h - How qtosa says why something was not done -----*- C++ -*-===//
//
// Every check that can refuse (a lowering, a move, a fold, an Ethos-U rule)
// answers with a WhyNot: empty when nothing stands in the way, otherwise the
// reason, in words a user reads in a remark, a report or an error; it is
// true when there is a reason (`if (WhyNot why = check(op)) return why;`).
// A check that also produces something answers with WhyNotOr<T>, asked by
// name (`if (plan.refused()) return plan.whyNot();`), never as a bool.
//
// Reasons stay cheap when nobody reads them: a string literal is kept as a
// pointer; only a reason built with WhyNot::format allocates, and only on the
// path that refuses. Hot checks that refuse often (share-qspecs asks one for
// every op of a graph) use literals.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_WHYNOT_H
#define QTOSA_UTILS_WHYNOT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace mlir {
namespace qtosa {

class [[nodiscard]] WhyNot {
public:
  /// Nothing stands in the way.
  WhyNot() = default;
  /// A fixed reason; not copied.
  WhyNot(const char *reason) : literal(reason) {
    assert(reason && *reason && "a reason is never empty");
  }
  /// A reason naming values: built once, here.
  static WhyNot format(const llvm::Twine &reason) {
    WhyNot why;
    why.owned = reason.str();
    why.hasOwned = true;
    assert(!why.owned.empty() && "a reason is never empty");
    return why;
  }

  /// True when there is a reason, that is when the thing was not done:
  /// `if (WhyNot why = check(op)) return why;`.
  explicit operator bool() const { return literal || hasOwned; }
  llvm::StringRef str() const {
    return literal ? llvm::StringRef(literal) : llvm::StringRef(owned);
  }
  std::string take() && {
    return literal ? std::string(literal) : std::move(owned);
  }

private:
  const char *literal = nullptr;
  std::string owned;
  bool hasOwned = false;
};

/// A value, or why there is none.
template <typename T> class [[nodiscard]] WhyNotOr {
public:
  WhyNotOr(T value) : value(std::move(value)) {}
  WhyNotOr(WhyNot why) : why(std::move(why)) {
    assert(this->why && "an empty WhyNot carries no reason");
  }
  WhyNotOr(const char *reason) : why(reason) {}

  // No conversion to bool: a WhyNot is true when refused, and a WhyNotOr
  // that converted the other way round would read alike and mean the
  // opposite. Ask by name.
  /// True when there is no value, only the reason.
  bool refused() const { return !value.has_value(); }
  /// True when there is a value.
  bool hasValue() const { return value.has_value(); }
  T &operator*() { return *value; }
  const T &operator*() const { return *value; }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }
  /// The reason; only when there is no value.
  const WhyNot &whyNot() const & { return why; }
  WhyNot whyNot() && { return std::move(why); }

private:
  std::optional<T> value;
  WhyNot why;
};

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_UTILS_WHYNOT_H

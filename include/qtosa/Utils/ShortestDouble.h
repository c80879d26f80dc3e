//===- ShortestDouble.h - Doubles in their shortest exact text --*- C++ -*-===//
//
// llvm::json writes a double with %.17g, which makes a scale of 0.06 read
// 0.059999999999999998 in a manifest. qtosa writes the shortest decimal
// that reads back to the same double instead ("0.06"), so a reader that
// parses it gets the exact value, and a person reads what was meant.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_SHORTESTDOUBLE_H
#define QTOSA_UTILS_SHORTESTDOUBLE_H

#include <string>

namespace mlir {
namespace qtosa {

/// The shortest of %.15g, %.16g and %.17g that strtod reads back to
/// `value` (every finite double round-trips at 17 digits; %g drops
/// trailing zeros, so 15 digits give the shortest form of any value that
/// has one that short). "nan", "inf" and "-inf" for the non-finite, which
/// JSON has no number for: callers write those as they must.
std::string formatShortestDouble(double value);

} // namespace qtosa
} // namespace mlir

#endif // QTOSA_UTILS_SHORTESTDOUBLE_H

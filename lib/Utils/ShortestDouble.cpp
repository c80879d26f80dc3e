//===- ShortestDouble.cpp - Doubles in their shortest exact text ----------===//
//
// See ShortestDouble.h.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Utils/ShortestDouble.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

std::string mlir::qtosa::formatShortestDouble(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  char text[40];
  for (int digits : {15, 16, 17}) {
    std::snprintf(text, sizeof(text), "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value)
      break;
  }
  return text;
}

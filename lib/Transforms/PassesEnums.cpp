//===- PassesEnums.cpp - Enumerated options of qtosa's passes -------------===//

#include "qtosa/Transforms/Passes.h"

#include "qtosa/Transforms/PassesEnums.cpp.inc"

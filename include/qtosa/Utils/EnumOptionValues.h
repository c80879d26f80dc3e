//===- EnumOptionValues.h - cl values from an ODS enum ----------*- C++ -*-===//
//
// A pass option of an enum type needs its values listed for llvm::cl. The
// enums are declared in ODS (PassesEnums.td, EthosUEnums.td); this modifier
// takes each case's name from the generated stringifyEnum, so the names are
// spelled once, and only the help text of each case is given here.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_UTILS_ENUMOPTIONVALUES_H
#define QTOSA_UTILS_ENUMOPTIONVALUES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <initializer_list>

namespace mlir::qtosa {

/// The values of an option of ODS enum `Enum` (cases numbered from 0 up,
/// as I32EnumAttrCase declares them): `descriptions` holds one help text
/// per case, in case order.
template <typename Enum> class EnumOptionValues {
public:
  EnumOptionValues(std::initializer_list<llvm::StringRef> descriptions)
      : descriptions(descriptions) {}

  template <typename Opt> void apply(Opt &option) const {
    unsigned index = 0;
    for (llvm::StringRef description : descriptions) {
      auto value = static_cast<Enum>(index++);
      assert(!stringifyEnum(value).empty() && "more descriptions than cases");
      option.getParser().addLiteralOption(stringifyEnum(value), value,
                                          description);
    }
    assert(stringifyEnum(static_cast<Enum>(index)).empty() &&
           "a case without a description");
  }

private:
  llvm::SmallVector<llvm::StringRef, 4> descriptions;
};

template <typename Enum>
EnumOptionValues<Enum>
enumOptionValues(std::initializer_list<llvm::StringRef> descriptions) {
  return EnumOptionValues<Enum>(descriptions);
}

} // namespace mlir::qtosa

#endif // QTOSA_UTILS_ENUMOPTIONVALUES_H

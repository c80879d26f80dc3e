//===- GraphReader.h - TOSA 1.0 flatbuffer reader ---------------*- C++ -*-===//
//
// Private to lib/Target/TosaFlatbuffer: the reader behind
// importTosaFlatbuffer (Import.cpp; variables in ImportVariables.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_TOSAFLATBUFFER_GRAPHREADER_H
#define QTOSA_LIB_TARGET_TOSAFLATBUFFER_GRAPHREADER_H

#include "TosaFlatbufferInternals.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::qtosa::tosafb {

/// Regions nest no deeper than this: a deeper file is refused rather than
/// risking the stack.
constexpr unsigned kMaxRegionDepth = 64;

class GraphReader {
public:
  GraphReader(ArrayRef<uint8_t> bytes, StringRef identifier,
              MLIRContext *context)
      : bytes(bytes), identifier(identifier), context(context),
        builder(context) {}

  OwningOpRef<ModuleOp> read();

private:
  /// A location for the table at `table` inside the buffer.
  Location locAt(const void *table) {
    auto offset = static_cast<unsigned>(
        reinterpret_cast<const uint8_t *>(table) - bytes.data());
    return FileLineColLoc::get(context, identifier, 0, offset);
  }

  InFlightDiagnostic errorAt(const void *table) {
    return emitError(locAt(table));
  }

  /// The type of `tensor`; a variable's tensor is refused unless
  /// `isVariable` (the caller reads it as the variable it declares).
  FailureOr<Type> typeOf(const fb::TosaTensor &tensor, StringRef where,
                         bool isVariable = false);

  /// The symbol of the variable `tensor` declares.
  static std::string variableName(const fb::TosaTensor &tensor) {
    if (tensor.variable_name() && tensor.variable_name()->size())
      return tensor.variable_name()->str();
    return tensor.name() ? tensor.name()->str() : std::string();
  }

  /// Declares the variable of a `variable` tensor (a tosa.variable before
  /// the function), or checks it against the declaration another block made.
  LogicalResult declareVariable(const fb::TosaTensor &tensor, StringRef where);

  /// A variable and where the file first declares it.
  struct Variable {
    RankedTensorType type;
    Attribute initialValue;
    const fb::TosaTensor *declaration;
  };

  /// What one block's operators see: its tensors and shapes by name and
  /// the values written so far.
  struct BlockScope {
    std::string where; // "block 'NAME'", for diagnostics
    llvm::StringMap<const fb::TosaTensor *> tensors;
    llvm::StringMap<const fb::TosaShape *> shapes;
    llvm::StringMap<Value> values;
  };

  /// The constant values of a shape's data (`rank` 64-bit elements).
  FailureOr<DenseElementsAttr> shapeValues(const fb::TosaShape &shape,
                                           StringRef where);

  FailureOr<const fb::TosaTensor *> tensorNamed(BlockScope &scope,
                                                const flatbuffers::String *name,
                                                const void *user,
                                                StringRef role);
  Value constantFor(const fb::TosaTensor &tensor, Type type,
                    std::string &error);
  FailureOr<Value> valueNamed(BlockScope &scope,
                              const flatbuffers::String *name, const void *user,
                              const std::string &what);
  FailureOr<const fb::TosaTensor *> outputNamed(BlockScope &scope,
                                                const flatbuffers::String *name,
                                                const void *user,
                                                const std::string &what);

  /// An IDENTITY or VARIABLE_* operator that reads or writes a variable's
  /// tensor becomes a variable_read or variable_write (VARIABLE only
  /// declares). Returns false when `fbOp` is a plain IDENTITY.
  FailureOr<bool> readVariableAccess(BlockScope &scope,
                                     const fb::TosaOperator &fbOp, fb::Op kind,
                                     const std::string &what,
                                     const std::string &opName);

  /// Reads `fbBlock` into `block`: arguments, ops, and the values its outputs
  /// name (for the caller's terminator).
  LogicalResult readBlock(const fb::TosaBasicBlock &fbBlock, Block &block,
                          unsigned depth, SmallVectorImpl<Value> &outputs);

  /// Reads the region named `name` into `region` (for cond_if/while_loop).
  LogicalResult readNestedRegion(StringRef name, Region &region,
                                 const void *user, unsigned depth);

  ArrayRef<uint8_t> bytes;
  StringRef identifier;
  MLIRContext *context;
  OpBuilder builder;
  llvm::StringMap<const fb::TosaRegion *> regionsByName;
  llvm::StringSet<> regionsRead;
  /// Variables by symbol; new tosa.variable ops go before `function`.
  llvm::StringMap<Variable> variables;
  func::FuncOp function;
};

} // namespace mlir::qtosa::tosafb

#endif // QTOSA_LIB_TARGET_TOSAFLATBUFFER_GRAPHREADER_H

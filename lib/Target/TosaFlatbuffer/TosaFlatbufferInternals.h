//===- TosaFlatbufferInternals.h - Shared by export and import --*- C++ -*-===//
//
// Private to lib/Target/TosaFlatbuffer: the mapping between MLIR TOSA ops and
// the flatbuffer's Op enum and attribute tables, and between MLIR element
// types and the DType enum with the byte layout of constant data.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_TOSAFLATBUFFER_INTERNALS_H
#define QTOSA_LIB_TARGET_TOSAFLATBUFFER_INTERNALS_H

#include "tosa_generated.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::qtosa::tosafb {

/// The generated flatbuffer API (namespace ::tosa, apart from mlir::tosa).
namespace fb = ::tosa;

/// The version this project writes and the major version it reads.
constexpr int32_t kVersionMajor = 1;
constexpr int32_t kVersionMinor = 0;
constexpr int32_t kVersionPatch = 0;

//===----------------------------------------------------------------------===//
// Operators (OpTable.cpp)
//===----------------------------------------------------------------------===//

/// How many tensors an operator takes and gives; -1 is "any number".
struct OpArity {
  int inputs;
  int outputs;
};

/// One row of the operator table.
struct OpInfo {
  fb::Op op;
  llvm::StringLiteral mlirName;
  OpArity arity;
};

/// The row of an MLIR op name ("tosa.conv2d"), or null when the flatbuffer
/// has no operator for it.
const OpInfo *lookupOpByName(llvm::StringRef mlirName);

/// The row of a flatbuffer operator, or null for UNKNOWN and values beyond
/// the table.
const OpInfo *lookupOp(fb::Op op);

/// Writes the attribute table of `op`. Returns the union tag and offset, or
/// failure after a diagnostic at `op` when an attribute value has no
/// representation (e.g. rescale's INEXACT_ROUND). Region names of cond_if
/// and while_loop come from `regionNames` (two entries).
struct AttributeOffset {
  fb::Attribute type = fb::Attribute::NONE;
  flatbuffers::Offset<void> offset;
};
FailureOr<AttributeOffset>
buildAttribute(Operation *op, flatbuffers::FlatBufferBuilder &builder,
               llvm::ArrayRef<std::string> regionNames);

/// Reads the attribute table of `fbOp` into `attrs` as the inherent
/// attributes of the MLIR op; `inputTypes` are the types of its inputs
/// (clamp's bounds take the input's element type). Region names of cond_if
/// and while_loop go to `regionNames`. Returns an error message on failure.
std::optional<std::string>
readAttributes(const fb::TosaOperator &fbOp, llvm::ArrayRef<Type> inputTypes,
               Builder &builder, NamedAttrList &attrs,
               std::vector<std::string> &regionNames);

//===----------------------------------------------------------------------===//
// Types and data (TensorData.cpp)
//===----------------------------------------------------------------------===//

/// The DType of an element type, or nullopt when the format has none (i64,
/// f64, complex, ...). `!tosa.shape<N>` is SHAPE.
std::optional<fb::DType> dtypeOf(Type type);

/// The MLIR element type of a DType (not SHAPE, not UNKNOWN).
Type elementTypeOf(fb::DType dtype, MLIRContext *context);

/// The bytes of a constant's data in the flatbuffer layout. `type` is the
/// tensor's element type; fails for attributes that are not dense.
FailureOr<std::vector<uint8_t>> encodeElements(ElementsAttr values);

/// The bytes of one scalar (clamp bounds, pad value).
std::vector<uint8_t> encodeScalar(Attribute value, Type elementType);

/// Reads flatbuffer data of `type`'s element type and shape. Returns an
/// error message when the byte count does not match.
FailureOr<DenseElementsAttr> decodeElements(llvm::ArrayRef<uint8_t> data,
                                            ShapedType type,
                                            std::string &error);

/// Reads one scalar of `elementType` (clamp bounds).
FailureOr<TypedAttr> decodeScalar(llvm::ArrayRef<uint8_t> data,
                                  Type elementType, std::string &error);

//===----------------------------------------------------------------------===//
// Whole graphs (Export.cpp)
//===----------------------------------------------------------------------===//

/// Writes `body` as a TOSA graph: its arguments are the graph inputs and its
/// terminator's operands the outputs; `name` names the entry block (the
/// importer gives the function that name). `variables` are listed in the
/// entry block even when nothing reads them; a variable an op reads or writes
/// is found by symbol lookup. Diagnostics go to the ops at fault.
LogicalResult
writeTosaGraph(Block &body, llvm::StringRef name, llvm::raw_ostream &os,
               llvm::ArrayRef<mlir::tosa::VariableOp> variables = {});

} // namespace mlir::qtosa::tosafb

#endif // QTOSA_LIB_TARGET_TOSAFLATBUFFER_INTERNALS_H

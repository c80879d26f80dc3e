//===- Export.cpp - MLIR TOSA -> TOSA 1.0 flatbuffer ----------------------===//
//
// One function (or the body of the one qtosa.delegate in it) becomes region
// "main" with one block named after the function; each cond_if/while_loop
// region becomes a region of its own, named from its parent block, which the
// op's attribute table names. Tensor names are made up here ("input_0",
// "conv2d_7"): SSA values have none. The builder sees the same calls in the
// same order for the same module, so the bytes are deterministic.
//
// Variables (EXT-VARIABLE) follow the layout of the TOSA MLIR translator: a
// tosa.variable is a tensor with `variable` set, its symbol as
// `variable_name` and its initial value as data; variable_read is an
// IDENTITY from that tensor, variable_write an IDENTITY into it. The module's
// variables are listed in the entry block; a region that reads or writes one
// lists it again (same name, same table), since a block names only its own
// tensors.
//
//===----------------------------------------------------------------------===//

#include "TosaFlatbufferInternals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tosafb;

namespace {
using flatbuffers::Offset;

/// The data bytes of `value`, or failure when it is not a dense elements
/// attribute (a constant's values, a variable's initial value).
FailureOr<std::vector<uint8_t>> encodeData(Attribute value) {
  auto elements = dyn_cast_or_null<ElementsAttr>(value);
  if (!elements)
    return failure();
  return encodeElements(elements);
}

class GraphWriter {
public:
  /// `declared` are listed in the entry block whether read or not; others
  /// are found by symbol lookup when an op reads or writes them.
  explicit GraphWriter(ArrayRef<mlir::tosa::VariableOp> declared)
      : declared(declared) {}

  /// Writes `body` as region "main"; returns failure after diagnostics.
  LogicalResult write(Block &body, StringRef name, raw_ostream &os) {
    regions.emplace_back();
    if (failed(writeRegion(body, "main", name, /*index=*/0)))
      return failure();
    auto version = fb::CreateVersion(fbb, kVersionMajor, kVersionMinor,
                                     kVersionPatch, /*_draft=*/false);
    auto regionVector = fbb.CreateVector(regions);
    fb::FinishTosaGraphBuffer(fbb,
                              fb::CreateTosaGraph(fbb, version, regionVector));
    os.write(reinterpret_cast<const char *>(fbb.GetBufferPointer()),
             fbb.GetSize());
    return success();
  }

private:
  /// The tensors and operators of the block being written.
  struct BlockState {
    llvm::DenseMap<Value, std::string> names;
    /// Variable symbol -> the name of its tensor in this block.
    llvm::StringMap<std::string> variables;
    std::vector<Offset<fb::TosaTensor>> tensors;
    /// Shape values (!tosa.shape<N>), which TOSA 1.0 lists apart from
    /// tensors.
    std::vector<Offset<fb::TosaShape>> shapes;
    std::vector<Offset<fb::TosaOperator>> operators;
  };

  /// Writes `block` as the one block of region `regions[index]`.
  LogicalResult writeRegion(Block &block, const std::string &regionName,
                            StringRef blockName, size_t index) {
    BlockState state;
    std::vector<std::string> inputNames;
    for (BlockArgument arg : block.getArguments()) {
      std::string name =
          (index == 0 ? std::string("input_") : regionName + "_input_") +
          std::to_string(arg.getArgNumber());
      Operation *anchor = block.getParentOp();
      if (failed(addTensor(state, arg, name, anchor, {})))
        return failure();
      inputNames.push_back(name);
    }
    if (index == 0)
      for (mlir::tosa::VariableOp variable : declared)
        if (failed(addVariableTensor(state, variable)))
          return failure();
    for (Operation &op : block.without_terminator())
      if (failed(writeOp(state, op, regionName)))
        return failure();
    std::vector<std::string> outputNames;
    if (Operation *terminator = block.getTerminator()) {
      for (Value output : terminator->getOperands()) {
        auto found = state.names.find(output);
        if (found == state.names.end())
          return terminator->emitError()
                 << "cannot write '" << terminator->getName()
                 << "' as a TOSA 1.0 block output: it yields a value "
                    "defined outside its block";
        outputNames.push_back(found->second);
      }
    }
    regions[index] = fb::CreateTosaRegion(
        fbb, fbb.CreateString(regionName),
        fbb.CreateVector(
            std::vector<Offset<fb::TosaBasicBlock>>{fb::CreateTosaBasicBlock(
                fbb, fbb.CreateString(blockName.str()),
                fbb.CreateVector(state.operators),
                fbb.CreateVector(state.tensors),
                fbb.CreateVectorOfStrings(inputNames),
                fbb.CreateVectorOfStrings(outputNames),
                state.shapes.empty() ? 0 : fbb.CreateVector(state.shapes))}));
    return success();
  }

  /// The shape and DType of a tensor of `type`, or failure after a
  /// diagnostic at `anchor` naming `role` ("argument #0", ...).
  FailureOr<std::pair<std::vector<int32_t>, fb::DType>>
  shapeAndType(Type type, StringRef role, Operation *anchor) {
    std::vector<int32_t> shape;
    std::optional<fb::DType> dtype;
    if (auto tensorType = dyn_cast<RankedTensorType>(type)) {
      if (!tensorType.hasStaticShape())
        return anchor->emitError()
               << "cannot write " << role << " of type " << type
               << " as TOSA 1.0: the flatbuffer holds static shapes only";
      for (int64_t dim : tensorType.getShape()) {
        if (dim > INT32_MAX)
          return anchor->emitError() << "cannot write " << role << " of type "
                                     << type << ": a dimension is beyond int32";
        shape.push_back(static_cast<int32_t>(dim));
      }
      dtype = dtypeOf(tensorType.getElementType());
      if (!dtype)
        return anchor->emitError() << "cannot write " << role << " of type "
                                   << type << ": TOSA 1.0 has no element type "
                                   << tensorType.getElementType();
    } else {
      return anchor->emitError() << "cannot write " << role << " of type "
                                 << type << " as TOSA 1.0: not a ranked tensor";
    }
    return std::make_pair(std::move(shape), *dtype);
  }

  /// Appends one tensor table; `variableName` marks a variable's tensor.
  void pushTensor(BlockState &state, const std::string &name,
                  const std::vector<int32_t> &shape, fb::DType dtype,
                  const std::optional<std::vector<uint8_t>> &data,
                  std::optional<StringRef> variableName = std::nullopt) {
    auto nameOffset = fbb.CreateString(name);
    auto shapeOffset = fbb.CreateVector(shape);
    Offset<flatbuffers::Vector<uint8_t>> dataOffset;
    if (data) {
      fbb.ForceVectorAlignment(data->size(), sizeof(uint8_t), 8);
      dataOffset = fbb.CreateVector(*data);
    }
    Offset<flatbuffers::String> variableNameOffset;
    if (variableName)
      variableNameOffset = fbb.CreateString(variableName->str());
    state.tensors.push_back(
        fb::CreateTosaTensor(fbb, nameOffset, shapeOffset, dtype, dataOffset,
                             /*variable=*/variableName.has_value(),
                             /*is_unranked=*/false, variableNameOffset));
  }

  /// Writes the tensor table of `value`, named `name`; `data` for constants.
  LogicalResult addTensor(BlockState &state, Value value,
                          const std::string &name, Operation *anchor,
                          std::optional<std::vector<uint8_t>> data) {
    // Names the value in diagnostics: "argument #0" or "result #1 of
    // 'tosa.cast'".
    std::string role =
        isa<BlockArgument>(value)
            ? "argument #" +
                  std::to_string(cast<BlockArgument>(value).getArgNumber())
            : "result #" +
                  std::to_string(cast<OpResult>(value).getResultNumber()) +
                  " of '" + anchor->getName().getStringRef().str() + "'";
    state.names[value] = name;
    if (auto shapeType = dyn_cast<mlir::tosa::shapeType>(value.getType())) {
      auto nameOffset = fbb.CreateString(name);
      Offset<flatbuffers::Vector<uint8_t>> dataOffset;
      if (data) {
        fbb.ForceVectorAlignment(data->size(), sizeof(uint8_t), 8);
        dataOffset = fbb.CreateVector(*data);
      }
      state.shapes.push_back(fb::CreateTosaShape(
          fbb, nameOffset, static_cast<uint32_t>(shapeType.getRank()),
          dataOffset));
      return success();
    }
    auto described = shapeAndType(value.getType(), role, anchor);
    if (failed(described))
      return failure();
    pushTensor(state, name, described->first, described->second, data);
    return success();
  }

  /// Lists `variable` in the block: a tensor named "var_<symbol>" (no op's
  /// tensor starts so) holding its initial value, if any.
  FailureOr<std::string> addVariableTensor(BlockState &state,
                                           mlir::tosa::VariableOp variable) {
    StringRef symbol = variable.getSymName();
    auto found = state.variables.find(symbol);
    if (found != state.variables.end())
      return found->second;
    std::string role = "variable @" + symbol.str();
    auto described =
        shapeAndType(mlir::tosa::getVariableType(variable), role, variable);
    if (failed(described))
      return failure();
    std::optional<std::vector<uint8_t>> data;
    if (Attribute initial = variable.getInitialValueAttr()) {
      FailureOr<std::vector<uint8_t>> bytes = encodeData(initial);
      if (failed(bytes))
        return variable.emitError()
               << "cannot write variable @" << symbol
               << ": its initial value is not a dense attribute";
      data = std::move(*bytes);
    }
    std::string name = "var_" + symbol.str();
    pushTensor(state, name, described->first, described->second, data, symbol);
    state.variables[symbol] = name;
    return name;
  }

  /// The name of the tensor `operand` reads, or failure after a diagnostic:
  /// a TOSA block reads only its own tensors.
  FailureOr<std::string> inputName(BlockState &state, OpOperand &operand) {
    auto found = state.names.find(operand.get());
    if (found != state.names.end())
      return found->second;
    Operation *op = operand.getOwner();
    return op->emitError() << "cannot write '" << op->getName()
                           << "' to a TOSA 1.0 flatbuffer: operand #"
                           << operand.getOperandNumber()
                           << " is defined outside its block, and a TOSA "
                              "block reads only its own inputs";
  }

  /// The name of `op`'s (first) output tensor, e.g. "conv2d_7": unique
  /// since every op draws the next number.
  std::string nextStem(Operation &op) {
    return op.getName().stripDialect().str() + "_" + std::to_string(nextOp++);
  }

  /// variable_read is IDENTITY(variable tensor) -> result; variable_write is
  /// IDENTITY(value) -> variable tensor.
  LogicalResult writeVariableAccess(BlockState &state, Operation &op) {
    auto symbol = op.getAttrOfType<StringAttr>("name");
    auto variable = dyn_cast_or_null<mlir::tosa::VariableOp>(
        symbol ? SymbolTable::lookupNearestSymbolFrom(&op, symbol) : nullptr);
    if (!variable)
      return op.emitError() << "cannot write '" << op.getName()
                            << "': it names no tosa.variable";
    FailureOr<std::string> variableTensor = addVariableTensor(state, variable);
    if (failed(variableTensor))
      return failure();
    std::string stem = nextStem(op);
    std::string input = *variableTensor, output = *variableTensor;
    if (isa<mlir::tosa::VariableReadOp>(op)) {
      if (failed(addTensor(state, op.getResult(0), stem, &op, std::nullopt)))
        return failure();
      output = stem;
    } else {
      FailureOr<std::string> name = inputName(state, op.getOpOperand(0));
      if (failed(name))
        return failure();
      input = std::move(*name);
    }
    auto inputs = fbb.CreateVectorOfStrings({input});
    auto outputs = fbb.CreateVectorOfStrings({output});
    auto attribute = fb::CreateIdentityAttribute(fbb).Union();
    state.operators.push_back(fb::CreateTosaOperator(
        fbb, fb::Op::IDENTITY, fb::Attribute::IdentityAttribute, attribute,
        inputs, outputs));
    return success();
  }

  LogicalResult writeOp(BlockState &state, Operation &op,
                        const std::string &regionName) {
    if (!isa<mlir::tosa::TosaDialect>(op.getDialect()))
      return op.emitError() << "cannot write '" << op.getName()
                            << "' to a TOSA 1.0 flatbuffer: it holds TOSA "
                               "operators only";
    if (isa<mlir::tosa::VariableReadOp, mlir::tosa::VariableWriteOp>(op))
      return writeVariableAccess(state, op);
    std::vector<std::string> inputNames;
    for (OpOperand &operand : op.getOpOperands()) {
      FailureOr<std::string> name = inputName(state, operand);
      if (failed(name))
        return failure();
      inputNames.push_back(std::move(*name));
    }
    // Nested regions first: their tables must not interleave with this op's.
    std::vector<std::string> regionNames;
    if (op.getNumRegions() != 0) {
      std::string prefix = regionName + "_" +
                           op.getName().stripDialect().str() + "_" +
                           std::to_string(nextOp);
      static constexpr const char *kIfNames[] = {"then", "else"};
      static constexpr const char *kWhileNames[] = {"cond", "body"};
      bool isIf = isa<mlir::tosa::IfOp>(op);
      if (op.getNumRegions() != 2 || (!isIf && !isa<mlir::tosa::WhileOp>(op)))
        return op.emitError()
               << "cannot write '" << op.getName() << "': unexpected regions";
      for (unsigned i = 0; i < 2; ++i) {
        Region &region = op.getRegion(i);
        if (!region.hasOneBlock())
          return op.emitError() << "cannot write '" << op.getName()
                                << "': each region needs exactly one block";
        std::string name = prefix + "_" + (isIf ? kIfNames[i] : kWhileNames[i]);
        size_t index = regions.size();
        regions.emplace_back();
        if (failed(writeRegion(region.front(), name, name, index)))
          return failure();
        regionNames.push_back(name);
      }
    }
    FailureOr<AttributeOffset> attribute =
        buildAttribute(&op, fbb, regionNames);
    if (failed(attribute))
      return failure();

    std::optional<std::vector<uint8_t>> data;
    if (isa<mlir::tosa::ConstOp, mlir::tosa::ConstShapeOp>(op)) {
      FailureOr<std::vector<uint8_t>> bytes = encodeData(op.getAttr("values"));
      if (failed(bytes))
        return op.emitError() << "cannot write '" << op.getName()
                              << "': its values are not a dense attribute";
      data = std::move(*bytes);
    }
    std::vector<std::string> outputNames;
    std::string stem = nextStem(op);
    for (OpResult result : op.getResults()) {
      std::string name =
          op.getNumResults() == 1
              ? stem
              : stem + "_" + std::to_string(result.getResultNumber());
      if (failed(addTensor(state, result, name, &op, data)))
        return failure();
      outputNames.push_back(name);
    }
    auto inputs = fbb.CreateVectorOfStrings(inputNames);
    auto outputs = fbb.CreateVectorOfStrings(outputNames);
    state.operators.push_back(fb::CreateTosaOperator(
        fbb, lookupOpByName(op.getName().getStringRef())->op, attribute->type,
        attribute->offset, inputs, outputs));
    return success();
  }

  ArrayRef<mlir::tosa::VariableOp> declared;
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<Offset<fb::TosaRegion>> regions;
  /// Numbers tensor and region names, in program order.
  unsigned nextOp = 0;
};
} // namespace

LogicalResult mlir::qtosa::tosafb::writeTosaGraph(
    Block &body, StringRef name, raw_ostream &os,
    ArrayRef<mlir::tosa::VariableOp> variables) {
  return GraphWriter(variables).write(body, name, os);
}

LogicalResult mlir::qtosa::exportTosaFlatbuffer(Operation *op,
                                                raw_ostream &os) {
  FunctionOpInterface function = dyn_cast<FunctionOpInterface>(op);
  // The module's variables, in module order: the entry block lists them all.
  SmallVector<mlir::tosa::VariableOp> variables;
  if (!function) {
    // Errors about the module, a function or another op with regions go
    // at its location: on the op itself, the diagnostic would print all of
    // it beside the message.
    SmallVector<FunctionOpInterface> functions;
    for (Region &region : op->getRegions())
      for (Operation &child : region.getOps()) {
        if (auto candidate = dyn_cast<FunctionOpInterface>(child)) {
          // A declaration (an importer's host call, say) is no graph: the
          // call of it is what cannot be written, at the call.
          if (!candidate.isExternal())
            functions.push_back(candidate);
        } else if (auto variable = dyn_cast<mlir::tosa::VariableOp>(child)) {
          variables.push_back(variable);
        } else {
          return emitError(child.getLoc())
                 << "cannot write '" << child.getName()
                 << "' to a TOSA 1.0 flatbuffer: the module may hold one "
                    "function and tosa.variable ops only";
        }
      }
    if (functions.size() != 1) {
      InFlightDiagnostic diag = emitError(op->getLoc());
      diag << "a TOSA 1.0 flatbuffer holds one function; this '"
           << op->getName() << "' holds " << functions.size() << " with a body";
      for (FunctionOpInterface candidate : functions)
        diag.attachNote(candidate.getLoc())
            << "function '" << candidate.getName() << "'";
      return diag;
    }
    function = functions.front();
  }
  if (function.isExternal() || !function.getFunctionBody().hasOneBlock())
    return emitError(function.getLoc())
           << "cannot write '" << function.getName()
           << "': a TOSA graph needs a body of one block";
  Block &body = function.getFunctionBody().front();
  auto delegates = llvm::to_vector(body.getOps<DelegateOp>());
  if (delegates.size() > 1)
    return emitError(function.getLoc())
           << "'" << function.getName() << "' holds " << delegates.size()
           << " qtosa.delegate regions; qtosa-export-delegates writes one "
              "file per delegate";
  if (delegates.size() == 1)
    return tosafb::writeTosaGraph(delegates.front().getBody().front(),
                                  function.getName(), os, variables);
  return tosafb::writeTosaGraph(body, function.getName(), os, variables);
}

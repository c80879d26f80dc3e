//===- Import.cpp - TOSA 1.0 flatbuffer -> MLIR TOSA ----------------------===//
//
// The buffer is checked with the FlatBuffers verifier before any field is
// read, so every table and vector accessed below lies inside it. Everything
// else a writer can get wrong (names that resolve to nothing, types with no
// MLIR form, data of the wrong size, an op the MLIR verifier rejects) is a
// diagnostic at a location naming the file and the byte offset of the table
// at fault (as the column; the line is 0 since a flatbuffer has none).
//
// Variables (tensors with `variable` set) are read in ImportVariables.cpp.
//
//===----------------------------------------------------------------------===//

#include "GraphReader.h"

#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tosafb;

namespace {
/// The product of `shape`, or nullopt if it overflows int64.
std::optional<int64_t> elementCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape)
    if (llvm::MulOverflow(count, dim, count))
      return std::nullopt;
  return count;
}
} // namespace

FailureOr<Type> GraphReader::typeOf(const fb::TosaTensor &tensor,
                                    StringRef where, bool isVariable) {
  std::string name = tensor.name() ? tensor.name()->str() : "";
  if (tensor.is_unranked())
    return errorAt(&tensor) << "tensor '" << name << "' in " << where
                            << " is unranked, which this reader does not take",
           failure();
  if (tensor.variable() && !isVariable)
    return errorAt(&tensor) << "tensor '" << name << "' in " << where
                            << " is the variable '" << variableName(tensor)
                            << "': only IDENTITY, VARIABLE_READ and "
                               "VARIABLE_WRITE may read or write it",
           failure();
  SmallVector<int64_t> shape;
  if (auto *dims = tensor.shape())
    for (int32_t dim : *dims) {
      if (dim < 0)
        return errorAt(&tensor) << "tensor '" << name << "' in " << where
                                << " has the dimension " << dim,
               failure();
      shape.push_back(dim);
    }
  if (!elementCount(shape))
    return errorAt(&tensor) << "tensor '" << name << "' in " << where
                            << " has more elements than int64 counts",
           failure();
  fb::DType dtype = tensor.type();
  if (dtype == fb::DType::SHAPE) {
    if (shape.size() != 1)
      return errorAt(&tensor)
                 << "SHAPE tensor '" << name << "' in " << where << " has rank "
                 << shape.size() << "; a shape value is a list (rank 1)",
             failure();
    return Type(mlir::tosa::shapeType::get(context, shape.front()));
  }
  Type elementType =
      dtype > fb::DType::MAX ? Type() : elementTypeOf(dtype, context);
  if (!elementType)
    return errorAt(&tensor)
               << "tensor '" << name << "' in " << where
               << " has the unknown type " << static_cast<uint32_t>(dtype),
           failure();
  return Type(RankedTensorType::get(shape, elementType));
}

LogicalResult GraphReader::readNestedRegion(StringRef name, Region &region,
                                            const void *user, unsigned depth) {
  auto found = regionsByName.find(name);
  if (found == regionsByName.end())
    return errorAt(user) << "names the region '" << name
                         << "', which the file does not hold";
  if (!regionsRead.insert(name).second)
    return errorAt(user) << "names the region '" << name
                         << "', which another operator (or an enclosing "
                            "one) already uses";
  if (depth >= kMaxRegionDepth)
    return errorAt(user) << "nests regions deeper than " << kMaxRegionDepth;
  const fb::TosaRegion &fbRegion = *found->second;
  if (!fbRegion.blocks() || fbRegion.blocks()->size() != 1)
    return errorAt(&fbRegion)
               << "region '" << name << "' must hold exactly one block",
           failure();
  Block *block = new Block();
  region.push_back(block);
  SmallVector<Value> outputs;
  if (failed(readBlock(*fbRegion.blocks()->Get(0), *block, depth + 1, outputs)))
    return failure();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);
  mlir::tosa::YieldOp::create(builder, locAt(&fbRegion), outputs);
  return success();
}

FailureOr<const fb::TosaTensor *>
GraphReader::tensorNamed(BlockScope &scope, const flatbuffers::String *name,
                         const void *user, StringRef role) {
  std::string text = name ? name->str() : "";
  auto found = scope.tensors.find(text);
  if (found == scope.tensors.end())
    return errorAt(user) << role << " '" << text << "' names no tensor of "
                         << scope.where,
           failure();
  return found->second;
}

// A constant from a writer that lists data on a tensor no operator produces:
// materialized as a tosa.const where it is first read.
Value GraphReader::constantFor(const fb::TosaTensor &tensor, Type type,
                               std::string &error) {
  auto shaped = dyn_cast<RankedTensorType>(type);
  if (!shaped)
    return error = "a SHAPE tensor with data but no CONST_SHAPE", Value();
  ArrayRef<uint8_t> data;
  if (tensor.data())
    data = ArrayRef<uint8_t>(tensor.data()->data(), tensor.data()->size());
  FailureOr<DenseElementsAttr> values = decodeElements(data, shaped, error);
  if (failed(values))
    return Value();
  return mlir::tosa::ConstOp::create(builder, locAt(&tensor), shaped, *values);
}

FailureOr<DenseElementsAttr>
GraphReader::shapeValues(const fb::TosaShape &shape, StringRef where) {
  ArrayRef<uint8_t> data;
  if (shape.data())
    data = ArrayRef<uint8_t>(shape.data()->data(), shape.data()->size());
  std::string error;
  FailureOr<DenseElementsAttr> values =
      decodeElements(data,
                     RankedTensorType::get({static_cast<int64_t>(shape.rank())},
                                           builder.getIndexType()),
                     error);
  if (failed(values))
    return errorAt(&shape) << "the data of shape '" << shape.name()->str()
                           << "' in " << where << " " << error,
           failure();
  return values;
}

// The value an operator input names: written before, or a constant.
FailureOr<Value> GraphReader::valueNamed(BlockScope &scope,
                                         const flatbuffers::String *name,
                                         const void *user,
                                         const std::string &what) {
  auto found = scope.values.find(name ? name->string_view() : "");
  if (found != scope.values.end())
    return found->second;
  // A shape with data that no CONST_SHAPE writes is a constant, as Vela
  // reads it.
  auto shape = scope.shapes.find(name ? name->string_view() : "");
  if (shape != scope.shapes.end()) {
    if (!shape->second->data())
      return errorAt(user) << what << ": the input '" << name->str()
                           << "' is read before anything writes it",
             failure();
    FailureOr<DenseElementsAttr> values =
        shapeValues(*shape->second, scope.where);
    if (failed(values))
      return failure();
    Value constant = mlir::tosa::ConstShapeOp::create(
        builder, locAt(shape->second),
        mlir::tosa::shapeType::get(context, shape->second->rank()),
        cast<DenseIntElementsAttr>(*values));
    scope.values[name->string_view()] = constant;
    return constant;
  }
  FailureOr<const fb::TosaTensor *> tensor =
      tensorNamed(scope, name, user, what + ": the input");
  if (failed(tensor))
    return failure();
  FailureOr<Type> type = typeOf(**tensor, scope.where);
  if (failed(type))
    return failure();
  if (!(*tensor)->data())
    return errorAt(user) << what << ": the input '" << name->str()
                         << "' is read before anything writes it",
           failure();
  std::string error;
  Value constant = constantFor(**tensor, *type, error);
  if (!constant)
    return errorAt(*tensor) << "tensor '" << name->str() << "' in "
                            << scope.where << " " << error,
           failure();
  scope.values[name->string_view()] = constant;
  return constant;
}

// The tensor an operator output names, which nothing wrote before.
FailureOr<const fb::TosaTensor *>
GraphReader::outputNamed(BlockScope &scope, const flatbuffers::String *name,
                         const void *user, const std::string &what) {
  FailureOr<const fb::TosaTensor *> tensor =
      tensorNamed(scope, name, user, what + ": the output");
  if (failed(tensor))
    return failure();
  if (scope.values.count(name->string_view()))
    return errorAt(user) << what << ": the output '" << name->str()
                         << "' is written twice",
           failure();
  return tensor;
}

LogicalResult GraphReader::readBlock(const fb::TosaBasicBlock &fbBlock,
                                     Block &block, unsigned depth,
                                     SmallVectorImpl<Value> &outputs) {
  BlockScope scope;
  scope.where = "block '" + (fbBlock.name() ? fbBlock.name()->str() : "") + "'";
  const std::string &where = scope.where;
  llvm::StringMap<const fb::TosaTensor *> &tensors = scope.tensors;
  llvm::StringMap<Value> &values = scope.values;
  llvm::StringSet<> variablesHere;
  if (auto *list = fbBlock.tensors())
    for (const fb::TosaTensor *tensor : *list) {
      if (!tensor->name())
        return errorAt(tensor) << "a tensor in " << where << " has no name";
      if (!tensors.try_emplace(tensor->name()->string_view(), tensor).second)
        return errorAt(tensor) << "two tensors in " << where << " are named '"
                               << tensor->name()->str() << "'";
      if (!tensor->variable())
        continue;
      if (!variablesHere.insert(variableName(*tensor)).second)
        return errorAt(tensor)
               << "two tensors in " << where << " declare the variable '"
               << variableName(*tensor) << "'";
      if (failed(declareVariable(*tensor, where)))
        return failure();
    }

  if (auto *list = fbBlock.shapes())
    for (const fb::TosaShape *shape : *list) {
      if (!shape->name())
        return errorAt(shape) << "a shape in " << where << " has no name";
      if (tensors.count(shape->name()->string_view()) ||
          !scope.shapes.try_emplace(shape->name()->string_view(), shape).second)
        return errorAt(shape) << "two tensors or shapes in " << where
                              << " are named '" << shape->name()->str() << "'";
      if (shape->rank() > static_cast<uint32_t>(INT32_MAX))
        return errorAt(shape) << "shape '" << shape->name()->str() << "' in "
                              << where << " has the rank " << shape->rank();
    }

  if (auto *inputs = fbBlock.inputs())
    for (const flatbuffers::String *name : *inputs) {
      FailureOr<const fb::TosaTensor *> tensor =
          tensorNamed(scope, name, &fbBlock, "the block input");
      if (failed(tensor))
        return failure();
      FailureOr<Type> type = typeOf(**tensor, where);
      if (failed(type))
        return failure();
      if (values.count(name->string_view()))
        return errorAt(&fbBlock) << "the block input '" << name->str()
                                 << "' is listed twice in " << where;
      values[name->string_view()] = block.addArgument(*type, locAt(*tensor));
    }

  builder.setInsertionPointToEnd(&block);

  unsigned index = 0;
  if (auto *ops = fbBlock.operators())
    for (const fb::TosaOperator *fbOp : *ops) {
      unsigned opIndex = index++;
      fb::Op kind = fbOp->op();
      const OpInfo *info = lookupOp(kind);
      std::string opName = kind > fb::Op::MAX
                               ? std::to_string(static_cast<uint32_t>(kind))
                               : std::string(fb::EnumNameOp(kind));
      std::string what = "operator #" + std::to_string(opIndex) + " (" +
                         opName + ") in " + where;
      if (kind == fb::Op::IDENTITY || kind == fb::Op::VARIABLE ||
          kind == fb::Op::VARIABLE_READ || kind == fb::Op::VARIABLE_WRITE) {
        FailureOr<bool> wasVariable =
            readVariableAccess(scope, *fbOp, kind, what, opName);
        if (failed(wasVariable))
          return failure();
        if (*wasVariable)
          continue;
      }
      if (!info)
        return errorAt(fbOp) << what << " is not a TOSA 1.0 operator";
      int numInputs = fbOp->inputs() ? fbOp->inputs()->size() : 0;
      int numOutputs = fbOp->outputs() ? fbOp->outputs()->size() : 0;
      if ((info->arity.inputs >= 0 && numInputs != info->arity.inputs) ||
          (info->arity.outputs >= 0 && numOutputs != info->arity.outputs) ||
          (kind == fb::Op::COND_IF && numInputs < 1))
        return errorAt(fbOp)
               << what << " has " << numInputs << " input(s) and " << numOutputs
               << " output(s); " << opName << " takes "
               << (info->arity.inputs < 0 ? std::string("any number")
                                          : std::to_string(info->arity.inputs))
               << " and gives "
               << (info->arity.outputs < 0
                       ? std::string("any number")
                       : std::to_string(info->arity.outputs));
      SmallVector<Value> operands;
      SmallVector<Type> operandTypes;
      if (numInputs)
        for (const flatbuffers::String *name : *fbOp->inputs()) {
          FailureOr<Value> operand = valueNamed(scope, name, fbOp, what);
          if (failed(operand))
            return failure();
          operands.push_back(*operand);
          operandTypes.push_back(operand->getType());
        }
      // Each output is a tensor or a shape (the other pointer null).
      SmallVector<Type> resultTypes;
      SmallVector<StringRef> resultNames;
      SmallVector<const fb::TosaTensor *> resultTensors;
      SmallVector<const fb::TosaShape *> resultShapes;
      if (numOutputs)
        for (const flatbuffers::String *name : *fbOp->outputs()) {
          auto shape = scope.shapes.find(name ? name->string_view() : "");
          if (shape != scope.shapes.end()) {
            if (values.count(name->string_view()))
              return errorAt(fbOp) << what << ": the output '" << name->str()
                                   << "' is written twice";
            resultTypes.push_back(
                mlir::tosa::shapeType::get(context, shape->second->rank()));
            resultNames.push_back(name->string_view());
            resultTensors.push_back(nullptr);
            resultShapes.push_back(shape->second);
            continue;
          }
          FailureOr<const fb::TosaTensor *> tensor =
              outputNamed(scope, name, fbOp, what);
          if (failed(tensor))
            return failure();
          FailureOr<Type> type = typeOf(**tensor, where);
          if (failed(type))
            return failure();
          resultTypes.push_back(*type);
          resultNames.push_back(name->string_view());
          resultTensors.push_back(*tensor);
          resultShapes.push_back(nullptr);
        }

      NamedAttrList attrs;
      std::vector<std::string> regionNames;
      if (std::optional<std::string> error =
              readAttributes(*fbOp, operandTypes, builder, attrs, regionNames))
        return errorAt(fbOp) << what << " " << *error;

      // Constant data lives on the output tensor or shape.
      if (kind == fb::Op::CONST || kind == fb::Op::CONST_SHAPE) {
        FailureOr<DenseElementsAttr> decoded;
        if (const fb::TosaShape *shape = resultShapes.front()) {
          if (kind != fb::Op::CONST_SHAPE)
            return errorAt(fbOp) << what << " writes a shape";
          decoded = shapeValues(*shape, where);
          if (failed(decoded))
            return failure();
        } else {
          const fb::TosaTensor &tensor = *resultTensors.front();
          ShapedType dataType;
          if (kind == fb::Op::CONST_SHAPE) {
            auto shapeType =
                dyn_cast<mlir::tosa::shapeType>(resultTypes.front());
            if (!shapeType)
              return errorAt(fbOp) << what << " writes a tensor that is not "
                                   << "a shape";
            dataType = RankedTensorType::get(
                ArrayRef<int64_t>{shapeType.getRank()}, builder.getIndexType());
          } else {
            dataType = dyn_cast<RankedTensorType>(resultTypes.front());
            if (!dataType)
              return errorAt(fbOp) << what << " writes a SHAPE tensor";
          }
          ArrayRef<uint8_t> data;
          if (tensor.data())
            data =
                ArrayRef<uint8_t>(tensor.data()->data(), tensor.data()->size());
          std::string error;
          decoded = decodeElements(data, dataType, error);
          if (failed(decoded))
            return errorAt(&tensor)
                   << "the data of tensor '" << tensor.name()->str() << "' in "
                   << where << " " << error;
        }
        attrs.set("values", *decoded);
      } else if (llvm::any_of(resultShapes, [](auto *p) { return p; })) {
        return errorAt(fbOp) << what
                             << " writes a shape; only CONST_SHAPE "
                                "does in TOSA 1.0";
      }

      Location loc = NameLoc::get(
          builder.getStringAttr(resultNames.empty() ? StringRef(opName)
                                                    : resultNames.front()),
          locAt(fbOp));
      OperationState state(loc, info->mlirName);
      state.addOperands(operands);
      state.addTypes(resultTypes);
      state.addAttributes(attrs);
      for (size_t i = 0; i < regionNames.size(); ++i)
        state.addRegion();
      Operation *created = builder.create(state);
      for (auto [i, name] : llvm::enumerate(regionNames))
        if (failed(readNestedRegion(name, created->getRegion(i), fbOp, depth)))
          return failure();
      builder.setInsertionPointToEnd(&block);
      for (auto [result, name] :
           llvm::zip_equal(created->getResults(), resultNames))
        values[name] = result;
    }

  if (auto *names = fbBlock.outputs())
    for (const flatbuffers::String *name : *names) {
      auto found = values.find(name ? name->string_view() : "");
      if (found == values.end())
        return errorAt(&fbBlock)
               << "the block output '" << (name ? name->str() : "")
               << "' is not written in " << where;
      outputs.push_back(found->second);
    }
  return success();
}

OwningOpRef<ModuleOp> GraphReader::read() {
  Location fileLoc = FileLineColLoc::get(context, identifier, 0, 0);
  if (bytes.size() < 8) {
    emitError(fileLoc) << "is " << bytes.size()
                       << " bytes long, too short for a TOSA flatbuffer";
    return nullptr;
  }
  if (!fb::TosaGraphBufferHasIdentifier(bytes.data())) {
    std::string found;
    for (uint8_t c : bytes.slice(4, 4))
      found += (c >= 0x20 && c < 0x7f) ? char(c) : '?';
    emitError(fileLoc) << "has the file identifier '" << found
                       << "' where a TOSA flatbuffer has 'TOSA'";
    return nullptr;
  }
  flatbuffers::Verifier verifier(bytes.data(), bytes.size());
  if (!fb::VerifyTosaGraphBuffer(verifier)) {
    emitError(fileLoc) << "is not a well-formed TOSA flatbuffer (truncated or "
                          "corrupt): the FlatBuffers verifier rejects it";
    return nullptr;
  }
  const fb::TosaGraph *graph = fb::GetTosaGraph(bytes.data());
  const fb::Version *version = graph->version();
  if (version->_major() != kVersionMajor) {
    emitError(locAt(version))
        << "is TOSA version " << version->_major() << "." << version->_minor()
        << "." << version->_patch() << "; this reader takes TOSA 1.x";
    return nullptr;
  }
  if (!graph->regions() || graph->regions()->size() == 0) {
    emitError(fileLoc) << "holds no region";
    return nullptr;
  }
  for (const fb::TosaRegion *region : *graph->regions()) {
    std::string name = region->name() ? region->name()->str() : "";
    if (!regionsByName.try_emplace(name, region).second) {
      emitError(locAt(region)) << "holds two regions named '" << name << "'";
      return nullptr;
    }
  }
  // The first region is the entry point; the others are reached through
  // cond_if and while_loop.
  const fb::TosaRegion &entry = *graph->regions()->Get(0);
  regionsRead.insert(entry.name() ? entry.name()->string_view() : "");
  if (!entry.blocks() || entry.blocks()->size() != 1) {
    emitError(locAt(&entry)) << "the entry region must hold exactly one block";
    return nullptr;
  }
  const fb::TosaBasicBlock &fbBlock = *entry.blocks()->Get(0);
  std::string name = fbBlock.name() && fbBlock.name()->size()
                         ? fbBlock.name()->str()
                         : std::string("main");

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(module->getBody());
  function = func::FuncOp::create(builder, locAt(&fbBlock), name,
                                  builder.getFunctionType({}, {}));
  Block *body = function.addEntryBlock();
  SmallVector<Value> outputs;
  if (failed(readBlock(fbBlock, *body, 0, outputs)))
    return nullptr;
  builder.setInsertionPointToEnd(body);
  func::ReturnOp::create(builder, locAt(&fbBlock), outputs);
  function.setFunctionType(builder.getFunctionType(
      body->getArgumentTypes(), ValueRange(outputs).getTypes()));
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp>
mlir::qtosa::importTosaFlatbuffer(llvm::MemoryBufferRef buffer,
                                  MLIRContext *context) {
  context->loadDialect<mlir::tosa::TosaDialect, func::FuncDialect>();
  // A copy: the verifier and the accessors want the buffer aligned.
  std::vector<uint8_t> bytes(buffer.getBufferStart(), buffer.getBufferEnd());
  return GraphReader(bytes, buffer.getBufferIdentifier(), context).read();
}

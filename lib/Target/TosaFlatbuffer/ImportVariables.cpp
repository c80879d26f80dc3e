//===- ImportVariables.cpp - TOSA 1.0 flatbuffer variables -> MLIR --------===//
//
// EXT-VARIABLE, as the TOSA MLIR translator writes it: a tensor with
// `variable` set declares the variable named by its `variable_name` (its own
// name when that is empty), of its shape and type, with its data as initial
// value; it becomes a module-level tosa.variable, in the order the file first
// lists it. IDENTITY or VARIABLE_READ from such a tensor is a variable_read,
// IDENTITY or VARIABLE_WRITE into it a variable_write; VARIABLE (no input,
// the tensor as output) only declares. A region that reads or writes a
// variable lists its tensor again, which must agree with the first listing.
//
//===----------------------------------------------------------------------===//

#include "GraphReader.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tosafb;

LogicalResult GraphReader::declareVariable(const fb::TosaTensor &tensor,
                                           StringRef where) {
  std::string name = variableName(tensor);
  if (name.empty())
    return errorAt(&tensor)
           << "a variable tensor in " << where << " has no name";
  FailureOr<Type> type = typeOf(tensor, where, /*isVariable=*/true);
  if (failed(type))
    return failure();
  auto tensorType = dyn_cast<RankedTensorType>(*type);
  if (!tensorType)
    return errorAt(&tensor) << "the variable '" << name << "' in " << where
                            << " is of type SHAPE; a variable is a tensor";
  Attribute initialValue;
  if (tensor.data()) {
    std::string error;
    FailureOr<DenseElementsAttr> decoded = decodeElements(
        ArrayRef<uint8_t>(tensor.data()->data(), tensor.data()->size()),
        tensorType, error);
    if (failed(decoded))
      return errorAt(&tensor) << "the initial value of the variable '" << name
                              << "' in " << where << " " << error;
    initialValue = *decoded;
  }
  auto found = variables.find(name);
  if (found != variables.end()) {
    // A region lists the variables it reads or writes again; the copies
    // must agree with the first declaration.
    const Variable &first = found->second;
    if (first.type != tensorType || first.initialValue != initialValue)
      return errorAt(&tensor)
             << "tensor '" << (tensor.name() ? tensor.name()->str() : "")
             << "' in " << where << " declares the variable '" << name
             << "' again with "
             << (first.type != tensorType ? "another type or shape"
                                          : "another initial value")
             << " than the declaration at byte "
             << static_cast<unsigned>(
                    reinterpret_cast<const uint8_t *>(first.declaration) -
                    bytes.data());
    return success();
  }
  if (name == function.getName())
    return errorAt(&tensor) << "the variable '" << name << "' in " << where
                            << " has the name of the graph's function";
  OpBuilder moduleBuilder(function);
  mlir::tosa::VariableOp::create(moduleBuilder, locAt(&tensor), name,
                                 tensorType, initialValue);
  variables[name] = Variable{tensorType, initialValue, &tensor};
  return success();
}

FailureOr<bool> GraphReader::readVariableAccess(BlockScope &scope,
                                                const fb::TosaOperator &fbOp,
                                                fb::Op kind,
                                                const std::string &what,
                                                const std::string &opName) {
  int numInputs = fbOp.inputs() ? fbOp.inputs()->size() : 0;
  int numOutputs = fbOp.outputs() ? fbOp.outputs()->size() : 0;
  int wantInputs = kind == fb::Op::VARIABLE ? 0 : 1;
  if (numInputs != wantInputs || numOutputs != 1)
    return errorAt(&fbOp) << what << " has " << numInputs << " input(s) and "
                          << numOutputs << " output(s); " << opName << " takes "
                          << wantInputs << " and gives 1",
           failure();
  auto variableTensor =
      [&](const flatbuffers::String *name) -> const fb::TosaTensor * {
    auto found = scope.tensors.find(name ? name->string_view() : "");
    return found != scope.tensors.end() && found->second->variable()
               ? found->second
               : nullptr;
  };

  const flatbuffers::String *output = fbOp.outputs()->Get(0);
  const flatbuffers::String *input =
      numInputs ? fbOp.inputs()->Get(0) : nullptr;
  const fb::TosaTensor *from = input ? variableTensor(input) : nullptr;
  const fb::TosaTensor *into = variableTensor(output);
  if (kind == fb::Op::IDENTITY && !from && !into)
    return false;
  // These tables have no fields: readAttributes only checks the union tag.
  NamedAttrList attrs;
  std::vector<std::string> regionNames;
  if (std::optional<std::string> error =
          readAttributes(fbOp, {}, builder, attrs, regionNames))
    return errorAt(&fbOp) << what << " " << *error, failure();
  if (from && into)
    return errorAt(&fbOp) << what << " copies a variable into a variable",
           failure();
  bool isRead =
      kind == fb::Op::VARIABLE_READ || (kind == fb::Op::IDENTITY && from);
  const fb::TosaTensor *variable = isRead ? from : into;
  if (!variable) {
    const flatbuffers::String *named = isRead ? input : output;
    std::string text = named ? named->str() : "";
    return errorAt(&fbOp) << what << " " << (isRead ? "reads" : "writes")
                          << " '" << text
                          << "', which declares no variable "
                             "(not a tensor with `variable` set)",
           failure();
  }
  if (kind == fb::Op::VARIABLE)
    return true;
  std::string symbol = variableName(*variable);
  RankedTensorType variableType = variables.find(symbol)->second.type;
  Location loc = NameLoc::get(
      builder.getStringAttr(isRead ? output->str() : opName), locAt(&fbOp));
  if (isRead) {
    FailureOr<const fb::TosaTensor *> tensor =
        outputNamed(scope, output, &fbOp, what);
    if (failed(tensor))
      return failure();
    FailureOr<Type> type = typeOf(**tensor, scope.where);
    if (failed(type))
      return failure();
    if (*type != variableType)
      return errorAt(&fbOp)
                 << what << " reads the variable '" << symbol << "' of type "
                 << variableType << " into a tensor of type " << *type,
             failure();
    OperationState state(loc, "tosa.variable_read");
    state.addAttribute("name", builder.getStringAttr(symbol));
    state.addTypes(*type);
    scope.values[output->string_view()] = builder.create(state)->getResult(0);
    return true;
  }
  FailureOr<Value> value = valueNamed(scope, input, &fbOp, what);
  if (failed(value))
    return failure();
  if (value->getType() != variableType)
    return errorAt(&fbOp) << what << " writes a tensor of type "
                          << value->getType() << " into the variable '"
                          << symbol << "' of type " << variableType,
           failure();
  OperationState state(loc, "tosa.variable_write");
  state.addAttribute("name", builder.getStringAttr(symbol));
  state.addOperands(*value);
  builder.create(state);
  return true;
}

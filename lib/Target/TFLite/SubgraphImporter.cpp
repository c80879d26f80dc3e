//===- SubgraphImporter.cpp - One TFLite subgraph as a func.func ----------===//
//
// Builds the function of one subgraph: arguments and results in model
// order, constants, the quantize/dequantize boundary of every quantized
// tensor, each operator's location, and the host call an operator with no
// TOSA form becomes.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

SubgraphImporter::SubgraphImporter(const ModelInfo &model, int subgraph,
                                   ModuleOp module)
    : model(model), subgraphIndex(subgraph),
      subgraph(model.model->subgraphs()->Get(subgraph)), module(module),
      b(module.getContext()), currentLoc(fileLoc(model, module.getContext())) {}

const TensorInfo &SubgraphImporter::tensor(int index) const {
  return model.tensors[subgraphIndex][index];
}

int SubgraphImporter::input(unsigned i) const {
  return currentOp->inputs() && i < currentOp->inputs()->size()
             ? currentOp->inputs()->Get(i)
             : -1;
}

int SubgraphImporter::output(unsigned i) const {
  return currentOp->outputs() && i < currentOp->outputs()->size()
             ? currentOp->outputs()->Get(i)
             : -1;
}

unsigned SubgraphImporter::numInputs() const {
  return currentOp->inputs() ? currentOp->inputs()->size() : 0;
}

unsigned SubgraphImporter::numOutputs() const {
  return currentOp->outputs() ? currentOp->outputs()->size() : 0;
}

OpStatus SubgraphImporter::fail(const Twine &message) {
  emitError(currentLoc) << operatorName(currentCode) << ": " << message;
  return OpStatus::Failed;
}

OpStatus SubgraphImporter::opaque(const Twine &reason) {
  opaqueReason = reason.str();
  return OpStatus::Opaque;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Value SubgraphImporter::materializeConstant(const TensorInfo &info) {
  RankedTensorType type = info.storageType();
  DenseElementsAttr values;
  if (info.isVariable) {
    // A variable (recurrent state) starts where TFLite's interpreters reset
    // it, whatever its buffer holds (ResetVariableTensor in TFLite and
    // TFLite Micro): an INT8 tensor at its zero point, the real value 0;
    // anything else at zero bits.
    auto perTensor = dyn_cast_or_null<quant::UniformQuantizedType>(info.qtype);
    int64_t start = info.tfliteType == tflite::TensorType::INT8 && perTensor
                        ? perTensor.getZeroPoint()
                        : 0;
    values = DenseElementsAttr::get(
        type, start ? b.getIntegerAttr(info.storageElement, start)
                    : b.getZeroAttr(info.storageElement));
  } else if (info.data.empty()) {
    values = DenseElementsAttr::get(type, b.getZeroAttr(info.storageElement));
  } else if (info.storageElement.isInteger(1)) {
    // TFLite stores one byte per bool; MLIR's raw buffers pack bits.
    SmallVector<bool> bits;
    for (char byte : info.data)
      bits.push_back(byte != 0);
    values = DenseElementsAttr::get(type, bits);
  } else {
    values = DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(info.data.data(), info.data.size()));
  }
  return tosa::ConstOp::create(
      b, tensorLoc(model, context(), subgraphIndex, info.index), type, values);
}

FailureOr<Value> SubgraphImporter::stored(int index) {
  if (index < 0) {
    fail("a required input is absent");
    return failure();
  }
  if (Value value = storedValues.lookup(index))
    return value;
  const TensorInfo &info = tensor(index);
  if (!info.storageElement) {
    fail(llvm::formatv("tensor {0} has type {1}, which the importer cannot "
                       "represent",
                       index, tflite::EnumNameTensorType(info.tfliteType)));
    return failure();
  }
  if (info.isConstant || info.isVariable) {
    Value value = materializeConstant(info);
    storedValues[index] = value;
    return value;
  }
  fail(llvm::formatv("tensor {0} ('{1}') is read before any operator writes "
                     "it",
                     index, info.name));
  return failure();
}

FailureOr<Value> SubgraphImporter::floatOf(int index) {
  if (Value value = floatValues.lookup(index))
    return value;
  FailureOr<Value> storedValue = stored(index);
  if (failed(storedValue))
    return failure();
  const TensorInfo &info = tensor(index);
  Value result;
  if (info.isQuantized()) {
    result = DequantizeOp::create(b, currentLoc, f32Type(info.shape),
                                  *storedValue, TypeAttr::get(info.qtype));
  } else if (info.storageElement.isF32()) {
    result = *storedValue;
  } else if (isa<FloatType>(info.storageElement)) {
    result =
        tosa::CastOp::create(b, currentLoc, f32Type(info.shape), *storedValue);
  } else {
    opaque(llvm::formatv("input tensor {0} ('{1}') is an integer tensor "
                         "without quantization parameters",
                         index, info.name));
    return failure();
  }
  floatValues[index] = result;
  return result;
}

LogicalResult SubgraphImporter::setFromFloat(int index, Value value) {
  if (index < 0) {
    fail("an output is absent");
    return failure();
  }
  const TensorInfo &info = tensor(index);
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() != ArrayRef<int64_t>(info.shape)) {
    std::string have, want;
    llvm::raw_string_ostream(have) << type;
    llvm::raw_string_ostream(want) << f32Type(info.shape);
    fail(llvm::formatv("output tensor {0} ('{1}') is declared {2}, but the "
                       "operator computes {3}",
                       index, info.name, want, have));
    return failure();
  }
  if (info.isQuantized()) {
    storedValues[index] = QuantizeOp::create(b, currentLoc, info.storageType(),
                                             value, TypeAttr::get(info.qtype));
    return success();
  }
  if (info.storageElement && info.storageElement.isF32()) {
    storedValues[index] = value;
    // The float value of a float tensor is the tensor itself.
    floatValues[index] = value;
    return success();
  }
  if (info.storageElement && isa<FloatType>(info.storageElement)) {
    storedValues[index] =
        tosa::CastOp::create(b, currentLoc, info.storageType(), value);
    return success();
  }
  opaque(llvm::formatv("output tensor {0} ('{1}') is an integer tensor "
                       "without quantization parameters",
                       index, info.name));
  return failure();
}

void SubgraphImporter::setStored(int index, Value value) {
  storedValues[index] = value;
}

FailureOr<SmallVector<int64_t>> SubgraphImporter::constInts(int index) {
  if (index < 0) {
    opaque("a constant input is absent");
    return failure();
  }
  const TensorInfo &info = tensor(index);
  std::optional<SmallVector<int64_t>> values = constantIntValues(info);
  if (!values) {
    opaque(llvm::formatv("tensor {0} ('{1}') is not a constant INT32 or "
                         "INT64 tensor",
                         index, info.name));
    return failure();
  }
  return std::move(*values);
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

RankedTensorType SubgraphImporter::f32Type(ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, b.getF32Type());
}

Value SubgraphImporter::f32Splat(ArrayRef<int64_t> shape, double value) {
  RankedTensorType type = f32Type(shape);
  return tosa::ConstOp::create(
      b, currentLoc, type,
      DenseElementsAttr::get(type, b.getF32FloatAttr(value).getValue()));
}

Value SubgraphImporter::f32Scalar(double value) { return f32Splat({1}, value); }

Value SubgraphImporter::mulShift() {
  auto type = RankedTensorType::get({1}, b.getI8Type());
  return tosa::ConstOp::create(
      b, currentLoc, type, DenseElementsAttr::get(type, b.getI8IntegerAttr(0)));
}

Value SubgraphImporter::constShape(ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    b.getIndexType());
  return tosa::ConstShapeOp::create(
      b, currentLoc, tosa::shapeType::get(context(), values.size()),
      DenseIntElementsAttr::get(type, values));
}

Value SubgraphImporter::reshape(Value value, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  return tosa::ReshapeOp::create(
      b, currentLoc, RankedTensorType::get(shape, type.getElementType()), value,
      constShape(shape));
}

Value SubgraphImporter::toRank(Value value, int64_t rank) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() >= rank)
    return value;
  SmallVector<int64_t> shape(rank - type.getRank(), 1);
  llvm::append_range(shape, type.getShape());
  return reshape(value, shape);
}

Value SubgraphImporter::slice(Value value, ArrayRef<int64_t> start,
                              ArrayRef<int64_t> size) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == size)
    return value;
  // The shapes first, in this order (arguments are evaluated in an order
  // of the compiler's choosing).
  Value startShape = constShape(start);
  Value sizeShape = constShape(size);
  return tosa::SliceOp::create(
      b, currentLoc, RankedTensorType::get(size, type.getElementType()), value,
      startShape, sizeShape);
}

Value SubgraphImporter::sliceAxis(Value value, int64_t axis, int64_t start,
                                  int64_t size) {
  auto shape = cast<RankedTensorType>(value.getType()).getShape();
  SmallVector<int64_t> starts(shape.size(), 0);
  SmallVector<int64_t> sizes(shape);
  starts[axis] = start;
  sizes[axis] = size;
  return slice(value, starts, sizes);
}

Value SubgraphImporter::concat(ArrayRef<Value> parts, int64_t axis) {
  if (parts.size() == 1)
    return parts.front();
  SmallVector<int64_t> shape(
      cast<RankedTensorType>(parts.front().getType()).getShape());
  shape[axis] = 0;
  for (Value part : parts)
    shape[axis] += cast<RankedTensorType>(part.getType()).getDimSize(axis);
  return tosa::ConcatOp::create(b, currentLoc, f32Type(shape), parts,
                                static_cast<uint32_t>(axis));
}

Value SubgraphImporter::clamp(Value value, float min, float max) {
  return tosa::ClampOp::create(b, currentLoc, value.getType(), value,
                               b.getF32FloatAttr(min), b.getF32FloatAttr(max));
}

FailureOr<Value>
SubgraphImporter::activation(Value value, tflite::ActivationFunctionType act) {
  const float largest = std::numeric_limits<float>::max();
  switch (act) {
  case tflite::ActivationFunctionType::NONE:
    return value;
  case tflite::ActivationFunctionType::RELU:
    return clamp(value, 0.0f, largest);
  case tflite::ActivationFunctionType::RELU_N1_TO_1:
    return clamp(value, -1.0f, 1.0f);
  case tflite::ActivationFunctionType::RELU6:
    return clamp(value, 0.0f, 6.0f);
  case tflite::ActivationFunctionType::TANH:
    return Value(tosa::TanhOp::create(b, currentLoc, value.getType(), value));
  default:
    opaque(llvm::formatv("fused activation {0} has no TOSA form",
                         tflite::EnumNameActivationFunctionType(act)));
    return failure();
  }
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

OpStatus SubgraphImporter::convertOperator() {
  switch (currentCode) {
  case tflite::BuiltinOperator::WHILE:
  case tflite::BuiltinOperator::IF:
  case tflite::BuiltinOperator::CALL:
  case tflite::BuiltinOperator::CALL_ONCE:
    return fail("control flow between subgraphs is not supported; the "
                "importer takes subgraphs that run on their own");
  case tflite::BuiltinOperator::CUSTOM:
    return opaque("custom operators run on the host");
  default:
    break;
  }
  // TOSA has no tensor without elements; such an operator becomes a host
  // call rather than a TOSA op that its verifier refuses (found by session
  // 32's hostile-input sweep: "'tosa.reduce_max' op operand #0 must be
  // tosa-conformant tensor of at least rank 1").
  for (bool isInput : {true, false})
    for (unsigned i = 0, e = isInput ? numInputs() : numOutputs(); i < e; ++i) {
      int index = isInput ? input(i) : output(i);
      if (index < 0 || !llvm::is_contained(tensor(index).shape, 0))
        continue;
      return opaque(llvm::formatv("{0} tensor {1} ('{2}') has no elements: "
                                  "TOSA has no empty tensors",
                                  isInput ? "input" : "output", index,
                                  tensor(index).name));
    }
  for (auto convert :
       {convertNNOp, convertElementwiseOp, convertShapeOp, convertRecurrentOp})
    if (std::optional<OpStatus> status = convert(*this))
      return *status;
  return opaque("no TOSA conversion for this operator");
}

/// The options of the operators that become host calls, as attributes.
static void appendOptions(const tflite::Operator &op, Builder &b,
                          SmallVectorImpl<NamedAttribute> &attrs) {
  auto activation = [&](tflite::ActivationFunctionType act) {
    attrs.push_back(b.getNamedAttr(
        "fused_activation_function",
        b.getStringAttr(tflite::EnumNameActivationFunctionType(act))));
  };
  if (const auto *svdf = op.builtin_options_as_SVDFOptions()) {
    attrs.push_back(b.getNamedAttr("rank", b.getI32IntegerAttr(svdf->rank())));
    activation(svdf->fused_activation_function());
    attrs.push_back(
        b.getNamedAttr("asymmetric_quantize_inputs",
                       b.getBoolAttr(svdf->asymmetric_quantize_inputs())));
  } else if (const auto *lstm =
                 op.builtin_options_as_UnidirectionalSequenceLSTMOptions()) {
    activation(lstm->fused_activation_function());
    attrs.push_back(
        b.getNamedAttr("cell_clip", b.getF32FloatAttr(lstm->cell_clip())));
    attrs.push_back(
        b.getNamedAttr("proj_clip", b.getF32FloatAttr(lstm->proj_clip())));
    attrs.push_back(
        b.getNamedAttr("time_major", b.getBoolAttr(lstm->time_major())));
    attrs.push_back(
        b.getNamedAttr("asymmetric_quantize_inputs",
                       b.getBoolAttr(lstm->asymmetric_quantize_inputs())));
    attrs.push_back(
        b.getNamedAttr("diagonal_recurrent_tensors",
                       b.getBoolAttr(lstm->diagonal_recurrent_tensors())));
  } else if (op.builtin_options_type() != tflite::BuiltinOptions::NONE) {
    attrs.push_back(b.getNamedAttr(
        "builtin_options_type", b.getStringAttr(tflite::EnumNameBuiltinOptions(
                                    op.builtin_options_type()))));
  }
  if (op.custom_options() && op.custom_options()->size() != 0) {
    auto type = RankedTensorType::get(
        {static_cast<int64_t>(op.custom_options()->size())},
        b.getIntegerType(8, /*isSigned=*/false));
    attrs.push_back(b.getNamedAttr(
        "custom_options",
        DenseElementsAttr::get(
            type, ArrayRef<uint8_t>(op.custom_options()->data(),
                                    op.custom_options()->size()))));
  }
}

LogicalResult SubgraphImporter::emitHostCall() {
  // Operands and results are the stored tensors: the host kernel reads and
  // writes integers exactly as TFLite does. Absent optional inputs are left
  // out; `tflite.inputs` keeps every input's tensor index (-1 if absent).
  // `tflite.input_types`/`tflite.output_types` keep each stored tensor's
  // element type with its quantization (quant.uniform, or the plain type):
  // the host kernel needs the scales, which the integer lowering removes
  // from the values around the call.
  auto elementWithQuantization = [](const TensorInfo &info) -> Attribute {
    return TypeAttr::get(info.qtype ? Type(info.qtype) : info.storageElement);
  };
  SmallVector<Value> operands;
  SmallVector<int32_t> inputIndices;
  SmallVector<Attribute> inputTypes, outputTypes;
  for (unsigned i = 0; i < numInputs(); ++i) {
    int index = input(i);
    inputIndices.push_back(index);
    if (index < 0)
      continue;
    FailureOr<Value> value = stored(index);
    if (failed(value))
      return failure();
    operands.push_back(*value);
    inputTypes.push_back(elementWithQuantization(tensor(index)));
  }
  SmallVector<Type> resultTypes;
  for (unsigned i = 0; i < numOutputs(); ++i) {
    const TensorInfo &info = tensor(output(i));
    if (!info.storageElement)
      return emitError(currentLoc)
             << operatorName(currentCode) << ": output tensor " << info.index
             << " has type " << tflite::EnumNameTensorType(info.tfliteType)
             << ", which the importer cannot represent";
    resultTypes.push_back(info.storageType());
    outputTypes.push_back(elementWithQuantization(info));
  }

  std::string opName;
  if (currentCode == tflite::BuiltinOperator::CUSTOM) {
    const tflite::OperatorCode *code =
        model.model->operator_codes()->Get(currentOp->opcode_index());
    opName = "custom." + (code->custom_code() ? code->custom_code()->str()
                                              : std::string("unnamed"));
  } else {
    StringRef name = operatorName(currentCode);
    opName =
        name.empty()
            ? llvm::formatv("BUILTIN_{0}", static_cast<int>(currentCode)).str()
            : name.str();
  }
  // One declaration per name and signature: a second signature of the same
  // operator gets a numbered name.
  auto functionType =
      b.getFunctionType(TypeRange(ValueRange(operands)), resultTypes);
  std::string callee = "tflite." + opName;
  for (unsigned suffix = 1;; ++suffix) {
    auto existing = module.lookupSymbol<func::FuncOp>(callee);
    if (!existing || existing.getFunctionType() == functionType)
      break;
    callee = llvm::formatv("tflite.{0}_{1}", opName, suffix).str();
  }
  if (!module.lookupSymbol(callee)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto decl = func::FuncOp::create(b, fileLoc(model, context()), callee,
                                     functionType);
    decl.setPrivate();
    decl->setAttr(kOpaqueHostOpAttrName, b.getUnitAttr());
  }

  SmallVector<NamedAttribute> attrs;
  appendOptions(*currentOp, b, attrs);
  auto call =
      func::CallOp::create(b, currentLoc, callee, resultTypes, operands);
  for (NamedAttribute attr : attrs)
    call->setAttr(attr.getName(), attr.getValue());
  call->setAttr("tflite.inputs", b.getDenseI32ArrayAttr(inputIndices));
  call->setAttr("tflite.input_types", b.getArrayAttr(inputTypes));
  call->setAttr("tflite.output_types", b.getArrayAttr(outputTypes));
  call->setAttr(kOpaqueHostOpAttrName, b.getStringAttr(opName));
  call->setAttr(kHostReasonAttrName, b.getStringAttr(opaqueReason));
  for (unsigned i = 0; i < numOutputs(); ++i)
    storedValues[output(i)] = call->getResult(i);
  emitRemark(currentLoc) << opName << " is imported as a call of @" << callee
                         << " that runs on the host: " << opaqueReason;
  return success();
}

LogicalResult SubgraphImporter::importFunction() {
  MLIRContext *ctx = context();
  auto argumentType = [&](int index) -> Type {
    const TensorInfo &info = tensor(index);
    // Quantized graph inputs and outputs are float at the boundary, as in
    // every QDQ export; qtosa-integer-io turns them into stored integers.
    if (info.isQuantized())
      return f32Type(info.shape);
    if (!info.storageElement)
      return {};
    return info.storageType();
  };
  SmallVector<Type> argTypes, resultTypes;
  SmallVector<Location> argLocs;
  auto inputs = subgraph->inputs();
  auto outputs = subgraph->outputs();
  for (unsigned i = 0; inputs && i < inputs->size(); ++i) {
    Type type = argumentType(inputs->Get(i));
    if (!type)
      return emitError(tensorLoc(model, ctx, subgraphIndex, inputs->Get(i)))
             << "graph input tensor " << inputs->Get(i) << " has type "
             << tflite::EnumNameTensorType(tensor(inputs->Get(i)).tfliteType)
             << ", which the importer cannot represent";
    argTypes.push_back(type);
    argLocs.push_back(tensorLoc(model, ctx, subgraphIndex, inputs->Get(i)));
  }
  for (unsigned i = 0; outputs && i < outputs->size(); ++i) {
    Type type = argumentType(outputs->Get(i));
    if (!type)
      return emitError(tensorLoc(model, ctx, subgraphIndex, outputs->Get(i)))
             << "graph output tensor " << outputs->Get(i) << " has type "
             << tflite::EnumNameTensorType(tensor(outputs->Get(i)).tfliteType)
             << ", which the importer cannot represent";
    resultTypes.push_back(type);
  }

  b.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(b, fileLoc(model, ctx),
                                   model.functionNames[subgraphIndex],
                                   b.getFunctionType(argTypes, resultTypes));
  if (!model.signatureKeys[subgraphIndex].empty())
    func->setAttr("tflite.signature_key",
                  b.getStringAttr(model.signatureKeys[subgraphIndex]));
  Block *entry = func.addEntryBlock();
  for (unsigned i = 0; i < argTypes.size(); ++i) {
    entry->getArgument(i).setLoc(argLocs[i]);
    func.setArgAttr(i, "tflite.name",
                    b.getStringAttr(tensor(inputs->Get(i)).name));
  }
  for (unsigned i = 0; i < resultTypes.size(); ++i)
    func.setResultAttr(i, "tflite.name",
                       b.getStringAttr(tensor(outputs->Get(i)).name));
  b.setInsertionPointToStart(entry);

  SmallVector<QuantizeOp> argumentQuantizes(argTypes.size());
  for (unsigned i = 0; i < argTypes.size(); ++i) {
    int index = inputs->Get(i);
    const TensorInfo &info = tensor(index);
    Value arg = entry->getArgument(i);
    currentLoc = argLocs[i];
    if (info.isQuantized()) {
      argumentQuantizes[i] = QuantizeOp::create(
          b, currentLoc, info.storageType(), arg, TypeAttr::get(info.qtype));
      storedValues[index] = argumentQuantizes[i];
    } else {
      storedValues[index] = arg;
    }
  }

  unsigned numOps = subgraph->operators() ? subgraph->operators()->size() : 0;
  for (unsigned i = 0; i < numOps; ++i) {
    currentOp = subgraph->operators()->Get(i);
    currentIndex = static_cast<int>(i);
    currentCode = model.opcodes[currentOp->opcode_index()];
    // Shape arithmetic resolveRuntimeShapes folded: its outputs are
    // constants now.
    if (numOutputs() != 0 &&
        llvm::all_of(llvm::seq(numOutputs()), [&](unsigned k) {
          return output(k) >= 0 && tensor(output(k)).foldedShapeArithmetic;
        }))
      continue;
    int firstOutput = output(0);
    currentLoc = operatorLoc(model, ctx, subgraphIndex, i,
                             firstOutput >= 0 ? tensor(firstOutput).name : "");
    opaqueReason.clear();
    Operation *last = entry->empty() ? nullptr : &entry->back();
    OpStatus status = convertOperator();
    if (status == OpStatus::Failed)
      return failure();
    if (status == OpStatus::Opaque) {
      // Drop what the conversion built before it gave up, and every value
      // it recorded.
      // From the op after `last`, or from the block's start when it was
      // empty (its front() is then no op at all: walking from there never
      // ended, found by qtosa-tflite-fuzz).
      SmallVector<Operation *> built;
      for (Operation &op : llvm::make_range(
               last ? std::next(Block::iterator(last)) : entry->begin(),
               entry->end()))
        built.push_back(&op);
      llvm::SmallPtrSet<Operation *, 8> erased(built.begin(), built.end());
      for (auto *values : {&storedValues, &floatValues}) {
        SmallVector<int> stale;
        for (auto &[index, value] : *values)
          if (erased.contains(value.getDefiningOp()))
            stale.push_back(index);
        for (int index : stale)
          values->erase(index);
      }
      for (Operation *op : llvm::reverse(built)) {
        op->dropAllUses();
        op->erase();
      }
      if (failed(emitHostCall()))
        return failure();
    }
  }

  SmallVector<Value> results;
  currentLoc = fileLoc(model, ctx);
  for (unsigned i = 0; i < resultTypes.size(); ++i) {
    int index = outputs->Get(i);
    currentLoc = tensorLoc(model, ctx, subgraphIndex, index);
    FailureOr<Value> value =
        tensor(index).isQuantized() ? floatOf(index) : stored(index);
    if (failed(value))
      return emitError(currentLoc)
             << "graph output tensor " << index << " cannot be read";
    results.push_back(*value);
  }
  func::ReturnOp::create(b, currentLoc, results);

  // A quantized input nothing reads (or a second listing of one) keeps its
  // quantization as `qtosa.qtype`: its quantize would go with the first
  // dead-code sweep, and qtosa-integer-io could then not give the argument
  // the storage type TFLite takes.
  for (auto [i, quantize] : llvm::enumerate(argumentQuantizes)) {
    if (!quantize || !quantize->use_empty())
      continue;
    func.setArgAttr(i, kQTypeAttrName, getQTypeAttrValue(quantize.getQtype()));
    quantize->erase();
  }
  return success();
}

//===- ModelReader.cpp - Verify a TFLite flatbuffer and read its tensors --===//
//
// Everything about the file is checked here, before any IR is built: the
// flatbuffer verifier, the schema version, every index the model holds, and
// each tensor's shape, constant data and quantization parameters. What the
// later phases read is therefore in range.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

/// The schema version this importer reads (TFLite's current, since 2018).
static constexpr uint32_t kSchemaVersion = 3;

/// TOSA 1.0 level 8K caps a tensor's size well below this; it keeps element
/// counts and byte sizes far from overflow.
static constexpr int64_t kMaxElements = int64_t(1) << 31;

int64_t TensorInfo::numElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

Location tflite_import::fileLoc(const ModelInfo &model, MLIRContext *context) {
  return FileLineColLoc::get(context, model.fileName, 0, 0);
}

Location tflite_import::tensorLoc(const ModelInfo &model, MLIRContext *context,
                                  int subgraph, int tensor) {
  Location file = FileLineColLoc::get(context, model.fileName, 0, subgraph);
  if (subgraph < static_cast<int>(model.tensors.size()) && tensor >= 0 &&
      tensor < static_cast<int>(model.tensors[subgraph].size()) &&
      !model.tensors[subgraph][tensor].name.empty())
    return NameLoc::get(
        StringAttr::get(context, model.tensors[subgraph][tensor].name), file);
  return file;
}

Location tflite_import::operatorLoc(const ModelInfo &model,
                                    MLIRContext *context, int subgraph, int op,
                                    StringRef name) {
  // Line: the operator's index in the subgraph; column: the subgraph's.
  Location file = FileLineColLoc::get(context, model.fileName, op, subgraph);
  if (name.empty())
    return file;
  return NameLoc::get(StringAttr::get(context, name), file);
}

StringRef tflite_import::operatorName(tflite::BuiltinOperator code) {
  return tflite::EnumNameBuiltinOperator(code);
}

namespace {

/// Bytes per stored element of a TFLite type; 0 for types the importer
/// cannot hold as a tensor.
unsigned elementBytes(tflite::TensorType type) {
  switch (type) {
  case tflite::TensorType::FLOAT32:
  case tflite::TensorType::INT32:
  case tflite::TensorType::UINT32:
    return 4;
  case tflite::TensorType::FLOAT16:
  case tflite::TensorType::INT16:
  case tflite::TensorType::UINT16:
    return 2;
  case tflite::TensorType::INT8:
  case tflite::TensorType::UINT8:
  case tflite::TensorType::BOOL:
    return 1;
  case tflite::TensorType::INT64:
  case tflite::TensorType::FLOAT64:
    return 8;
  default:
    return 0;
  }
}

Type elementType(tflite::TensorType type, MLIRContext *context) {
  Builder b(context);
  switch (type) {
  case tflite::TensorType::FLOAT32:
    return b.getF32Type();
  case tflite::TensorType::FLOAT16:
    return b.getF16Type();
  case tflite::TensorType::INT32:
    return b.getI32Type();
  case tflite::TensorType::INT64:
    return b.getI64Type();
  case tflite::TensorType::INT16:
  case tflite::TensorType::UINT16:
    return b.getI16Type();
  case tflite::TensorType::INT8:
  case tflite::TensorType::UINT8:
    return b.getI8Type();
  case tflite::TensorType::BOOL:
    return b.getI1Type();
  default:
    return {};
  }
}

/// Reads one model; each method emits its own located error.
class ModelReader {
public:
  ModelReader(llvm::MemoryBufferRef buffer, MLIRContext *context)
      : buffer(buffer), context(context) {
    info.fileName = buffer.getBufferIdentifier().str();
  }

  FailureOr<ModelInfo> read();

private:
  InFlightDiagnostic error() { return emitError(fileLoc(info, context)); }
  InFlightDiagnostic tensorError(int subgraph, int tensor) {
    InFlightDiagnostic diag =
        emitError(tensorLoc(info, context, subgraph, tensor));
    diag << "tensor " << tensor;
    if (!info.tensors[subgraph][tensor].name.empty())
      diag << " ('" << info.tensors[subgraph][tensor].name << "')";
    return std::move(diag << " of subgraph " << subgraph << ": ");
  }
  LogicalResult checkIndices(int subgraph,
                             const flatbuffers::Vector<int32_t> *indices,
                             size_t limit, bool allowAbsent, const Twine &what);
  LogicalResult readSubgraph(int index);
  LogicalResult readTensor(int subgraph, int index, TensorInfo &tensor);
  LogicalResult readQuantization(int subgraph, TensorInfo &tensor,
                                 const tflite::QuantizationParameters &q);
  LogicalResult narrowInt64Bias(int subgraph, TensorInfo &tensor);
  /// An INT8, UINT8 or INT16 tensor without quantization parameters: its
  /// integers, as a quantized type of scale 1 and zero point 0.
  LogicalResult readPlainIntegers(int subgraph, TensorInfo &tensor);
  LogicalResult readSignatures();

  llvm::MemoryBufferRef buffer;
  MLIRContext *context;
  ModelInfo info;
};

} // namespace

FailureOr<ModelInfo> ModelReader::read() {
  const auto *bytes =
      reinterpret_cast<const uint8_t *>(buffer.getBufferStart());
  size_t size = buffer.getBufferSize();
  if (size < 8)
    return error() << "not a TFLite model: " << size
                   << " bytes is too short for a flatbuffer";
  if (!flatbuffers::BufferHasIdentifier(bytes, tflite::ModelIdentifier()))
    return error() << "not a TFLite model: the file identifier is not '"
                   << tflite::ModelIdentifier() << "'";
  flatbuffers::Verifier verifier(bytes, size);
  if (!tflite::VerifyModelBuffer(verifier))
    return error() << "not a valid TFLite flatbuffer: the FlatBuffers "
                      "verifier rejects it (truncated or corrupt)";
  info.model = tflite::GetModel(bytes);
  const tflite::Model &model = *info.model;
  if (model.version() != kSchemaVersion)
    return error() << "unsupported TFLite schema version " << model.version()
                   << " (expected " << kSchemaVersion << ")";
  if (!model.subgraphs() || model.subgraphs()->size() == 0)
    return error() << "the model has no subgraph";

  if (model.operator_codes()) {
    for (const tflite::OperatorCode *code : *model.operator_codes()) {
      // Codes above 127 live in builtin_code; older files only fill the
      // deprecated byte. The larger of the two is the operator.
      int32_t value =
          std::max<int32_t>(code->deprecated_builtin_code(),
                            static_cast<int32_t>(code->builtin_code()));
      info.opcodes.push_back(static_cast<tflite::BuiltinOperator>(value));
    }
  }

  size_t numSubgraphs = model.subgraphs()->size();
  info.tensors.resize(numSubgraphs);
  info.functionNames.resize(numSubgraphs);
  info.signatureKeys.resize(numSubgraphs);
  for (size_t i = 0; i < numSubgraphs; ++i)
    if (failed(readSubgraph(static_cast<int>(i))))
      return failure();
  if (failed(readSignatures()))
    return failure();

  // Subgraph 0 is what TFLite runs: @main. The others keep their signature
  // key or name; every name is unique.
  llvm::StringSet<> used;
  for (size_t i = 0; i < numSubgraphs; ++i) {
    std::string name;
    const tflite::SubGraph *subgraph = model.subgraphs()->Get(i);
    if (i == 0)
      name = "main";
    else if (!info.signatureKeys[i].empty())
      name = info.signatureKeys[i];
    else if (subgraph->name() && subgraph->name()->size() != 0)
      name = subgraph->name()->str();
    else
      name = llvm::formatv("subgraph{0}", i).str();
    std::string unique = name;
    for (int suffix = 1; !used.insert(unique).second; ++suffix)
      unique = llvm::formatv("{0}_{1}", name, suffix).str();
    info.functionNames[i] = unique;
  }
  return std::move(info);
}

LogicalResult
ModelReader::checkIndices(int subgraph,
                          const flatbuffers::Vector<int32_t> *indices,
                          size_t limit, bool allowAbsent, const Twine &what) {
  if (!indices)
    return success();
  for (int32_t index : *indices) {
    if (index == -1 && allowAbsent)
      continue;
    if (index < 0 || static_cast<size_t>(index) >= limit)
      return emitError(FileLineColLoc::get(context, info.fileName, 0, subgraph))
             << what << " names tensor " << index << ", but subgraph "
             << subgraph << " has " << limit << " tensors";
  }
  return success();
}

LogicalResult ModelReader::readSubgraph(int index) {
  const tflite::SubGraph &subgraph = *info.model->subgraphs()->Get(index);
  size_t numTensors = subgraph.tensors() ? subgraph.tensors()->size() : 0;
  if (failed(checkIndices(index, subgraph.inputs(), numTensors, false,
                          llvm::formatv("input of subgraph {0}", index))) ||
      failed(checkIndices(index, subgraph.outputs(), numTensors, false,
                          llvm::formatv("output of subgraph {0}", index))))
    return failure();
  if (subgraph.operators()) {
    size_t numCodes = info.opcodes.size();
    for (unsigned i = 0; i < subgraph.operators()->size(); ++i) {
      const tflite::Operator &op = *subgraph.operators()->Get(i);
      Location loc = operatorLoc(info, context, index, i, "");
      if (op.opcode_index() >= numCodes)
        return emitError(loc)
               << "operator " << i << " has opcode index " << op.opcode_index()
               << ", but the model has " << numCodes << " operator codes";
      if (failed(checkIndices(index, op.inputs(), numTensors, true,
                              llvm::formatv("operator {0}'s input", i))) ||
          failed(checkIndices(index, op.outputs(), numTensors, false,
                              llvm::formatv("operator {0}'s output", i))))
        return failure();
    }
  }
  SmallVector<TensorInfo> &tensors = info.tensors[index];
  tensors.resize(numTensors);
  for (size_t i = 0; i < numTensors; ++i) {
    const tflite::Tensor *tensor = subgraph.tensors()->Get(i);
    tensors[i].index = static_cast<int>(i);
    if (tensor->name())
      tensors[i].name = tensor->name()->str();
  }
  for (size_t i = 0; i < numTensors; ++i)
    if (failed(readTensor(index, static_cast<int>(i), tensors[i])))
      return failure();
  return resolveRuntimeShapes(info, index, context);
}

LogicalResult ModelReader::readTensor(int subgraph, int index,
                                      TensorInfo &tensor) {
  const tflite::Tensor &t =
      *info.model->subgraphs()->Get(subgraph)->tensors()->Get(index);
  tensor.tfliteType = t.type();
  tensor.isVariable = t.is_variable();
  tensor.storageElement = elementType(t.type(), context);
  if (t.sparsity())
    return tensorError(subgraph, index) << "sparse tensors are not supported";

  if (t.shape()) {
    for (int32_t dim : *t.shape()) {
      if (dim < 0)
        return tensorError(subgraph, index)
               << "dynamic shape: dimension " << tensor.shape.size() << " is "
               << dim;
      tensor.shape.push_back(dim);
    }
  }
  // The batch dimension may be dynamic in the signature: TFLite runs the
  // model with the size in `shape`, and so does the imported graph. A graph
  // input's other sizes must be fixed; inside the graph, the sizes
  // TensorFlow's converter left to run time follow from the inputs'
  // (resolveRuntimeShapes).
  if (t.shape_signature()) {
    const auto &signature = *t.shape_signature();
    tensor.signature.assign(signature.begin(), signature.end());
    const auto *inputs = info.model->subgraphs()->Get(subgraph)->inputs();
    bool isInput = inputs && llvm::is_contained(*inputs, index);
    for (unsigned dim = 0; dim < signature.size(); ++dim) {
      if (signature[dim] >= 0)
        continue;
      if (signature.size() == tensor.shape.size())
        tensor.runtimeSize = true;
      if (dim == 0 && signature.size() == tensor.shape.size())
        continue;
      if (isInput || signature.size() != tensor.shape.size())
        return tensorError(subgraph, index)
               << "dynamic shape: shape_signature dimension " << dim << " is "
               << signature[dim]
               << "; only the batch dimension may be dynamic (give the input "
                  "a fixed size when converting)";
    }
  }
  int64_t count = 1;
  for (int64_t dim : tensor.shape) {
    if (dim != 0 && count > kMaxElements / dim)
      return tensorError(subgraph, index) << "has more than 2^31 elements";
    count *= dim;
  }

  // Constant data.
  const tflite::Model &model = *info.model;
  size_t numBuffers = model.buffers() ? model.buffers()->size() : 0;
  if (t.buffer() != 0 || numBuffers != 0) {
    if (t.buffer() >= numBuffers)
      return tensorError(subgraph, index)
             << "buffer index " << t.buffer() << " is out of range (the model "
             << "has " << numBuffers << " buffers)";
  }
  const tflite::Buffer *buffer =
      t.buffer() < numBuffers ? model.buffers()->Get(t.buffer()) : nullptr;
  const char *bytes = nullptr;
  size_t size = 0;
  if (buffer && buffer->data() && buffer->data()->size() != 0) {
    bytes = reinterpret_cast<const char *>(buffer->data()->data());
    size = buffer->data()->size();
  } else if (buffer && buffer->offset() > 1) {
    // Models over 2 GiB keep their data after the flatbuffer.
    uint64_t offset = buffer->offset(), length = buffer->size();
    if (offset > this->buffer.getBufferSize() ||
        length > this->buffer.getBufferSize() - offset)
      return tensorError(subgraph, index)
             << "buffer " << t.buffer() << " lies outside the file (offset "
             << offset << ", size " << length << ")";
    bytes = this->buffer.getBufferStart() + offset;
    size = length;
  }
  if (bytes) {
    unsigned width = elementBytes(t.type());
    if (width == 0)
      return tensorError(subgraph, index)
             << "constant of unsupported type "
             << tflite::EnumNameTensorType(t.type());
    if (size != static_cast<uint64_t>(count) * width)
      return tensorError(subgraph, index)
             << "buffer " << t.buffer() << " holds " << size
             << " bytes, but shape and type need " << count * width;
    tensor.data.assign(bytes, bytes + size);
    tensor.isConstant = true;
  }

  const tflite::QuantizationParameters *q = t.quantization();
  bool hasParams = q && q->scale() && q->scale()->size() != 0;
  switch (t.type()) {
  case tflite::TensorType::INT8:
  case tflite::TensorType::UINT8:
  case tflite::TensorType::INT16:
    // Without parameters the tensor holds plain integers (an image of raw
    // uint8 bytes fed to a CAST): they are their own values, scale 1 and
    // zero point 0, which CAST to float then reads exactly.
    if (!hasParams)
      return readPlainIntegers(subgraph, tensor);
    break;
  case tflite::TensorType::INT32:
  case tflite::TensorType::INT64:
    break;
  default:
    // Float tensors may carry min/max for re-import into TensorFlow.
    hasParams = false;
  }
  if (q && q->details())
    return tensorError(subgraph, index)
           << "custom quantization is not supported";
  if (hasParams && failed(readQuantization(subgraph, tensor, *q)))
    return failure();
  if (t.type() == tflite::TensorType::INT64 && tensor.isQuantized())
    return narrowInt64Bias(subgraph, tensor);
  return success();
}

LogicalResult
ModelReader::readQuantization(int subgraph, TensorInfo &tensor,
                              const tflite::QuantizationParameters &q) {
  int index = tensor.index;
  const auto &scales = *q.scale();
  size_t count = scales.size();
  size_t numZeroPoints = q.zero_point() ? q.zero_point()->size() : 0;
  if (numZeroPoints != count && numZeroPoints > 1)
    return tensorError(subgraph, index)
           << count << " scales but " << numZeroPoints << " zero points";
  bool perAxis = count > 1;
  int32_t axis = q.quantized_dimension();
  // TFLite ignores quantized_dimension on a 1-D tensor (a bias): converters
  // leave the weights' axis there, beyond the bias's rank.
  if (perAxis && tensor.shape.size() == 1 &&
      tensor.shape[0] == static_cast<int64_t>(count))
    axis = 0;
  if (perAxis) {
    if (axis < 0 || axis >= static_cast<int32_t>(tensor.shape.size()))
      return tensorError(subgraph, index)
             << "quantized_dimension " << axis << " is out of range for rank "
             << tensor.shape.size();
    if (tensor.shape[axis] != static_cast<int64_t>(count))
      return tensorError(subgraph, index)
             << count << " per-axis scales for dimension " << axis
             << " of size " << tensor.shape[axis];
  }

  bool isSigned = tensor.tfliteType != tflite::TensorType::UINT8 &&
                  tensor.tfliteType != tflite::TensorType::UINT16;
  unsigned width = tensor.tfliteType == tflite::TensorType::INT64
                       ? 32
                       : tensor.storageElement.getIntOrFloatBitWidth();
  int64_t qmin =
      quant::QuantizedType::getDefaultMinimumForInteger(isSigned, width);
  int64_t qmax =
      quant::QuantizedType::getDefaultMaximumForInteger(isSigned, width);
  SmallVector<double> scaleValues;
  SmallVector<int64_t> zeroPoints;
  for (size_t i = 0; i < count; ++i) {
    double scale = scales[i];
    // QTOSA-SCALE: finite, positive and normal in f32, so 1/scale is finite.
    if (!std::isfinite(scale) || scale < std::ldexp(1.0, -126))
      return tensorError(subgraph, index)
             << "scale " << i << " is " << scale
             << "; scales must be finite and at least 2^-126";
    // The FlatBuffers verifier checks a vector's length field for 4-byte
    // alignment only, so a valid file can hold the int64 zero points at an
    // address that is not a multiple of 8, where Vector::Get would be an
    // unaligned load (undefined behaviour): read the bytes.
    int64_t zp = numZeroPoints == 0
                     ? 0
                     : static_cast<int64_t>(llvm::support::endian::read64le(
                           q.zero_point()->Data() +
                           (numZeroPoints == 1 ? 0 : i) * sizeof(int64_t)));
    if (zp < qmin || zp > qmax)
      return tensorError(subgraph, index)
             << "zero point " << zp << " is outside the storage range [" << qmin
             << ", " << qmax << "]";
    scaleValues.push_back(scale);
    zeroPoints.push_back(zp);
  }

  Type storage = IntegerType::get(context, width);
  Type expressed = Float32Type::get(context);
  unsigned flags = isSigned ? quant::QuantizationFlags::Signed : 0;
  auto emit = [&] {
    return emitError(tensorLoc(info, context, subgraph, index));
  };
  if (perAxis)
    tensor.qtype = quant::UniformQuantizedPerAxisType::getChecked(
        emit, flags, storage, expressed, scaleValues, zeroPoints, axis, qmin,
        qmax);
  else
    tensor.qtype = quant::UniformQuantizedType::getChecked(
        emit, flags, storage, expressed, scaleValues[0], zeroPoints[0], qmin,
        qmax);
  return success(static_cast<bool>(tensor.qtype));
}

LogicalResult ModelReader::readPlainIntegers(int subgraph, TensorInfo &tensor) {
  bool isSigned = tensor.tfliteType != tflite::TensorType::UINT8;
  unsigned width = tensor.storageElement.getIntOrFloatBitWidth();
  auto emit = [&] {
    return emitError(tensorLoc(info, context, subgraph, tensor.index));
  };
  tensor.qtype = quant::UniformQuantizedType::getChecked(
      emit, isSigned ? quant::QuantizationFlags::Signed : 0,
      IntegerType::get(context, width), Float32Type::get(context), 1.0, 0,
      quant::QuantizedType::getDefaultMinimumForInteger(isSigned, width),
      quant::QuantizedType::getDefaultMaximumForInteger(isSigned, width));
  return success(static_cast<bool>(tensor.qtype));
}

/// int64 biases (16-bit activations) accumulate in 48 bits. qtosa stores
/// them as i32, which every such bias in practice fits; a value beyond i32
/// but within i48 is imported as its f32 value (rounded, with a warning);
/// one beyond i48 cannot be accumulated and is an error.
LogicalResult ModelReader::narrowInt64Bias(int subgraph, TensorInfo &tensor) {
  tensor.storageElement = IntegerType::get(context, 32);
  if (!tensor.isConstant)
    return tensorError(subgraph, tensor.index)
           << "quantized INT64 tensors are supported only as constant biases";
  size_t count = tensor.data.size() / 8;
  SmallVector<int64_t> values(count);
  std::memcpy(values.data(), tensor.data.data(), count * 8);
  bool fitsI32 = true;
  for (size_t i = 0; i < count; ++i) {
    int64_t value = values[i];
    const int64_t i48Max = (int64_t(1) << 47) - 1;
    if (value > i48Max || value < -i48Max - 1)
      return tensorError(subgraph, tensor.index)
             << "INT64 value " << value << " at element " << i
             << " does not fit the 48-bit accumulator";
    fitsI32 &= value >= std::numeric_limits<int32_t>::min() &&
               value <= std::numeric_limits<int32_t>::max();
  }
  if (fitsI32) {
    std::vector<char> narrowed(count * 4);
    for (size_t i = 0; i < count; ++i) {
      int32_t value = static_cast<int32_t>(values[i]);
      std::memcpy(narrowed.data() + 4 * i, &value, 4);
    }
    tensor.data = std::move(narrowed);
    return success();
  }
  std::vector<char> floats(count * 4);
  auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(tensor.qtype);
  auto perTensor = dyn_cast<quant::UniformQuantizedType>(tensor.qtype);
  int64_t inner = 1;
  if (perAxis)
    for (size_t d = perAxis.getQuantizedDimension() + 1;
         d < tensor.shape.size(); ++d)
      inner *= tensor.shape[d];
  for (size_t i = 0; i < count; ++i) {
    double scale =
        perTensor
            ? perTensor.getScale()
            : perAxis.getScales()[(i / inner) % perAxis.getScales().size()];
    int64_t zp =
        perTensor
            ? perTensor.getZeroPoint()
            : perAxis.getZeroPoints()[(i / inner) % perAxis.getScales().size()];
    float value =
        static_cast<float>(static_cast<double>(values[i] - zp) * scale);
    std::memcpy(floats.data() + 4 * i, &value, 4);
  }
  emitWarning(tensorLoc(info, context, subgraph, tensor.index))
      << "INT64 bias exceeds the int32 range; imported as f32 values, "
         "rounded to 24 bits";
  tensor.data = std::move(floats);
  tensor.storageElement = Float32Type::get(context);
  tensor.tfliteType = tflite::TensorType::FLOAT32;
  tensor.qtype = {};
  return success();
}

LogicalResult ModelReader::readSignatures() {
  const tflite::Model &model = *info.model;
  if (!model.signature_defs())
    return success();
  for (const tflite::SignatureDef *signature : *model.signature_defs()) {
    uint32_t subgraph = signature->subgraph_index();
    if (subgraph >= info.tensors.size())
      return error() << "signature names subgraph " << subgraph
                     << ", but the model has " << info.tensors.size();
    for (const auto *maps : {signature->inputs(), signature->outputs()}) {
      if (!maps)
        continue;
      for (const tflite::TensorMap *map : *maps)
        if (map->tensor_index() >= info.tensors[subgraph].size())
          return error() << "signature names tensor " << map->tensor_index()
                         << " of subgraph " << subgraph << ", which has "
                         << info.tensors[subgraph].size() << " tensors";
    }
    if (signature->signature_key() && info.signatureKeys[subgraph].empty())
      info.signatureKeys[subgraph] = signature->signature_key()->str();
  }
  return success();
}

FailureOr<ModelInfo> tflite_import::readModel(llvm::MemoryBufferRef buffer,
                                              MLIRContext *context) {
  return ModelReader(buffer, context).read();
}

std::pair<int64_t, int64_t>
tflite_import::explicitPadding(tflite::Padding padding, int64_t in,
                               int64_t kernel, int64_t stride,
                               int64_t dilation) {
  int64_t effective = (kernel - 1) * dilation + 1;
  int64_t out = padding == tflite::Padding::SAME
                    ? (in + stride - 1) / stride
                    : (in - effective + stride) / stride;
  int64_t total = std::max<int64_t>((out - 1) * stride + effective - in, 0);
  return {total / 2, total - total / 2};
}

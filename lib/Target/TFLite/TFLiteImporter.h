//===- TFLiteImporter.h - TFLite import internals ---------------*- C++ -*-===//
//
// Private to lib/Target/TFLite. The import runs in phases, one file each:
//
//   ModelReader.cpp        verifies the flatbuffer and the model's structure,
//                          reads every tensor's type, shape, constant data
//                          and quantization parameters (TensorInfo)
//   SubgraphImporter.cpp   one func.func per subgraph: arguments, results,
//                          constants, the QDQ boundary of every tensor,
//                          locations, and opaque host calls
//   ConvertNN.cpp          convolutions, fully connected, pooling, matmul
//   ConvertElementwise.cpp arithmetic, activations, softmax, reductions
//   ConvertShape.cpp       data movement: reshape, transpose, pad, slice,
//                          concatenation, pack/unpack, split
//   ConvertRecurrent.cpp   UNIDIRECTIONAL_SEQUENCE_LSTM, unrolled over time
//   TFLiteImport.cpp       importTFLite and the mlir-translate registration
//
// Every TFLite tensor has a stored value: its integer storage when the
// tensor is quantized, else the tensor itself. An op is converted in float:
// its quantized inputs are read through qtosa.dequantize and its quantized
// outputs written through qtosa.quantize with the tensor's parameters, the
// QDQ form qtosa-import-qdq, qtosa-lower-pipeline and qtosa-ethosu-pipeline
// take.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_LIB_TARGET_TFLITE_TFLITEIMPORTER_H
#define QTOSA_LIB_TARGET_TFLITE_TFLITEIMPORTER_H

#include "tflite_generated.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>
#include <string>

namespace mlir::qtosa::tflite_import {

//===----------------------------------------------------------------------===//
// The model: read and checked once (ModelReader.cpp)
//===----------------------------------------------------------------------===//

/// One tensor of a subgraph, as the importer sees it.
struct TensorInfo {
  int index = -1;
  std::string name;
  tflite::TensorType tfliteType = tflite::TensorType::FLOAT32;
  SmallVector<int64_t> shape;
  /// The element type of the stored tensor (i8 for INT8 and UINT8, f32 for
  /// FLOAT32, ...); null for types the importer cannot represent.
  Type storageElement;
  /// Quantization parameters; null for a float or plain integer tensor.
  quant::QuantizedType qtype;
  /// Constant contents, little-endian, in the stored element width (int64
  /// biases are narrowed to int32 by the reader); empty if not constant.
  std::vector<char> data;
  bool isConstant = false;
  bool isVariable = false;
  /// `shape_signature`, empty if the file has none.
  SmallVector<int64_t> signature;
  /// The signature leaves a size to run time (-1): `shape` holds the batch
  /// TFLite runs with, but 1 for a size computed when TFLite allocates,
  /// which resolveRuntimeShapes sets.
  bool runtimeSize = false;
  /// INT32 shape arithmetic (SHAPE, GATHER, PACK, ...) folded into `data`
  /// by resolveRuntimeShapes: the importer skips its operator.
  bool foldedShapeArithmetic = false;

  RankedTensorType storageType() const {
    return RankedTensorType::get(shape, storageElement);
  }
  bool isQuantized() const { return static_cast<bool>(qtype); }
  int64_t numElements() const;
};

/// A checked model: every index it holds is in range.
struct ModelInfo {
  const tflite::Model *model = nullptr;
  /// The file name, for locations.
  std::string fileName;
  /// Operator code of each operator_codes entry.
  SmallVector<tflite::BuiltinOperator> opcodes;
  /// Tensors of each subgraph.
  SmallVector<SmallVector<TensorInfo>> tensors;
  /// Function name of each subgraph.
  SmallVector<std::string> functionNames;
  /// Signature key of each subgraph, if it has one.
  SmallVector<std::string> signatureKeys;
};

/// Verifies `buffer` as a TFLite flatbuffer and reads the model. Emits a
/// located error and fails on anything it cannot import.
FailureOr<ModelInfo> readModel(llvm::MemoryBufferRef buffer,
                               MLIRContext *context);

/// The values of a constant INT32 or INT64 tensor, if it is one.
std::optional<SmallVector<int64_t>> constantIntValues(const TensorInfo &info);

/// Sets the sizes of subgraph `subgraph` that TensorFlow's converter left to
/// run time (RuntimeShapes.cpp); fails, located, on one it cannot compute.
LogicalResult resolveRuntimeShapes(ModelInfo &info, int subgraph,
                                   MLIRContext *context);

/// The location of the whole file, of tensor `tensor` in `subgraph`, and of
/// operator `op` in `subgraph` ("file":op:subgraph, named after `name`).
Location fileLoc(const ModelInfo &model, MLIRContext *context);
Location tensorLoc(const ModelInfo &model, MLIRContext *context, int subgraph,
                   int tensor);
Location operatorLoc(const ModelInfo &model, MLIRContext *context, int subgraph,
                     int op, StringRef name);

/// The operator's name as the TFLite schema spells it ("CONV_2D").
StringRef operatorName(tflite::BuiltinOperator code);

//===----------------------------------------------------------------------===//
// One subgraph (SubgraphImporter.cpp)
//===----------------------------------------------------------------------===//

/// What became of one operator.
enum class OpStatus {
  Converted,
  /// A located error was emitted: the model is invalid.
  Failed,
  /// No TOSA form (the reason is in SubgraphImporter::opaqueReason): the op
  /// becomes a host call.
  Opaque,
};

class SubgraphImporter {
public:
  SubgraphImporter(const ModelInfo &model, int subgraph, ModuleOp module);

  /// Builds the subgraph's function; fails after a located error.
  LogicalResult importFunction();

  // --- The operator being converted ----------------------------------------
  const tflite::Operator &op() const { return *currentOp; }
  tflite::BuiltinOperator opcode() const { return currentCode; }
  /// The operator's location (see operatorLoc).
  Location loc() const { return currentLoc; }
  OpBuilder &builder() { return b; }
  MLIRContext *context() { return b.getContext(); }
  /// The tensor index of input `i`, or -1 if absent or optional.
  int input(unsigned i) const;
  int output(unsigned i) const;
  unsigned numInputs() const;
  unsigned numOutputs() const;
  const TensorInfo &tensor(int index) const;

  /// Emits an error at the operator and returns OpStatus::Failed.
  OpStatus fail(const Twine &message);
  /// Records why the operator has no TOSA form; returns OpStatus::Opaque.
  OpStatus opaque(const Twine &reason);
  /// After a helper failed: Opaque if it recorded a reason, else Failed
  /// (it emitted an error).
  OpStatus afterFailure() const {
    return opaqueReason.empty() ? OpStatus::Failed : OpStatus::Opaque;
  }

  // --- Values ------------------------------------------------------------
  /// The stored value of `tensor` (constants are materialized here).
  FailureOr<Value> stored(int tensor);
  /// The f32 value of `tensor`: its dequantized storage, or the float tensor
  /// itself (cast to f32).
  FailureOr<Value> floatOf(int tensor);
  /// Writes the output `tensor` from its f32 value: through qtosa.quantize
  /// when it is quantized. `value` must have the tensor's shape.
  LogicalResult setFromFloat(int tensor, Value value);
  /// Writes the output `tensor`'s stored value directly.
  void setStored(int tensor, Value value);
  /// The contents of a constant integer tensor (INT32 or INT64).
  FailureOr<SmallVector<int64_t>> constInts(int tensor);

  // --- Builders ----------------------------------------------------------
  RankedTensorType f32Type(ArrayRef<int64_t> shape);
  /// A rank-1 single-element f32 constant (zero points, pad values).
  Value f32Scalar(double value);
  /// An f32 constant of the given shape filled with `value`.
  Value f32Splat(ArrayRef<int64_t> shape, double value);
  /// tosa.mul's shift operand (0).
  Value mulShift();
  Value constShape(ArrayRef<int64_t> values);
  Value reshape(Value value, ArrayRef<int64_t> shape);
  /// Reshapes `value` to `rank` with leading 1s (TFLite broadcasting).
  Value toRank(Value value, int64_t rank);
  Value slice(Value value, ArrayRef<int64_t> start, ArrayRef<int64_t> size);
  /// `size` elements of `value` from `start` along `axis`.
  Value sliceAxis(Value value, int64_t axis, int64_t start, int64_t size);
  /// The float `parts` concatenated along `axis` (one part is itself).
  Value concat(ArrayRef<Value> parts, int64_t axis);
  Value clamp(Value value, float min, float max);
  /// Applies a fused activation; fails (opaque) for SIGN_BIT.
  FailureOr<Value> activation(Value value, tflite::ActivationFunctionType act);

  /// Set by opaque(): why the current operator stays a host call.
  std::string opaqueReason;

private:
  OpStatus convertOperator();
  LogicalResult emitHostCall();
  Value materializeConstant(const TensorInfo &info);

  const ModelInfo &model;
  int subgraphIndex;
  const tflite::SubGraph *subgraph;
  ModuleOp module;
  OpBuilder b;
  DenseMap<int, Value> storedValues;
  DenseMap<int, Value> floatValues;
  /// Declarations made for opaque ops, by name.
  llvm::StringMap<unsigned> hostCallNames;

  const tflite::Operator *currentOp = nullptr;
  tflite::BuiltinOperator currentCode = tflite::BuiltinOperator::ADD;
  int currentIndex = 0;
  Location currentLoc;
};

//===----------------------------------------------------------------------===//
// Operator families (Convert*.cpp): each returns nullopt for operators it
// does not handle.
//===----------------------------------------------------------------------===//

std::optional<OpStatus> convertNNOp(SubgraphImporter &im);
std::optional<OpStatus> convertElementwiseOp(SubgraphImporter &im);
std::optional<OpStatus> convertShapeOp(SubgraphImporter &im);
std::optional<OpStatus> convertRecurrentOp(SubgraphImporter &im);

// --- Operands shared by the families (ConvertNN.cpp) -----------------------

/// A weight tensor in a new shape with the same element order. A quantized
/// constant is rebuilt in place, its per-axis dimension moved to `newAxis`;
/// anything else (or a per-axis constant without a `newAxis`) is reshaped
/// in float, which qtosa-fold-quantized-constants folds.
FailureOr<Value> weightAs(SubgraphImporter &im, int index,
                          ArrayRef<int64_t> shape,
                          std::optional<int32_t> newAxis);
/// The bias as an f32 vector of `channels` values (zeros when absent).
FailureOr<Value> biasOf(SubgraphImporter &im, int index, int64_t channels);
/// FULLY_CONNECTED of f32 `input` (R x D elements, any shape) with
/// `weights` [O, 1, 1, D] and `bias` [O]: a 1x1 tosa.conv2d over the input
/// reshaped to [1, R, 1, D] (convertFullyConnected says why), of type
/// [1, R, 1, O]; a fused activation follows it directly.
Value fullyConnectedAsConv(SubgraphImporter &im, Value input, Value weights,
                           Value bias, int64_t outputs);

/// TFLite's explicit padding for SAME/VALID along one spatial dimension:
/// pad_total = max((out - 1) * stride + (k - 1) * dilation + 1 - in, 0),
/// pad_before = pad_total / 2, with out = ceil(in / stride) for SAME and
/// ceil((in - (k - 1) * dilation) / stride) for VALID.
std::pair<int64_t, int64_t> explicitPadding(tflite::Padding padding, int64_t in,
                                            int64_t kernel, int64_t stride,
                                            int64_t dilation);

} // namespace mlir::qtosa::tflite_import

#endif // QTOSA_LIB_TARGET_TFLITE_TFLITEIMPORTER_H

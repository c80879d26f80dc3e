//===- RuntimeShapes.cpp - Sizes TFLite computes when it allocates -------===//
//
// TensorFlow's converter writes a tensor's size as 1 in `shape` (and -1 in
// `shape_signature`) when it leaves the size to run time: after a dynamic
// batch, a reshape to [batch, -1, C] or Keras' Dense on a sequence (a
// Tensordot: SHAPE, GATHER, REDUCE_PROD, PACK, RESHAPE) gets its sizes when
// TFLite allocates the tensors. The graph's inputs have fixed sizes (the
// batch is `shape`'s), so those sizes are fixed too: this file computes
// them in operator order, folding the shape arithmetic into INT32
// constants, which the importer then reads as constants and whose
// operators it skips.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

namespace {

using Ints = SmallVector<int64_t>;

/// The product of `values`, or -1 if a value is negative or the product
/// leaves int32 (a hostile file's shape arithmetic; no tensor holds 2^31
/// elements, ModelReader.cpp).
int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t value : values) {
    if (value < 0 || __builtin_mul_overflow(result, value, &result) ||
        result > std::numeric_limits<int32_t>::max())
      return -1;
  }
  return result;
}

/// NumPy broadcasting of `shapes` (MLIR's rule, one pair at a time), or
/// nullopt where two sizes disagree.
std::optional<Ints> broadcast(ArrayRef<Ints> shapes) {
  Ints result;
  for (const Ints &shape : shapes) {
    Ints next;
    if (!OpTrait::util::getBroadcastedShape(result, shape, next))
      return std::nullopt;
    result = std::move(next);
  }
  return result;
}

bool isElementwise(tflite::BuiltinOperator code) {
  using tflite::BuiltinOperator;
  switch (code) {
  case BuiltinOperator::ADD:
  case BuiltinOperator::SUB:
  case BuiltinOperator::MUL:
  case BuiltinOperator::DIV:
  case BuiltinOperator::MAXIMUM:
  case BuiltinOperator::MINIMUM:
  case BuiltinOperator::SQUARED_DIFFERENCE:
  case BuiltinOperator::RELU:
  case BuiltinOperator::RELU6:
  case BuiltinOperator::RELU_N1_TO_1:
  case BuiltinOperator::RELU_0_TO_1:
  case BuiltinOperator::LOGISTIC:
  case BuiltinOperator::TANH:
  case BuiltinOperator::HARD_SWISH:
  case BuiltinOperator::LEAKY_RELU:
  case BuiltinOperator::PRELU:
  case BuiltinOperator::GELU:
  case BuiltinOperator::ELU:
  case BuiltinOperator::EXP:
  case BuiltinOperator::LOG:
  case BuiltinOperator::RSQRT:
  case BuiltinOperator::ABS:
  case BuiltinOperator::NEG:
  case BuiltinOperator::FLOOR:
  case BuiltinOperator::CEIL:
  case BuiltinOperator::QUANTIZE:
  case BuiltinOperator::DEQUANTIZE:
  case BuiltinOperator::SOFTMAX:
  case BuiltinOperator::CAST:
    return true;
  default:
    return false;
  }
}

/// One subgraph's operators in order: each output's shape where the
/// operator's rule gives it, and the values of INT32 shape arithmetic.
class Resolver {
public:
  Resolver(ModelInfo &info, int subgraph)
      : info(info), subgraph(subgraph), tensors(info.tensors[subgraph]) {}

  void run() {
    const tflite::SubGraph &graph = *info.model->subgraphs()->Get(subgraph);
    if (!graph.operators())
      return;
    for (const tflite::Operator *op : *graph.operators())
      if (op->outputs() && op->outputs()->size() == 1 &&
          op->outputs()->Get(0) >= 0)
        visit(*op, op->outputs()->Get(0));
  }

  /// Tensors whose size the signature leaves to run time, set from their
  /// operator's rule.
  llvm::DenseSet<int> resolved;

private:
  std::optional<Ints> ints(int index) {
    if (index < 0)
      return std::nullopt;
    return constantIntValues(tensors[index]);
  }
  int input(const tflite::Operator &op, unsigned i) {
    return op.inputs() && i < op.inputs()->size() ? op.inputs()->Get(i) : -1;
  }

  /// Makes `out` an INT32 constant holding `values` with shape `shape`.
  void fold(int out, const Ints &values, const Ints &shape) {
    TensorInfo &tensor = tensors[out];
    if (tensor.tfliteType != tflite::TensorType::INT32 ||
        product(shape) != static_cast<int64_t>(values.size()))
      return;
    tensor.shape = shape;
    tensor.data.resize(values.size() * 4);
    for (size_t i = 0; i < values.size(); ++i) {
      int32_t value = static_cast<int32_t>(values[i]);
      std::memcpy(tensor.data.data() + 4 * i, &value, 4);
    }
    tensor.isConstant = true;
    tensor.foldedShapeArithmetic = true;
    resolved.insert(out);
  }

  void setShape(int out, const Ints &shape) {
    TensorInfo &tensor = tensors[out];
    if (!tensor.runtimeSize || shape.size() != tensor.signature.size() ||
        product(shape) < 0)
      return;
    for (size_t d = 0; d < shape.size(); ++d)
      if (shape[d] < 0 ||
          (tensor.signature[d] >= 0 && tensor.signature[d] != shape[d]))
        return;
    tensor.shape = shape;
    resolved.insert(out);
  }

  void visit(const tflite::Operator &op, int out) {
    using tflite::BuiltinOperator;
    BuiltinOperator code = info.opcodes[op.opcode_index()];
    int in = input(op, 0);
    if (in < 0)
      return;
    const Ints &inShape = tensors[in].shape;
    switch (code) {
    case BuiltinOperator::SHAPE:
      return fold(out, inShape, {static_cast<int64_t>(inShape.size())});
    case BuiltinOperator::STRIDED_SLICE:
      return stridedSlice(op, out);
    case BuiltinOperator::GATHER: {
      std::optional<Ints> params = ints(in), indices = ints(input(op, 1));
      const auto *options = op.builtin_options_as_GatherOptions();
      if (!params || !indices || inShape.size() != 1 ||
          (options && options->axis() != 0))
        return;
      Ints values;
      for (int64_t index : *indices) {
        if (index < 0 || index >= static_cast<int64_t>(params->size()))
          return;
        values.push_back((*params)[index]);
      }
      return fold(out, values, tensors[input(op, 1)].shape);
    }
    case BuiltinOperator::REDUCE_PROD: {
      std::optional<Ints> values = ints(in), axes = ints(input(op, 1));
      if (!values || inShape.size() != 1 || !axes || axes->size() != 1 ||
          ((*axes)[0] != 0 && (*axes)[0] != -1))
        return;
      int64_t total = product(*values);
      if (total < 0)
        return;
      const auto *options = op.builtin_options_as_ReducerOptions();
      Ints shape;
      if (options && options->keep_dims())
        shape.push_back(1);
      return fold(out, {total}, shape);
    }
    case BuiltinOperator::PACK:
    case BuiltinOperator::CONCATENATION: {
      if (tensors[out].tfliteType != tflite::TensorType::INT32)
        return concatenation(op, out, code == BuiltinOperator::PACK);
      Ints values;
      for (unsigned i = 0; op.inputs() && i < op.inputs()->size(); ++i) {
        std::optional<Ints> part = ints(input(op, i));
        if (!part || tensors[input(op, i)].shape.size() > 1)
          return;
        values.append(*part);
      }
      return fold(out, values, {static_cast<int64_t>(values.size())});
    }
    case BuiltinOperator::RESHAPE: {
      std::optional<Ints> shape = ints(input(op, 1));
      if (!shape) {
        const auto *options = op.builtin_options_as_ReshapeOptions();
        if (!options || !options->new_shape())
          return;
        shape =
            Ints(options->new_shape()->begin(), options->new_shape()->end());
      }
      int64_t unknown = -1;
      Ints knownSizes;
      for (size_t d = 0; d < shape->size(); ++d) {
        if ((*shape)[d] == -1 && unknown < 0)
          unknown = static_cast<int64_t>(d);
        else if ((*shape)[d] > 0)
          knownSizes.push_back((*shape)[d]);
        else
          return;
      }
      int64_t known = product(knownSizes);
      int64_t count = tensors[in].numElements();
      if (known <= 0 || count < 0)
        return;
      if (unknown >= 0 && count % known == 0)
        (*shape)[unknown] = count / known;
      if (product(*shape) != count)
        return;
      return setShape(out, *shape);
    }
    case BuiltinOperator::FULLY_CONNECTED: {
      int weights = input(op, 1);
      if (weights < 0 || tensors[weights].shape.size() != 2 || inShape.empty())
        return;
      int64_t units = tensors[weights].shape[0];
      int64_t depth = tensors[weights].shape[1];
      const auto *options = op.builtin_options_as_FullyConnectedOptions();
      Ints shape;
      if (options && options->keep_num_dims()) {
        shape.assign(inShape.begin(), inShape.end() - 1);
      } else {
        int64_t count = tensors[in].numElements();
        if (depth <= 0 || count % depth != 0)
          return;
        shape.push_back(count / depth);
      }
      shape.push_back(units);
      return setShape(out, shape);
    }
    case BuiltinOperator::BATCH_MATMUL: {
      int rhs = input(op, 1);
      if (rhs < 0 || inShape.size() < 2 || tensors[rhs].shape.size() < 2)
        return;
      Ints lhsShape = inShape, rhsShape = tensors[rhs].shape;
      const auto *options = op.builtin_options_as_BatchMatMulOptions();
      if (options && options->adj_x())
        std::swap(lhsShape[lhsShape.size() - 1], lhsShape[lhsShape.size() - 2]);
      if (options && options->adj_y())
        std::swap(rhsShape[rhsShape.size() - 1], rhsShape[rhsShape.size() - 2]);
      std::optional<Ints> batch =
          broadcast({Ints(lhsShape.begin(), lhsShape.end() - 2),
                     Ints(rhsShape.begin(), rhsShape.end() - 2)});
      if (!batch)
        return;
      batch->push_back(lhsShape[lhsShape.size() - 2]);
      batch->push_back(rhsShape.back());
      return setShape(out, *batch);
    }
    case BuiltinOperator::TRANSPOSE: {
      std::optional<Ints> perm = ints(input(op, 1));
      if (!perm || perm->size() != inShape.size())
        return;
      Ints shape;
      for (int64_t axis : *perm) {
        if (axis < 0 || axis >= static_cast<int64_t>(inShape.size()))
          return;
        shape.push_back(inShape[axis]);
      }
      return setShape(out, shape);
    }
    default:
      break;
    }
    if (isElementwise(code)) {
      SmallVector<Ints> shapes;
      for (unsigned i = 0; op.inputs() && i < op.inputs()->size(); ++i)
        if (input(op, i) >= 0)
          shapes.push_back(tensors[input(op, i)].shape);
      if (std::optional<Ints> shape = broadcast(shapes))
        setShape(out, *shape);
    }
  }

  /// STRIDED_SLICE of a 1-D INT32 value (a shape) with constant bounds.
  void stridedSlice(const tflite::Operator &op, int out) {
    std::optional<Ints> values = ints(input(op, 0));
    std::optional<Ints> begin = ints(input(op, 1)), end = ints(input(op, 2)),
                        strides = ints(input(op, 3));
    const auto *options = op.builtin_options_as_StridedSliceOptions();
    if (!values || tensors[input(op, 0)].shape.size() != 1 || !begin || !end ||
        !strides || begin->size() != 1 || end->size() != 1 ||
        strides->size() != 1 || (*strides)[0] <= 0 ||
        (options && (options->ellipsis_mask() || options->new_axis_mask())))
      return;
    int64_t size = static_cast<int64_t>(values->size());
    auto clampIndex = [&](int64_t index) {
      if (index < 0)
        index += size;
      return std::clamp<int64_t>(index, 0, size);
    };
    int64_t first =
        options && (options->begin_mask() & 1) ? 0 : clampIndex((*begin)[0]);
    int64_t last =
        options && (options->end_mask() & 1) ? size : clampIndex((*end)[0]);
    bool shrink = options && (options->shrink_axis_mask() & 1);
    if (shrink)
      last = std::min(first + 1, size);
    Ints result;
    for (int64_t i = first; i < last; i += (*strides)[0])
      result.push_back((*values)[i]);
    if (shrink && result.size() != 1)
      return;
    Ints shape;
    if (!shrink)
      shape.push_back(static_cast<int64_t>(result.size()));
    fold(out, result, shape);
  }

  /// CONCATENATION or PACK of tensors: the sizes along the axis add up.
  void concatenation(const tflite::Operator &op, int out, bool pack) {
    SmallVector<Ints> shapes;
    for (unsigned i = 0; op.inputs() && i < op.inputs()->size(); ++i) {
      if (input(op, i) < 0)
        return;
      shapes.push_back(tensors[input(op, i)].shape);
    }
    if (shapes.empty())
      return;
    int64_t rank = static_cast<int64_t>(shapes[0].size()) + (pack ? 1 : 0);
    int64_t axis = pack ? op.builtin_options_as_PackOptions()
                              ? op.builtin_options_as_PackOptions()->axis()
                              : 0
                   : op.builtin_options_as_ConcatenationOptions()
                       ? op.builtin_options_as_ConcatenationOptions()->axis()
                       : 0;
    if (axis < 0)
      axis += rank;
    if (axis < 0 || axis >= rank)
      return;
    Ints shape = shapes[0];
    if (pack) {
      shape.insert(shape.begin() + axis, static_cast<int64_t>(shapes.size()));
    } else {
      for (size_t i = 1; i < shapes.size(); ++i)
        if (shapes[i].size() == shape.size())
          shape[axis] += shapes[i][axis];
    }
    setShape(out, shape);
  }

  ModelInfo &info;
  int subgraph;
  SmallVector<TensorInfo> &tensors;
};

} // namespace

std::optional<SmallVector<int64_t>>
tflite_import::constantIntValues(const TensorInfo &info) {
  bool is32 = info.tfliteType == tflite::TensorType::INT32;
  bool is64 = info.tfliteType == tflite::TensorType::INT64;
  if (!info.isConstant || info.isQuantized() || !(is32 || is64))
    return std::nullopt;
  SmallVector<int64_t> values;
  size_t width = is32 ? 4 : 8;
  for (size_t offset = 0; offset + width <= info.data.size(); offset += width) {
    if (is32) {
      int32_t value;
      std::memcpy(&value, info.data.data() + offset, 4);
      values.push_back(value);
    } else {
      int64_t value;
      std::memcpy(&value, info.data.data() + offset, 8);
      values.push_back(value);
    }
  }
  return values;
}

LogicalResult tflite_import::resolveRuntimeShapes(ModelInfo &info, int subgraph,
                                                  MLIRContext *context) {
  Resolver resolver(info, subgraph);
  resolver.run();
  for (TensorInfo &tensor : info.tensors[subgraph]) {
    if (!tensor.runtimeSize || resolver.resolved.contains(tensor.index))
      continue;
    // Only the batch may stay as `shape` says (TFLite runs the graph with
    // that batch); any other size `shape` does not hold.
    for (size_t d = 1; d < tensor.signature.size(); ++d)
      if (tensor.signature[d] < 0)
        return emitError(tensorLoc(info, context, subgraph, tensor.index))
               << llvm::formatv(
                      "tensor {0} ('{1}') of subgraph {2}: dynamic shape: "
                      "shape_signature dimension {3} is {4}, a size "
                      "TensorFlow's converter left to run time, and its "
                      "operator's size is not computed here; convert with a "
                      "fixed batch, e.g. keras.Input(shape, batch_size=1)",
                      tensor.index, tensor.name, subgraph, d,
                      tensor.signature[d]);
  }
  return success();
}

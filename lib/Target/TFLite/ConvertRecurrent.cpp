//===- ConvertRecurrent.cpp - UNIDIRECTIONAL_SEQUENCE_LSTM ---------------===//
//
// An LSTM is unrolled over its time steps into the steps TFLite's kernel
// runs one after another (TFLite Micro's lstm_eval.h, LstmStep): per gate a
// fully connected layer of the step's input plus one of the previous hidden
// state, summed and passed through a sigmoid (tanh for the cell gate); the
// cell state as forget * cell + input * cell gate, clipped; the hidden state
// as output * tanh(cell), which is also the step's output.
//
// The four gates are stacked along the output channels (input, forget,
// output, cell: the sigmoids together), each gate's weights keeping their
// own scale as a per-channel one, so that a step is one recurrent fully
// connected layer, one add and two tables instead of four each; and the
// input's fully connected layer, which does not depend on the state, runs
// once over all time steps before the first. Each value is computed as
// TFLite computes it, only in fewer, larger ops.
//
// In an integer LSTM (int8 or int16 activations, int8 weights) the kernel
// stores every one of these values in a fixed format, and each gets the QDQ
// pair of that format: the fully connected outputs and their sum in Q3.12
// (int16, scale 2^-12), the gates in Q0.15 (2^-15), the cell state at its
// tensor's power-of-two scale, the hidden state at its tensor's parameters.
// qtosa-lower-to-tosa-int then makes integer ops of them: 1x1 convolutions
// into int16, int16 tables, multiplies with TFLite's multipliers. This is
// also how Vela's TFLite route runs the LSTM on Ethos-U (its lstm.py).
//
// The state tensors are TFLite variables, which TFLite keeps from one
// inference to the next; the unrolled graph reads their initial contents
// (zeros in converted models) on every inference, as a fresh interpreter
// does. A model that streams state across inferences must pass it as an
// input and output instead.
//
//===----------------------------------------------------------------------===//

#include "TFLiteImporter.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

namespace {

/// `op`'s result, the op marked as TFLite's int16 kernel (the LSTM's gates
/// call TFLite's LOGISTIC and TANH kernels: kTFLiteKernelAttrName).
Value tfliteKernel(Operation *op) {
  op->setAttr(kTFLiteKernelAttrName, UnitAttr::get(op->getContext()));
  return op->getResult(0);
}

/// UNIDIRECTIONAL_SEQUENCE_LSTM's inputs (TFLite's lstm_shared.h).
enum LstmTensor : unsigned {
  kInput = 0,
  kInputToInputWeights = 1,     // .. 4: input, forget, cell, output gates
  kRecurrentToInputWeights = 5, // .. 8
  kCellToInputWeights = 9,      // .. 11: peepholes
  kInputGateBias = 12,          // .. 15
  kProjectionWeights = 16,
  kProjectionBias = 17,
  kOutputState = 18,
  kCellState = 19,
  kInputLayerNorm = 20, // .. 23
};

/// The gates in TFLite's tensor order.
enum Gate : unsigned { kInputGate, kForgetGate, kCellGate, kOutputGate };
/// The gates in the stacked order: the sigmoid gates first, then the cell
/// gate's tanh.
constexpr Gate kStackOrder[4] = {kInputGate, kForgetGate, kOutputGate,
                                 kCellGate};

/// The largest number of time steps unrolled: the steps' outputs are joined
/// by one tosa.concat, which TOSA 1.0 limits to 64 operands.
constexpr int64_t kMaxTimeSteps = 64;

class LstmUnroller {
public:
  explicit LstmUnroller(SubgraphImporter &im) : im(im) {}

  OpStatus convert();

private:
  /// Checks the variant and the tensors and reads the formats; the status
  /// of an LSTM that is not unrolled.
  std::optional<OpStatus> check();
  /// The value stored as `qtype` (identity in a float LSTM).
  Value stored(Value value, quant::QuantizedType qtype);
  /// The four gates' tensors starting at LSTM input `first`, stacked along
  /// their first dimension in kStackOrder and shaped `shape`. Quantized
  /// constants become one per-channel constant along dimension 0 (their
  /// scales, per gate, repeated over the gate's rows); anything else is
  /// concatenated in float.
  FailureOr<Value> stacked(unsigned first, ArrayRef<int64_t> shape);
  /// The input's fully connected layer for every time step at once:
  /// [steps, batch, 4 units] (time-major) or [batch, steps, 4 units].
  FailureOr<Value> inputProjection(Value weights, Value bias);
  /// Gates `index` to `index + size - 1` (each `units` columns, in
  /// kStackOrder) of a [batch, 4 units] value.
  Value columns(Value value, int64_t index, int64_t size);

  SubgraphImporter &im;
  bool timeMajor = false;
  int64_t batch = 0, steps = 0, features = 0, units = 0;
  bool quantized = false;
  /// Integer formats: Q3.12 and Q0.15 in int16, the cell state's, the
  /// hidden state's.
  quant::QuantizedType q312, q015, cellType, hiddenType;
  /// The cell clip as a float bound (0: none), on the cell state's grid.
  double cellClip = 0.0;
};

std::optional<OpStatus> LstmUnroller::check() {
  const auto *options =
      im.op().builtin_options_as_UnidirectionalSequenceLSTMOptions();
  if (!options)
    return im.fail("has no UnidirectionalSequenceLSTMOptions");
  if (im.numInputs() != 24 || im.numOutputs() != 1)
    return im.fail(llvm::formatv("has {0} inputs and {1} outputs; an LSTM "
                                 "has 24 and 1",
                                 im.numInputs(), im.numOutputs()));
  if (im.input(kInputToInputWeights) < 0)
    return im.opaque("an LSTM with coupled input and forget gates (CIFG) is "
                     "not unrolled");
  for (unsigned i = kCellToInputWeights; i < kCellToInputWeights + 3; ++i)
    if (im.input(i) >= 0)
      return im.opaque("an LSTM with peephole connections is not unrolled");
  if (im.input(kProjectionWeights) >= 0 || im.input(kProjectionBias) >= 0)
    return im.opaque("an LSTM with a projection is not unrolled");
  for (unsigned i = kInputLayerNorm; i < kInputLayerNorm + 4; ++i)
    if (im.input(i) >= 0)
      return im.opaque("an LSTM with layer normalization is not unrolled");
  if (options->fused_activation_function() !=
      tflite::ActivationFunctionType::TANH)
    return im.opaque(llvm::formatv(
        "an LSTM whose cell activation is {0} is not unrolled (TANH is)",
        tflite::EnumNameActivationFunctionType(
            options->fused_activation_function())));
  if (options->proj_clip() != 0.0f)
    return im.opaque("an LSTM with a projection clip is not unrolled");
  timeMajor = options->time_major();

  for (unsigned i : {kInput, kOutputState, kCellState})
    if (im.input(i) < 0)
      return im.fail("needs an input, an output state and a cell state");
  if (im.output(0) < 0)
    return im.fail("needs an output");
  const TensorInfo &x = im.tensor(im.input(kInput));
  const TensorInfo &y = im.tensor(im.output(0));
  if (x.shape.size() != 3)
    return im.fail("input must have rank 3");
  steps = x.shape[timeMajor ? 0 : 1];
  batch = x.shape[timeMajor ? 1 : 0];
  features = x.shape[2];
  const TensorInfo &w0 = im.tensor(im.input(kInputToInputWeights));
  if (w0.shape.size() != 2 || w0.shape[1] != features)
    return im.fail(
        llvm::formatv("input weights must be [units, {0}]", features));
  units = w0.shape[0];
  if (steps < 1 || batch < 1 || features < 1 || units < 1)
    return im.fail(llvm::formatv("has {0} time steps, batch {1}, {2} "
                                 "features and {3} units; each must be at "
                                 "least 1",
                                 steps, batch, features, units));
  for (unsigned g = 0; g < 4; ++g) {
    int w = im.input(kInputToInputWeights + g),
        r = im.input(kRecurrentToInputWeights + g),
        bias = im.input(kInputGateBias + g);
    if (w < 0 || r < 0 || bias < 0)
      return im.fail("needs the weights and bias of all four gates");
    if (im.tensor(w).shape != SmallVector<int64_t>{units, features} ||
        im.tensor(r).shape != SmallVector<int64_t>{units, units} ||
        im.tensor(bias).numElements() != units)
      return im.fail(llvm::formatv(
          "gate {0}: weights must be [{1}, {2}], recurrent weights [{1}, {1}] "
          "and the bias {1} values",
          g, units, features));
  }
  for (unsigned i : {kOutputState, kCellState})
    if (im.tensor(im.input(i)).numElements() != batch * units)
      return im.fail(llvm::formatv("state tensor {0} must have {1} x {2} "
                                   "elements",
                                   im.input(i), batch, units));
  SmallVector<int64_t> outShape =
      timeMajor ? SmallVector<int64_t>{steps, batch, units}
                : SmallVector<int64_t>{batch, steps, units};
  if (y.shape != outShape)
    return im.fail(llvm::formatv("output must be [{0}, {1}, {2}]", outShape[0],
                                 outShape[1], outShape[2]));
  if (steps > kMaxTimeSteps)
    return im.opaque(llvm::formatv("an LSTM over {0} time steps is not "
                                   "unrolled (at most {1}: TOSA's concat "
                                   "operand limit)",
                                   steps, kMaxTimeSteps));

  const TensorInfo &hidden = im.tensor(im.input(kOutputState));
  const TensorInfo &cell = im.tensor(im.input(kCellState));
  const TensorInfo &weights = im.tensor(im.input(kInputToInputWeights));
  quantized = x.isQuantized();
  double clip = options->cell_clip();
  if (!quantized) {
    if (weights.isQuantized())
      return im.opaque("a hybrid LSTM (float activations, integer weights) "
                       "runs on the host");
    cellClip = clip;
    return std::nullopt;
  }
  // The integer kernel (TFLite Micro's PrepareGateParametersInteger).
  auto perTensor = [](const TensorInfo &info) {
    return dyn_cast_or_null<quant::UniformQuantizedType>(info.qtype);
  };
  auto cellQ = perTensor(cell);
  if (!cellQ || !perTensor(hidden) || !y.isQuantized() ||
      !weights.isQuantized())
    return im.opaque("an integer LSTM needs quantized weights, states and "
                     "output");
  if (!cellQ.getStorageType().isInteger(16) || cellQ.getZeroPoint() != 0)
    return im.opaque("an integer LSTM's cell state must be int16 with zero "
                     "point 0");
  int exponent = 0;
  if (std::frexp(cellQ.getScale(), &exponent) != 0.5)
    return im.opaque(llvm::formatv("an integer LSTM's cell state scale {0} "
                                   "is not a power of two",
                                   cellQ.getScale()));
  if (y.qtype != hidden.qtype)
    return im.opaque("the LSTM's output and hidden state are quantized "
                     "differently (TFLite copies the hidden state's integers "
                     "to the output)");
  cellType = cellQ;
  hiddenType = hidden.qtype;
  Builder &b = im.builder();
  auto int16Format = [&](double scale) {
    return quant::UniformQuantizedType::get(
        quant::QuantizationFlags::Signed, b.getIntegerType(16), b.getF32Type(),
        scale, 0, -32768, 32767);
  };
  q312 = int16Format(std::ldexp(1.0, -12));
  q015 = int16Format(std::ldexp(1.0, -15));
  if (clip > 0.0) {
    // TFLite clips the integers at the truncated quotient.
    double bound = std::min(std::trunc(clip / cellQ.getScale()), 32767.0);
    cellClip = bound * cellQ.getScale();
  }
  return std::nullopt;
}

Value LstmUnroller::stored(Value value, quant::QuantizedType qtype) {
  if (!quantized)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  Value integers = QuantizeOp::create(im.builder(), im.loc(),
                                      type.clone(qtype.getStorageType()), value,
                                      TypeAttr::get(qtype));
  return DequantizeOp::create(im.builder(), im.loc(), type, integers,
                              TypeAttr::get(qtype));
}

FailureOr<Value> LstmUnroller::stacked(unsigned first,
                                       ArrayRef<int64_t> shape) {
  SmallVector<const TensorInfo *> parts;
  for (Gate g : kStackOrder)
    parts.push_back(&im.tensor(im.input(first + g)));
  int64_t rows = parts.front()->shape.empty() ? 1 : parts.front()->shape[0];
  bool constants = llvm::all_of(parts, [&](const TensorInfo *part) {
    auto perAxis =
        dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(part->qtype);
    return part->isConstant && part->isQuantized() &&
           part->storageElement == parts.front()->storageElement &&
           (!perAxis || perAxis.getQuantizedDimension() == 0);
  });
  if (constants) {
    SmallVector<double> scales;
    SmallVector<int64_t> zeroPoints;
    std::vector<char> data;
    for (const TensorInfo *part : parts) {
      if (auto perAxis =
              dyn_cast<quant::UniformQuantizedPerAxisType>(part->qtype)) {
        llvm::append_range(scales, perAxis.getScales());
        llvm::append_range(zeroPoints, perAxis.getZeroPoints());
      } else {
        auto perTensor = cast<quant::UniformQuantizedType>(part->qtype);
        scales.append(rows, perTensor.getScale());
        zeroPoints.append(rows, perTensor.getZeroPoint());
      }
      data.insert(data.end(), part->data.begin(), part->data.end());
    }
    auto storage = cast<IntegerType>(parts.front()->storageElement);
    unsigned width = storage.getWidth();
    auto qtype = quant::UniformQuantizedPerAxisType::getChecked(
        [&] { return emitError(im.loc()); }, quant::QuantizationFlags::Signed,
        storage, im.builder().getF32Type(), scales, zeroPoints, 0,
        -(int64_t(1) << (width - 1)), (int64_t(1) << (width - 1)) - 1);
    auto type = RankedTensorType::get(shape, storage);
    if (!qtype || int64_t(data.size()) != type.getNumElements() * width / 8) {
      im.fail("the gates' weights or biases cannot be stacked");
      return failure();
    }
    Value integers =
        tosa::ConstOp::create(im.builder(), im.loc(), type,
                              DenseElementsAttr::getFromRawBuffer(type, data));
    return Value(DequantizeOp::create(im.builder(), im.loc(), im.f32Type(shape),
                                      integers, TypeAttr::get(qtype)));
  }
  SmallVector<Value> values;
  SmallVector<int64_t> partShape(shape);
  partShape[0] = rows;
  for (Gate g : kStackOrder) {
    FailureOr<Value> value = im.floatOf(im.input(first + g));
    if (failed(value))
      return failure();
    values.push_back(im.reshape(*value, partShape));
  }
  return Value(tosa::ConcatOp::create(im.builder(), im.loc(), im.f32Type(shape),
                                      values, 0));
}

FailureOr<Value> LstmUnroller::inputProjection(Value weights, Value bias) {
  int index = im.input(kInput);
  FailureOr<Value> input = im.floatOf(index);
  if (failed(input))
    return failure();
  // [1, steps x batch, 1, 4 units], rows in the input's order.
  Value projected = fullyConnectedAsConv(im, *input, weights, bias, 4 * units);
  SmallVector<int64_t> shape =
      timeMajor ? SmallVector<int64_t>{steps, batch, 4 * units}
                : SmallVector<int64_t>{batch, steps, 4 * units};
  return stored(im.reshape(projected, shape), q312);
}

Value LstmUnroller::columns(Value value, int64_t index, int64_t size) {
  return im.slice(value, {0, index * units}, {batch, size * units});
}

OpStatus LstmUnroller::convert() {
  if (std::optional<OpStatus> status = check())
    return *status;
  FailureOr<Value> inputWeights =
      stacked(kInputToInputWeights, {4 * units, 1, 1, features});
  FailureOr<Value> recurrentWeights =
      stacked(kRecurrentToInputWeights, {4 * units, 1, 1, units});
  FailureOr<Value> biases = stacked(kInputGateBias, {4 * units});
  if (failed(inputWeights) || failed(recurrentWeights) || failed(biases))
    return im.afterFailure();
  FailureOr<Value> projection = inputProjection(*inputWeights, *biases);
  FailureOr<Value> hidden0 = im.floatOf(im.input(kOutputState));
  FailureOr<Value> cell0 = im.floatOf(im.input(kCellState));
  if (failed(projection) || failed(hidden0) || failed(cell0))
    return im.afterFailure();
  Value h = im.reshape(*hidden0, {batch, units});
  Value c = im.reshape(*cell0, {batch, units});
  auto type = im.f32Type({batch, units});
  OpBuilder &b = im.builder();
  Value noBias = im.f32Splat({4 * units}, 0.0);
  SmallVector<Value> outputs;
  for (int64_t t = 0; t < steps; ++t) {
    SmallVector<int64_t> start = timeMajor ? SmallVector<int64_t>{t, 0, 0}
                                           : SmallVector<int64_t>{0, t, 0};
    SmallVector<int64_t> size = timeMajor
                                    ? SmallVector<int64_t>{1, batch, 4 * units}
                                    : SmallVector<int64_t>{batch, 1, 4 * units};
    Value fromInput =
        im.reshape(im.slice(*projection, start, size), {batch, 4 * units});
    Value fromState =
        stored(im.reshape(fullyConnectedAsConv(im, h, *recurrentWeights, noBias,
                                               4 * units),
                          {batch, 4 * units}),
               q312);
    Value sum =
        stored(tosa::AddOp::create(b, im.loc(), im.f32Type({batch, 4 * units}),
                                   fromInput, fromState),
               q312);
    Value sigmoids = stored(
        tfliteKernel(tosa::SigmoidOp::create(
            b, im.loc(), im.f32Type({batch, 3 * units}), columns(sum, 0, 3))),
        q015);
    Value input = columns(sigmoids, 0, 1);
    Value forget = columns(sigmoids, 1, 1);
    Value output = columns(sigmoids, 2, 1);
    Value cellGate = stored(tfliteKernel(tosa::TanhOp::create(
                                b, im.loc(), type, columns(sum, 3, 1))),
                            q015);
    Value kept =
        stored(tosa::MulOp::create(b, im.loc(), type, forget, c, im.mulShift()),
               cellType);
    Value added = stored(
        tosa::MulOp::create(b, im.loc(), type, input, cellGate, im.mulShift()),
        cellType);
    c = tosa::AddOp::create(b, im.loc(), type, kept, added);
    if (cellClip > 0.0)
      c = im.clamp(c, -cellClip, cellClip);
    c = stored(c, cellType);
    Value squashed =
        stored(tfliteKernel(tosa::TanhOp::create(b, im.loc(), type, c)), q015);
    h = stored(
        tosa::MulOp::create(b, im.loc(), type, output, squashed, im.mulShift()),
        hiddenType);
    outputs.push_back(im.reshape(h, timeMajor
                                        ? ArrayRef<int64_t>{1, batch, units}
                                        : ArrayRef<int64_t>{batch, 1, units}));
  }
  const TensorInfo &y = im.tensor(im.output(0));
  Value result = outputs.front();
  if (outputs.size() > 1)
    result = tosa::ConcatOp::create(b, im.loc(), im.f32Type(y.shape), outputs,
                                    timeMajor ? 0 : 1);
  if (failed(im.setFromFloat(im.output(0), result)))
    return im.afterFailure();
  return OpStatus::Converted;
}

} // namespace

std::optional<OpStatus>
tflite_import::convertRecurrentOp(SubgraphImporter &im) {
  if (im.opcode() != tflite::BuiltinOperator::UNIDIRECTIONAL_SEQUENCE_LSTM)
    return std::nullopt;
  return LstmUnroller(im).convert();
}

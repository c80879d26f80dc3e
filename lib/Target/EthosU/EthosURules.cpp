//===- EthosURules.cpp - Vela's TOSA operator rules for Ethos-U -----------===//
//
// The tables at the end of this file are the whole of what qtosa believes
// about Ethos-U: one entry per TOSA operator, one line per rule, in the words
// of Vela 5.1.0's supported-operator documentation for TOSA (U55/U65 and
// U85). The checks above them only measure; every limit is in the tables.
//
// Where ExecuTorch's Arm backend and Vela disagree, the tables follow Vela:
// int16 TABLE is host-only (ExecuTorch delegates it), and the 64 limit on a
// convolution kernel is on its height, not its width.
//
// Rule IDs avoid the word UNSUPPORTED: lit reads "UNSUPPORTED:" anywhere in
// a test file as its own directive, and users match these IDs in lit tests.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <vector>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// The message of a broken rule, or nullopt when the op satisfies it.
using Verdict = std::optional<std::string>;
using CheckFn = Verdict (*)(Operation *op, int64_t limit);

/// One line of Vela's documentation: `id` completes the rule ID, `text` is
/// the documented constraint, `limit` the number it names (0 when none).
struct Rule {
  const char *id;
  const char *text;
  CheckFn check;
  int64_t limit = 0;
};

/// The rules of one operator ("*" for the rules on every op).
struct OperatorRules {
  StringRef opName;
  StringRef title;
  std::vector<Rule> rules;
};

constexpr int64_t k64K = 65536;

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// `what` is `value`; nullopt when it lies in [lo, hi]. `what` may be a
/// formatv object: it is formatted only for a broken rule, and the rank rule
/// runs on every tensor of every op the partitioner looks at.
template <typename What>
Verdict inRange(const What &what, int64_t value, int64_t lo, int64_t hi) {
  if (value > hi)
    return llvm::formatv("{0} {1} exceeds {2}", what, value, hi).str();
  if (value < lo)
    return llvm::formatv("{0} {1} is below {2}", what, value, lo).str();
  return std::nullopt;
}

RankedTensorType tensorOf(Value value) {
  return dyn_cast<RankedTensorType>(value.getType());
}

Type elementOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

bool isInt(Type type, unsigned width) { return type.isSignlessInteger(width); }

int64_t product(ArrayRef<int64_t> dims) {
  int64_t result = 1;
  for (int64_t dim : dims)
    result *= dim;
  return result;
}

/// The first tensor operand or result (named for messages) for which
/// `broken` returns a message.
Verdict firstTensor(Operation *op,
                    function_ref<Verdict(StringRef, unsigned, TensorType)>
                        broken) {
  for (OpOperand &operand : op->getOpOperands())
    if (auto type = dyn_cast<TensorType>(operand.get().getType()))
      if (Verdict verdict =
              broken("operand", operand.getOperandNumber(), type))
        return verdict;
  for (OpResult result : op->getResults())
    if (auto type = dyn_cast<TensorType>(result.getType()))
      if (Verdict verdict = broken("result", result.getResultNumber(), type))
        return verdict;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Rules on every operator
//===----------------------------------------------------------------------===//

/// A call is a host step whatever its types: the NPU runs one flat graph.
Verdict checkNotCall(Operation *op, int64_t) {
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return std::nullopt;
  auto callee = dyn_cast<SymbolRefAttr>(call.getCallableForCallee());
  std::string name =
      callee ? "'" + callee.getRootReference().getValue().str() + "'"
             : std::string("an indirect callee");
  if (Attribute hostOp = op->getAttr(kOpaqueHostOpAttrName)) {
    auto opName = dyn_cast<StringAttr>(hostOp);
    return llvm::formatv("calls {0}: the operator {1} has no TOSA form and "
                         "runs on the host",
                         name, opName ? "'" + opName.getValue().str() + "'"
                                      : std::string("it stands for"))
        .str();
  }
  Operation *target = callee ? SymbolTable::lookupNearestSymbolFrom(op, callee)
                             : nullptr;
  auto function = dyn_cast_if_present<CallableOpInterface>(target);
  if (function && function.getCallableRegion() &&
      !function.getCallableRegion()->empty())
    return llvm::formatv("calls {0}, which was not inlined (the qtosa "
                         "pipelines inline every private function first)",
                         name)
        .str();
  return llvm::formatv("calls {0}, a function without a body here", name)
      .str();
}

Verdict checkNoFloat(Operation *op, int64_t) {
  return firstTensor(op, [](StringRef kind, unsigned index,
                            TensorType type) -> Verdict {
    if (isa<IntegerType>(type.getElementType()))
      return std::nullopt;
    return llvm::formatv("{0} #{1} is a {2} tensor", kind, index,
                         typeString(type.getElementType()))
        .str();
  });
}

Verdict checkNoBool(Operation *op, int64_t) {
  return firstTensor(op, [](StringRef kind, unsigned index,
                            TensorType type) -> Verdict {
    if (!type.getElementType().isInteger(1))
      return std::nullopt;
    return llvm::formatv("{0} #{1} is a bool (i1) tensor", kind, index).str();
  });
}

Verdict checkNo64Bit(Operation *op, int64_t) {
  return firstTensor(op, [](StringRef kind, unsigned index,
                            TensorType type) -> Verdict {
    if (type.getElementTypeBitWidth() < 64)
      return std::nullopt;
    return llvm::formatv("{0} #{1} is a {2} tensor", kind, index,
                         typeString(type.getElementType()))
        .str();
  });
}

Verdict checkStatic(Operation *op, int64_t) {
  return firstTensor(op, [](StringRef kind, unsigned index,
                            TensorType type) -> Verdict {
    if (type.hasStaticShape())
      return std::nullopt;
    return llvm::formatv("{0} #{1} ({2}) has a dynamic shape", kind, index,
                         typeString(type))
        .str();
  });
}

Verdict checkRank(Operation *op, int64_t limit) {
  return firstTensor(
      op, [&](StringRef kind, unsigned index, TensorType type) -> Verdict {
        return inRange(llvm::formatv("{0} #{1} has rank", kind, index),
                       type.getRank(), 0, limit);
      });
}

/// TOSA 1.0 PRO-INT operators: the ones Vela reads from a .tosa file.
bool isProIntOperator(Operation *op) {
  return isa<tosa::ArgMaxOp, tosa::AvgPool2dOp, tosa::Conv2DOp, tosa::Conv3DOp,
             tosa::DepthwiseConv2DOp, tosa::MatMulOp, tosa::MaxPool2dOp,
             tosa::TransposeConv2DOp, tosa::ClampOp, tosa::AddOp,
             tosa::ArithmeticRightShiftOp, tosa::BitwiseAndOp,
             tosa::BitwiseOrOp, tosa::BitwiseXorOp, tosa::IntDivOp,
             tosa::LogicalAndOp, tosa::LogicalLeftShiftOp,
             tosa::LogicalRightShiftOp, tosa::LogicalOrOp, tosa::LogicalXorOp,
             tosa::MaximumOp, tosa::MinimumOp, tosa::MulOp, tosa::SubOp,
             tosa::TableOp, tosa::AbsOp, tosa::BitwiseNotOp, tosa::ClzOp,
             tosa::LogicalNotOp, tosa::NegateOp, tosa::SelectOp,
             tosa::EqualOp, tosa::GreaterOp, tosa::GreaterEqualOp,
             tosa::ReduceAllOp, tosa::ReduceAnyOp, tosa::ReduceMaxOp,
             tosa::ReduceMinOp, tosa::ReduceSumOp, tosa::ConcatOp,
             tosa::PadOp, tosa::ReshapeOp, tosa::ReverseOp, tosa::SliceOp,
             tosa::TileOp, tosa::TransposeOp, tosa::GatherOp,
             tosa::ScatterOp, tosa::ResizeOp, tosa::CastOp, tosa::RescaleOp,
             tosa::ConstOp, tosa::ConstShapeOp, tosa::IdentityOp>(op);
}

Verdict checkProInt(Operation *op, int64_t) {
  if (isProIntOperator(op))
    return std::nullopt;
  if (!isa<tosa::TosaDialect>(op->getDialect()))
    return llvm::formatv("'{0}' is not a TOSA operator",
                         op->getName().getStringRef())
        .str();
  return llvm::formatv("'{0}' is not a TOSA 1.0 PRO-INT operator",
                       op->getName().getStringRef())
      .str();
}

/// Operators of PRO-INT that Vela does not compile for Ethos-U55/U65.
Verdict checkU55Operator(Operation *op, int64_t) {
  if (!isa<tosa::BitwiseAndOp, tosa::BitwiseOrOp, tosa::BitwiseXorOp,
           tosa::BitwiseNotOp, tosa::IntDivOp, tosa::LogicalAndOp,
           tosa::LogicalOrOp, tosa::LogicalXorOp, tosa::LogicalNotOp,
           tosa::LogicalRightShiftOp, tosa::SelectOp, tosa::EqualOp,
           tosa::GreaterOp, tosa::GreaterEqualOp, tosa::ReduceAllOp,
           tosa::ReduceAnyOp, tosa::GatherOp, tosa::ScatterOp>(op))
    return std::nullopt;
  return llvm::formatv("'{0}' is not supported on Ethos-U55/U65",
                       op->getName().getStringRef())
      .str();
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// Sizes of a convolution in one layout, whatever the TOSA op.
struct ConvGeometry {
  Value input, weight, bias, weightZp;
  int64_t inH = 1, inW = 1, inC = 1, outC = 1;
  int64_t kernelD = 1, kernelH = 1, kernelW = 1;
  int64_t strideH = 1, strideW = 1;
  int64_t dilationH = 1, dilationW = 1;
  /// Weights are laid out with the output channel outermost (or, for
  /// depthwise, innermost).
  bool outputChannelInnermost = false;
};

ConvGeometry getConvGeometry(Operation *op) {
  ConvGeometry g;
  auto shapeOf = [](Value v) { return tensorOf(v).getShape(); };
  if (auto conv = dyn_cast<tosa::Conv2DOp>(op)) {
    g.input = conv.getInput(), g.weight = conv.getWeight();
    g.bias = conv.getBias(), g.weightZp = conv.getWeightZp();
    ArrayRef<int64_t> w = shapeOf(g.weight);
    g.outC = w[0], g.kernelH = w[1], g.kernelW = w[2];
    g.strideH = conv.getStride()[0], g.strideW = conv.getStride()[1];
    g.dilationH = conv.getDilation()[0], g.dilationW = conv.getDilation()[1];
  } else if (auto conv3d = dyn_cast<tosa::Conv3DOp>(op)) {
    g.input = conv3d.getInput(), g.weight = conv3d.getWeight();
    g.bias = conv3d.getBias(), g.weightZp = conv3d.getWeightZp();
    ArrayRef<int64_t> w = shapeOf(g.weight);
    g.outC = w[0], g.kernelD = w[1], g.kernelH = w[2], g.kernelW = w[3];
    g.strideH = conv3d.getStride()[1], g.strideW = conv3d.getStride()[2];
    g.dilationH = conv3d.getDilation()[1];
    g.dilationW = conv3d.getDilation()[2];
  } else if (auto depthwise = dyn_cast<tosa::DepthwiseConv2DOp>(op)) {
    g.input = depthwise.getInput(), g.weight = depthwise.getWeight();
    g.bias = depthwise.getBias(), g.weightZp = depthwise.getWeightZp();
    ArrayRef<int64_t> w = shapeOf(g.weight);
    g.kernelH = w[0], g.kernelW = w[1], g.outC = w[2] * w[3];
    g.strideH = depthwise.getStride()[0], g.strideW = depthwise.getStride()[1];
    g.dilationH = depthwise.getDilation()[0];
    g.dilationW = depthwise.getDilation()[1];
    g.outputChannelInnermost = true;
  } else {
    auto transposed = cast<tosa::TransposeConv2DOp>(op);
    g.input = transposed.getInput(), g.weight = transposed.getWeight();
    g.bias = transposed.getBias(), g.weightZp = transposed.getWeightZp();
    ArrayRef<int64_t> w = shapeOf(g.weight);
    g.outC = w[0], g.kernelH = w[1], g.kernelW = w[2];
    g.strideH = transposed.getStride()[0];
    g.strideW = transposed.getStride()[1];
  }
  ArrayRef<int64_t> in = shapeOf(g.input);
  g.inC = in.back(), g.inW = in[in.size() - 2], g.inH = in[in.size() - 3];
  return g;
}

int64_t dilatedHeight(const ConvGeometry &g) {
  return (g.kernelH - 1) * g.dilationH + 1;
}
int64_t dilatedWidth(const ConvGeometry &g) {
  return (g.kernelW - 1) * g.dilationW + 1;
}

Verdict checkConvTypes(Operation *op, int64_t) {
  ConvGeometry g = getConvGeometry(op);
  Type in = elementOf(g.input), w = elementOf(g.weight),
       acc = elementOf(op->getResult(0));
  if ((isInt(in, 8) && isInt(w, 8) && isInt(acc, 32)) ||
      (isInt(in, 8) && isInt(w, 4) && isInt(acc, 32)) ||
      (isInt(in, 16) && isInt(w, 8) && isInt(acc, 48)))
    return std::nullopt;
  return llvm::formatv("(input, weight, accumulator) is ({0}, {1}, {2})",
                       typeString(in), typeString(w), typeString(acc))
      .str();
}

Verdict checkAccumulatorRescaled(Operation *op, int64_t) {
  Value result = op->getResult(0);
  if (!isInt(elementOf(result), 48))
    return std::nullopt;
  if (result.use_empty())
    return std::string("the i48 accumulator has no tosa.rescale user");
  for (Operation *user : result.getUsers())
    if (!isa<tosa::RescaleOp>(user))
      return llvm::formatv("the i48 accumulator feeds '{0}', not a "
                           "tosa.rescale",
                           user->getName().getStringRef())
          .str();
  return std::nullopt;
}

Verdict checkConstWeights(Operation *op, int64_t) {
  ConvGeometry g = getConvGeometry(op);
  if (!matchPattern(g.weight, m_Constant()))
    return std::string("the weights are not a constant");
  if (!matchPattern(g.bias, m_Constant()))
    return std::string("the bias is not a constant");
  return std::nullopt;
}

Verdict checkConvChannels(Operation *op, int64_t limit) {
  ConvGeometry g = getConvGeometry(op);
  if (Verdict v = inRange("input channels", g.inC, 1, limit))
    return v;
  return inRange("output channels", g.outC, 1, limit);
}

Verdict checkKernelHeight(Operation *op, int64_t limit) {
  ConvGeometry g = getConvGeometry(op);
  if (g.dilationH == 1)
    return inRange("kernel height", g.kernelH, 1, limit);
  return inRange(llvm::formatv("dilated kernel height (kernel {0}, dilation "
                               "{1})",
                               g.kernelH, g.dilationH),
                 dilatedHeight(g), 1, limit);
}

Verdict checkKernelArea(Operation *op, int64_t limit) {
  ConvGeometry g = getConvGeometry(op);
  int64_t area = dilatedHeight(g) * dilatedWidth(g);
  StringRef what = g.dilationH == 1 && g.dilationW == 1
                       ? "kernel area (height x width)"
                       : "dilated kernel area (height x width)";
  return inRange(what, area, 1, limit);
}

Verdict checkKernelDepth(Operation *op, int64_t limit) {
  return inRange("kernel depth", getConvGeometry(op).kernelD, 1, limit);
}

Verdict checkConvStride(Operation *op, int64_t limit) {
  ConvGeometry g = getConvGeometry(op);
  if (Verdict v = inRange("stride height", g.strideH, 1, limit))
    return v;
  return inRange("stride width", g.strideW, 1, limit);
}

/// Vela encodes weights offline: per output channel, the sum of
/// |weight - zero point| must fit its accumulator scaling.
Verdict checkWeightSum(Operation *op, int64_t limit) {
  ConvGeometry g = getConvGeometry(op);
  DenseElementsAttr weights;
  if (!matchPattern(g.weight, m_Constant(&weights)) ||
      !isa<IntegerType>(weights.getElementType()))
    return std::nullopt; // WEIGHTS_CONST reports it
  int64_t zeroPoint = getScalarIntConstant(g.weightZp).value_or(0);
  int64_t count = weights.getNumElements();
  int64_t outC = std::max<int64_t>(g.outC, 1);
  int64_t perChannel = count / outC;
  SmallVector<int64_t> sums(outC, 0);
  if (weights.isSplat()) {
    // Every channel holds perChannel copies of one value; a huge splat must
    // not cost a loop over its elements.
    int64_t value = weights.getSplatValue<APInt>().getSExtValue();
    sums.assign(outC, perChannel * std::abs(value - zeroPoint));
  } else {
    int64_t index = 0;
    for (const APInt &value : weights.getValues<APInt>()) {
      int64_t channel =
          g.outputChannelInnermost ? index % outC : index / perChannel;
      sums[channel] += std::abs(value.getSExtValue() - zeroPoint);
      ++index;
    }
  }
  for (int64_t channel = 0; channel < outC; ++channel)
    if (sums[channel] > limit)
      return llvm::formatv("the sum of |weight| of output channel {0} is {1}, "
                           "above 127 * 65536 = {2}",
                           channel, sums[channel], limit)
          .str();
  return std::nullopt;
}

Verdict checkBiasRange(Operation *op, int64_t) {
  DenseElementsAttr bias;
  if (!matchPattern(getConvGeometry(op).bias, m_Constant(&bias)) ||
      !isa<IntegerType>(bias.getElementType()))
    return std::nullopt;
  const int64_t lo = -(int64_t(1) << 39), hi = (int64_t(1) << 39) - 1;
  int64_t channel = 0;
  for (const APInt &value : bias.getValues<APInt>()) {
    int64_t v = value.getSExtValue();
    if (v < lo || v > hi)
      return llvm::formatv("bias {0} of output channel {1} is outside int40 "
                           "[{2}, {3}]",
                           v, channel, lo, hi)
          .str();
    ++channel;
  }
  return std::nullopt;
}

Verdict checkInputSize(int64_t h, int64_t w, int64_t c, int64_t limit) {
  if (Verdict v = inRange("input height", h, 1, limit))
    return v;
  if (Verdict v = inRange("input width", w, 1, limit))
    return v;
  return inRange("input channels", c, 1, limit);
}

Verdict checkTransposeConvInput(Operation *op, int64_t limit) {
  ConvGeometry g = getConvGeometry(op);
  return checkInputSize(g.inH, g.inW, g.inC, limit);
}

Verdict checkTransposeConvStride(Operation *op, int64_t) {
  ConvGeometry g = getConvGeometry(op);
  int64_t y = g.strideH, x = g.strideW;
  if ((y == 1 && x == 1) || (y == 2 && x == 2))
    return std::nullopt;
  if (y == 1 && x == 2) {
    if (g.inH == 1 && g.kernelH == 1)
      return std::nullopt;
    return llvm::formatv("stride 1x2 needs input height and kernel height 1, "
                         "not {0} and {1}",
                         g.inH, g.kernelH)
        .str();
  }
  if (y == 2 && x == 1) {
    if (g.inW == 1 && g.kernelW == 1)
      return std::nullopt;
    return llvm::formatv("stride 2x1 needs input width and kernel width 1, "
                         "not {0} and {1}",
                         g.inW, g.kernelW)
        .str();
  }
  return llvm::formatv("stride {0}x{1} is not 1x1, 2x2, 1x2 or 2x1", y, x)
      .str();
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

struct PoolGeometry {
  int64_t n, h, w, c;
  int64_t kernelH, kernelW, strideH, strideW;
  bool padded;
};

PoolGeometry getPoolGeometry(Operation *op) {
  ArrayRef<int64_t> in = tensorOf(op->getOperand(0)).getShape();
  ArrayRef<int64_t> kernel, stride, pad;
  if (auto pool = dyn_cast<tosa::AvgPool2dOp>(op))
    kernel = pool.getKernel(), stride = pool.getStride(), pad = pool.getPad();
  else {
    auto maxPool = cast<tosa::MaxPool2dOp>(op);
    kernel = maxPool.getKernel(), stride = maxPool.getStride(),
    pad = maxPool.getPad();
  }
  bool padded = llvm::any_of(pad, [](int64_t p) { return p != 0; });
  return {in[0],     in[1],     in[2],     in[3], kernel[0],
          kernel[1], stride[0], stride[1], padded};
}

Verdict checkPoolBatch(Operation *op, int64_t limit) {
  return inRange("batch", getPoolGeometry(op).n, 1, limit);
}

Verdict checkPoolInput(Operation *op, int64_t limit) {
  PoolGeometry g = getPoolGeometry(op);
  return checkInputSize(g.h, g.w, g.c, limit);
}

Verdict checkPoolStride(Operation *op, int64_t limit) {
  PoolGeometry g = getPoolGeometry(op);
  if (Verdict v = inRange("stride height", g.strideH, 1, limit))
    return v;
  return inRange("stride width", g.strideW, 1, limit);
}

Verdict checkPaddedPoolKernel(Operation *op, int64_t limit) {
  PoolGeometry g = getPoolGeometry(op);
  if (!g.padded)
    return std::nullopt;
  if (Verdict v = inRange("with padding, kernel height", g.kernelH, 1, limit))
    return v;
  return inRange("with padding, kernel width", g.kernelW, 1, limit);
}

/// Average pooling with padding has its own, tighter, kernel limit.
bool skipsUnpaddedLimits(Operation *op) {
  return isa<tosa::AvgPool2dOp>(op) && getPoolGeometry(op).padded;
}

Verdict checkPoolKernelArea(Operation *op, int64_t limit) {
  if (skipsUnpaddedLimits(op))
    return std::nullopt;
  PoolGeometry g = getPoolGeometry(op);
  return inRange("kernel area (height x width)", g.kernelH * g.kernelW, 1,
                 limit);
}

Verdict checkPoolKernelHeight(Operation *op, int64_t limit) {
  if (skipsUnpaddedLimits(op))
    return std::nullopt;
  return inRange("kernel height", getPoolGeometry(op).kernelH, 1, limit);
}

//===----------------------------------------------------------------------===//
// Other compute operators
//===----------------------------------------------------------------------===//

Verdict checkMatMulTypes(Operation *op, int64_t) {
  auto matmul = cast<tosa::MatMulOp>(op);
  Type a = elementOf(matmul.getA()), b = elementOf(matmul.getB()),
       acc = elementOf(matmul.getOutput());
  if (isInt(a, 8) && isInt(b, 8) && isInt(acc, 32))
    return std::nullopt;
  return llvm::formatv("(a, b, accumulator) is ({0}, {1}, {2})",
                       typeString(a), typeString(b), typeString(acc))
      .str();
}

Verdict checkMatMulSize(Operation *op, int64_t limit) {
  auto matmul = cast<tosa::MatMulOp>(op);
  // a is [N, H, C], b is [N, C, W].
  ArrayRef<int64_t> b = tensorOf(matmul.getB()).getShape();
  if (Verdict v = inRange("inner dimension C", b[1], 1, limit))
    return v;
  return inRange("output width W", b[2], 1, limit);
}

/// `op`'s data tensor (its first result) has one of `widths`.
Verdict checkDataType(Operation *op, ArrayRef<unsigned> widths) {
  Type type = elementOf(op->getResult(0));
  for (unsigned width : widths)
    if (isInt(type, width))
      return std::nullopt;
  std::string allowed;
  for (unsigned width : widths)
    allowed += (allowed.empty() ? "i" : ", i") + std::to_string(width);
  return llvm::formatv("element type {0} is not one of {1}", typeString(type),
                       allowed)
      .str();
}

Verdict checkInt8(Operation *op, int64_t) {
  Type type = elementOf(op->getOperand(0));
  if (isInt(type, 8))
    return std::nullopt;
  return llvm::formatv("input element type {0} is not i8", typeString(type))
      .str();
}

Verdict checkInt32(Operation *op, int64_t) {
  return checkDataType(op, {32});
}

Verdict checkMovementType(Operation *op, int64_t) {
  return checkDataType(op, {8, 16, 32});
}

Verdict checkNarrowType(Operation *op, int64_t) {
  return checkDataType(op, {8, 16});
}

Verdict checkResizeScale(Operation *op, int64_t limit) {
  std::optional<SmallVector<int64_t>> scale =
      getConstantShape(cast<tosa::ResizeOp>(op).getScale());
  if (!scale || scale->size() != 4)
    return std::string("the scale is not a constant");
  const char *axes[] = {"height", "width"};
  for (int axis = 0; axis < 2; ++axis) {
    int64_t n = (*scale)[2 * axis], d = (*scale)[2 * axis + 1];
    bool powerOfTwoUpscale = d > 0 && n % d == 0 && llvm::isPowerOf2_64(n / d) &&
                             n / d >= 2 && n / d <= limit;
    if (!powerOfTwoUpscale)
      return llvm::formatv("{0} scale {1}/{2} is not a 2x, 4x or 8x upscale",
                           axes[axis], n, d)
          .str();
  }
  return std::nullopt;
}

Verdict checkReduceSumAxis(Operation *op, int64_t limit) {
  auto reduce = cast<tosa::ReduceSumOp>(op);
  ArrayRef<int64_t> shape = tensorOf(reduce.getInput()).getShape();
  return inRange("reduced axis size", shape[reduce.getAxis()], 1, limit);
}

Verdict checkReduceSumOuterInner(Operation *op, int64_t limit) {
  auto reduce = cast<tosa::ReduceSumOp>(op);
  ArrayRef<int64_t> shape = tensorOf(reduce.getInput()).getShape();
  unsigned axis = reduce.getAxis();
  if (axis + 1 == shape.size())
    return std::nullopt;
  if (Verdict v = inRange("product of the axes before the reduced one",
                          product(shape.take_front(axis)), 1, limit))
    return v;
  return inRange("product of the axes after the reduced one",
                 product(shape.drop_front(axis + 1)), 1, limit);
}

Verdict checkReduceMinMaxType(Operation *op, int64_t) {
  Type in = elementOf(op->getOperand(0)), out = elementOf(op->getResult(0));
  if (in == out && (isInt(in, 8) || isInt(in, 16)))
    return std::nullopt;
  return llvm::formatv("{0} -> {1} is not i8 -> i8 or i16 -> i16",
                       typeString(in), typeString(out))
      .str();
}

Verdict checkReverseAxis(Operation *op, int64_t) {
  auto reverse = cast<tosa::ReverseOp>(op);
  int64_t rank = tensorOf(reverse.getInput1()).getRank();
  int64_t axis = reverse.getAxis();
  // As NHWC: the two axes before the channel axis are H and W.
  if (axis == rank - 3 || axis == rank - 2)
    return std::nullopt;
  return llvm::formatv("axis {0} of a rank-{1} tensor is not its H or W axis",
                       axis, rank)
      .str();
}

Verdict checkCastNarrowing(Operation *op, int64_t) {
  Type in = elementOf(op->getOperand(0)), out = elementOf(op->getResult(0));
  if (isInt(in, 32) && out.getIntOrFloatBitWidth() < 32)
    return llvm::formatv("cast {0} -> {1} narrows an i32 tensor",
                         typeString(in), typeString(out))
        .str();
  return std::nullopt;
}

Verdict checkRescaleInput48(Operation *op, int64_t) {
  Value input = cast<tosa::RescaleOp>(op).getInput();
  if (!isInt(elementOf(input), 48))
    return std::nullopt;
  Operation *producer = input.getDefiningOp();
  if (!producer || !isa<tosa::Conv2DOp, tosa::Conv3DOp,
                        tosa::DepthwiseConv2DOp, tosa::TransposeConv2DOp>(
                       producer))
    return std::string("the i48 input is not the accumulator of a "
                       "convolution");
  // The rescale fuses into its convolution, so both run on the NPU or
  // neither does. (This rule is Ethos-U55's alone.)
  if (std::optional<EthosUViolation> violation =
          checkEthosULegality(producer, EthosUTarget::U55_128))
    return "its i48 input comes from '" +
           producer->getName().getStringRef().str() +
           "' on the host (" + violation->rule + ")";
  return std::nullopt;
}

/// ArgMax's input as NHWC, with missing leading axes of size 1.
SmallVector<int64_t, 4> asNHWC(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> nhwc(4 - std::min<size_t>(shape.size(), 4), 1);
  nhwc.append(shape.begin(), shape.end());
  return nhwc;
}

Verdict checkArgMaxAxis(Operation *op, int64_t) {
  auto argmax = cast<tosa::ArgMaxOp>(op);
  int64_t rank = tensorOf(argmax.getInput()).getRank();
  if (argmax.getAxis() == rank - 1)
    return std::nullopt;
  return llvm::formatv("axis {0} is not the channel axis {1}",
                       argmax.getAxis(), rank - 1)
      .str();
}

Verdict checkArgMaxBatch(Operation *op, int64_t limit) {
  ArrayRef<int64_t> shape = tensorOf(op->getOperand(0)).getShape();
  if (shape.size() > 4)
    return llvm::formatv("rank {0} exceeds 4", shape.size()).str();
  return inRange("batch", asNHWC(shape)[0], 1, limit);
}

Verdict checkArgMaxChannels(Operation *op, int64_t limit) {
  return inRange("channels", asNHWC(tensorOf(op->getOperand(0)).getShape())[3],
                 1, limit);
}

Verdict checkArgMaxSpatial(Operation *op, int64_t limit) {
  SmallVector<int64_t, 4> nhwc =
      asNHWC(tensorOf(op->getOperand(0)).getShape());
  return inRange("height x width", nhwc[1] * nhwc[2], 1, limit);
}

Verdict checkShiftRound(Operation *op, int64_t) {
  if (cast<tosa::ArithmeticRightShiftOp>(op).getRound())
    return std::nullopt;
  return std::string("round is false");
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

/// The permutation of a rank <= 4 transpose on NHWC (leading axes of size 1
/// added), named as Vela names it, or "" when it has no name.
StringRef nameNHWCPermutation(ArrayRef<int32_t> perms) {
  SmallVector<int32_t, 4> nhwc;
  int32_t offset = 4 - static_cast<int32_t>(perms.size());
  for (int32_t axis = 0; axis < offset; ++axis)
    nhwc.push_back(axis);
  for (int32_t p : perms)
    nhwc.push_back(p + offset);
  static const std::pair<std::array<int32_t, 4>, StringRef> names[] = {
      {{0, 1, 2, 3}, "NHWC"}, {{0, 2, 1, 3}, "NWHC"}, {{0, 1, 3, 2}, "NHCW"},
      {{0, 3, 2, 1}, "NCWH"}, {{0, 2, 3, 1}, "NWCH"}, {{0, 3, 1, 2}, "NCHW"}};
  for (const auto &[order, name] : names)
    if (ArrayRef<int32_t>(order) == ArrayRef<int32_t>(nhwc))
      return name;
  return "";
}

Verdict checkTransposeRank32(Operation *op, int64_t limit) {
  auto transpose = cast<tosa::TransposeOp>(op);
  if (!isInt(elementOf(transpose.getInput1()), 32))
    return std::nullopt;
  return inRange("i32 tensor rank", tensorOf(transpose.getInput1()).getRank(),
                 0, limit);
}

Verdict checkTransposeInt32(Operation *op, int64_t) {
  auto transpose = cast<tosa::TransposeOp>(op);
  if (!isInt(elementOf(transpose.getInput1()), 32))
    return std::nullopt;
  ArrayRef<int64_t> shape = tensorOf(transpose.getInput1()).getShape();
  SmallVector<int64_t, 4> s = asNHWC(shape);
  int64_t n = s[0], h = s[1], w = s[2], c = s[3];
  StringRef name = nameNHWCPermutation(transpose.getPerms());
  const int64_t k16 = int64_t(1) << 16, k15 = int64_t(1) << 15,
                k14 = int64_t(1) << 14;
  auto bounded = [&](std::initializer_list<std::pair<const char *, int64_t>>
                         values,
                     int64_t limit) -> Verdict {
    for (auto [what, value] : values)
      if (Verdict v = inRange(llvm::formatv("{0} {1}", name, what).str(), value,
                              1, limit))
        return v;
    return std::nullopt;
  };
  if (name == "NHWC")
    return bounded({{"C", c}}, k15);
  if (name == "NWHC" || name == "NCWH") {
    if (Verdict v = bounded({{"N", n}}, 1))
      return v;
    if (Verdict v = bounded({{"H", h}, {"W", w}}, k16))
      return v;
    return bounded({{"C", c}}, k14);
  }
  if (name == "NHCW")
    return bounded({{"N x H", n * h}, {"W", w}, {"C", c}}, k16);
  return llvm::formatv("permutation [{0}] of an i32 tensor is not NHWC, "
                       "NWHC, NHCW or NCWH",
                       llvm::make_range(transpose.getPerms().begin(),
                                        transpose.getPerms().end()))
      .str();
}

Verdict checkTransposeNarrow(Operation *op, int64_t limit) {
  auto transpose = cast<tosa::TransposeOp>(op);
  if (isInt(elementOf(transpose.getInput1()), 32))
    return std::nullopt;
  ArrayRef<int32_t> perms = transpose.getPerms();
  ArrayRef<int64_t> shape = tensorOf(transpose.getInput1()).getShape();
  int64_t rank = shape.size();
  bool identity = llvm::all_of(llvm::enumerate(perms), [](auto it) {
    return it.value() == static_cast<int32_t>(it.index());
  });
  if (identity)
    return std::nullopt;
  // A transpose among the last three axes, with every other axis of size 1
  // and left in place, is one of Vela's named NHWC permutations.
  bool onHWC = true;
  for (int64_t axis = 0; axis + 3 < rank; ++axis)
    onHWC &= shape[axis] == 1 && perms[axis] == axis;
  if (onHWC) {
    const char *names[] = {"H", "W", "C"};
    ArrayRef<int64_t> hwc = shape.take_back(std::min<int64_t>(rank, 3));
    for (size_t i = 0; i < hwc.size(); ++i)
      if (Verdict v = inRange(names[3 - hwc.size() + i], hwc[i], 1, limit))
        return v;
    return std::nullopt;
  }
  // Otherwise the product of any rank - 2 axes: the largest is all but the
  // two smallest.
  SmallVector<int64_t> sorted(shape);
  llvm::sort(sorted);
  return inRange(
      llvm::formatv("largest product of {0} of the {1} axes", rank - 2, rank),
      product(ArrayRef<int64_t>(sorted).drop_front(2)), 1, limit);
}

//===----------------------------------------------------------------------===//
// The tables
//===----------------------------------------------------------------------===//

constexpr int64_t kWeightSumLimit = 127 * k64K;

// Lines both targets' tables hold.
const Rule kCallRule = {"HOST", "A call runs on the host: the NPU runs one "
                                "flat graph",
                        checkNotCall};
const Rule kFloatRule = {"FLOAT", "Float tensors never run on the NPU",
                         checkNoFloat};
const Rule kProIntRule = {"NOT_SUPPORTED",
                          "The operator is a TOSA 1.0 PRO-INT operator",
                          checkProInt};
const Rule k64BitRule = {"64BIT", "64-bit tensors never run on the NPU",
                         checkNo64Bit};
const Rule kStaticRule = {"DYNAMIC",
                          "Tensor shapes are static (a compiled command "
                          "stream has fixed sizes)",
                          checkStatic};
const Rule kRankRule = {"RANK", "Tensor rank is at most 6 (TOSA level 8K)",
                        checkRank, 6};
const Rule kMovementTypeRule = {"DTYPE", "Element type is i8, i16 or i32",
                                checkMovementType};
const Rule kWeightsConstRule = {"WEIGHTS_CONST",
                                "Weights and bias are constant",
                                checkConstWeights};
const Rule kPaddedPoolRule = {"KERNEL_PADDED",
                              "With padding, kernel height and width are at "
                              "most 8",
                              checkPaddedPoolKernel, 8};

/// CONV2D; CONV3D adds a kernel depth of 1. DEPTHWISE_CONV2D has no weight
/// sum limit: its kernel limit keeps a channel's sum under 4096 * 255.
enum class ConvKind { Conv2D, Conv3D, Depthwise };
std::vector<Rule> convolutionRules(ConvKind kind) {
  std::vector<Rule> rules = {
      {"DTYPES", "(input, weight, accumulator) is (i8, i8, i32), "
                 "(i8, i4, i32) or (i16, i8, i48)", checkConvTypes},
      {"I48_RESCALE", "An i48 accumulator is only read by RESCALE",
       checkAccumulatorRescaled},
      kWeightsConstRule,
      {"CHANNELS", "Input and output channels are in 1..65536",
       checkConvChannels, k64K},
      {"KERNEL_XY", "Dilated kernel width x height is at most 4096",
       checkKernelArea, 4096},
      {"KERNEL_H", "Dilated kernel height is at most 64", checkKernelHeight,
       64},
      {"STRIDE", "Stride height and width are in 1..3", checkConvStride, 3},
      {"WEIGHT_SUM", "Per output channel, the sum of abs(weight - zero point) is "
                     "at most 127 * 65536", checkWeightSum, kWeightSumLimit},
      {"BIAS", "Bias values fit in int40", checkBiasRange},
  };
  if (kind == ConvKind::Conv3D)
    rules.insert(rules.begin() + 3,
                 Rule{"KERNEL_D", "Kernel depth is 1", checkKernelDepth, 1});
  if (kind == ConvKind::Depthwise)
    llvm::erase_if(rules, [](const Rule &rule) {
      return StringRef(rule.id) == "WEIGHT_SUM";
    });
  return rules;
}

const std::vector<OperatorRules> &u55Rules() {
  static const std::vector<OperatorRules> rules = {
      // A float op is reported as float, an unsupported op as unsupported,
      // before the tensor limits that would also reject it.
      {"*", "CALL", {
          kCallRule,
      }},
      {"*", "TENSOR", {
          kFloatRule,
      }},
      {"*", "OP", {
          kProIntRule,
          {"NOT_SUPPORTED", "Not supported: BITWISE_*, INTDIV, LOGICAL_* "
                          "(except LOGICAL_LEFT_SHIFT), SELECT, EQUAL, "
                          "GREATER, GREATER_EQUAL, REDUCE_ALL, REDUCE_ANY, "
                          "GATHER, SCATTER", checkU55Operator},
      }},
      {"*", "TENSOR", {
          {"BOOL", "Bool tensors never run on the NPU", checkNoBool},
          k64BitRule,
          kStaticRule,
          kRankRule,
      }},
      {"tosa.conv2d", "CONV2D", convolutionRules(ConvKind::Conv2D)},
      {"tosa.depthwise_conv2d", "DEPTHWISE_CONV2D",
       convolutionRules(ConvKind::Depthwise)},
      {"tosa.conv3d", "CONV3D", convolutionRules(ConvKind::Conv3D)},
      {"tosa.transpose_conv2d", "TRANSPOSE_CONV2D", {
          {"DTYPES", "(input, weight, accumulator) is (i8, i8, i32), "
                     "(i8, i4, i32) or (i16, i8, i48)", checkConvTypes},
          {"I48_RESCALE", "An i48 accumulator is only read by RESCALE",
           checkAccumulatorRescaled},
          kWeightsConstRule,
          {"IFM_SIZE", "Input height, width and channels are in 1..65536",
           checkTransposeConvInput, k64K},
          {"KERNEL_XY", "Kernel width x height is at most 4096",
           checkKernelArea, 4096},
          {"KERNEL_H", "Kernel height is at most 64", checkKernelHeight, 64},
          {"STRIDE", "Stride is 1x1 or 2x2; 1x2 only when input height and "
                     "kernel height are 1; 2x1 only when input width and "
                     "kernel width are 1", checkTransposeConvStride},
      }},
      {"tosa.avg_pool2d", "AVG_POOL2D", {
          {"BATCH", "Batch is 1", checkPoolBatch, 1},
          {"IFM_SIZE", "Input height, width and channels are in 1..65536",
           checkPoolInput, k64K},
          kPaddedPoolRule,
          {"KERNEL_XY", "Without padding, kernel width x height is at most "
                        "65536", checkPoolKernelArea, k64K},
          {"KERNEL_H", "Without padding, kernel height is at most 256",
           checkPoolKernelHeight, 256},
          {"STRIDE", "Stride height and width are in 1..3", checkPoolStride, 3},
      }},
      {"tosa.max_pool2d", "MAX_POOL2D", {
          {"IFM_SIZE", "Input height, width and channels are in 1..65536",
           checkPoolInput, k64K},
          {"KERNEL_XY", "Kernel width x height is at most 65536",
           checkPoolKernelArea, k64K},
          {"KERNEL_H", "Kernel height is at most 256", checkPoolKernelHeight,
           256},
          {"STRIDE", "Stride height and width are in 1..3", checkPoolStride, 3},
      }},
      {"tosa.matmul", "MATMUL", {
          {"DTYPES", "(a, b, accumulator) is (i8, i8, i32)", checkMatMulTypes},
          {"SIZE", "W and C are in 1..65536", checkMatMulSize, k64K},
      }},
      {"tosa.table", "TABLE", {
          {"DTYPE", "Input is i8 (no int16 tables)", checkInt8},
      }},
      {"tosa.resize", "RESIZE", {
          {"SCALE", "Height and width are upscaled by 2, 4 or 8",
           checkResizeScale, 8},
      }},
      {"tosa.transpose", "TRANSPOSE", {
          kMovementTypeRule,
          {"RANK_I32", "An i32 tensor has rank at most 4",
           checkTransposeRank32, 4},
          {"I32", "i32 permutations (as NHWC): NHWC with C <= 2^15; NWHC and "
                  "NCWH with N = 1, H, W <= 2^16, C <= 2^14; NHCW with "
                  "N x H, W, C <= 2^16; no other", checkTransposeInt32},
          {"SHAPE", "i8/i16: a permutation of the H, W, C axes (all other "
                    "axes 1) needs H, W, C <= 2^16; any other needs the "
                    "product of any rank - 2 axes <= 2^16",
           checkTransposeNarrow, k64K},
      }},
      {"tosa.reduce_sum", "REDUCE_SUM", {
          {"AXIS_SIZE", "The reduced axis has 1..65536 elements",
           checkReduceSumAxis, k64K},
          {"OUTER_INNER", "Off the channel axis, the products of the axes "
                          "before and after the reduced one are in 1..65536",
           checkReduceSumOuterInner, k64K},
      }},
      {"tosa.reduce_max", "REDUCE_MAX", {
          {"DTYPE", "i8 -> i8 or i16 -> i16", checkReduceMinMaxType},
      }},
      {"tosa.reduce_min", "REDUCE_MIN", {
          {"DTYPE", "i8 -> i8 or i16 -> i16", checkReduceMinMaxType},
      }},
      {"tosa.concat", "CONCAT", {
          kMovementTypeRule,
      }},
      {"tosa.reshape", "RESHAPE", {
          kMovementTypeRule,
      }},
      {"tosa.slice", "SLICE", {
          kMovementTypeRule,
      }},
      {"tosa.tile", "TILE", {
          kMovementTypeRule,
      }},
      {"tosa.pad", "PAD", {
          kMovementTypeRule,
      }},
      {"tosa.identity", "IDENTITY", {
          kMovementTypeRule,
      }},
      {"tosa.reverse", "REVERSE", {
          {"DTYPE", "Element type is i8 or i16", checkNarrowType},
          {"AXIS", "Reverses the H or W axis (as NHWC)", checkReverseAxis},
      }},
      {"tosa.cast", "CAST", {
          {"NARROWING", "No cast from i32 to a narrower type",
           checkCastNarrowing},
      }},
      {"tosa.rescale", "RESCALE", {
          {"INPUT48", "An i48 input is the accumulator of a convolution "
                      "(no standalone 48-bit rescale)", checkRescaleInput48},
      }},
      {"tosa.argmax", "ARGMAX", {
          {"AXIS", "Reduces the channel (last) axis", checkArgMaxAxis},
          {"BATCH", "Batch is 1 (rank at most 4, as NHWC)", checkArgMaxBatch,
           1},
          {"CHANNELS", "Channels are in 1..127", checkArgMaxChannels, 127},
          {"SPATIAL", "Height x width is at most 65536", checkArgMaxSpatial,
           k64K},
      }},
      {"tosa.arithmetic_right_shift", "ARITHMETIC_RIGHT_SHIFT", {
          {"DTYPE", "Element type is i32", checkInt32},
          {"ROUND", "round is true", checkShiftRound},
      }},
      {"tosa.logical_left_shift", "LOGICAL_LEFT_SHIFT", {
          {"DTYPE", "Element type is i32", checkInt32},
      }},
  };
  return rules;
}

/// Ethos-U85 lifts the U55 limits; what Vela still rejects is listed here.
const std::vector<OperatorRules> &u85Rules() {
  static const std::vector<OperatorRules> rules = {
      {"*", "CALL", {
          kCallRule,
      }},
      {"*", "TENSOR", {
          kFloatRule,
      }},
      {"*", "OP", {
          kProIntRule,
      }},
      {"*", "TENSOR", {
          k64BitRule,
          kStaticRule,
          kRankRule,
      }},
      {"tosa.conv3d", "CONV3D", {
          kWeightsConstRule,
      }},
      {"tosa.transpose_conv2d", "TRANSPOSE_CONV2D", {
          kWeightsConstRule,
      }},
      {"tosa.avg_pool2d", "AVG_POOL2D", {
          kPaddedPoolRule,
      }},
  };
  return rules;
}

const std::vector<OperatorRules> &rulesOf(EthosUTarget target) {
  return target == EthosUTarget::U55_128 ? u55Rules() : u85Rules();
}

StringRef rulePrefix(EthosUTarget target) {
  return target == EthosUTarget::U55_128 ? "U55" : "U85";
}

std::optional<EthosUViolation> firstBroken(Operation *op, EthosUTarget target,
                                           const OperatorRules &entry) {
  for (const Rule &rule : entry.rules)
    if (Verdict reason = rule.check(op, rule.limit))
      return EthosUViolation{
          (rulePrefix(target) + "." + entry.title + "." + rule.id).str(),
          std::move(*reason)};
  return std::nullopt;
}

} // namespace

StringRef mlir::qtosa::stringifyEthosUTarget(EthosUTarget target) {
  return target == EthosUTarget::U55_128 ? "ethos-u55-128" : "ethos-u85-256";
}

std::optional<EthosUTarget> mlir::qtosa::parseEthosUTarget(StringRef name) {
  if (name == "ethos-u55-128")
    return EthosUTarget::U55_128;
  if (name == "ethos-u85-256")
    return EthosUTarget::U85_256;
  return std::nullopt;
}

std::optional<EthosUViolation>
mlir::qtosa::checkEthosULegality(Operation *op, EthosUTarget target) {
  if (isa<tosa::ConstOp, tosa::ConstShapeOp>(op))
    return std::nullopt;
  StringRef name = op->getName().getStringRef();
  // The rules on every op come first: the per-op checks read static,
  // integer shapes.
  for (const OperatorRules &entry : rulesOf(target))
    if (entry.opName == "*")
      if (auto violation = firstBroken(op, target, entry))
        return violation;
  for (const OperatorRules &entry : rulesOf(target))
    if (name == entry.opName)
      return firstBroken(op, target, entry);
  return std::nullopt;
}

void mlir::qtosa::printEthosURules(raw_ostream &os, EthosUTarget target) {
  os << "## " << stringifyEthosUTarget(target) << "\n\n"
     << "| Rule | Operator | Constraint |\n|---|---|---|\n";
  for (const OperatorRules &entry : rulesOf(target)) {
    StringRef op = entry.opName == "*" ? "every op" : entry.opName;
    for (const Rule &rule : entry.rules)
      os << "| `" << rulePrefix(target) << "." << entry.title << "." << rule.id
         << "` | " << (op == "every op" ? op.str() : "`" + op.str() + "`")
         << " | " << rule.text << " |\n";
  }
}

EthosUConversionTarget::EthosUConversionTarget(MLIRContext &context,
                                               EthosUTarget target)
    : ConversionTarget(context), target(target) {
  addDynamicallyLegalDialect<tosa::TosaDialect>([target](Operation *op) {
    return !checkEthosULegality(op, target).has_value();
  });
}

std::optional<EthosUViolation>
EthosUConversionTarget::explain(Operation *op) const {
  std::optional<LegalOpDetails> legal = isLegal(op);
  if (legal)
    return std::nullopt;
  if (std::optional<EthosUViolation> violation =
          checkEthosULegality(op, target))
    return violation;
  return EthosUViolation{(rulePrefix(target) + ".OP.NOT_SUPPORTED").str(),
                         "the conversion target marks '" +
                             op->getName().getStringRef().str() +
                             "' illegal"};
}

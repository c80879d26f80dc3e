//===- EthosUOperatorChecks.cpp - What Vela's operator rules measure ------===//
//
// The checks of the rules on other compute operators (matmul, table,
// resize, reductions, argmax, shifts, casts, rescale) and on transpose; the
// rules on every op, convolutions and pooling are in EthosURuleChecks.cpp.
//
//===----------------------------------------------------------------------===//

#include "BilinearAsConvolution.h"
#include "EthosURuleChecks.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Utils/TosaUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

#include <array>
#include <string>

using namespace mlir;
using namespace mlir::qtosa;

namespace mlir::qtosa::ethosu {

//===----------------------------------------------------------------------===//
// Other compute operators
//===----------------------------------------------------------------------===//

WhyNot checkMatMulTypes(Operation *op, Limits) {
  auto matmul = cast<tosa::MatMulOp>(op);
  Type a = elementOf(matmul.getA()), b = elementOf(matmul.getB()),
       acc = elementOf(matmul.getOutput());
  if (isInt(a, 8) && isInt(b, 8) && isInt(acc, 32))
    return {};
  return WhyNot::format(llvm::formatv("(a, b, accumulator) is ({0}, {1}, {2})",
                                      typeString(a), typeString(b),
                                      typeString(acc)));
}

WhyNot checkMatMulSize(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  auto matmul = cast<tosa::MatMulOp>(op);
  // a is [N, H, C], b is [N, C, W].
  ArrayRef<int64_t> b = tensorOf(matmul.getB()).getShape();
  if (WhyNot v = inRange("inner dimension C", b[1], 1, limit))
    return v;
  return inRange("output width W", b[2], 1, limit);
}

/// `op`'s data tensor (its first result) has one of `widths`.
static WhyNot checkDataType(Operation *op, ArrayRef<unsigned> widths) {
  Type type = elementOf(op->getResult(0));
  for (unsigned width : widths)
    if (isInt(type, width))
      return {};
  std::string allowed;
  for (unsigned width : widths)
    allowed += (allowed.empty() ? "i" : ", i") + std::to_string(width);
  return WhyNot::format(llvm::formatv("element type {0} is not one of {1}",
                                      typeString(type), allowed));
}

WhyNot checkInt32(Operation *op, Limits) { return checkDataType(op, {32}); }

WhyNot checkMovementType(Operation *op, Limits) {
  return checkDataType(op, {8, 16, 32});
}

/// Vela broadcasts a 1x1 image to any size by NEAREST, whatever the scale
/// (found by compiling such resizes; its documentation does not say).
static bool resizesFrom1x1(tosa::ResizeOp resize) {
  ArrayRef<int64_t> shape = tensorOf(resize.getInput()).getShape();
  return shape.size() == 4 && shape[1] == 1 && shape[2] == 1;
}

/// "a 2x, 4x or 8x" for `limit` 8: the factors the rule allows, in words.
static std::string listPowerOfTwoFactors(int64_t limit) {
  SmallVector<std::string> factors;
  for (int64_t factor = 2; factor <= limit; factor *= 2)
    factors.push_back(std::to_string(factor) + "x");
  if (factors.empty())
    return "an allowed";
  std::string words = factors.front();
  for (size_t i = 1; i < factors.size(); ++i)
    words += (i + 1 == factors.size() ? " or " : ", ") + factors[i];
  return "a " + words;
}

WhyNot checkResizeScale(Operation *op, Limits limits) {
  auto resize = cast<tosa::ResizeOp>(op);
  if (resizesFrom1x1(resize))
    return {};
  int64_t limit = limits[0];
  std::optional<SmallVector<int64_t>> scale =
      getConstantShape(resize.getScale());
  if (!scale || scale->size() != 4)
    return "the scale is not a constant";
  const char *axes[] = {"height", "width"};
  RankedTensorType input = tensorOf(resize.getInput());
  RankedTensorType output = tensorOf(resize.getOutput());
  for (int axis = 0; axis < 2; ++axis) {
    int64_t n = (*scale)[2 * axis], d = (*scale)[2 * axis + 1];
    bool powerOfTwoUpscale = d > 0 && n % d == 0 &&
                             llvm::isPowerOf2_64(n / d) && n / d >= 2 &&
                             n / d <= limit;
    if (powerOfTwoUpscale)
      continue;
    // The scale's fraction is the sampling step an importer chose (TFLite's
    // 12 -> 36 is 1024/341); the sizes say what the model asked for.
    std::string sizes;
    if (input && output && input.getRank() == 4 && output.getRank() == 4 &&
        !input.isDynamicDim(1 + axis) && !output.isDynamicDim(1 + axis))
      sizes = llvm::formatv(" ({0} -> {1})", input.getDimSize(1 + axis),
                            output.getDimSize(1 + axis))
                  .str();
    return WhyNot::format(llvm::formatv("{0} scale {1}/{2}{3} is not {4} "
                                        "upscale",
                                        axes[axis], n, d, sizes,
                                        listPowerOfTwoFactors(limit)));
  }
  return {};
}

WhyNot checkResizeChannels(Operation *op, Limits limits) {
  RankedTensorType input = tensorOf(cast<tosa::ResizeOp>(op).getInput());
  if (!input || input.getRank() != 4)
    return {};
  return inRange("channels", input.getDimSize(3), 1, limits[0]);
}

WhyNot checkResizeMode(Operation *op, Limits) {
  auto resize = cast<tosa::ResizeOp>(op);
  if (resize.getMode() != tosa::ResizeMode::BILINEAR)
    return {};
  WhyNotOr<BilinearAsConvolution> plan = planBilinearAsConvolution(resize);
  if (plan.refused())
    return WhyNot::format("the mode is BILINEAR, and qtosa-ethosu-legalize "
                          "has no convolution form for it: " +
                          plan.whyNot().str());
  return "the mode is BILINEAR; qtosa-ethosu-legalize rewrites this one as a "
         "depthwise convolution the NPU runs, but did not (qtosa-ethosu-"
         "pipeline runs it before the partition; when an op of that form "
         "breaks a rule, a remark of its own says which)";
}

/// The NPU upscales by repeating each pixel. A NEAREST resize is that only
/// when each output row (column) o reads input o / factor: the half-pixel
/// parameters (scale 2f/2, offset 1-f) do; the floor sampling of scale f/1
/// with offset 0 rounds half the rows up instead. Computed as the TOSA 1.0
/// specification computes the index.
WhyNot checkResizeRepeats(Operation *op, Limits) {
  auto resize = cast<tosa::ResizeOp>(op);
  if (resizesFrom1x1(resize) ||
      resize.getMode() != tosa::ResizeMode::NEAREST_NEIGHBOR)
    return {};
  std::optional<SmallVector<int64_t>> scale =
      getConstantShape(resize.getScale());
  std::optional<SmallVector<int64_t>> offset =
      getConstantShape(resize.getOffset());
  if (!scale || scale->size() != 4 || !offset || offset->size() != 2)
    return "the scale or offset is not a constant";
  ArrayRef<int64_t> in = tensorOf(resize.getInput()).getShape();
  ArrayRef<int64_t> out = tensorOf(resize.getOutput()).getShape();
  const char *axes[] = {"rows", "columns"};
  // Vela 5.2 compiles pixel repetition in one form only: forms that sample
  // alike (16/8 offset -4 for 8/4 offset -3... or the floor form 4/2
  // offset -2) are refused with "Non-passthrough operation (Resize) could
  // not run on NPU".
  for (int axis = 0; axis < 2; ++axis) {
    int64_t inSize = in[1 + axis], outSize = out[1 + axis];
    int64_t n = (*scale)[2 * axis], d = (*scale)[2 * axis + 1];
    if (inSize <= 0 || outSize % inSize != 0)
      return WhyNot::format(llvm::formatv("{0}: {1} is not a multiple of {2}",
                                          axes[axis], outSize, inSize));
    int64_t factor = outSize / inSize;
    if (n != 2 * factor || d != 2 || (*offset)[axis] != 1 - factor)
      return WhyNot::format(llvm::formatv(
          "{0}: scale {1}/{2} offset {3}; repeating each input {4} times "
          "compiles only as scale {5}/2 offset {6}",
          axes[axis], n, d, (*offset)[axis], factor, 2 * factor, 1 - factor));
  }
  return {};
}

WhyNot checkReduceSumOuterInner(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  auto reduce = cast<tosa::ReduceSumOp>(op);
  ArrayRef<int64_t> shape = tensorOf(reduce.getInput()).getShape();
  unsigned axis = reduce.getAxis();
  if (axis + 1 == shape.size())
    return {};
  if (WhyNot v = inRange("product of the axes before the reduced one",
                         product(shape.take_front(axis)), 1, limit))
    return v;
  return inRange("product of the axes after the reduced one",
                 product(shape.drop_front(axis + 1)), 1, limit);
}

WhyNot checkReduceMinMaxType(Operation *op, Limits) {
  Type in = elementOf(op->getOperand(0)), out = elementOf(op->getResult(0));
  if (in == out && (isInt(in, 8) || isInt(in, 16)))
    return {};
  return WhyNot::format(
      llvm::formatv("{0} -> {1} is not i8 -> i8 or i16 -> i16", typeString(in),
                    typeString(out)));
}

WhyNot checkReverseAxis(Operation *op, Limits) {
  auto reverse = cast<tosa::ReverseOp>(op);
  int64_t rank = tensorOf(reverse.getInput1()).getRank();
  int64_t axis = reverse.getAxis();
  // As NHWC: the two axes before the channel axis are H and W.
  if (axis == rank - 3 || axis == rank - 2)
    return {};
  return WhyNot::format(llvm::formatv(
      "axis {0} of a rank-{1} tensor is not its H or W axis", axis, rank));
}

WhyNot checkRescaleInput48(Operation *op, Limits) {
  Value input = cast<tosa::RescaleOp>(op).getInput();
  if (!isInt(elementOf(input), 48))
    return {};
  Operation *producer = input.getDefiningOp();
  if (!producer || !isa<tosa::Conv2DOp, tosa::Conv3DOp, tosa::DepthwiseConv2DOp,
                        tosa::TransposeConv2DOp>(producer))
    return "the i48 input is not the accumulator of a convolution";
  // The rescale fuses into its convolution, so both run on the NPU or
  // neither does. (This rule is Ethos-U55's alone.)
  if (std::optional<EthosUViolation> violation =
          checkEthosULegality(producer, EthosUTarget::U55_128))
    return WhyNot::format("its i48 input comes from '" +
                          producer->getName().getStringRef() +
                          "' on the host (" + violation->rule + ")");
  return {};
}

/// ArgMax's input as NHWC, with missing leading axes of size 1.
static SmallVector<int64_t, 4> asNHWC(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> nhwc(4 - std::min<size_t>(shape.size(), 4), 1);
  nhwc.append(shape.begin(), shape.end());
  return nhwc;
}

WhyNot checkArgMaxAxis(Operation *op, Limits) {
  auto argmax = cast<tosa::ArgMaxOp>(op);
  int64_t rank = tensorOf(argmax.getInput()).getRank();
  if (argmax.getAxis() == rank - 1)
    return {};
  return WhyNot::format(llvm::formatv("axis {0} is not the channel axis {1}",
                                      argmax.getAxis(), rank - 1));
}

WhyNot checkArgMaxBatch(Operation *op, Limits limits) {
  int64_t batch = limits[0], maxRank = limits[1];
  ArrayRef<int64_t> shape = tensorOf(op->getOperand(0)).getShape();
  if (static_cast<int64_t>(shape.size()) > maxRank)
    return WhyNot::format(
        llvm::formatv("rank {0} exceeds {1}", shape.size(), maxRank));
  return inRange("batch", asNHWC(shape)[0], 1, batch);
}

WhyNot checkArgMaxChannels(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  return inRange("channels", asNHWC(tensorOf(op->getOperand(0)).getShape())[3],
                 1, limit);
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

static StringRef nameNHWCPermutation(ArrayRef<int32_t> perms) {
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

WhyNot checkTransposeInt32(Operation *op, Limits limits) {
  auto transpose = cast<tosa::TransposeOp>(op);
  ArrayRef<int64_t> shape = tensorOf(transpose.getInput1()).getShape();
  if (!isInt(elementOf(transpose.getInput1()), 32) || shape.size() > 4)
    return {};
  SmallVector<int64_t, 4> s = asNHWC(shape);
  int64_t n = s[0], h = s[1], w = s[2], c = s[3];
  StringRef name = nameNHWCPermutation(transpose.getPerms());
  // As the rule's text names them: NHWC's C; NWHC/NCWH's N, H and W, C;
  // NHCW's sizes.
  const int64_t nhwcC = limits[0], swappedN = limits[1], swappedHW = limits[2],
                swappedC = limits[3];
  auto bounded =
      [&](std::initializer_list<std::pair<const char *, int64_t>> values,
          int64_t limit) -> WhyNot {
    for (auto [what, value] : values)
      if (WhyNot v = inRange(llvm::formatv("{0} {1}", name, what).str(), value,
                             1, limit))
        return v;
    return {};
  };
  if (name == "NHWC")
    return bounded({{"C", c}}, nhwcC);
  if (name == "NWHC" || name == "NCWH") {
    if (WhyNot v = bounded({{"N", n}}, swappedN))
      return v;
    if (WhyNot v = bounded({{"H", h}, {"W", w}}, swappedHW))
      return v;
    return bounded({{"C", c}}, swappedC);
  }
  if (name == "NHCW")
    return bounded({{"N x H", n * h}, {"W", w}, {"C", c}}, swappedHW);
  // Vela 5.2 compiles the other permutations (NWCH, NCHW, rank 5) too.
  return {};
}

WhyNot checkTransposeNarrow(Operation *op, Limits limits) {
  int64_t limit = limits[0];
  auto transpose = cast<tosa::TransposeOp>(op);
  if (isInt(elementOf(transpose.getInput1()), 32))
    return {};
  ArrayRef<int32_t> perms = transpose.getPerms();
  ArrayRef<int64_t> shape = tensorOf(transpose.getInput1()).getShape();
  int64_t rank = shape.size();
  bool identity = llvm::all_of(llvm::enumerate(perms), [](auto it) {
    return it.value() == static_cast<int32_t>(it.index());
  });
  if (identity)
    return {};
  // A transpose among the last three axes, with every other axis of size 1
  // and left in place, is one of Vela's named NHWC permutations.
  bool onHWC = true;
  for (int64_t axis = 0; axis + 3 < rank; ++axis)
    onHWC &= shape[axis] == 1 && perms[axis] == axis;
  if (onHWC) {
    const char *names[] = {"H", "W", "C"};
    ArrayRef<int64_t> hwc = shape.take_back(std::min<int64_t>(rank, 3));
    for (size_t i = 0; i < hwc.size(); ++i)
      if (WhyNot v = inRange(names[3 - hwc.size() + i], hwc[i], 1, limit))
        return v;
    return {};
  }
  // Otherwise the product of any rank - 2 axes: the largest is all but the
  // two smallest.
  SmallVector<int64_t> sorted(shape);
  llvm::sort(sorted);
  return inRange(
      llvm::formatv("largest product of {0} of the {1} axes", rank - 2, rank),
      product(ArrayRef<int64_t>(sorted).drop_front(2)), 1, limit);
}

} // namespace mlir::qtosa::ethosu

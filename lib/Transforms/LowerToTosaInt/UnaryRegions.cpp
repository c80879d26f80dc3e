//===- UnaryRegions.cpp - Elementwise functions of one input as a table ---===//
//
// Converters write an activation TOSA has no op for as several elementwise
// float ops: TFLite's HARD_SWISH is x * clamp(x + 3, 0, 6) * (1/6), GELU is
// 0.5 * x * (1 + erf(x / sqrt(2))), ELU a select between x and exp(x) - 1.
// No single op of such a region reads a dequantized value and ends in a
// quantize, so no lowering of one op takes it; but the whole region is a
// function of one stored input, and a table of that input (Tables.cpp)
// computes it in one integer op. This file finds the region above a group's
// float op and evaluates it in f32, op by op, as the float graph does; a
// region the TFLite importer marked as TFLite's HARD_SWISH gets the table
// of TFLite's kernel instead (KernelHardSwish.cpp).
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Transforms/UnaryRegions.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::lowering;

WhyNotOr<SmallVector<unsigned>>
mlir::qtosa::getUnaryRegionOperands(Operation *op) {
  auto all = [&](unsigned count) -> SmallVector<unsigned> {
    SmallVector<unsigned> indices;
    for (unsigned index = 0; index < count; ++index)
      indices.push_back(index);
    return indices;
  };
  return TypeSwitch<Operation *, WhyNotOr<SmallVector<unsigned>>>(op)
      .Case<tosa::AddOp, tosa::SubOp, tosa::MaximumOp, tosa::MinimumOp,
            tosa::PowOp, tosa::GreaterOp, tosa::GreaterEqualOp, tosa::EqualOp>(
          [&](auto) { return all(2); })
      .Case<tosa::MulOp>(
          [&](tosa::MulOp mul) -> WhyNotOr<SmallVector<unsigned>> {
            DenseIntElementsAttr shift;
            if (!matchPattern(mul.getShift(), m_Constant(&shift)) ||
                !shift.isSplat() || !shift.getSplatValue<APInt>().isZero())
              return WhyNot::format("its 'tosa.mul' has a shift that is not a "
                                    "constant 0");
            return all(2);
          })
      .Case<tosa::NegateOp>(
          [&](auto negate) -> WhyNotOr<SmallVector<unsigned>> {
            if (WhyNot why = checkFloatZeroPoints(negate))
              return WhyNot::format("its 'tosa.negate': " + why.str());
            return all(1);
          })
      .Case<tosa::SelectOp>([&](auto) { return all(3); })
      .Case<tosa::ClampOp, tosa::AbsOp, tosa::ExpOp, tosa::LogOp, tosa::TanhOp,
            tosa::SigmoidOp, tosa::ErfOp, tosa::ReciprocalOp, tosa::RsqrtOp,
            tosa::FloorOp, tosa::CeilOp, tosa::SinOp, tosa::CosOp>(
          [&](auto) { return all(1); })
      .Default([&](Operation *other) -> WhyNotOr<SmallVector<unsigned>> {
        return WhyNot::format("'" + other->getName().getStringRef() +
                              "' in it is not an elementwise op a table "
                              "can evaluate");
      });
}

std::optional<float> mlir::qtosa::getUnaryRegionConstant(Value value) {
  DenseFPElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !attr.getElementType().isF32())
    return std::nullopt;
  return attr.getSplatValue<APFloat>().convertToFloat();
}

namespace {

/// The elementwise float region above a group's op: its ops in an order
/// where producers come first, its one dequantized input, and the float
/// splat constants it reads.
struct UnaryRegion {
  SmallVector<Operation *> ops;
  /// Per op of `ops`, the operands that carry values.
  SmallVector<SmallVector<unsigned>> valueOperands;
  /// The dequantizes' float results: one per user of the stored input, as
  /// qtosa-calibrate writes them, all of the same stored value and
  /// parameters.
  SmallVector<Value> inputs;
  Dequantized stored;
  DenseMap<Value, float> constants;
};

/// Finds the region that ends in `root`: every value it reads is the one
/// dequantized input, a float splat constant, or the result of another
/// elementwise op of the region, and every value it computes has the shape
/// of `root`'s result (the input included), so that each element of the
/// result depends on the same element of the input alone.
WhyNotOr<UnaryRegion> findUnaryRegion(Operation *root) {
  auto resultType = dyn_cast<RankedTensorType>(root->getResult(0).getType());
  if (!resultType || !resultType.getElementType().isF32())
    return "its result is not a ranked f32 tensor";
  ArrayRef<int64_t> shape = resultType.getShape();
  UnaryRegion region;
  DenseSet<Operation *> visited;
  // Depth first, each op appended after its operands' producers.
  std::function<WhyNot(Operation *)> visit = [&](Operation *op) -> WhyNot {
    if (!visited.insert(op).second)
      return {};
    if (visited.size() > kMaxUnaryRegionOps)
      return WhyNot::format(
          llvm::formatv("the elementwise ops above it number more than {0}",
                        kMaxUnaryRegionOps));
    auto type = op->getNumResults() == 1
                    ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                    : nullptr;
    if (!type || type.getShape() != shape)
      return WhyNot::format("'" + op->getName().getStringRef() +
                            "' in it changes the shape");
    WhyNotOr<SmallVector<unsigned>> operands = getUnaryRegionOperands(op);
    if (operands.refused())
      return std::move(operands).whyNot();
    for (unsigned index : *operands) {
      Value operand = op->getOperand(index);
      if (std::optional<float> constant = getUnaryRegionConstant(operand)) {
        region.constants[operand] = *constant;
        continue;
      }
      if (std::optional<Dequantized> dequantized = getDequantized(operand)) {
        if (!region.inputs.empty() &&
            (dequantized->stored != region.stored.stored ||
             dequantized->qtype != region.stored.qtype))
          return "it reads more than one dequantized value";
        if (cast<RankedTensorType>(operand.getType()).getShape() != shape)
          return "its dequantized input is broadcast";
        if (!llvm::is_contained(region.inputs, operand))
          region.inputs.push_back(operand);
        region.stored = *dequantized;
        continue;
      }
      Operation *producer = operand.getDefiningOp();
      if (!producer)
        return "it reads a block argument in float";
      if (WhyNot why = visit(producer))
        return why;
    }
    region.ops.push_back(op);
    region.valueOperands.push_back(std::move(*operands));
    return {};
  };
  if (WhyNot why = visit(root))
    return why;
  if (region.inputs.empty())
    return "it reads no dequantized value";
  return region;
}

/// `op` applied to `args`, in f32 as the float graph computes it (a unary
/// op as its one-op table samples it: f32 in Internals.h); booleans are 0
/// and 1.
float evaluate(Operation *op, ArrayRef<float> args) {
  auto boolean = [](bool value) { return value ? 1.0f : 0.0f; };
  return TypeSwitch<Operation *, float>(op)
      .Case([&](tosa::AddOp) { return args[0] + args[1]; })
      .Case([&](tosa::SubOp) { return args[0] - args[1]; })
      .Case([&](tosa::MulOp) { return args[0] * args[1]; })
      .Case([&](tosa::MaximumOp) { return std::fmax(args[0], args[1]); })
      .Case([&](tosa::MinimumOp) { return std::fmin(args[0], args[1]); })
      .Case([&](tosa::PowOp) { return std::pow(args[0], args[1]); })
      .Case([&](tosa::GreaterOp) { return boolean(args[0] > args[1]); })
      .Case([&](tosa::GreaterEqualOp) { return boolean(args[0] >= args[1]); })
      .Case([&](tosa::EqualOp) { return boolean(args[0] == args[1]); })
      .Case([&](tosa::SelectOp) { return args[0] != 0 ? args[1] : args[2]; })
      .Case([&](tosa::NegateOp) { return f32::negate(args[0]); })
      .Case([&](tosa::ClampOp clamp) {
        float low = cast<FloatAttr>(clamp.getMinValAttr()).getValueAsDouble();
        float high = cast<FloatAttr>(clamp.getMaxValAttr()).getValueAsDouble();
        return std::fmin(std::fmax(args[0], low), high);
      })
      .Case([&](tosa::AbsOp) { return f32::abs(args[0]); })
      .Case([&](tosa::ExpOp) { return f32::exp(args[0]); })
      .Case([&](tosa::LogOp) { return f32::log(args[0]); })
      .Case([&](tosa::TanhOp) { return f32::tanh(args[0]); })
      .Case([&](tosa::SigmoidOp) { return f32::sigmoid(args[0]); })
      .Case([&](tosa::ErfOp) { return f32::erf(args[0]); })
      .Case([&](tosa::ReciprocalOp) { return f32::reciprocal(args[0]); })
      .Case([&](tosa::RsqrtOp) { return f32::rsqrt(args[0]); })
      .Case([&](tosa::FloorOp) { return f32::floor(args[0]); })
      .Case([&](tosa::CeilOp) { return f32::ceil(args[0]); })
      .Case([&](tosa::SinOp) { return f32::sin(args[0]); })
      .Case([&](tosa::CosOp) { return f32::cos(args[0]); })
      .Default([](Operation *) { return NAN; });
}

/// The table of `region` evaluated in f32 at every stored input.
WhyNot lowerTableOfRegion(Group &group, const UnaryRegion &region) {
  // Each value gets a slot: the input first, then the constants, then one
  // per op in evaluation order.
  DenseMap<Value, unsigned> slots;
  SmallVector<float> initial;
  for (Value input : region.inputs)
    slots[input] = 0;
  initial.push_back(0.0f);
  for (auto [value, constant] : region.constants) {
    slots[value] = initial.size();
    initial.push_back(constant);
  }
  SmallVector<SmallVector<unsigned, 3>> operandSlots;
  for (auto [op, operands] : llvm::zip(region.ops, region.valueOperands)) {
    SmallVector<unsigned, 3> indices;
    for (unsigned index : operands)
      indices.push_back(slots.lookup(op->getOperand(index)));
    operandSlots.push_back(indices);
    slots[op->getResult(0)] = initial.size();
    initial.push_back(0.0f);
  }
  SmallVector<float> values;
  auto function = [&](float x) {
    values.assign(initial.begin(), initial.end());
    values[0] = x;
    SmallVector<float, 3> args;
    for (auto [op, indices] : llvm::zip(region.ops, operandSlots)) {
      args.clear();
      for (unsigned slot : indices)
        args.push_back(values[slot]);
      values[slots.lookup(op->getResult(0))] = evaluate(op, args);
    }
    return values.back();
  };
  if (WhyNot why = lowerTableOf(group, region.stored, function))
    return WhyNot::format(llvm::formatv(
        "the {0} elementwise ops ending in it compute a function of one "
        "input, but not as a table: {1}",
        region.ops.size(), why.str()));
  return {};
}

} // namespace

WhyNot lowering::lowerUnaryRegion(Group &group, bool &isRegion) {
  WhyNotOr<UnaryRegion> found = findUnaryRegion(group.op);
  isRegion = found.hasValue() && found->ops.size() > 1;
  if (found.refused())
    return WhyNot::format("as a function of one input: " +
                          found.whyNot().str());
  UnaryRegion &region = *found;
  auto kernel = group.op->getAttrOfType<StringAttr>(kTFLiteKernelAttrName);
  bool lowered = kernel && kernel.getValue() == "HARD_SWISH" &&
                 lowerKernelHardSwish8(group, region.stored);
  if (!lowered)
    if (WhyNot why = lowerTableOfRegion(group, region))
      return why;
  // The region's other ops die with the group unless something else reads
  // them; consumers first, as Group::absorbed wants.
  for (Operation *op : llvm::reverse(region.ops))
    if (op != group.op)
      group.absorbed.push_back(op);
  return {};
}

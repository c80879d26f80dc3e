//===- AnnotateRegions.cpp - Unary regions of a float graph ---------------===//
//
// The float graph has no dequantize to stop at, so the region's input is
// chosen: among the values the elementwise ops above a root read, the one
// that gives the largest region in which every other value read is a splat
// constant or computed inside, and no value computed inside is read
// outside.
//
//===----------------------------------------------------------------------===//

#include "AnnotateRegions.h"

#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Transforms/UnaryRegions.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::annotation;

namespace {

/// Whether `op` may be in a region whose values have `shape`: one result of
/// that shape, an op a table can evaluate.
bool mayJoin(Operation *op, ArrayRef<int64_t> shape) {
  if (op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.getShape() == shape &&
         getUnaryRegionOperands(op).hasValue();
}

bool isF32Tensor(Value value, ArrayRef<int64_t> shape) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.getElementType().isF32() && type.getShape() == shape;
}

class RegionFinder {
public:
  RegionFinder(Block &body, function_ref<bool(Operation *)> mustBeMarked)
      : body(body), mustBeMarked(mustBeMarked) {}

  /// The largest region ending in `root`, if there is one of two ops or
  /// more.
  std::optional<UnaryRegionOfGraph> find(Operation *root);

  DenseSet<Operation *> claimed;

private:
  /// The ops of the region from `root` back to `input`, or nothing if it
  /// reads another value from outside or is not one.
  std::optional<SmallVector<Operation *>>
  collect(Operation *root, Value input,
          const llvm::SetVector<Operation *> &cone);

  Block &body;
  function_ref<bool(Operation *)> mustBeMarked;
};

std::optional<UnaryRegionOfGraph> RegionFinder::find(Operation *root) {
  if (root->getNumResults() != 1)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(root->getResult(0).getType());
  if (!type || !type.getElementType().isF32() ||
      !getUnaryRegionOperands(root).hasValue())
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  // Every op of the shape that the root reaches through ops a table
  // evaluates, up to the size the lowering searches.
  llvm::SetVector<Operation *> cone;
  llvm::SetVector<Value> candidates;
  cone.insert(root);
  for (size_t next = 0; next < cone.size(); ++next) {
    Operation *op = cone[next];
    // Held by name: a range-for over a dereferenced temporary dangles.
    WhyNotOr<SmallVector<unsigned>> operands = getUnaryRegionOperands(op);
    for (unsigned index : *operands) {
      Value operand = op->getOperand(index);
      if (getUnaryRegionConstant(operand))
        continue;
      candidates.insert(operand);
      Operation *producer = operand.getDefiningOp();
      if (producer && producer->getBlock() == &body &&
          !claimed.contains(producer) && mayJoin(producer, shape) &&
          cone.size() < kMaxUnaryRegionOps)
        cone.insert(producer);
    }
  }
  if (cone.size() < 2)
    return std::nullopt;
  std::optional<UnaryRegionOfGraph> best;
  for (Value input : candidates) {
    if (!isF32Tensor(input, shape))
      continue;
    Operation *producer = input.getDefiningOp();
    if (producer && producer->hasTrait<OpTrait::ConstantLike>())
      continue;
    std::optional<SmallVector<Operation *>> ops = collect(root, input, cone);
    if (!ops || ops->size() < 2 || (best && best->ops.size() >= ops->size()))
      continue;
    // An arithmetic result whose only user is a clamp is quantized after
    // the clamp (conv + ReLU), on a grid without the values the clamp
    // drops: a better input for the table than the one before the clamp.
    if (producer && input.hasOneUse() &&
        isa<tosa::ClampOp>(*input.getUsers().begin()) &&
        getQuantBehaviour(producer) == QuantBehaviour::Independent)
      continue;
    best = UnaryRegionOfGraph{root, input, std::move(*ops)};
  }
  return best;
}

std::optional<SmallVector<Operation *>>
RegionFinder::collect(Operation *root, Value input,
                      const llvm::SetVector<Operation *> &cone) {
  DenseSet<Operation *> inside;
  SmallVector<Operation *> worklist{root};
  inside.insert(root);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    WhyNotOr<SmallVector<unsigned>> operands = getUnaryRegionOperands(op);
    for (unsigned index : *operands) {
      Value operand = op->getOperand(index);
      if (operand == input || getUnaryRegionConstant(operand))
        continue;
      Operation *producer = operand.getDefiningOp();
      if (!producer || !cone.contains(producer))
        return std::nullopt; // a second value from outside
      if (inside.insert(producer).second)
        worklist.push_back(producer);
    }
  }
  SmallVector<Operation *> ops;
  for (Operation *op : cone) {
    if (!inside.contains(op))
      continue;
    if (op != root) {
      // Inside values get no quantize: nothing outside may read them, and
      // an override must be able to mark the op.
      if (mustBeMarked(op) ||
          llvm::any_of(op->getUsers(),
                       [&](Operation *user) { return !inside.contains(user); }))
        return std::nullopt;
    }
    ops.push_back(op);
  }
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

} // namespace

SmallVector<UnaryRegionOfGraph>
annotation::findUnaryRegions(Block &body,
                             function_ref<bool(Operation *)> mustBeMarked) {
  RegionFinder finder(body, mustBeMarked);
  SmallVector<UnaryRegionOfGraph> regions;
  // From the last op back, so that a region is found from the op it ends
  // in, not from one inside it.
  for (Operation &op : llvm::reverse(body)) {
    if (finder.claimed.contains(&op))
      continue;
    std::optional<UnaryRegionOfGraph> region = finder.find(&op);
    if (!region)
      continue;
    for (Operation *inside : region->ops)
      finder.claimed.insert(inside);
    regions.push_back(std::move(*region));
  }
  std::reverse(regions.begin(), regions.end());
  return regions;
}

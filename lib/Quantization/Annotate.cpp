//===- Annotate.cpp - qtosa-annotate: mark a float graph by op semantics --===//
//
// Sharing groups come from QuantBehaviourOpInterface, never from op names:
// a data-movement or order-preserving op puts its result in the group of
// its value operands (a concat joins all of them), arithmetic starts a new
// group. Markers go only where a group's values are produced by arithmetic,
// by a graph input or by a constant, so no data-movement op ever gets an
// observer of its own. Elementwise ops computing a function of one input
// (an activation written as several ops) are marked as one op: their input
// and their last result, nothing between, so that the lowering makes them
// one table.
//
//===----------------------------------------------------------------------===//

#include "AnnotateConstants.h"
#include "AnnotateRegions.h"
#include "PlaneMeans.h"

#include "qtosa/Quantization/Passes.h"
#include "qtosa/Quantization/QuantConfig.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_ANNOTATEPASS
#include "qtosa/Quantization/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::annotation;

namespace {

bool isFloatTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<FloatType>(tensor.getElementType());
}

bool touchesFloatTensors(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isFloatTensor) ||
         llvm::any_of(op->getResultTypes(), isFloatTensor);
}

/// Whether `loc` carries `pattern` as a name (a trailing '*' matches a
/// prefix).
bool locationMatches(Location loc, StringRef pattern) {
  bool matched = false;
  loc->walk([&](Location inner) {
    if (auto name = dyn_cast<NameLoc>(inner)) {
      StringRef text = name.getName().strref();
      if (pattern.ends_with("*") ? text.starts_with(pattern.drop_back())
                                 : text == pattern)
        matched = true;
    }
    return matched ? WalkResult::interrupt() : WalkResult::advance();
  });
  return matched;
}

class Annotator {
public:
  Annotator(func::FuncOp function, const QuantConfig &config,
            SharingMode sharing, std::vector<bool> &overrideUsed)
      : function(function), config(config), sharing(sharing),
        overrideUsed(overrideUsed) {}

  LogicalResult run();

private:
  // Union-find over sharing groups; a node may carry an explicit spec (from
  // an override, an input or an output), which must agree within a group.
  int newNode(std::optional<TensorSpec> spec = std::nullopt) {
    parent.push_back(parent.size());
    explicitSpec.push_back(spec);
    return parent.size() - 1;
  }
  int find(int node) {
    while (parent[node] != node)
      node = parent[node] = parent[parent[node]];
    return node;
  }
  LogicalResult setSpec(int node, const TensorSpec &spec, Operation *where,
                        Location loc) {
    int rep = find(node);
    if (explicitSpec[rep] && *explicitSpec[rep] != spec)
      return emitError(loc)
             << "conflicting quantization specs for one sharing group"
             << (where ? " at '" + where->getName().getStringRef().str() + "'"
                       : std::string())
             << ": data movement shares one spec between its operands and "
                "its result";
    explicitSpec[rep] = spec;
    return success();
  }
  LogicalResult unite(int a, int b, Operation *op) {
    a = find(a);
    b = find(b);
    if (a == b)
      return success();
    parent[b] = a;
    if (explicitSpec[b])
      return setSpec(a, *explicitSpec[b], op, op->getLoc());
    return success();
  }

  /// The first override matching `op`, without marking it used.
  const SpecOverride *peekOverride(Operation *op) const {
    for (const SpecOverride &override : config.overrides)
      if (!override.opKind.empty()
              ? op->getName().getStringRef() == override.opKind
              : locationMatches(op->getLoc(), override.name))
        return &override;
    return nullptr;
  }

  /// Whether `value` is quantized to 8 bits as far as the config says of
  /// it before the walk: its override, its graph input or output spec, the
  /// activation spec (a sharing group joined later may still change it).
  bool isEightBitBeforeWalk(Value value) const;

  /// The override matching `op`, marking it used.
  const SpecOverride *findOverride(Operation *op) {
    const SpecOverride *found = nullptr;
    for (auto [index, override] : llvm::enumerate(config.overrides)) {
      bool matches = !override.opKind.empty()
                         ? op->getName().getStringRef() == override.opKind
                         : locationMatches(op->getLoc(), override.name);
      if (!matches)
        continue;
      overrideUsed[index] = true;
      if (!found)
        found = &override;
    }
    return found;
  }

  LogicalResult visitConstant(Operation *op);
  LogicalResult visitOp(Operation *op);
  LogicalResult visitReturn(Operation *op);
  LogicalResult emitMarkers();

  func::FuncOp function;
  const QuantConfig &config;
  SharingMode sharing;
  std::vector<bool> &overrideUsed;

  SmallVector<int> parent;
  SmallVector<std::optional<TensorSpec>> explicitSpec;
  /// Float values in a sharing group.
  DenseMap<Value, int> nodeOf;
  /// Arithmetic results marked after their only user, a clamp.
  DenseSet<Value> fusedIntoClamp;
  /// Values whose marker starts (or joins) an activation group, in program
  /// order.
  SmallVector<Value> activationRoots;
  /// Constant weights with the op they feed.
  SmallVector<std::pair<Value, Operation *>> weights;
  /// Constant biases with the one convolution each feeds.
  SmallVector<std::pair<Value, Operation *>> biases;
  /// Constants whose every bias use now reads a copy and that nothing else
  /// reads: erased once the walk is over.
  SmallVector<Operation *> copiedConstants;
  /// Result positions the config keeps in float.
  DenseSet<unsigned> floatOutputs;
  /// Data movement whose only reader is such a result, and so on up the
  /// chain: kept in float and reading unquantized values, so that the
  /// result is the float value itself (a transpose back to NCHW before the
  /// return, which ExecuTorch writes, was quantized with its input).
  DenseSet<Operation *> floatMovement;
  /// The ops of unary regions (AnnotateRegions.h), and their last ops.
  DenseSet<Operation *> regionOps;
  DenseSet<Operation *> regionRoots;
};

LogicalResult Annotator::visitConstant(Operation *op) {
  Value value = op->getResult(0);
  if (!isFloatTensor(value.getType()))
    return success();
  auto readsValue = [](OpOperand &use) { return !isZeroPointUse(use); };
  auto valueUses = [&] {
    return llvm::make_filter_range(value.getUses(), readsValue);
  };
  if (valueUses().empty())
    return success();
  // A region reads its splat constants as numbers (the table evaluates
  // them), never through a quantize.
  if (llvm::all_of(valueUses(), [&](OpOperand &use) {
        return regionOps.contains(use.getOwner());
      }))
    return success();
  // A bias is derived from its own convolution's input and weight scales,
  // so a constant that biases several convolutions, or that is read as
  // anything else too, is copied once per convolution it biases. The copies
  // come right after it and are visited next, each the bias of one
  // convolution.
  SmallVector<OpOperand *> biasUses;
  for (OpOperand &use : valueUses())
    if (isBiasUse(use))
      biasUses.push_back(&use);
  // Copies in program order of their convolutions (a use list is not).
  llvm::sort(biasUses, [](OpOperand *a, OpOperand *b) {
    return a->getOwner()->isBeforeInBlock(b->getOwner());
  });
  if (biasUses.size() == 1 && llvm::hasSingleElement(valueUses())) {
    biases.push_back({value, biasUses.front()->getOwner()});
    return success();
  }
  if (!biasUses.empty()) {
    OpBuilder builder(op);
    builder.setInsertionPointAfter(op);
    for (OpOperand *use : biasUses)
      use->set(builder.clone(*op)->getResult(0));
    if (valueUses().empty()) {
      copiedConstants.push_back(op);
      return success();
    }
  }
  if (llvm::all_of(valueUses(), [](OpOperand &use) {
        return use.getOperandNumber() == 1 &&
               getWeightChannelAxis(use.getOwner()).has_value();
      })) {
    weights.push_back({value, nullptr});
    return success();
  }
  // Any other constant (an addend, a pad value, a scale factor) is a value
  // like an activation: its range is observed.
  nodeOf[value] = newNode();
  activationRoots.push_back(value);
  return success();
}

LogicalResult Annotator::visitOp(Operation *op) {
  if (op->getNumRegions() != 0)
    return op->emitError("qtosa-annotate does not annotate ops with regions "
                         "('")
           << op->getName() << "'); inline or outline them first";
  if (isa<AnnotateOp, QuantizeOp, DequantizeOp>(op))
    return op->emitError("the graph is already annotated or quantized: '")
           << op->getName() << "'; qtosa-annotate takes a float graph";
  if (op->hasTrait<OpTrait::ConstantLike>())
    return visitConstant(op);
  // A unary region's values are quantized once, after its last op, which
  // starts a group as arithmetic does whatever its own behaviour (the
  // select of an ELU, the clamp ending a hard-sigmoid).
  if (regionRoots.contains(op)) {
    const SpecOverride *override = findOverride(op);
    if (override && !override->spec)
      return success(); // kept in float
    int node = newNode();
    nodeOf[op->getResult(0)] = node;
    activationRoots.push_back(op->getResult(0));
    if (override)
      return setSpec(node, *override->spec, op, op->getLoc());
    return success();
  }
  if (regionOps.contains(op))
    return success();
  auto iface = dyn_cast<QuantBehaviourOpInterface>(op);
  if (!iface) {
    if (!touchesFloatTensors(op))
      return success();
    return op->emitError("qtosa-annotate cannot classify '")
           << op->getName()
           << "': it has no quantization behaviour "
              "(QuantBehaviourOpInterface), so it is unknown whether it "
              "moves, orders or computes values";
  }
  const SpecOverride *override = findOverride(op);
  auto applyOverride = [&](int node) -> LogicalResult {
    if (override && override->spec)
      return setSpec(node, *override->spec, op, op->getLoc());
    return success();
  };
  QuantBehaviour behaviour = iface.getQuantBehaviour();
  if (behaviour != QuantBehaviour::Independent) {
    if (op->getNumResults() == 0 || !iface.resultHoldsValues() ||
        !isFloatTensor(op->getResult(0).getType()))
      return success();
    Value result = op->getResult(0);
    if ((override && !override->spec) || floatMovement.contains(op))
      return success(); // kept in float
    SmallVector<unsigned> valueOperands = iface.getValueOperands();
    // A clamp after arithmetic whose only user it is: the activation fused
    // into the op, marked after the clamp as quantizers fuse conv + ReLU.
    if (isa<tosa::ClampOp>(op) && fusedIntoClamp.contains(op->getOperand(0))) {
      int node = newNode();
      nodeOf[result] = node;
      activationRoots.push_back(result);
      return applyOverride(node);
    }
    std::optional<int> group;
    for (unsigned index : valueOperands) {
      Value operand = op->getOperand(index);
      if (!isFloatTensor(operand.getType()))
        continue;
      auto it = nodeOf.find(operand);
      if (it == nodeOf.end())
        return success(); // a float operand: the op stays in float
      if (!group)
        group = it->second;
      else if (sharing == SharingMode::OpSemantics &&
               failed(unite(*group, it->second, op)))
        return failure();
    }
    if (!group)
      return success();
    if (sharing == SharingMode::None) {
      // The baseline: the result observed on its own, its operands keeping
      // their own groups.
      int node = newNode();
      nodeOf[result] = node;
      activationRoots.push_back(result);
      return applyOverride(node);
    }
    nodeOf[result] = *group;
    return applyOverride(*group);
  }
  // An average lies within the range of what it averages: quantized at its
  // input's parameters, as TFLite and ExecuTorch quantize AVG_POOL2D, the
  // integer pool needs no rescale (an override gives it parameters of its
  // own).
  if (auto pool = dyn_cast<tosa::AvgPool2dOp>(op);
      pool && !override && sharing == SharingMode::OpSemantics) {
    auto input = nodeOf.find(pool.getInput());
    if (input != nodeOf.end()) {
      nodeOf[pool.getResult()] = input->second;
      activationRoots.push_back(pool.getResult());
      return success();
    }
  }
  for (Value result : op->getResults()) {
    if (!isFloatTensor(result.getType()))
      continue;
    if (override && !override->spec)
      continue; // kept in float
    if (result.hasOneUse() && !override) {
      Operation *user = *result.getUsers().begin();
      if (isa<tosa::ClampOp>(user) && !regionOps.contains(user)) {
        fusedIntoClamp.insert(result);
        continue;
      }
    }
    int node = newNode();
    nodeOf[result] = node;
    activationRoots.push_back(result);
    if (failed(applyOverride(node)))
      return failure();
  }
  return success();
}

LogicalResult Annotator::visitReturn(Operation *op) {
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    if (!isFloatTensor(operand.getType()) || index >= config.outputs.size())
      continue;
    const SpecOrFloat &spec = config.outputs[index];
    if (!spec) {
      floatOutputs.insert(index);
      continue;
    }
    auto it = nodeOf.find(operand);
    if (it != nodeOf.end() &&
        failed(setSpec(it->second, *spec, nullptr, op->getLoc())))
      return failure();
  }
  return success();
}

bool Annotator::isEightBitBeforeWalk(Value value) const {
  auto isEightBit = [](const SpecOrFloat &spec) {
    return spec && spec->width == 8;
  };
  for (OpOperand &use : value.getUses())
    if (use.getOwner()->hasTrait<OpTrait::ReturnLike>() &&
        use.getOperandNumber() < config.outputs.size() &&
        !isEightBit(config.outputs[use.getOperandNumber()]))
      return false;
  // Data movement shares its operand's spec: follow it to where the value
  // is made.
  while (Operation *producer = value.getDefiningOp()) {
    if (const SpecOverride *override = peekOverride(producer))
      return isEightBit(override->spec);
    auto iface = dyn_cast<QuantBehaviourOpInterface>(producer);
    if (!iface || iface.getQuantBehaviour() == QuantBehaviour::Independent)
      return config.activation.width == 8;
    SmallVector<unsigned> operands = iface.getValueOperands();
    if (operands.empty())
      return config.activation.width == 8;
    value = producer->getOperand(operands.front());
  }
  unsigned index = cast<BlockArgument>(value).getArgNumber();
  if (index < config.inputs.size())
    return isEightBit(config.inputs[index]);
  return config.activation.width == 8;
}

LogicalResult Annotator::run() {
  foldConstantWeightChains(function);
  Block &body = function.getBody().front();
  // Only where the region's input and output are 8-bit, as far as the
  // config says before the walk: a 256-entry table is exact, while a
  // 513-entry 16-bit one interpolates, and where the function saturates the
  // output range it can miss by more than a step and stay float (GELU on a
  // symmetric int16 path: 2.1 steps at the top), where the ops lowered
  // one by one would not.
  if (config.unaryRegions) {
    for (const UnaryRegionOfGraph &region :
         findUnaryRegions(body, [&](Operation *op) {
           return peekOverride(op) != nullptr;
         })) {
      if (!isEightBitBeforeWalk(region.input) ||
          !isEightBitBeforeWalk(region.root->getResult(0)))
        continue;
      regionRoots.insert(region.root);
      regionOps.insert(region.ops.begin(), region.ops.end());
    }
  }
  // A result the config keeps in float is the float value: the data
  // movement that only leads to it stays in float too.
  for (auto [index, operand] :
       llvm::enumerate(body.getTerminator()->getOperands())) {
    if (index >= config.outputs.size() || config.outputs[index])
      continue;
    Value value = operand;
    while (Operation *producer = value.getDefiningOp()) {
      auto iface = dyn_cast<QuantBehaviourOpInterface>(producer);
      if (!iface || iface.getQuantBehaviour() == QuantBehaviour::Independent ||
          !value.hasOneUse() || regionOps.contains(producer) ||
          peekOverride(producer))
        break;
      SmallVector<unsigned> operands = iface.getValueOperands();
      if (operands.size() != 1)
        break;
      floatMovement.insert(producer);
      value = producer->getOperand(operands.front());
    }
  }
  for (BlockArgument argument : body.getArguments()) {
    if (!isFloatTensor(argument.getType()))
      continue;
    unsigned index = argument.getArgNumber();
    std::optional<TensorSpec> spec;
    if (index < config.inputs.size()) {
      if (!config.inputs[index])
        continue; // kept in float
      spec = config.inputs[index];
    }
    nodeOf[argument] = newNode(spec);
    activationRoots.push_back(argument);
  }
  for (Operation &op : body) {
    if (op.hasTrait<OpTrait::ReturnLike>()) {
      if (failed(visitReturn(&op)))
        return failure();
      continue;
    }
    if (failed(visitOp(&op)))
      return failure();
  }
  for (Operation *constant : copiedConstants)
    if (constant->use_empty())
      constant->erase();
  return emitMarkers();
}

/// Whether a marker of `value` takes over `use`: every use but zero-point
/// operands, kept-float returns and a unary region's constants.
bool readsMarker(OpOperand &use, const DenseSet<unsigned> &floatOutputs,
                 const DenseSet<Operation *> &regionOps,
                 const DenseSet<Operation *> &floatMovement) {
  Operation *user = use.getOwner();
  if (isZeroPointUse(use) || floatMovement.contains(user))
    return false;
  if (regionOps.contains(user) && use.get().getDefiningOp() &&
      use.get().getDefiningOp()->hasTrait<OpTrait::ConstantLike>())
    return false;
  return !(user->hasTrait<OpTrait::ReturnLike>() &&
           floatOutputs.contains(use.getOperandNumber()));
}

/// Makes every use of `value` that readsMarker() read `marker` instead.
void replaceUsesWithMarker(Value value, AnnotateOp marker,
                           const DenseSet<unsigned> &floatOutputs,
                           const DenseSet<Operation *> &regionOps,
                           const DenseSet<Operation *> &floatMovement) {
  value.replaceUsesWithIf(marker.getResult(), [&](OpOperand &use) {
    return use.getOwner() != marker &&
           readsMarker(use, floatOutputs, regionOps, floatMovement);
  });
}

LogicalResult Annotator::emitMarkers() {
  OpBuilder builder(function.getContext());
  auto setInsertionAfter = [&](Value value) {
    if (Operation *def = value.getDefiningOp())
      builder.setInsertionPointAfter(def);
    else
      builder.setInsertionPointToStart(value.getParentBlock());
  };
  auto makeMarker = [&](Value value, const TensorSpec &spec, int64_t group,
                        std::optional<unsigned> axis) {
    setInsertionAfter(value);
    auto marker = AnnotateOp::create(
        builder, value.getLoc(), value.getType(), value,
        TypeAttr::get(builder.getIntegerType(spec.width)),
        builder.getI64IntegerAttr(spec.storageMin),
        builder.getI64IntegerAttr(spec.storageMax),
        spec.symmetric ? builder.getUnitAttr() : nullptr,
        axis ? builder.getI32IntegerAttr(*axis) : nullptr,
        spec.scale ? builder.getDenseF64ArrayAttr({*spec.scale}) : nullptr,
        spec.scale ? builder.getDenseI64ArrayAttr({spec.zeroPoint.value_or(0)})
                   : nullptr,
        nullptr, builder.getI64IntegerAttr(group),
        config.percentile && !spec.scale
            ? builder.getF64FloatAttr(*config.percentile)
            : nullptr,
        config.leastError && !spec.scale ? builder.getUnitAttr() : nullptr);
    return marker;
  };

  // Activation groups are numbered in program order of their first marker.
  llvm::MapVector<int, int64_t> groupIds;
  auto groupIdOf = [&](int node) {
    int rep = find(node);
    auto [it, inserted] = groupIds.insert({rep, (int64_t)groupIds.size()});
    return it->second;
  };
  for (Value value : activationRoots) {
    // A value only a kept-float output reads needs no marker: its quantize
    // would have no user.
    if (llvm::none_of(value.getUses(), [&](OpOperand &use) {
          return readsMarker(use, floatOutputs, regionOps, floatMovement);
        }))
      continue;
    int rep = find(nodeOf[value]);
    int64_t group = groupIdOf(rep);
    TensorSpec spec = explicitSpec[rep].value_or(config.activation);
    AnnotateOp marker = makeMarker(value, spec, group, std::nullopt);
    replaceUsesWithMarker(value, marker, floatOutputs, regionOps,
                          floatMovement);
  }
  int64_t nextGroup = groupIds.size();

  // The storage width of a contraction's input (operand 0), now that the
  // activation markers are in place.
  auto inputWidthOf = [&](Operation *op) -> std::optional<unsigned> {
    Value input = op->getOperand(0);
    if (auto marker = input.getDefiningOp<AnnotateOp>())
      return cast<IntegerType>(marker.getStorageType()).getWidth();
    auto it = nodeOf.find(input);
    if (it == nodeOf.end())
      return std::nullopt;
    return explicitSpec[find(it->second)].value_or(config.activation).width;
  };

  DenseMap<Value, std::pair<int64_t, WeightParams>> weightGroups;
  for (auto [value, unused] : weights) {
    auto constant = value.getDefiningOp();
    DenseFPElementsAttr values;
    if (!matchPattern(constant, m_Constant(&values)))
      continue;
    // Every user takes it in the same position; they agree on the axis
    // (the per-channel dimension of each kind above).
    Operation *user = *value.getUsers().begin();
    unsigned axis = *getWeightChannelAxis(user);
    // TOSA 1.0 multiplies matrices of equal widths (i16 x i16 into i48),
    // where a convolution takes 8-bit weights under a 16-bit input: the
    // right-hand side of a matmul on an int16 path is int16.
    TensorSpec spec = config.weight;
    if (spec.width != 16 &&
        llvm::any_of(value.getUsers(), [&](Operation *user) {
          return isa<tosa::MatMulOp>(user) && inputWidthOf(user) == 16u;
        })) {
      spec.width = 16;
      spec.storageMin = -32767;
      spec.storageMax = 32767;
    }
    WeightParams params = computeWeightParams(values, axis, spec);
    int64_t group = nextGroup++;
    setInsertionAfter(value);
    auto marker = AnnotateOp::create(
        builder, value.getLoc(), value.getType(), value,
        TypeAttr::get(builder.getIntegerType(spec.width)),
        builder.getI64IntegerAttr(spec.storageMin),
        builder.getI64IntegerAttr(spec.storageMax), builder.getUnitAttr(),
        params.axis ? builder.getI32IntegerAttr(*params.axis) : nullptr,
        builder.getDenseF64ArrayAttr(params.scales),
        builder.getDenseI64ArrayAttr(
            SmallVector<int64_t>(params.scales.size(), 0)),
        nullptr, builder.getI64IntegerAttr(group), nullptr);
    replaceUsesWithMarker(value, marker, floatOutputs, regionOps,
                          floatMovement);
    weightGroups[marker.getResult()] = {group, params};
  }

  for (auto [value, conv] : biases) {
    // Derived from the convolution's input group and weight group (each
    // bias constant feeds one convolution, see visitConstant); a bias
    // whose input stays float (or whose weight is not a marked constant)
    // stays a float constant, which the integer lowering also takes.
    auto input = nodeOf.find(conv->getOperand(0));
    auto weight = weightGroups.find(conv->getOperand(1));
    auto inputMarker = conv->getOperand(0).getDefiningOp<AnnotateOp>();
    if (weight == weightGroups.end() || (input == nodeOf.end() && !inputMarker))
      continue;
    int64_t inputGroup = inputMarker
                             ? (int64_t)inputMarker.getGroupAttr().getInt()
                             : groupIdOf(input->second);
    // The bias is added to the accumulator: i48 under a 16-bit input.
    unsigned biasWidth = getBiasWidth(inputWidthOf(conv).value_or(8));
    const WeightParams &params = weight->second.second;
    setInsertionAfter(value);
    auto marker = AnnotateOp::create(
        builder, value.getLoc(), value.getType(), value,
        TypeAttr::get(builder.getIntegerType(biasWidth)),
        builder.getI64IntegerAttr(-(int64_t(1) << (biasWidth - 1))),
        builder.getI64IntegerAttr((int64_t(1) << (biasWidth - 1)) - 1),
        builder.getUnitAttr(),
        params.axis ? builder.getI32IntegerAttr(0) : nullptr, nullptr, nullptr,
        builder.getDenseI64ArrayAttr({inputGroup, weight->second.first}),
        builder.getI64IntegerAttr(nextGroup++), nullptr);
    replaceUsesWithMarker(value, marker, floatOutputs, regionOps,
                          floatMovement);
  }
  return success();
}

/// Moves every tosa.clamp above the transposes and reshapes that only it
/// reads. ExecuTorch's TOSA backend writes a convolution in NHWC between
/// transposes, so a ReLU after it meets a transpose, not the convolution
/// (conv, transpose, clamp), and the convolution's output would be observed
/// with the negative values the ReLU drops. A clamp commutes with data
/// movement; moved next to the convolution, it is fused into it as
/// quantizers fuse conv + ReLU (the convolution's output range is the
/// ReLU's).
void hoistClampsAboveDataMovement(func::FuncOp function) {
  SmallVector<tosa::ClampOp> clamps;
  function.walk([&](tosa::ClampOp clamp) { clamps.push_back(clamp); });
  for (tosa::ClampOp clamp : clamps) {
    Operation *current = clamp;
    while (Operation *movement = current->getOperand(0).getDefiningOp()) {
      if (!isa<tosa::TransposeOp, tosa::ReshapeOp>(movement) ||
          !movement->hasOneUse() ||
          !isFloatTensor(movement->getOperand(0).getType()))
        break;
      OpBuilder builder(movement);
      Value source = movement->getOperand(0);
      Operation *hoisted = tosa::ClampOp::create(
          builder, current->getLoc(), TypeRange{source.getType()},
          ValueRange{source}, current->getAttrs());
      movement->setOperand(0, hoisted->getResult(0));
      current->replaceAllUsesWith(movement->getResults());
      current->erase();
      current = hoisted;
    }
  }
}

/// The infinity (or NaN) a splat float constant holds, if it holds one.
std::optional<APFloat> nonFiniteSplat(Value value) {
  DenseElementsAttr values;
  if (!matchPattern(value, m_Constant(&values)) || !values.isSplat() ||
      !isa<FloatType>(values.getElementType()))
    return std::nullopt;
  APFloat splat = values.getSplatValue<APFloat>();
  if (splat.isFinite())
    return std::nullopt;
  return splat;
}

/// Replaces `op`'s result by a splat constant of `truth` and erases `op`;
/// returns the splat.
Value replaceByBoolSplat(Operation *op, bool truth) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  OpBuilder builder(op);
  Value splat = tosa::ConstOp::create(
      builder, op->getLoc(), type,
      DenseElementsAttr::get(type, builder.getBoolAttr(truth)));
  op->getResult(0).replaceAllUsesWith(splat);
  op->erase();
  return splat;
}

/// Folds what a splat boolean `value` decides downstream: its negations,
/// its reductions (of one value: the value), and the selects it is the
/// condition of, which become the value they pick.
void foldBooleanUsers(Value value, bool answer) {
  SmallVector<std::pair<Value, bool>> worklist = {{value, answer}};
  while (!worklist.empty()) {
    auto [splat, truth] = worklist.pop_back_val();
    for (Operation *user : llvm::make_early_inc_range(splat.getUsers())) {
      std::optional<bool> result;
      if (isa<tosa::LogicalNotOp>(user))
        result = !truth;
      else if (isa<tosa::ReduceAnyOp, tosa::ReduceAllOp>(user))
        result = truth;
      if (result) {
        worklist.push_back({replaceByBoolSplat(user, *result), *result});
      } else if (auto select = dyn_cast<tosa::SelectOp>(user);
                 select && select.getInput1() == splat &&
                 select.getType() ==
                     (truth ? select.getInput2() : select.getInput3())
                         .getType()) {
        select.getResult().replaceAllUsesWith(truth ? select.getInput2()
                                                    : select.getInput3());
        select.erase();
      }
    }
    if (Operation *defining = splat.getDefiningOp();
        defining && defining->use_empty())
      defining->erase();
  }
}

/// Replaces each comparison of a tensor with an infinite (or NaN) splat
/// constant by its answer for finite values, and erases the constant when
/// nothing else reads it. A quantized tensor holds no infinity, so that is
/// the answer of the quantized program; and a range with an infinity has no
/// scale. PyTorch's safe softmax (torch.nn.functional.scaled_dot_product_
/// attention, as ExecuTorch writes it) asks whether each score equals
/// -inf, to give rows masked whole zeros instead of NaN.
void foldComparisonsWithInfinity(func::FuncOp function) {
  SmallVector<Operation *> comparisons;
  function.walk([&](Operation *op) {
    if (isa<tosa::EqualOp, tosa::GreaterOp, tosa::GreaterEqualOp>(op))
      comparisons.push_back(op);
  });
  for (Operation *op : comparisons) {
    std::optional<APFloat> lhs = nonFiniteSplat(op->getOperand(0));
    std::optional<APFloat> rhs = nonFiniteSplat(op->getOperand(1));
    if (lhs.has_value() == rhs.has_value())
      continue;
    // x > -inf, x >= -inf, +inf > x, +inf >= x hold for every finite x;
    // equality and the other orders never do, nor does any comparison
    // with NaN.
    bool answer = false;
    const APFloat &bound = lhs ? *lhs : *rhs;
    if (!bound.isNaN() && !isa<tosa::EqualOp>(op))
      answer = lhs ? !bound.isNegative() : bound.isNegative();
    Value constant = op->getOperand(lhs ? 0 : 1);
    Value folded = replaceByBoolSplat(op, answer);
    if (Operation *defining = constant.getDefiningOp();
        defining && defining->use_empty())
      defining->erase();
    foldBooleanUsers(folded, answer);
  }
}

struct AnnotatePass : public qtosa::impl::AnnotatePassBase<AnnotatePass> {
  using AnnotatePassBase::AnnotatePassBase;
  AnnotatePass(const AnnotatePassOptions &options,
               std::shared_ptr<const QuantConfig> givenConfig)
      : AnnotatePassBase(options), givenConfig(std::move(givenConfig)) {}

  /// The config to use instead of reading `config`, when set.
  std::shared_ptr<const QuantConfig> givenConfig;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    QuantConfig quantConfig;
    if (givenConfig) {
      quantConfig = *givenConfig;
    } else if (!config.empty()) {
      llvm::Expected<QuantConfig> parsed = readQuantConfig(config);
      if (!parsed) {
        emitError(module.getLoc()) << llvm::toString(parsed.takeError());
        return signalPassFailure();
      }
      quantConfig = std::move(*parsed);
    }
    std::vector<bool> overrideUsed(quantConfig.overrides.size(), false);
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      if (!function.getBody().hasOneBlock()) {
        // At its location: on the op, the whole function would be printed.
        emitError(function.getLoc())
            << "qtosa-annotate takes a function with one block; '"
            << function.getName() << "' has "
            << function.getBody().getBlocks().size();
        return signalPassFailure();
      }
      // A spec past the last argument or result names nothing: almost
      // always a config written for another model.
      for (auto [key, count, specs] :
           {std::tuple<StringRef, size_t, size_t>("inputs",
                                                  function.getNumArguments(),
                                                  quantConfig.inputs.size()),
            {"outputs", function.getNumResults(), quantConfig.outputs.size()}})
        if (specs > count) {
          emitError(function.getLoc())
              << quantConfig.file << ": $." << key << ": " << specs
              << " specs, but '" << function.getName() << "' has " << count
              << (key == "inputs" ? " argument(s)" : " result(s)");
          return signalPassFailure();
        }
      hoistClampsAboveDataMovement(function);
      foldComparisonsWithInfinity(function);
      rewritePlaneMeansAsAveragePools(function);
      Annotator annotator(function, quantConfig, sharing, overrideUsed);
      if (failed(annotator.run()))
        return signalPassFailure();
    }
    // An override that matches nothing is almost always a misspelt name.
    for (auto [index, used] : llvm::enumerate(overrideUsed)) {
      if (used)
        continue;
      const SpecOverride &override = quantConfig.overrides[index];
      emitError(module.getLoc())
          << quantConfig.file << ": " << override.path << ": the override of "
          << (override.opKind.empty() ? "name '" + override.name + "'"
                                      : "op '" + override.opKind + "'")
          << " matches no op";
      return signalPassFailure();
    }
  }
};

} // namespace

std::unique_ptr<Pass>
mlir::qtosa::createAnnotatePass(const AnnotatePassOptions &options,
                                std::shared_ptr<const QuantConfig> config) {
  return std::make_unique<AnnotatePass>(options, std::move(config));
}

//===- EthosUPartition.cpp - Ethos-U delegates ----------------------------===//
//
// Partitioning is one forward sweep per block. An NPU op's level is the
// largest number of host-op runs on any path into it; a host op carries the
// level of the last NPU run before it. Levels never decrease along an edge
// and rise after every host run, so the NPU ops of one level form a convex
// region, and the number of levels is the least number of regions any
// partition can have (the path that sets the largest level crosses that many
// host runs). Sorting the ops stably by (level, NPU before host) is a
// topological order of regions and host ops, so each region becomes one
// qtosa.delegate placed after everything it reads.
//
//===----------------------------------------------------------------------===//

#include "PartitionReport.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Transforms/Passes.h"
#include "qtosa/Utils/OutputFile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_ETHOSUPARTITIONPASS
#include "qtosa/Target/EthosU/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Where an op runs. GraphIO and Partitioned ops run on the host but are not
/// host ops of the report: graph-input quantize and graph-output dequantize,
/// and delegates an earlier partition made.
enum class Placement { Constant, Npu, Host, GraphIO, Partitioned };

bool isGraphInputQuantize(Operation *op) {
  auto quantize = dyn_cast<QuantizeOp>(op);
  return quantize && isa<BlockArgument>(quantize.getInput()) &&
         isa<FunctionOpInterface>(cast<BlockArgument>(quantize.getInput())
                                      .getOwner()
                                      ->getParentOp());
}

bool isGraphOutputDequantize(Operation *op) {
  auto dequantize = dyn_cast<DequantizeOp>(op);
  if (!dequantize || dequantize->use_empty())
    return false;
  return llvm::all_of(dequantize->getUsers(), [](Operation *user) {
    return user->hasTrait<OpTrait::ReturnLike>() &&
           isa<FunctionOpInterface>(user->getParentOp());
  });
}

std::string opName(Operation *op) { return op->getName().getStringRef().str(); }

/// The first qtosa.quantize reading `op`'s results, if any.
QuantizeOp quantizeUserOf(Operation *op) {
  for (Operation *user : op->getUsers())
    if (auto quantize = dyn_cast<QuantizeOp>(user))
      return quantize;
  return {};
}

/// Where `value` comes from, for a reason: "graph input #N" for an argument
/// of the function (of its entry block), "an argument" for one of another
/// block, else the quoted name of the op that makes it.
std::string sourceName(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) &&
        arg.getOwner()->isEntryBlock())
      return llvm::formatv("graph input #{0}", arg.getArgNumber()).str();
    return "an argument";
  }
  return "'" + opName(value.getDefiningOp()) + "'";
}

/// The first operand of `op` with a float element type, if any.
Value firstFloatOperand(Operation *op) {
  for (Value operand : op->getOperands())
    if (isa<FloatType>(getElementTypeOrSelf(operand.getType())))
      return operand;
  return {};
}

bool readsDequantize(Operation *op) {
  return llvm::any_of(op->getOperands(), [](Value operand) {
    return operand.getDefiningOp<DequantizeOp>();
  });
}

/// True when `function` computes on float tensors only: some op reads or
/// makes a float tensor, and no op or argument has an integer one.
bool holdsOnlyFloatTensors(FunctionOpInterface function) {
  bool sawFloat = false;
  auto isIntegerTensor = [&](Type type) {
    auto tensor = dyn_cast<TensorType>(type);
    if (!tensor)
      return false;
    sawFloat |= isa<FloatType>(tensor.getElementType());
    return isa<IntegerType>(tensor.getElementType());
  };
  if (llvm::any_of(function.getArgumentTypes(), isIntegerTensor))
    return false;
  WalkResult walk = function->walk([&](Operation *op) {
    if (llvm::any_of(op->getResultTypes(), isIntegerTensor))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted() && sawFloat;
}

/// Rewords a float violation by what left the value in float; `unquantized`
/// when the function holds no quantized or integer tensor at all.
std::string traceFloatCause(Operation *op, std::string reason,
                            bool unquantized) {
  if (auto dequantize = dyn_cast<DequantizeOp>(op)) {
    // partitionForEthosU erased the dequantizes nothing reads.
    assert(!dequantize->use_empty() && "a dead dequantize is erased first");
    Operation *user = *dequantize->getUsers().begin();
    return llvm::formatv("converts to {0} for '{1}' on the host",
                         dequantize.getOutput().getType().getElementType(),
                         opName(user))
        .str();
  }
  if (auto quantize = dyn_cast<QuantizeOp>(op)) {
    Operation *producer = quantize.getInput().getDefiningOp();
    if (!producer)
      return "quantizes a float value the host computes";
    return "quantizes the float result of '" + opName(producer) +
           "' on the host";
  }
  bool fromDequantize = readsDequantize(op);
  QuantizeOp quantize = quantizeUserOf(op);
  if (!fromDequantize && !quantize) {
    // Say where the float comes from: a graph input nothing quantizes is
    // the cause of a whole float region.
    Value floatInput = firstFloatOperand(op);
    if (!floatInput || !isa<BlockArgument>(floatInput))
      return reason + ": float tensors never run on the NPU";
    std::string head =
        llvm::formatv("{0} in float: it reads {1}, a float tensor nothing "
                      "quantizes",
                      opName(op), sourceName(floatInput))
            .str();
    // A whole model in float is the usual cause: a TFLite model converted
    // without a representative dataset.
    if (unquantized)
      head += "; the model holds no quantized tensor: quantize it first (a "
              "TFLite model: full-integer post-training quantization, with a "
              "representative_dataset; a float TOSA graph: qtosa-annotate "
              "and qtosa-calibrate)";
    return head;
  }
  std::string where = fromDequantize && quantize ? "between dequantize and "
                                                   "quantize"
                      : fromDequantize           ? "after dequantize"
                                                 : "before quantize";
  std::string head = llvm::formatv("{0} in float {1}", opName(op), where).str();
  if (!quantize) {
    if (op->use_empty())
      return head + ": its float result is unused";
    return head + ": its float result feeds '" +
           opName(*op->getUsers().begin()) + "', not a quantize";
  }
  if (!fromDequantize) {
    Value floatInput = firstFloatOperand(op);
    if (!floatInput)
      return head + ": it makes its float result from no float input";
    return head + ": its float input comes from " + sourceName(floatInput) +
           ", not a dequantize";
  }
  QuantBehaviour behaviour = getQuantBehaviour(op);
  if (behaviour != QuantBehaviour::Independent) {
    head += behaviour == QuantBehaviour::DataMovement
                ? ": a data-movement op left in float"
                : ": an order-preserving op left in float";
    WhyNot notMoved = whyNotMovedToIntegers(op);
    if (!notMoved)
      return head + "; qtosa-share-qspecs moves it onto integers, and did "
                    "not run before the partition";
    return head + "; it cannot move onto integers: " + notMoved.str().str();
  }
  // The partition does not know which rounding the lowering before it
  // used; a group only rounding=double keeps in float, where the module
  // names no rounding of its own, says so.
  WhyNot why = whyNotLowerableToTosaInt(quantize);
  if (why)
    return head +
           ": qtosa-lower-to-tosa-int keeps it in float: " + why.str().str();
  if (resolveRescaleRounding(RescaleRounding::Auto, quantize) ==
      RescaleRounding::Single) {
    WhyNot whyDouble =
        whyNotLowerableToTosaInt(quantize, RescaleRounding::Double);
    if (whyDouble)
      return head +
             ": qtosa-lower-to-tosa-int lowers it to integers with "
             "rounding=single; with rounding=double it keeps it in float: " +
             whyDouble.str().str();
  }
  return head + ": qtosa-lower-to-tosa-int lowers it to integers";
}

/// Calls `fn` on every value `op` reads: its operands and those of the ops
/// in its regions (a host op runs its regions with it).
void forEachValueRead(Operation *op, function_ref<void(Value)> fn) {
  op->walk([&](Operation *reader) {
    for (Value operand : reader->getOperands())
      fn(operand);
  });
}

/// The op in `block` that holds `value`'s definition, or null when `value`
/// is a block argument or defined outside `block`.
Operation *producerIn(Block &block, Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getBlock() == &block ? def : nullptr;
}

class BlockPartitioner {
public:
  BlockPartitioner(Block &block, const EthosUConversionTarget &target,
                   bool unquantized, EthosUPartitionResult &result)
      : block(block), target(target), unquantized(unquantized), result(result) {
  }

  void run() {
    if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
      return;
    classify();
    if (regions.empty())
      return;
    materialize();
  }

private:
  struct OpState {
    Placement placement;
    int level;
  };

  void classify() {
    int lastEffectLevel = -1;
    for (Operation &op : block.without_terminator()) {
      Placement placement = place(op);
      int level = placement == Placement::Npu ? 0 : -1;
      if (placement != Placement::Constant) {
        auto raise = [&](Value value) {
          Operation *def = producerIn(block, value);
          if (!def)
            return;
          const OpState &producer = states.at(def);
          if (producer.placement == Placement::Constant)
            return;
          bool crossesHost = producer.placement != Placement::Npu &&
                             placement == Placement::Npu;
          level = std::max(level, producer.level + (crossesHost ? 1 : 0));
        };
        forEachValueRead(&op, raise);
        // Host ops with side effects keep their order.
        if (placement != Placement::Npu && !isMemoryEffectFree(&op)) {
          level = std::max(level, lastEffectLevel);
          lastEffectLevel = level;
        }
      }
      states[&op] = {placement, level};
      if (placement == Placement::Npu) {
        if (static_cast<size_t>(level) >= regions.size())
          regions.resize(level + 1);
        regions[level].push_back(&op);
        ++result.npuOps;
      }
      maxLevel = std::max(maxLevel, level);
    }
  }

  Placement place(Operation &op) {
    if (op.hasTrait<OpTrait::ConstantLike>())
      return Placement::Constant;
    if (auto delegate = dyn_cast<DelegateOp>(op)) {
      // A delegate already made for this target (the pass run again, or
      // written by hand) counts as it stands; runOnOperation refuses one
      // for another target.
      ++result.delegates;
      for (Operation &inner : delegate.getBody().front())
        if (!inner.hasTrait<OpTrait::ConstantLike>() &&
            !inner.hasTrait<OpTrait::IsTerminator>())
          ++result.npuOps;
      return Placement::Partitioned;
    }
    if (isGraphInputQuantize(&op) || isGraphOutputDequantize(&op)) {
      ++result.boundaryQDQ;
      return Placement::GraphIO;
    }
    std::optional<EthosUViolation> violation = target.explain(&op);
    if (!violation)
      return Placement::Npu;
    if (violation->kind == EthosURuleKind::FloatTensor)
      violation->reason = traceFloatCause(&op, violation->reason, unquantized);
    result.host.push_back({&op, violation->kind, std::move(violation->rule),
                           std::move(violation->reason)});
    return Placement::Host;
  }

  /// Moves every op to the end of the block in sort order, wrapping each
  /// level's NPU ops in a delegate.
  void materialize() {
    // Keys: constants -1; host ops of level l at 2l + 2; the region of
    // level l at 2l + 1, between the host ops it follows and precedes.
    std::vector<SmallVector<Operation *>> hostByKey(2 * maxLevel + 4);
    SmallVector<Operation *> constants;
    for (Operation &op : block.without_terminator()) {
      const OpState &state = states.at(&op);
      if (state.placement == Placement::Constant)
        constants.push_back(&op);
      else if (state.placement != Placement::Npu)
        hostByKey[2 * state.level + 2].push_back(&op);
    }
    Operation *terminator = &block.back();
    for (Operation *op : constants)
      op->moveBefore(terminator);
    for (size_t key = 0; key < hostByKey.size(); ++key) {
      if (key % 2 == 1 && key / 2 < regions.size() && !regions[key / 2].empty())
        buildDelegate(regions[key / 2], terminator);
      for (Operation *op : hostByKey[key])
        op->moveBefore(terminator);
    }
    for (Operation *op : constants)
      if (op->use_empty())
        op->erase();
  }

  void buildDelegate(ArrayRef<Operation *> ops, Operation *insertionPoint) {
    DenseSet<Operation *> inRegion(ops.begin(), ops.end());
    llvm::SetVector<Value> inputs;
    llvm::SetVector<Value> outputs;
    for (Operation *op : ops) {
      for (Value operand : op->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def &&
            (inRegion.contains(def) || def->hasTrait<OpTrait::ConstantLike>()))
          continue;
        inputs.insert(operand);
      }
      for (Value value : op->getResults())
        if (llvm::any_of(value.getUsers(), [&](Operation *user) {
              return !inRegion.contains(user);
            }))
          outputs.insert(value);
    }

    OpBuilder builder(insertionPoint);
    SmallVector<Type> outputTypes;
    for (Value value : outputs)
      outputTypes.push_back(value.getType());
    auto delegate =
        DelegateOp::create(builder, ops.front()->getLoc(),
                           stringifyEthosUTarget(target.getTarget()),
                           inputs.getArrayRef(), outputTypes);
    Block *body = &delegate.getBody().front();
    for (Operation *op : ops)
      op->moveBefore(body, body->end());

    OpBuilder inside = OpBuilder::atBlockBegin(body);
    IRMapping boundary;
    boundary.map(inputs.getArrayRef(), body->getArguments());
    for (Operation *op : ops)
      for (OpOperand &use : op->getOpOperands()) {
        Value value = use.get();
        if (Value argument = boundary.lookupOrNull(value)) {
          use.set(argument);
          continue;
        }
        Operation *def = value.getDefiningOp();
        if (def && def->hasTrait<OpTrait::ConstantLike>() &&
            !inRegion.contains(def)) {
          inside.clone(*def, boundary);
          use.set(boundary.lookup(value));
        }
      }

    for (auto [index, output] : llvm::enumerate(outputs))
      Value(output).replaceUsesWithIf(
          delegate.getResult(index),
          [&](OpOperand &use) { return !inRegion.contains(use.getOwner()); });
    OpBuilder atEnd = OpBuilder::atBlockEnd(body);
    YieldOp::create(atEnd, delegate.getLoc(), outputs.getArrayRef());
    ++result.delegates;
  }

  Block &block;
  const EthosUConversionTarget &target;
  bool unquantized;
  EthosUPartitionResult &result;
  DenseMap<Operation *, OpState> states;
  std::vector<SmallVector<Operation *>> regions;
  int maxLevel = -1;
};

/// Groups the float host ops of `result` into regions joined by float
/// values (read by an op itself or by an op in its regions) and finds each
/// region's causes.
void groupFloatRegions(EthosUPartitionResult &result) {
  DenseMap<Operation *, size_t> floatMember;
  for (auto [index, host] : llvm::enumerate(result.host))
    if (host.kind == EthosURuleKind::FloatTensor)
      floatMember[host.op] = index;
  if (floatMember.empty())
    return;

  // Host indices of the float members, joined along float values.
  llvm::EquivalenceClasses<size_t> joined;
  auto isQDQ = [](Operation *op) { return isa<QuantizeOp, DequantizeOp>(op); };
  std::vector<bool> isCause(result.host.size(), false);
  for (auto [index, host] : llvm::enumerate(result.host)) {
    if (host.kind != EthosURuleKind::FloatTensor)
      continue;
    joined.insert(index);
    bool readsFloatMember = false;
    forEachValueRead(host.op, [&](Value operand) {
      if (!isa<FloatType>(getElementTypeOrSelf(operand.getType())))
        return;
      auto it = floatMember.find(operand.getDefiningOp());
      if (it == floatMember.end() || it->second == index)
        return;
      joined.unionSets(it->second, index);
      readsFloatMember |= !isQDQ(operand.getDefiningOp());
    });
    isCause[index] = !isQDQ(host.op) && !readsFloatMember;
  }

  DenseMap<size_t, size_t> regionOfLeader;
  for (auto [index, host] : llvm::enumerate(result.host)) {
    if (host.kind != EthosURuleKind::FloatTensor)
      continue;
    auto [it, inserted] = regionOfLeader.try_emplace(
        joined.getLeaderValue(index), result.floatRegions.size());
    if (inserted)
      result.floatRegions.emplace_back();
    EthosUFloatRegion &region = result.floatRegions[it->second];
    region.ops.push_back(index);
    if (isCause[index])
      region.causes.push_back(index);
    host.floatRegion = static_cast<int>(it->second);
  }
  for (EthosUFloatRegion &region : result.floatRegions)
    if (region.causes.empty())
      region.causes.push_back(region.ops.front());
}

/// One remark per host op on the host for its own reason, and one per float
/// region at its cause, with a note at each other member.
void emitHostRemarks(const EthosUPartitionResult &result) {
  for (auto [index, host] : llvm::enumerate(result.host)) {
    if (host.floatRegion < 0) {
      host.op->emitRemark()
          << "stays on the host: " << host.rule << ": " << host.reason;
      continue;
    }
    const EthosUFloatRegion &region = result.floatRegions[host.floatRegion];
    if (region.causes.front() != index)
      continue;
    InFlightDiagnostic remark = host.op->emitRemark();
    remark << "stays on the host: " << host.rule << ": " << host.reason;
    if (region.ops.size() > 1)
      remark << "; " << region.ops.size() - 1
             << " more op(s) stay in float with it";
    for (size_t member : region.ops) {
      if (member == index)
        continue;
      const EthosUHostOp &other = result.host[member];
      if (llvm::is_contained(region.causes, member))
        remark.attachNote(other.op->getLoc())
            << "in the same float region, float of its own: " << other.reason;
      else
        remark.attachNote(other.op->getLoc())
            << "in the same float region: " << opName(other.op);
    }
  }
}

/// Whether `path` is this process's standard output by another name
/// (/dev/stdout, /proc/self/fd/1, the terminal or file stdout goes to),
/// /dev/null aside.
bool namesStdout(StringRef path) {
  llvm::sys::fs::file_status target, out, null;
  if (llvm::sys::fs::status(path, target) || llvm::sys::fs::status(1, out))
    return false;
  if (!llvm::sys::fs::status("/dev/null", null) &&
      llvm::sys::fs::equivalent(target, null))
    return false;
  return llvm::sys::fs::equivalent(target, out);
}

struct EthosUPartitionPass
    : public qtosa::impl::EthosUPartitionPassBase<EthosUPartitionPass> {
  using EthosUPartitionPassBase::EthosUPartitionPassBase;
  EthosUPartitionPass(const EthosUPartitionPassOptions &options,
                      llvm::json::Value *reportSink)
      : EthosUPartitionPassBase(options), reportSink(reportSink) {}

  /// Where the report goes as a value, when set.
  llvm::json::Value *reportSink = nullptr;

  /// Refuses, before anything is written, output paths that would clash:
  /// the graph on stdout would land in the middle of the module qtosa-opt
  /// prints there, and a report and a graph in one file would leave only
  /// the one written last.
  LogicalResult checkOutputPaths(ModuleOp module) {
    if (dotFile == "-")
      return emitError(module.getLoc())
             << "dot-file=- is not supported: stdout carries the module; "
                "give the graph a path (report-file=- prints the report as "
                "a table on stderr)";
    // The module was read from a file (qtosa-opt's input) that a report
    // or graph of the same name would replace.
    StringRef input;
    if (auto loc = module.getLoc()->findInstanceOf<FileLineColLoc>())
      input = loc.getFilename().getValue();
    for (auto [option, path] :
         {std::pair<StringRef, StringRef>{"report-file", reportFile},
          {"dot-file", dotFile}}) {
      if (path.empty() || path == "-")
        continue;
      if (namesStdout(path))
        return emitError(module.getLoc())
               << option << "=" << path
               << " is stdout, which carries the module; give the "
               << (option == "dot-file" ? "graph" : "report")
               << " a file of its own";
      if (!input.empty() && llvm::sys::fs::exists(input) &&
          namesSameFile(path, input))
        return emitError(module.getLoc())
               << option << "=" << path
               << " is the file the module was read from, which writing it "
                  "would replace; give it another path";
    }
    if (!dotFile.empty() && !reportFile.empty() && reportFile != "-" &&
        namesSameFile(dotFile, reportFile))
      return emitError(module.getLoc())
             << "report-file and dot-file both name '" << dotFile
             << "': one would overwrite the other; give them different "
                "paths";
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOutputPaths(module)))
      return signalPassFailure();
    StringRef targetName = stringifyEthosUTarget(target);
    WalkResult foreign =
        module.walk([&](DelegateOp delegate) {
          if (delegate.getTarget() == targetName)
            return WalkResult::advance();
          delegate.emitError()
              << "a delegate for '" << delegate.getTarget()
              << "' is already in the module, and this pass partitions for '"
              << targetName
              << "' alone (qtosa-inline-delegates returns a delegate's ops to "
                 "its function)";
          return WalkResult::interrupt();
        });
    if (foreign.wasInterrupted())
      return signalPassFailure();
    SmallVector<FunctionOpInterface> functions;
    for (auto function : module.getOps<FunctionOpInterface>())
      if (!function.isExternal())
        functions.push_back(function);

    EthosUConversionTarget legality(getContext(), target);
    std::vector<EthosUPartitionResult> results(functions.size());
    parallelFor(&getContext(), 0, functions.size(), [&](size_t index) {
      results[index] = partitionForEthosU(functions[index], legality);
    });

    // A function that computes in float with no quantized tensor anywhere
    // has nothing for the NPU; say so rather than report zero delegates
    // silently (upstream canonicalization before qtosa-import-qdq, for one,
    // erases every quant.qcast/dcast pair).
    for (FunctionOpInterface function : functions)
      if (holdsOnlyFloatTensors(function))
        // At the location alone: on the op, the whole function is printed.
        emitWarning(function.getLoc())
            << "'" << function.getName()
            << "' holds no quantized or integer tensor: none of its ops can "
               "run on the NPU (quantize it first; run qtosa-import-qdq "
               "before inline or canonicalize, which erase "
               "quant.qcast/quant.dcast pairs)";

    if (remarks)
      for (const EthosUPartitionResult &result : results)
        emitHostRemarks(result);

    PartitionReport report{module, target, functions, results};
    if (reportSink)
      *reportSink = reportValue(report);
    if (!reportFile.empty() && failed(writeReport(report, reportFile)))
      return signalPassFailure();
    if (!dotFile.empty() && failed(writeDot(report, dotFile)))
      return signalPassFailure();
    if (llvm::none_of(results, [](const EthosUPartitionResult &result) {
          return result.delegates != 0 || result.deadOps != 0;
        }))
      markAllAnalysesPreserved();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::qtosa::createEthosUPartitionPass(
    const EthosUPartitionPassOptions &options, llvm::json::Value *reportSink) {
  return std::make_unique<EthosUPartitionPass>(options, reportSink);
}

EthosUPartitionResult
mlir::qtosa::partitionForEthosU(FunctionOpInterface function,
                                const EthosUConversionTarget &target) {
  EthosUPartitionResult result;
  bool unquantized = holdsOnlyFloatTensors(function);
  // Users before producers, so that a chain of dead ops goes in one sweep.
  for (Block &block : function.getFunctionBody())
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
      if (isOpTriviallyDead(&op)) {
        op.erase();
        ++result.deadOps;
      }
  for (Block &block : function.getFunctionBody())
    BlockPartitioner(block, target, unquantized, result).run();
  groupFloatRegions(result);
  return result;
}

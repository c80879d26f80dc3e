//===- IntegerIO.cpp - public functions on storage integers ---------------===//
//
// A signature change is a module-level rewrite: every call of the function
// changes with it, so this is a module pass rather than part of the
// function-level lowering.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_INTEGERIOPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// The first of `ops` when there is one and every one is an `OpTy` (a
/// qtosa.quantize or qtosa.dequantize) with the same parameters; else null.
template <typename OpTy, typename Range> OpTy sameQuantization(Range &&ops) {
  OpTy first;
  for (Operation *op : ops) {
    auto typed = dyn_cast_if_present<OpTy>(op);
    if (!typed || (first && typed.getQtype() != first.getQtype()))
      return {};
    first = first ? first : typed;
  }
  return first;
}

/// The op defining result `index` of each of `returns`.
auto returnedProducers(ArrayRef<func::ReturnOp> returns, unsigned index) {
  return llvm::map_range(returns, [index](func::ReturnOp ret) {
    return ret.getOperand(index).getDefiningOp();
  });
}

/// What moved out of one function: the parameters of each argument it no
/// longer quantizes and each result it no longer dequantizes.
struct MovedBoundary {
  SmallVector<quant::QuantizedType> arguments;
  SmallVector<quant::QuantizedType> results;
  bool empty() const {
    return llvm::none_of(arguments, [](auto t) { return bool(t); }) &&
           llvm::none_of(results, [](auto t) { return bool(t); });
  }
};

/// A float argument that is only quantized becomes its storage; a returned
/// dequantize returns its storage. The parameters stay readable in
/// `qtosa.qtype` argument and result attributes.
MovedBoundary convertBoundaryToIntegers(func::FuncOp func,
                                        RewriterBase &rewriter) {
  MovedBoundary moved;
  moved.arguments.resize(func.getNumArguments());
  moved.results.resize(func.getNumResults());
  Block &entry = func.front();
  SmallVector<Type> argTypes(func.getArgumentTypes());
  for (BlockArgument arg : entry.getArguments()) {
    // An argument nothing reads takes the storage of the quantization an
    // importer recorded for it (the TFLite importer's unused inputs).
    auto recorded =
        dyn_cast_if_present<quant::QuantizedType>(parseQTypeAttrValue(
            func.getArgAttr(arg.getArgNumber(), kQTypeAttrName)));
    auto floatType = dyn_cast<RankedTensorType>(arg.getType());
    if (arg.use_empty() && recorded && floatType &&
        isa<FloatType>(floatType.getElementType())) {
      Type storage = floatType.clone(recorded.getStorageType());
      arg.setType(storage);
      argTypes[arg.getArgNumber()] = storage;
      moved.arguments[arg.getArgNumber()] = recorded;
      continue;
    }
    auto quantize = sameQuantization<QuantizeOp>(arg.getUsers());
    if (!quantize)
      continue;
    quant::QuantizedType qtype = quantize.getQtype();
    arg.setType(quantize.getType());
    argTypes[arg.getArgNumber()] = quantize.getType();
    for (Operation *user : llvm::to_vector(arg.getUsers()))
      rewriter.replaceOp(user, arg);
    func.setArgAttr(arg.getArgNumber(), kQTypeAttrName,
                    getQTypeAttrValue(qtype));
    moved.arguments[arg.getArgNumber()] = qtype;
  }

  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  SmallVector<Type> resultTypes(func.getResultTypes());
  for (unsigned index = 0; index < resultTypes.size(); ++index) {
    auto first =
        sameQuantization<DequantizeOp>(returnedProducers(returns, index));
    if (!first)
      continue;
    resultTypes[index] = first.getInput().getType();
    // The loop below may erase `first`.
    quant::QuantizedType qtype = first.getQtype();
    for (func::ReturnOp ret : returns) {
      auto dequantize = ret.getOperand(index).getDefiningOp<DequantizeOp>();
      rewriter.modifyOpInPlace(
          ret, [&] { ret.setOperand(index, dequantize.getInput()); });
      if (dequantize->use_empty())
        rewriter.eraseOp(dequantize);
    }
    func.setResultAttr(index, kQTypeAttrName, getQTypeAttrValue(qtype));
    moved.results[index] = qtype;
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), argTypes, resultTypes));
  return moved;
}

/// Folds `quantize` where it undoes the dequantize it reads (the caller of a
/// graph with integer IO dequantized the stored integers itself): the stored
/// integers flow through. Returns the value that replaced `quantize`, or
/// `quantize` itself.
Value foldQuantize(QuantizeOp quantize, RewriterBase &rewriter) {
  SmallVector<OpFoldResult, 1> folded;
  if (failed(quantize->fold(folded)) || folded.size() != 1)
    return quantize;
  auto value = dyn_cast<Value>(folded.front());
  if (!value || value == quantize.getResult())
    return quantize;
  rewriter.replaceOp(quantize, value);
  return value;
}

/// The caller now quantizes what the callee no longer does, and
/// dequantizes its integer results: the same arithmetic, one call earlier.
/// Where the caller's own dequantize/quantize meet the new ones with the
/// same parameters and the round trip is exact, they cancel, so a graph
/// calling a graph passes stored integers and no float arithmetic is left
/// between them. Returns the new call.
func::CallOp adaptCall(func::CallOp call, func::FuncOp callee,
                       const MovedBoundary &moved, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(call);
  SmallVector<Value> operands(call.getOperands());
  // The caller's dequantizes the call read, which may be left without users.
  SmallVector<Operation *> maybeDead;
  for (auto [index, qtype] : llvm::enumerate(moved.arguments))
    if (qtype)
      if (Operation *producer = operands[index].getDefiningOp<DequantizeOp>())
        maybeDead.push_back(producer);
  for (auto [index, qtype] : llvm::enumerate(moved.arguments))
    if (qtype)
      operands[index] =
          foldQuantize(QuantizeOp::create(rewriter, call.getLoc(),
                                          callee.getArgumentTypes()[index],
                                          operands[index], qtype),
                       rewriter);
  auto newCall =
      func::CallOp::create(rewriter, call.getLoc(), callee, operands);
  newCall->setDiscardableAttrs(call->getDiscardableAttrDictionary());
  SmallVector<Value> results(newCall.getResults());
  SmallVector<DequantizeOp> dequantizes;
  for (auto [index, qtype] : llvm::enumerate(moved.results))
    if (qtype) {
      auto dequantize = DequantizeOp::create(rewriter, call.getLoc(),
                                             call.getResult(index).getType(),
                                             newCall.getResult(index), qtype);
      results[index] = dequantize;
      dequantizes.push_back(dequantize);
    }
  rewriter.replaceOp(call, results);
  for (DequantizeOp dequantize : dequantizes) {
    for (Operation *user : llvm::to_vector(dequantize->getUsers()))
      if (auto quantize = dyn_cast<QuantizeOp>(user))
        foldQuantize(quantize, rewriter);
    maybeDead.push_back(dequantize);
  }
  for (Operation *op : llvm::reverse(maybeDead))
    if (op->use_empty())
      rewriter.eraseOp(op);
  return newCall;
}

/// Gives the integer arguments and results that were stored integers
/// already (a graph that `quant.scast`s its boundary, as TOSA's
/// quant-typed graphs do) the `qtosa.qtype` of their quantization, as
/// convertBoundaryToIntegers gives the ones it moves: an argument that only
/// dequantizes read with one set of parameters, a result every return
/// takes from a quantize with one. The signature stays. Besides telling the
/// caller what the integers mean, it marks the function as one this
/// pipeline quantized, which qtosa-verify-integer-tosa then checks: once
/// lowered, nothing else in it would say so. Returns true if it changed
/// anything.
bool recordStoredBoundaries(func::FuncOp func) {
  bool changed = false;
  for (BlockArgument arg : func.front().getArguments()) {
    if (func.getArgAttr(arg.getArgNumber(), kQTypeAttrName))
      continue;
    auto first = sameQuantization<DequantizeOp>(arg.getUsers());
    if (!first)
      continue;
    func.setArgAttr(arg.getArgNumber(), kQTypeAttrName,
                    getQTypeAttrValue(first.getQtype()));
    changed = true;
  }
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  for (unsigned index = 0; index < func.getNumResults(); ++index) {
    if (func.getResultAttr(index, kQTypeAttrName))
      continue;
    auto first =
        sameQuantization<QuantizeOp>(returnedProducers(returns, index));
    if (!first)
      continue;
    func.setResultAttr(index, kQTypeAttrName,
                       getQTypeAttrValue(first.getQtype()));
    changed = true;
  }
  return changed;
}

struct IntegerIOPass : qtosa::impl::IntegerIOPassBase<IntegerIOPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SymbolTableCollection symbols;
    SymbolUserMap users(symbols, module);
    // The functions that may change, each with its calls (kept up to date
    // as calls are rebuilt).
    llvm::MapVector<func::FuncOp, SmallVector<func::CallOp>> callsOf;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      // A use other than a direct call (a func.constant, say) could not be
      // adapted; such functions keep their float boundary.
      SmallVector<func::CallOp> calls;
      if (!llvm::all_of(users.getUsers(func), [&](Operation *user) {
            auto call = dyn_cast<func::CallOp>(user);
            if (call)
              calls.push_back(call);
            return bool(call);
          }))
        continue;
      callsOf[func] = std::move(calls);
    }
    // To a fixpoint: adapting the calls of one function can leave its
    // caller's argument used only by a quantize, or its result a returned
    // dequantize, which then moves too. Otherwise a public graph calling a
    // public graph would keep a float interface and float quantize
    // arithmetic around the call. Each round moves at least one argument
    // or result onto integers, so this ends.
    bool changedAny = false;
    for (bool changed = true; changed;) {
      changed = false;
      for (auto &[func, calls] : callsOf) {
        MovedBoundary moved = convertBoundaryToIntegers(func, rewriter);
        if (moved.empty())
          continue;
        changed = changedAny = true;
        for (func::CallOp &call : calls)
          call = adaptCall(call, func, moved, rewriter);
      }
    }
    for (auto &entry : callsOf)
      changedAny |= recordStoredBoundaries(entry.first);
    if (!changedAny)
      markAllAnalysesPreserved();
  }
};

} // namespace

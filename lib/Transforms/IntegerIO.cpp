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

namespace mlir::qtosa {
#define GEN_PASS_DEF_INTEGERIOPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// The parameters shared by every user of `arg` when all of them are
/// quantizes with the same parameters.
QuantizeOp getSoleQuantization(BlockArgument arg) {
  QuantizeOp first;
  for (Operation *user : arg.getUsers()) {
    auto quantize = dyn_cast<QuantizeOp>(user);
    if (!quantize || (first && quantize.getQtype() != first.getQtype()))
      return {};
    first = first ? first : quantize;
  }
  return first;
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
    QuantizeOp quantize = getSoleQuantization(arg);
    if (!quantize)
      continue;
    quant::QuantizedType qtype = quantize.getQtype();
    arg.setType(quantize.getType());
    argTypes[arg.getArgNumber()] = quantize.getType();
    for (Operation *user : llvm::to_vector(arg.getUsers()))
      rewriter.replaceOp(user, arg);
    func.setArgAttr(arg.getArgNumber(), kQTypeAttrName, getQTypeAttrValue(qtype));
    moved.arguments[arg.getArgNumber()] = qtype;
  }

  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  SmallVector<Type> resultTypes(func.getResultTypes());
  for (unsigned index = 0; index < resultTypes.size(); ++index) {
    DequantizeOp first;
    bool shared = !returns.empty();
    for (func::ReturnOp ret : returns) {
      auto dequantize = ret.getOperand(index).getDefiningOp<DequantizeOp>();
      if (!dequantize || (first && dequantize.getQtype() != first.getQtype()))
        shared = false;
      first = first ? first : dequantize;
    }
    if (!shared)
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

/// The caller now quantizes what the callee no longer does, and
/// dequantizes its integer results: the same arithmetic, one call earlier.
void adaptCall(func::CallOp call, func::FuncOp callee,
               const MovedBoundary &moved, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(call);
  SmallVector<Value> operands(call.getOperands());
  for (auto [index, qtype] : llvm::enumerate(moved.arguments))
    if (qtype)
      operands[index] = QuantizeOp::create(rewriter, call.getLoc(),
                                           callee.getArgumentTypes()[index],
                                           operands[index], qtype);
  auto newCall =
      func::CallOp::create(rewriter, call.getLoc(), callee, operands);
  newCall->setDiscardableAttrs(call->getDiscardableAttrDictionary());
  SmallVector<Value> results(newCall.getResults());
  for (auto [index, qtype] : llvm::enumerate(moved.results))
    if (qtype)
      results[index] = DequantizeOp::create(rewriter, call.getLoc(),
                                            call.getResult(index).getType(),
                                            newCall.getResult(index), qtype);
  rewriter.replaceOp(call, results);
}

struct IntegerIOPass : qtosa::impl::IntegerIOPassBase<IntegerIOPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SymbolTableCollection symbols;
    SymbolUserMap users(symbols, module);
    DenseMap<Operation *, MovedBoundary> movedByFunction;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      // A use other than a direct call (a func.constant, say) could not be
      // adapted; such functions keep their float boundary.
      if (!llvm::all_of(users.getUsers(func), [](Operation *user) {
            return isa<func::CallOp>(user);
          }))
        continue;
      MovedBoundary moved = convertBoundaryToIntegers(func, rewriter);
      if (!moved.empty())
        movedByFunction[func] = std::move(moved);
    }
    for (auto &[op, moved] : movedByFunction) {
      auto callee = cast<func::FuncOp>(op);
      for (Operation *user : llvm::to_vector(users.getUsers(callee)))
        adaptCall(cast<func::CallOp>(user), callee, moved, rewriter);
    }
    if (movedByFunction.empty())
      markAllAnalysesPreserved();
  }
};

} // namespace

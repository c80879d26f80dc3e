//===- ExposeDelegateValues.cpp - Delegate operands and results returned --===//
//
// See the pass description (Passes.td): the values at each delegate's
// boundary, as the whole program computes them, become results of the
// function, so that an exported delegate can be run elsewhere on exactly
// its inputs in the program and compared with its outputs there.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_EXPOSEDELEGATEVALUESPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

/// Appends the operands and then the results of each delegate in `func`'s
/// body, in program order, to what `func` returns.
LogicalResult expose(func::FuncOp func, ModuleOp module) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return success();
  SmallVector<DelegateOp> delegates;
  for (Operation &op : func.getBody().front())
    if (auto delegate = dyn_cast<DelegateOp>(op))
      delegates.push_back(delegate);
  if (delegates.empty())
    return success();
  // A caller would still expect the old results.
  if (!SymbolTable::symbolKnownUseEmpty(func, module))
    return func.emitError("cannot return the values at its delegates' "
                          "boundaries: the function has callers");
  auto ret = dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator());
  if (!ret)
    return func.emitError("cannot return the values at its delegates' "
                          "boundaries: its body does not end in func.return");
  SmallVector<Value> returned(ret.getOperands());
  for (DelegateOp delegate : delegates) {
    llvm::append_range(returned, delegate.getInputs());
    llvm::append_range(returned, delegate.getOutputs());
  }
  ret.getOperandsMutable().assign(returned);
  func.setType(FunctionType::get(func.getContext(),
                                 func.getFunctionType().getInputs(),
                                 ValueRange(returned).getTypes()));
  // Result attributes (qtosa's interface parameters) stay on the results
  // they belonged to; the new ones have none.
  if (ArrayAttr attrs = func.getAllResultAttrs()) {
    SmallVector<DictionaryAttr> padded;
    for (Attribute attr : attrs)
      padded.push_back(cast<DictionaryAttr>(attr));
    padded.resize(returned.size(), DictionaryAttr::get(func.getContext()));
    func.setAllResultAttrs(padded);
  }
  return success();
}

struct ExposeDelegateValuesPass
    : public qtosa::impl::ExposeDelegateValuesPassBase<
          ExposeDelegateValuesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (failed(expose(func, module)))
        return signalPassFailure();
  }
};

} // namespace

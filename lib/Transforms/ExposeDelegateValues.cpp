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
/// body, in program order, to what `func` returns. A delegate the function
/// cannot return (in a nested region, or in a function of several blocks,
/// whose return it may not dominate) is an error, not left out.
LogicalResult expose(func::FuncOp func, ModuleOp module) {
  SmallVector<DelegateOp> delegates;
  func.walk([&](DelegateOp delegate) { delegates.push_back(delegate); });
  if (delegates.empty())
    return success();
  StringRef cannot = "cannot return the values at its delegates' boundaries";
  for (DelegateOp delegate : delegates)
    if (delegate->getParentOp() != func || !func.getBody().hasOneBlock()) {
      InFlightDiagnostic diag = emitError(func.getLoc()) << cannot << ": ";
      if (delegate->getParentOp() != func)
        diag << "a delegate is inside '" << delegate->getParentOp()->getName()
             << "'";
      else
        diag << "the function has "
             << llvm::range_size(func.getBody().getBlocks()) << " blocks";
      diag.attachNote(delegate.getLoc()) << "this delegate";
      return failure();
    }
  // Its users would still expect the old results.
  if (std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(func, module))
    if (!uses->empty()) {
      const SymbolTable::SymbolUse &use = *uses->begin();
      InFlightDiagnostic diag = emitError(func.getLoc())
                                << cannot << ": the function's symbol is used";
      diag.attachNote(use.getUser()->getLoc())
          << "by this '" << use.getUser()->getName() << "'";
      return failure();
    }
  auto ret = dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator());
  if (!ret)
    return emitError(func.getLoc())
           << cannot << ": its body does not end in func.return";
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
    SmallVector<func::FuncOp> funcs;
    module.walk([&](func::FuncOp func) { funcs.push_back(func); });
    for (func::FuncOp func : funcs)
      if (failed(expose(func, module)))
        return signalPassFailure();
  }
};

} // namespace

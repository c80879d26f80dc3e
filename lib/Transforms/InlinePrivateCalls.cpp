//===- InlinePrivateCalls.cpp - flatten private calls ---------------------===//
//
// An NPU compiles one flat graph; a call is a host step between two
// delegates. Private functions are the exporter's submodules, so their calls
// are inlined and the functions dropped; public functions are entry points
// and stay.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_INLINEPRIVATECALLSPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct InlinePrivateCallsPass
    : qtosa::impl::InlinePrivateCallsPassBase<InlinePrivateCallsPass> {
  void runOnOperation() override;
};

/// The private function with a body that `call` calls, if any.
func::FuncOp getInlinableCallee(func::CallOp call, SymbolTable &symbols) {
  auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
  if (!callee || !callee.isPrivate() || callee.isExternal())
    return {};
  return callee;
}

} // namespace

void InlinePrivateCallsPass::runOnOperation() {
  ModuleOp module = getOperation();
  SymbolTable symbols(module);

  // Private functions that reach themselves through calls keep their calls:
  // inlining them would never end.
  DenseMap<func::FuncOp, SmallVector<func::FuncOp>> callees;
  for (auto function : module.getOps<func::FuncOp>())
    function.walk([&](func::CallOp call) {
      if (func::FuncOp callee = getInlinableCallee(call, symbols))
        callees[function].push_back(callee);
    });
  // No call of a private function: nothing to inline, and no second walk.
  if (callees.empty())
    return markAllAnalysesPreserved();
  DenseSet<func::FuncOp> recursive;
  for (auto &[function, direct] : callees) {
    if (!function.isPrivate())
      continue;
    SmallVector<func::FuncOp> worklist(direct);
    DenseSet<func::FuncOp> seen;
    while (!worklist.empty()) {
      func::FuncOp next = worklist.pop_back_val();
      if (next == function) {
        recursive.insert(function);
        break;
      }
      if (seen.insert(next).second)
        llvm::append_range(worklist, callees.lookup(next));
    }
  }

  // Each round inlines the calls present at its start; a callee's own calls
  // come along and are inlined in the next round. Without recursion the
  // rounds end after the depth of the call graph.
  InlinerInterface interface(&getContext());
  InlinerConfig config;
  llvm::SetVector<func::FuncOp> inlinedCallees;
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<std::pair<func::CallOp, func::FuncOp>> calls;
    module.walk([&](func::CallOp call) {
      func::FuncOp callee = getInlinableCallee(call, symbols);
      if (callee && !recursive.contains(callee))
        calls.push_back({call, callee});
    });
    for (auto [call, callee] : calls) {
      if (failed(inlineCall(interface, config.getCloneCallback(), call, callee,
                            &callee.getBody())))
        continue;
      call.erase();
      inlinedCallees.insert(callee);
      ++numInlined;
      changed = true;
    }
  }

  for (func::FuncOp callee : inlinedCallees)
    if (SymbolTable::symbolKnownUseEmpty(callee, module))
      symbols.erase(callee);
  if (inlinedCallees.empty())
    markAllAnalysesPreserved();
}

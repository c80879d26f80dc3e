//===- CheckPipelineInput.cpp - Functions a pipeline would not reach ------===//
//
// See the pass description (Passes.td): qtosa's pipelines run on the
// functions of the module they are given, and a function in a nested module
// would come out unchanged with exit 0 (float where io=int promised
// integers, no delegate where a partition was asked for).
//
//===----------------------------------------------------------------------===//

#include "qtosa/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_CHECKPIPELINEINPUTPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {

struct CheckPipelineInputPass
    : public qtosa::impl::CheckPipelineInputPassBase<CheckPipelineInputPass> {
  using CheckPipelineInputPassBase::CheckPipelineInputPassBase;

  void runOnOperation() override {
    ModuleOp root = getOperation();
    for (Operation &top : root.getBody()->getOperations()) {
      auto nested = dyn_cast<ModuleOp>(top);
      if (!nested) {
        // An op of another kind that holds regions (functions of another
        // dialect, an unregistered op): what is inside is out of reach too,
        // and the symbol analyses of the stages do not expect it.
        if (top.getNumRegions() == 0 || isa<FunctionOpInterface>(top))
          continue;
        emitError(top.getLoc())
            << "'" << pipeline << "' takes a module of functions; this '"
            << top.getName() << "' holds regions it would not reach";
        return signalPassFailure();
      }
      FunctionOpInterface reached;
      nested.walk([&](FunctionOpInterface func) {
        if (func.isExternal())
          return WalkResult::advance();
        reached = func;
        return WalkResult::interrupt();
      });
      if (!reached)
        continue;
      // At the nested module's location, without the op: a note with the
      // whole module would bury the message.
      std::string name =
          nested.getSymName() ? ("'" + *nested.getSymName() + "'").str() : "";
      emitError(nested.getLoc())
          << "'" << pipeline
          << "' runs on the functions of the module it is given, and would "
             "leave the nested module "
          << (name.empty() ? "" : name + " ") << "as it is (it holds function '"
          << reached.getName() << "'): run it on that module, as in "
          << "'builtin.module(builtin.module(" << pipeline << "))'";
      return signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};

} // namespace

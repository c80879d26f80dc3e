//===- PipelineRegistration.h - Pipelines that run on a module --*- C++ -*-===//
//
// qtosa's pipelines start with passes that change function signatures, so
// they run on builtin.module. mlir's PassPipelineRegistration adds them to
// whatever pass manager the textual pipeline nests them in, and the pass
// manager aborts on a module pass under func.func; this registration reports
// the misplaced pipeline through the pipeline parser instead.
//
//===----------------------------------------------------------------------===//

#ifndef QTOSA_TRANSFORMS_PIPELINEREGISTRATION_H
#define QTOSA_TRANSFORMS_PIPELINEREGISTRATION_H

#include "qtosa/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include <functional>
#include <string>

namespace mlir::qtosa {

/// True when `pm` runs on builtin.module.
inline bool runsOnModule(OpPassManager &pm) {
  return pm.getOpAnchorName() == ModuleOp::getOperationName();
}

/// The textual options every qtosa pipeline shares: where graph IO is
/// quantized and the options of its lowering stages, each with its pass's
/// default. A pipeline's own options struct derives from this one.
template <typename Derived>
struct LoweringCLOptions : public PassPipelineOptions<Derived> {
  template <typename T>
  using Option = typename PassPipelineOptions<Derived>::template Option<T>;

  Option<GraphIO> io{
      *this, "io",
      llvm::cl::desc("Where graph inputs are quantized and outputs "
                     "dequantized (default: host)"),
      llvm::cl::init(GraphIO::Host),
      enumOptionValues<GraphIO>(
          {"qtosa.quantize/dequantize at the boundary, expanded into float "
           "TOSA arithmetic",
           "public functions take and return storage integers"})};
  Option<RescaleRounding> rounding{
      *this, "rounding",
      llvm::cl::desc("Rounding mode of the emitted tosa.rescale ops "
                     "(default: single)"),
      llvm::cl::init(RescaleRounding::Single),
      enumOptionValues<RescaleRounding>({"SINGLE_ROUND", "DOUBLE_ROUND"})};
  Option<unsigned> maxRank{
      *this, "max-rank",
      llvm::cl::desc("qtosa-import-qdq: reject tensors of a larger rank (0: "
                     "no limit; default: 6)"),
      llvm::cl::init(6)};
  Option<MismatchPolicy> mismatchPolicy{
      *this, "mismatch-policy",
      llvm::cl::desc("qtosa-share-qspecs: what to do where moved values meet "
                     "different parameters (default: rescale)"),
      llvm::cl::init(MismatchPolicy::Rescale),
      enumOptionValues<MismatchPolicy>(
          {"requantize to the consumer's parameters (exact)",
           "keep the producer's parameters downstream (changes numerics; "
           "reported)"})};
  Option<bool> duplicateDequantize{
      *this, "duplicate-dequantize",
      llvm::cl::desc("qtosa-share-qspecs: sink a dequantize into its "
                     "data-movement users even when it also feeds a float "
                     "op (default: false)"),
      llvm::cl::init(false)};
  Option<bool> force{
      *this, "force",
      llvm::cl::desc("qtosa-fold-quantized-constants: fold even when a "
                     "constant with other users is copied into a larger one "
                     "(default: false)"),
      llvm::cl::init(false)};

  LowerPipelineOptions toLowerPipelineOptions() const {
    LowerPipelineOptions options;
    options.io = io;
    options.import.maxRank = maxRank;
    options.share.mismatchPolicy = mismatchPolicy;
    options.share.duplicateDequantize = duplicateDequantize;
    options.fold.force = force;
    options.lower.rounding = rounding;
    return options;
  }
};

/// Registers the pipeline `name`, built by `build` from its parsed
/// `CLOptions`, to run on builtin.module only.
template <typename CLOptions>
void registerModulePipeline(
    StringRef name, StringRef description,
    std::function<LogicalResult(OpPassManager &, const CLOptions &)> build) {
  registerPassPipeline(
      name, description,
      [name = name.str(), build](
          OpPassManager &pm, StringRef optionsText,
          function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!runsOnModule(pm))
          return errorHandler("'" + name + "' runs on 'builtin.module', not "
                              "nested in '" + pm.getOpAnchorName() +
                              "': it changes function signatures; write "
                              "'builtin.module(" + name + ")'");
        CLOptions options;
        if (failed(options.parseFromString(optionsText)))
          return failure();
        return build(pm, options);
      },
      [](function_ref<void(const detail::PassOptions &)> printOptions) {
        printOptions(CLOptions());
      });
}

} // namespace mlir::qtosa

#endif // QTOSA_TRANSFORMS_PIPELINEREGISTRATION_H

//===- PipelineRegistration.h - Pipelines that run on a module --*- C++ -*-===//
//
// qtosa's pipelines start with passes that change function signatures, so
// they run on builtin.module. mlir's PassPipelineRegistration adds them to
// whatever pass manager the textual pipeline nests them in, and the pass
// manager aborts on a module pass under func.func; this registration reports
// the misplaced pipeline through the pipeline parser instead.
//
// qtosa-lower-pipeline, qtosa-ethosu-pipeline and qtosa-quantize-pipeline
// are declared in ODS, as passes that never run (a Pipelines.td beside each
// Passes.td): their options are the stages' passes' option records, so each
// option's name, default, description and values are written once, and the
// pipelines are built from them here.
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
#include <vector>

namespace mlir::qtosa {

/// True when `pm` runs on builtin.module.
inline bool runsOnModule(OpPassManager &pm) {
  return pm.getOpAnchorName() == ModuleOp::getOperationName();
}

/// The options of the pass that declares a pipeline (Pipelines.td), as
/// detail::PassOptions: the parser, the printer and --help work on that
/// type, and a Pass keeps its own private. Every option of a pass is
/// registered in one llvm::cl sub-command, which is the pass's PassOptions;
/// naming it as such takes a class derived from PassOptions, which sees
/// PassOptions' protected base.
class DeclaredPipelineOptions : public detail::PassOptions {
public:
  /// The option set `anyOption` of a pass belongs to.
  static llvm::cl::SubCommand &subCommandOf(const llvm::cl::Option &anyOption) {
    assert(anyOption.Subs.size() == 1 && "a pass option has one sub-command");
    return **anyOption.Subs.begin();
  }
  static detail::PassOptions &of(llvm::cl::SubCommand &optionSet) {
    return static_cast<detail::PassOptions &>(optionSet);
  }
};

/// A pipeline's declaration: the generated base class of its entry in a
/// Pipelines.td, which has the pipeline's name, summary and options. It is
/// never run; `Derived` says what the options mean for the stages, and
/// names one of them as `anyOption()` (all of a pass's options are one set).
template <template <typename> class GeneratedBase, typename Derived>
class PipelineDecl : public GeneratedBase<Derived> {
public:
  using GeneratedBase<Derived>::GeneratedBase;

  /// The declaration's options, to parse and to list, as one set.
  llvm::cl::SubCommand &optionSet() {
    return DeclaredPipelineOptions::subCommandOf(
        static_cast<Derived *>(this)->anyOption());
  }
  detail::PassOptions &options() {
    return DeclaredPipelineOptions::of(optionSet());
  }

private:
  void runOnOperation() final {
    llvm_unreachable("a pipeline's declaration is not a pass to run");
  }
};

/// The declaration of a pipeline that starts with the lowering stages
/// (qtosa-lower-pipeline, qtosa-ethosu-pipeline): it lists PassOptions.td's
/// records for them, `io` among them.
template <template <typename> class GeneratedBase, typename Derived>
class LoweringPipelineDecl : public PipelineDecl<GeneratedBase, Derived> {
public:
  using PipelineDecl<GeneratedBase, Derived>::PipelineDecl;

  const llvm::cl::Option &anyOption() const { return this->io; }

  /// The options of the lowering stages.
  LowerPipelineOptions loweringOptions() const {
    LowerPipelineOptions options;
    options.io = this->io;
    options.import.maxRank = this->maxRank;
    options.share.mismatchPolicy = this->mismatchPolicy;
    options.share.duplicateDequantize = this->duplicateDequantize;
    options.fold.force = this->force;
    options.lower.rounding = this->rounding;
    return options;
  }
};

/// Adds " (default: <value>)" to the description of each option in
/// `optionSet`, for --help: the value as the textual pipeline prints it
/// ('none' for an empty string). `storage` keeps the new descriptions.
void describeDefaults(llvm::cl::SubCommand &optionSet,
                      std::vector<std::string> &storage);

/// Registers the pipeline `Decl` declares, built by `build` from the parsed
/// declaration, to run on builtin.module only; --help lists its options with
/// their defaults.
template <typename Decl>
void registerDeclaredModulePipeline(
    std::function<LogicalResult(OpPassManager &, const Decl &)> build);

/// The error for a module pipeline `name` nested under another op in `pm`.
inline LogicalResult reportMisplacedPipeline(
    StringRef name, OpPassManager &pm,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  return errorHandler("'" + name +
                      "' runs on 'builtin.module', not nested in '" +
                      pm.getOpAnchorName() +
                      "': it changes function signatures; write "
                      "'builtin.module(" +
                      name + ")'");
}

template <typename Decl>
void registerDeclaredModulePipeline(
    std::function<LogicalResult(OpPassManager &, const Decl &)> build) {
  StringRef name = Decl::getArgumentName();
  registerPassPipeline(
      name, Decl().getDescription(),
      [name, build](OpPassManager &pm, StringRef optionsText,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!runsOnModule(pm))
          return reportMisplacedPipeline(name, pm, errorHandler);
        Decl decl;
        // The parser's own errors ("no such option") go to the pipeline
        // parser's error handler with the rest, not straight to stderr
        // (llvm::cl still prints a bad value's error there itself).
        std::string errors;
        llvm::raw_string_ostream errorStream(errors);
        if (failed(decl.options().parseFromString(optionsText, errorStream))) {
          if (!errors.empty())
            return errorHandler("'" + name + "': " + StringRef(errors).trim());
          // llvm::cl printed which value, unlocated; say where it was.
          return errorHandler("'" + name +
                              "': an option value it does not "
                              "take, in '" +
                              optionsText + "'");
        }
        return build(pm, decl);
      },
      [](function_ref<void(const detail::PassOptions &)> printOptions) {
        Decl decl;
        std::vector<std::string> descriptions;
        describeDefaults(decl.optionSet(), descriptions);
        printOptions(decl.options());
      });
}

} // namespace mlir::qtosa

#endif // QTOSA_TRANSFORMS_PIPELINEREGISTRATION_H

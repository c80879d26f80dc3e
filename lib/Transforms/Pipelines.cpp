//===- Pipelines.cpp - qtosa pass pipelines -------------------------------===//
//
// The stages every qtosa pipeline runs, in order:
//
//   import-qdq -> inline-private-calls -> signed-storage -> share-qspecs
//   -> (integer-io) -> (fold-quantized-constants) -> canonicalize
//   -> lower-to-tosa-int
//
// then qtosa-lower-pipeline inlines delegates, (verify-integer-tosa) and
// expands what is left of quantize/dequantize, and qtosa-ethosu-pipeline
// (EthosUPipeline.cpp) partitions, (exports) and expands. Each step below
// says why it stands where it does; the pipelines' summaries
// (Pipelines.td) list the same stages, which
// test/Pipelines/qtosa-pipeline-stages.mlir checks.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Transforms/Passes.h"
#include "qtosa/Transforms/PipelineRegistration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::qtosa {
#define GEN_PASS_DECL_LOWERPIPELINEDECL
#define GEN_PASS_DEF_LOWERPIPELINEDECL
#include "qtosa/Transforms/Pipelines.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;

namespace {
struct LowerPipelineDecl
    : public LoweringPipelineDecl<qtosa::impl::LowerPipelineDeclBase,
                                  LowerPipelineDecl> {
  using LoweringPipelineDecl::LoweringPipelineDecl;
};
} // namespace

void mlir::qtosa::describeDefaults(llvm::cl::SubCommand &optionSet,
                                   std::vector<std::string> &storage) {
  // The options print as {arg=value arg=value}, sorted; the defaults are
  // plain words, so a space separates them.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  DeclaredPipelineOptions::of(optionSet).print(os);
  StringRef list = StringRef(printed).trim("{}");
  SmallVector<StringRef> entries;
  list.split(entries, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  storage.reserve(entries.size());
  for (StringRef entry : entries) {
    auto [arg, value] = entry.split('=');
    llvm::cl::Option *option = optionSet.OptionsMap.lookup(arg);
    if (!option)
      continue;
    storage.push_back((option->HelpStr + " (default: " +
                       (value.empty() ? StringRef("none") : value) + ")")
                          .str());
    option->setDescription(storage.back());
  }
}

LogicalResult
mlir::qtosa::buildQuantizedLoweringStages(OpPassManager &pm,
                                          const LowerPipelineOptions &options) {
  if (!runsOnModule(pm))
    return failure();

  //===--------------------------------------------------------------------===//
  // Import: QDQ and quant-typed TOSA in, qtosa ops on storage integers out.
  //===--------------------------------------------------------------------===//

  // quant.qcast/dcast and quant-typed TOSA become qtosa ops on storage
  // integers; signatures change, hence a module pass.
  pm.addPass(createImportQDQPass(options.import));
  // Exporters' submodules are private functions; a call left in the graph
  // would be a host step between delegates. After the import, so that no
  // quant.qcast/dcast pair meets a canonicalizer.
  pm.addPass(createInlinePrivateCallsPass());
  // u8 storage (ONNX's default) becomes i8 with the zero point moved: TOSA
  // orders and accumulates signed integers, and Ethos-U takes int8.
  // With io=int the graph's u8 ends stay u8: it takes and returns what
  // TFLite does.
  SignedStoragePassOptions signedStorage;
  signedStorage.u8GraphEnds = options.io == GraphIO::Int;
  pm.addNestedPass<func::FuncOp>(createSignedStoragePass(signedStorage));

  //===--------------------------------------------------------------------===//
  // Share: quantization parameters across data movement.
  //===--------------------------------------------------------------------===//

  // Data movement between dequantize and quantize moves onto integers, so
  // that no float op is stranded at a quantization boundary.
  pm.addNestedPass<func::FuncOp>(createShareQSpecsPass(options.share));
  // Public functions take and return the stored integers. Before the
  // canonicalization and the lowering: where one graph calls another, the
  // dequantize/quantize pairs the calls leave between them then fold, and
  // a requantize between different parameters becomes a tosa.rescale
  // rather than float arithmetic in the caller.
  if (options.io == GraphIO::Int)
    pm.addPass(createIntegerIOPass());

  //===--------------------------------------------------------------------===//
  // Fold: requantize pairs and data movement on quantized constants.
  //===--------------------------------------------------------------------===//

  // Only on request: folds that copy a shared constant into a larger one.
  if (options.fold.force)
    pm.addNestedPass<func::FuncOp>(
        createFoldQuantizedConstantsPass(options.fold));
  // Requantize pairs fold and moved constants settle; integer TOSA from other
  // tools is left as it is. TOSA graphs are single blocks: region
  // simplification would find nothing.
  QuantizedCanonicalizePassOptions canonicalize;
  canonicalize.regionSimplifyLevel = GreedySimplifyRegionLevel::Disabled;
  pm.addNestedPass<func::FuncOp>(createQuantizedCanonicalizePass(canonicalize));

  //===--------------------------------------------------------------------===//
  // Lower: each dequantize -> float op -> quantize group to integer TOSA.
  //===--------------------------------------------------------------------===//

  // Rescales round as options.lower says; a group that cannot be lowered
  // stays in float with a remark, for the partitioner to explain.
  pm.addNestedPass<func::FuncOp>(createLowerToTosaIntPass(options.lower));
  return success();
}

LogicalResult
mlir::qtosa::buildLowerPipeline(OpPassManager &pm,
                                const LowerPipelineOptions &options) {
  if (!runsOnModule(pm))
    return failure();
  // The functions it would not reach are an error, not left as they are.
  pm.addPass(createCheckPipelineInputPass({"qtosa-lower-pipeline"}));
  // Import, share, fold, lower.
  if (failed(buildQuantizedLoweringStages(pm, options)))
    return failure();

  //===--------------------------------------------------------------------===//
  // Expand: the quantize/dequantize left become float TOSA arithmetic.
  //===--------------------------------------------------------------------===//

  // A partitioned graph runs on the host as a whole: no qtosa.delegate may
  // stay in pure upstream TOSA.
  pm.addNestedPass<func::FuncOp>(createInlineDelegatesPass());
  // io=int promises integer TOSA 1.0: checked here, while the quantize and
  // dequantize that would become float arithmetic can still be told apart,
  // so that a broken promise fails at the op rather than exiting 0.
  if (options.io == GraphIO::Int)
    pm.addPass(createVerifyIntegerTosaPass());
  // What is left of quantize/dequantize becomes plain TOSA arithmetic; on the
  // whole module, so that none outside a function (which the import also
  // reaches) is left behind.
  pm.addPass(createExpandQDQPass());
  return success();
}

void mlir::qtosa::registerLowerPipelines() {
  registerDeclaredModulePipeline<LowerPipelineDecl>(
      [](OpPassManager &pm, const LowerPipelineDecl &decl) {
        return buildLowerPipeline(pm, decl.loweringOptions());
      });
}

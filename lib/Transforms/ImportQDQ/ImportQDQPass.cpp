//===- ImportQDQPass.cpp - qtosa-import-qdq -------------------------------===//
//
// Every value of quantized tensor type is replaced by its storage tensor
// (Internals.h says which file does what).
//
//===----------------------------------------------------------------------===//

#include "Internals.h"

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::qtosa {
#define GEN_PASS_DEF_IMPORTQDQPASS
#include "qtosa/Transforms/Passes.h.inc"
} // namespace mlir::qtosa

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::import_qdq;

namespace {
struct ImportQDQPass : qtosa::impl::ImportQDQPassBase<ImportQDQPass> {
  using ImportQDQPassBase::ImportQDQPassBase;
  void getDependentDialects(DialectRegistry &registry) const override {
    ImportQDQPassBase::getDependentDialects(registry);
    registerTosaQuantBehaviourExternalModels(registry);
  }
  void runOnOperation() override;
};
} // namespace

/// Keeps the parameters of quantized function arguments and results, which
/// the signature change would otherwise lose, as `qtosa.qtype` attributes.
static void recordSignatureQuantTypes(FunctionOpInterface func) {
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    if (quant::QuantizedType qtype = getQuantElementType(type))
      func.setArgAttr(index, kQTypeAttrName, getQTypeAttrValue(qtype));
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (quant::QuantizedType qtype = getQuantElementType(type))
      func.setResultAttr(index, kQTypeAttrName, getQTypeAttrValue(qtype));
}

void ImportQDQPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();

  // One walk per top-level op (functions in parallel) checks every op,
  // records quantized signatures, and collects what the conversion must
  // touch: the graphs are large, and each walk over them is a pass over
  // memory. A function whose signature has no quantized type needs only its
  // ops that carry one converted, which spares the conversion the legality
  // bookkeeping of every float and integer op of the graph.
  struct Inspection {
    bool importable = true;
    SmallVector<Operation *> toConvert;
  };
  auto inspect = [&](Operation *top) {
    Inspection result;
    bool levels = isa<FunctionOpInterface>(top);
    auto reportLimit = [&](InFlightDiagnostic diag, StringRef violation) {
      diag << violation;
      result.importable = false;
      // One error per function, at its first value beyond the limits: the
      // values computed from it would only repeat the message.
      levels = false;
    };
    if (auto func = dyn_cast<FunctionOpInterface>(top))
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
        if (WhyNot violation = whyNotWithinLevel(type, maxRank)) {
          // At the function's location: on the op, the diagnostic would
          // print the whole function beside the message.
          reportLimit(emitError(func->getLoc())
                          << "'" << func->getName() << "' op argument #"
                          << index << " ",
                      violation.str());
          break;
        }
      }
    bool quantizedTop = hasQuantizedTypes(top);
    top->walk<WalkOrder::PreOrder>([&](Operation *op) {
      bool quantized = op == top ? quantizedTop : hasQuantizedTypes(op);
      if (failed(checkImportable(op, quantized)))
        result.importable = false;
      if (auto func = dyn_cast<FunctionOpInterface>(op))
        recordSignatureQuantTypes(func);
      else if (levels)
        for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
          if (WhyNot violation = whyNotWithinLevel(type, maxRank)) {
            reportLimit(op->emitOpError() << "result #" << index << " ",
                        violation.str());
            break;
          }
        }
      // Quantized ops with regions are not importable, so no op collected
      // here contains another.
      if (op != top && quantized && !quantizedTop)
        result.toConvert.push_back(op);
    });
    if (quantizedTop)
      result.toConvert.assign(1, top);
    return result;
  };

  std::unique_ptr<TypeConverter> converter = createQuantStorageTypeConverter();
  ConversionTarget target(*ctx);
  target.addIllegalDialect<quant::QuantDialect>();
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !hasQuantizedTypes(op); });
  // quant.dcast folds quant.qcast away: the very boundary this pass keeps.
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  auto convert = [&](ArrayRef<Operation *> ops,
                     ImportQDQCounters &counters) -> LogicalResult {
    if (!ops.empty() && importCastsDirectly(ops, *converter, counters))
      return success();
    RewritePatternSet patterns(ctx);
    populateImportQDQPatterns(*converter, patterns, &counters);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   *converter);
    populateReturnOpTypeConversionPattern(patterns, *converter);
    populateCallOpTypeConversionPattern(patterns, *converter);
    return applyFullConversion(ops, target, std::move(patterns), config);
  };

  // A signature change stays inside its function (calls convert their own
  // types), so functions convert in parallel, each with its own counters;
  // the rest of the module's top-level ops after them.
  SmallVector<Operation *> functions, others;
  for (Operation &op : module.getBody()->getOperations())
    (isa<FunctionOpInterface>(op) ? functions : others).push_back(&op);
  // Every function is checked, so that each reports its errors; any error
  // fails the pass, and then nothing is converted outside the functions.
  SmallVector<ImportQDQCounters> perFunction(functions.size());
  SmallVector<char> failedFunctions(functions.size(), 0);
  SmallVector<char> convertedFunctions(functions.size(), 0);
  ParallelDiagnosticHandler diagnostics(ctx);
  parallelFor(ctx, 0, functions.size(), [&](size_t index) {
    diagnostics.setOrderIDForThread(index);
    Inspection inspection = inspect(functions[index]);
    convertedFunctions[index] = !inspection.toConvert.empty();
    failedFunctions[index] =
        !inspection.importable ||
        failed(convert(inspection.toConvert, perFunction[index]));
    diagnostics.eraseOrderIDForThread();
  });
  bool importable = llvm::none_of(failedFunctions, [](char f) { return f; });
  SmallVector<Operation *> otherOps;
  for (Operation *op : others) {
    Inspection inspection = inspect(op);
    importable &= inspection.importable;
    llvm::append_range(otherOps, inspection.toConvert);
  }
  ImportQDQCounters counters;
  if (!importable || failed(convert(otherOps, counters)))
    return signalPassFailure();
  for (const ImportQDQCounters &c : perFunction) {
    counters.quantizeOps += c.quantizeOps;
    counters.dequantizeOps += c.dequantizeOps;
    counters.floatIslands += c.floatIslands;
    counters.integerOps += c.integerOps;
  }

  numQuantize += counters.quantizeOps;
  numDequantize += counters.dequantizeOps;
  numFloatIslands += counters.floatIslands;
  numIntegerOps += counters.integerOps;
  if (otherOps.empty() && llvm::none_of(convertedFunctions, [](char converted) {
        return converted;
      }))
    markAllAnalysesPreserved();
}

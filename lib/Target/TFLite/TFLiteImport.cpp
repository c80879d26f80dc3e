//===- TFLiteImport.cpp - importTFLite and --import-tflite ----------------===//
//
// The driver: read and check the model, build one function per subgraph,
// verify the result. The phases are described in TFLiteImporter.h.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Target/TFLite/TFLiteImport.h"

#include "TFLiteImporter.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::qtosa;
using namespace mlir::qtosa::tflite_import;

static void loadDialects(MLIRContext *context) {
  context->loadDialect<func::FuncDialect, tosa::TosaDialect,
                       quant::QuantDialect, QTosaDialect>();
}

/// "operator #N (NAME) of subgraph S" for a location operatorLoc made, or
/// empty.
static std::string describeOperator(const ModelInfo &model, Location loc) {
  auto fileLoc = loc->findInstanceOf<FileLineColLoc>();
  const auto *subgraphs = model.model ? model.model->subgraphs() : nullptr;
  if (!fileLoc || !subgraphs || fileLoc.getColumn() >= subgraphs->size())
    return {};
  const tflite::SubGraph *subgraph = subgraphs->Get(fileLoc.getColumn());
  const auto *operators = subgraph ? subgraph->operators() : nullptr;
  if (!operators || fileLoc.getLine() >= operators->size())
    return {};
  const tflite::Operator *op = operators->Get(fileLoc.getLine());
  if (!op || op->opcode_index() >= model.opcodes.size())
    return {};
  return llvm::formatv("operator #{0} ({1}) of subgraph {2}", fileLoc.getLine(),
                       operatorName(model.opcodes[op->opcode_index()]),
                       fileLoc.getColumn())
      .str();
}

OwningOpRef<ModuleOp> qtosa::importTFLite(llvm::MemoryBufferRef buffer,
                                          MLIRContext *context) {
  loadDialects(context);
  FailureOr<ModelInfo> model = readModel(buffer, context);
  if (failed(model))
    return {};
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc(*model, context));
  // TFLite requantizes with MultiplyByQuantizedMultiplier, a rounding
  // doubling high multiply then a rounding shift: TOSA's DOUBLE_ROUND.
  // Every lowering of this module (rounding=auto) follows it, the Ethos-U
  // delegates included, so that they compute what TFLite computes.
  (*module)->setAttr(kRescaleRoundingAttrName,
                     StringAttr::get(context, "double"));
  for (size_t i = 0; i < model->tensors.size(); ++i) {
    SubgraphImporter importer(*model, static_cast<int>(i), *module);
    if (failed(importer.importFunction()))
      return {};
  }
  // The TOSA verifiers check what the model declares against what the ops
  // compute (shapes, pads, strides); their errors carry the operator's
  // location, "file":op:subgraph, and a note says which operator that is.
  ScopedDiagnosticHandler explain(context, [&](Diagnostic &diag) {
    // Only a TOSA op's error: a function's (its arguments are tensors,
    // located at line 0 too) is about no operator.
    if (diag.getSeverity() == DiagnosticSeverity::Error &&
        StringRef(diag.str()).starts_with("'tosa."))
      if (std::string op = describeOperator(*model, diag.getLocation());
          !op.empty())
        diag.attachNote() << "imported from " << op
                          << ", whose tensors' shapes or types are not what "
                             "the operator computes: the model is invalid";
    return failure(); // on to the handler that prints it
  });
  if (failed(verify(*module)))
    return {};
  return module;
}

void qtosa::registerTFLiteTranslations() {
  TranslateToMLIRRegistration registration(
      "import-tflite", "import a TFLite flatbuffer as QDQ TOSA",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importTFLite(buffer->getMemBufferRef(), context);
      },
      [](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, tosa::TosaDialect,
                        quant::QuantDialect, QTosaDialect>();
      },
      // FlatBuffers align vectors of up to 16-byte elements (force_align).
      llvm::Align(16));
}

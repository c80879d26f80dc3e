//===- Registration.cpp - qtosa-translate's TOSA flatbuffer translations --===//

#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Utils/NestingDepth.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::qtosa::registerTosaFlatbufferTranslations() {
  // A registration of its own rather than TranslateFromMLIRRegistration:
  // the text is scanned for nesting deeper than MLIR's recursive parser
  // survives before it is parsed, as qtosa-opt does.
  TranslateRegistration exportRegistration(
      "export-tosa-flatbuffer",
      "Write a module of TOSA 1.0 ops as a TOSA 1.0 flatbuffer (.tosa)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
         MLIRContext *context) -> LogicalResult {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        if (std::optional<qtosa::NestingViolation> violation =
                qtosa::findNestingBeyond(buffer->getBuffer())) {
          llvm::errs() << qtosa::describeNestingViolation(
                              buffer->getBufferIdentifier(), *violation)
                       << "\n";
          return failure();
        }
        // Delegates come with quantize/dequantize around them; arith is
        // there so that an arith.constant is refused by the exporter, with
        // its reason, rather than by the parser.
        DialectRegistry registry;
        registry.insert<arith::ArithDialect, func::FuncDialect,
                        tosa::TosaDialect, quant::QuantDialect, QTosaDialect>();
        context->appendDialectRegistry(registry);
        OwningOpRef<Operation *> op = parseSourceFileForTool(
            sourceMgr, ParserConfig(context), /*insertImplicitModule=*/true);
        if (!op || failed(verify(*op)))
          return failure();
        return exportTosaFlatbuffer(op.get(), os);
      });

  TranslateToMLIRRegistration importRegistration(
      "import-tosa-flatbuffer",
      "Read a TOSA 1.0 flatbuffer (.tosa) as a module of one TOSA function",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importTosaFlatbuffer(buffer->getMemBufferRef(), context);
      },
      [](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, tosa::TosaDialect>();
      });
}

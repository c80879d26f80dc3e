//===- Registration.cpp - qtosa-translate's TOSA flatbuffer translations --===//

#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::qtosa::registerTosaFlatbufferTranslations() {
  TranslateFromMLIRRegistration exportRegistration(
      "export-tosa-flatbuffer",
      "Write a module of TOSA 1.0 ops as a TOSA 1.0 flatbuffer (.tosa)",
      [](Operation *op, raw_ostream &os) {
        return exportTosaFlatbuffer(op, os);
      },
      [](DialectRegistry &registry) {
        // Delegates come with quantize/dequantize around them; arith is
        // there so that an arith.constant is refused by the exporter, with
        // its reason, rather than by the parser.
        registry.insert<arith::ArithDialect, func::FuncDialect,
                        tosa::TosaDialect, quant::QuantDialect,
                        QTosaDialect>();
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

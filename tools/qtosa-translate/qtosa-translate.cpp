//===- qtosa-translate.cpp - qtosa translation driver ---------------------===//
//
// mlir-translate with qtosa's translations: TFLite flatbuffers in, TOSA 1.0
// flatbuffers out and in.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Target/TFLite/TFLiteImport.h"
#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h" // asMainReturnCode
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::qtosa::registerTFLiteTranslations();
  mlir::qtosa::registerTosaFlatbufferTranslations();
  return mlir::asMainReturnCode(
      mlir::mlirTranslateMain(argc, argv, "qtosa translation driver\n"));
}

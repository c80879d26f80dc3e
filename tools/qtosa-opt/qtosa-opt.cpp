//===- qtosa-opt.cpp - qtosa optimizer driver -----------------------------===//

#include "qtosa/InitQTosa.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::qtosa::registerQTosaDialects(registry);
  mlir::qtosa::registerQTosaAndUpstreamPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "qtosa: quantization-aware TOSA optimizer driver\n",
      registry));
}

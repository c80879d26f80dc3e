//===- InitQTosa.cpp - Register qtosa with a tool -------------------------===//

#include "qtosa/InitQTosa.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "qtosa/Dialect/QTosa/IR/QTosaDialect.h"
#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"
#include "qtosa/Quantization/Passes.h"
#include "qtosa/Target/EthosU/Passes.h"
#include "qtosa/Target/TosaFlatbuffer/Passes.h"
#include "qtosa/Transforms/Passes.h"

void mlir::qtosa::registerQTosaDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, func::FuncDialect, quant::QuantDialect,
                  tensor::TensorDialect, tosa::TosaDialect, QTosaDialect>();
  func::registerInlinerExtension(registry);
  registerTosaQuantBehaviourExternalModels(registry);
}

void mlir::qtosa::registerQTosaAndUpstreamPasses() {
  registerTransformsPasses();
  tosa::registerTosaPasses();
  registerQTosaPasses();
  registerLowerPipelines();
  registerQTosaEthosUPasses();
  registerEthosUPipelines();
  registerQTosaTosaFlatbufferPasses();
  registerQTosaQuantizationPasses();
  registerQuantizePipelines();
}

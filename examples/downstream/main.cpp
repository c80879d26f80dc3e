// Runs qtosa's import and expand passes from a downstream pass pipeline and
// reports whether any quantize/dequantize or quant op is left.

#include "qtosa/InitQTosa.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cstdio>

static constexpr const char *kModel = R"mlir(
!q = !quant.uniform<i8:f32, 0.25:-3>
func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  mlir::qtosa::registerQTosaDialects(registry);
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(kModel, &context);
  if (!module)
    return 1;

  mlir::PassManager pm(&context);
  pm.addPass(mlir::qtosa::createImportQDQPass());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::qtosa::createExpandQDQPass());
  if (mlir::failed(pm.run(*module)))
    return 1;

  int left = 0;
  module->walk([&](mlir::Operation *op) {
    llvm::StringRef ns = op->getDialect()->getNamespace();
    left += ns == "quant" || ns == "qtosa";
  });
  std::printf("quant and qtosa ops left: %d\n", left);
  return left == 0 ? 0 : 1;
}

//===- EmbeddingTest.cpp - qtosa used as a library ------------------------===//
//
// A downstream compiler builds its own pass pipeline from qtosa's passes and
// pattern sets; these tests do exactly that, without qtosa-opt.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/InitQTosa.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

constexpr const char *kQDQTranspose = R"mlir(
!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  %d = quant.dcast %q : tensor<2x3x!q> to tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}
)mlir";

class EmbeddingTest : public ::testing::Test {
protected:
  EmbeddingTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    qtosa::registerQTosaDialects(registry);
    return registry;
  }

  template <typename OpTy> int count(ModuleOp module) {
    int n = 0;
    module.walk([&](OpTy) { ++n; });
    return n;
  }

  int countDialect(ModuleOp module, StringRef dialect) {
    int n = 0;
    module.walk([&](Operation *op) {
      n += op->getDialect() && op->getDialect()->getNamespace() == dialect;
    });
    return n;
  }

  MLIRContext context;
};

TEST_F(EmbeddingTest, ImportThenCanonicalizeKeepsTheQuantizationBoundary) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kQDQTranspose, &context);
  ASSERT_TRUE(module);

  PassManager pm(&context);
  pm.addPass(qtosa::createImportQDQPass());
  pm.addPass(createCanonicalizerPass());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  EXPECT_EQ(countDialect(*module, "quant"), 0);
  EXPECT_EQ(count<qtosa::QuantizeOp>(*module), 1);
  EXPECT_EQ(count<qtosa::DequantizeOp>(*module), 1);
}

TEST_F(EmbeddingTest, ExpandPatternsRunUnderADownstreamDriver) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kQDQTranspose, &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addPass(qtosa::createImportQDQPass());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  RewritePatternSet patterns(&context);
  qtosa::populateExpandQDQPatterns(patterns);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(patterns))));

  EXPECT_EQ(countDialect(*module, "qtosa"), 0);
  EXPECT_GT(count<tosa::CastOp>(*module), 0);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace

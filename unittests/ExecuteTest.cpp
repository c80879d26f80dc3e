//===- ExecuteTest.cpp - The engine's choice of LLVM optimization level ---===//
//
// LLVM's O2 takes minutes on functions of a few thousand ops (Execute.cpp):
// without QTOSA_JIT_OPT_LEVEL, the engine compiles a function of more than
// 1000 ops at O0 and a smaller one at O2.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Execution/Execute.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;

namespace {

/// A function of `negates` chained tosa.negate ops (plus their operands).
std::string chain(int negates) {
  std::string text = "func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {\n"
                     "  %z = \"tosa.const\"() {values = dense<0> : "
                     "tensor<1xi32>} : () -> tensor<1xi32>\n";
  std::string last = "%x";
  for (int i = 0; i < negates; ++i) {
    std::string next = "%v" + std::to_string(i);
    text += "  " + next + " = tosa.negate " + last +
            ", %z, %z : (tensor<4xi32>, tensor<1xi32>, tensor<1xi32>) -> "
            "tensor<4xi32>\n";
    last = next;
  }
  return text + "  return " + last + " : tensor<4xi32>\n}\n";
}

unsigned levelOf(int negates) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, tosa::TosaDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(chain(negates), &context);
  EXPECT_TRUE(module);
  auto function = module->lookupSymbol<func::FuncOp>("main");
  return qtosa::getDefaultJitOptLevel(function);
}

TEST(Execute, LargeFunctionsCompileAtO0) {
  EXPECT_EQ(levelOf(10), 2u);
  EXPECT_EQ(levelOf(990), 2u);
  EXPECT_EQ(levelOf(1200), 0u);
}

} // namespace

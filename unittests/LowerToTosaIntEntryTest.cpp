//===- LowerToTosaIntEntryTest.cpp - The exported lowering is the pass ----===//
//
// Code that lowers QDQ groups without a pass manager calls lowerToTosaInt;
// it must produce exactly what qtosa-lower-to-tosa-int produces: the same
// groups lowered in the same order, the same constants shared per block.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/InitQTosa.h"
#include "qtosa/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

// Groups of every family, constants two groups make alike, a block of its
// own (the cond_if branches) and a group left in float: pow of two
// variables, a function of two inputs that no integer TOSA op computes (a
// table has one input), so it stays without a lowering.
constexpr const char *kModule = R"mlir(
func.func @groups(%x: tensor<1x2x2x3xi8>, %a: tensor<4xi8>, %b: tensor<4xi8>, %c: tensor<i1>) -> (tensor<1x2x2x2xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2xi8>) {
  %xd = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:-4> : tensor<1x2x2x3xi8> -> tensor<1x2x2x3xf32>
  %w = "tosa.const"() {values = dense<1> : tensor<2x1x1x3xi8>} : () -> tensor<2x1x1x3xi8>
  %wd = qtosa.dequantize %w as !quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2}> : tensor<2x1x1x3xi8> -> tensor<2x1x1x3xf32>
  %bias = "tosa.const"() {values = dense<[0.25, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %conv = tosa.conv2d %xd, %wd, %bias, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x3xf32>, tensor<2x1x1x3xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
  %q0 = qtosa.quantize %conv as !quant.uniform<i8:f32, 0.2:1> : tensor<1x2x2x2xf32> -> tensor<1x2x2x2xi8>
  %ad = qtosa.dequantize %a as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %bd = qtosa.dequantize %b as !quant.uniform<i8:f32, 0.25:-2> : tensor<4xi8> -> tensor<4xf32>
  %sum = tosa.add %ad, %bd : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q1 = qtosa.quantize %sum as !quant.uniform<i8:f32, 0.75:0> : tensor<4xf32> -> tensor<4xi8>
  %sig = tosa.sigmoid %ad : (tensor<4xf32>) -> tensor<4xf32>
  %q2 = qtosa.quantize %sig as !quant.uniform<i8:f32, 0.00390625:-128> : tensor<4xf32> -> tensor<4xi8>
  %q3 = qtosa.quantize %ad as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  %r = tosa.cond_if %c (%arg = %a) : tensor<i1> (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%a0: tensor<4xi8>):
    %d = qtosa.dequantize %a0 as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
    %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
    tosa.yield %q : tensor<4xi8>
  } else {
  ^bb0(%a1: tensor<4xi8>):
    %d = qtosa.dequantize %a1 as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
    %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
    tosa.yield %q : tensor<4xi8>
  }
  %k = "tosa.const"() {values = dense<[1.0, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %q4 = qtosa.quantize %k as !quant.uniform<i8:f32, 0.5> : tensor<2xf32> -> tensor<2xi8>
  return %q0, %q1, %q2, %q3, %r, %q4 : tensor<1x2x2x2xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2xi8>
}

func.func @left_in_float(%x: tensor<4xi8>, %e: tensor<4xi8>) -> tensor<4xi8> {
  %xd = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.05> : tensor<4xi8> -> tensor<4xf32>
  %ed = qtosa.dequantize %e as !quant.uniform<i8:f32, 0.02> : tensor<4xi8> -> tensor<4xf32>
  %y = tosa.pow %xd, %ed : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %y as !quant.uniform<i8:f32, 0.5> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}
)mlir";

class LowerToTosaIntEntryTest : public ::testing::TestWithParam<bool> {
protected:
  LowerToTosaIntEntryTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerQTosaDialects(registry);
    return registry;
  }

  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    return text;
  }

  MLIRContext context;
};

TEST_P(LowerToTosaIntEntryTest, EntryPointProducesWhatThePassProduces) {
  RescaleRounding rounding =
      GetParam() ? RescaleRounding::Double : RescaleRounding::Single;
  // The pass explains the group it leaves in float in a remark.
  ScopedDiagnosticHandler quiet(&context, [](Diagnostic &) {});

  OwningOpRef<ModuleOp> byEntry =
      parseSourceString<ModuleOp>(kModule, &context);
  ASSERT_TRUE(byEntry);
  std::string input = print(*byEntry);
  OwningOpRef<ModuleOp> byPass = parseSourceString<ModuleOp>(kModule, &context);
  ASSERT_TRUE(byPass);

  bool changed = false;
  SmallVector<Operation *> left;
  for (auto func : byEntry->getOps<func::FuncOp>())
    changed |= lowerToTosaInt(func, rounding, &left);
  EXPECT_TRUE(changed);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_TRUE(isa<QuantizeOp>(left.front()));

  PassManager pm(&context);
  LowerToTosaIntPassOptions options;
  options.rounding = rounding;
  pm.addNestedPass<func::FuncOp>(createLowerToTosaIntPass(options));
  ASSERT_TRUE(succeeded(pm.run(*byPass)));

  std::string lowered = print(*byPass);
  EXPECT_NE(lowered, input);
  EXPECT_NE(lowered.find("tosa.rescale"), std::string::npos);
  EXPECT_NE(lowered.find("tosa.table"), std::string::npos);
  EXPECT_EQ(print(*byEntry), lowered);
}

INSTANTIATE_TEST_SUITE_P(Rounding, LowerToTosaIntEntryTest,
                         ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool> &info) {
                           return info.param ? "Double" : "Single";
                         });

} // namespace

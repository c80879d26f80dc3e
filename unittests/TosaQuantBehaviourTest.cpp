//===- TosaQuantBehaviourTest.cpp - every TOSA op is classified -----------===//

#include "qtosa/Dialect/QTosa/IR/TosaQuantBehaviour.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

class TosaQuantBehaviourTest : public ::testing::Test {
protected:
  TosaQuantBehaviourTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry
        .insert<func::FuncDialect, quant::QuantDialect, tosa::TosaDialect>();
    registerTosaQuantBehaviourExternalModels(registry);
    return registry;
  }

  /// The first op of the function `@f` in `source`.
  Operation *firstOp(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return nullptr;
    auto func = module->lookupSymbol<func::FuncOp>("f");
    return &func.getBody().front().front();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

// An op that TOSA gains in a later MLIR must be classified before it can be
// used; otherwise a new alias slips through the way moveaxis did.
TEST_F(TosaQuantBehaviourTest, EveryRegisteredTosaOpIsClassified) {
  int tosaOps = 0;
  for (RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "tosa")
      continue;
    ++tosaOps;
    EXPECT_TRUE(name.hasInterface<QuantBehaviourOpInterface>())
        << name.getStringRef().str() << " has no quantization behaviour";
  }
  EXPECT_GT(tosaOps, 70);
}

TEST_F(TosaQuantBehaviourTest, ClassesFollowWhatOpsDoWithValues) {
  Operation *transpose = firstOp(R"mlir(
    func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
      %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
      return %t : tensor<3x2xf32>
    })mlir");
  ASSERT_TRUE(transpose);
  EXPECT_EQ(getQuantBehaviour(transpose), QuantBehaviour::DataMovement);

  Operation *bilinear = firstOp(R"mlir(
    func.func @f(%x: tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32> {
      %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
      %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
      %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
      %r = tosa.resize %x, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xf32>
      return %r : tensor<1x4x4x1xf32>
    })mlir");
  ASSERT_TRUE(bilinear);
  Operation *resize =
      bilinear->getBlock()->getTerminator()->getOperand(0).getDefiningOp();
  EXPECT_EQ(getQuantBehaviour(resize), QuantBehaviour::Independent);

  Operation *add = firstOp(R"mlir(
    func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
      %a = tosa.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      return %a : tensor<4xf32>
    })mlir");
  ASSERT_TRUE(add);
  EXPECT_EQ(getQuantBehaviour(add), QuantBehaviour::Independent);
}

TEST_F(TosaQuantBehaviourTest, PerAxisFollowsTransposeAndReshape) {
  Operation *transpose = firstOp(R"mlir(
    func.func @f(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
      %t = tosa.transpose %x {perms = array<i32: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
      return %t : tensor<4x2x3xf32>
    })mlir");
  ASSERT_TRUE(transpose);
  auto perAxis = [&](int32_t axis, int count) {
    SmallVector<double> scales(count, 0.5);
    SmallVector<int64_t> zps(count, 0);
    return quant::QuantizedType(quant::UniformQuantizedPerAxisType::get(
        quant::QuantizationFlags::Signed, IntegerType::get(&context, 8),
        Float32Type::get(&context), scales, zps, axis, -128, 127));
  };
  auto iface = cast<QuantBehaviourOpInterface>(transpose);
  WhyNotOr<quant::QuantizedType> moved =
      iface.getResultQuantType({perAxis(1, 3)});
  ASSERT_TRUE(moved.hasValue()) << moved.whyNot().str().str();
  EXPECT_EQ(
      cast<quant::UniformQuantizedPerAxisType>(*moved).getQuantizedDimension(),
      2);
  WhyNotOr<quant::QuantizedType> back = iface.getOperandQuantType(*moved, 0);
  ASSERT_TRUE(back.hasValue()) << back.whyNot().str().str();
  EXPECT_EQ(*back, perAxis(1, 3));

  Operation *merge = firstOp(R"mlir(
    func.func @f(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
      %s = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
      %r = tosa.reshape %x, %s : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<6x4xf32>
      return %r : tensor<6x4xf32>
    })mlir");
  ASSERT_TRUE(merge);
  Operation *reshape = merge->getNextNode();
  auto reshapeIface = cast<QuantBehaviourOpInterface>(reshape);
  // Dimension 2 (size 4, 6 elements before it) survives as dimension 1.
  moved = reshapeIface.getResultQuantType({perAxis(2, 4)});
  ASSERT_TRUE(moved.hasValue()) << moved.whyNot().str().str();
  EXPECT_EQ(
      cast<quant::UniformQuantizedPerAxisType>(*moved).getQuantizedDimension(),
      1);
  // Dimension 1 merges with dimension 0: its three parameters tile twice.
  moved = reshapeIface.getResultQuantType({perAxis(1, 3)});
  ASSERT_TRUE(moved.hasValue()) << moved.whyNot().str().str();
  auto merged = cast<quant::UniformQuantizedPerAxisType>(*moved);
  EXPECT_EQ(merged.getQuantizedDimension(), 0);
  EXPECT_EQ(merged.getScales().size(), 6u);
}

} // namespace

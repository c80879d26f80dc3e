//===- EthosULegalityTest.cpp - The Ethos-U target as a library -----------===//
//
// A downstream compiler uses EthosUConversionTarget like any ConversionTarget
// and partitions functions itself; these tests do that without qtosa-opt.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Dialect/QTosa/IR/QTosaOps.h"
#include "qtosa/InitQTosa.h"
#include "qtosa/Target/EthosU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

constexpr const char *kGraph = R"mlir(
func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {
  %a = tosa.add %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %h = tosa.bitwise_and %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %b = tosa.add %h, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %b : tensor<4xi32>
}
)mlir";

class EthosULegalityTest : public ::testing::Test {
protected:
  EthosULegalityTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(kGraph, &context);
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerQTosaDialects(registry);
    return registry;
  }
  template <typename OpT> OpT first() {
    OpT found;
    module->walk([&](OpT op) {
      if (!found)
        found = op;
    });
    return found;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(EthosULegalityTest, ExplainsWhatItRejects) {
  ASSERT_TRUE(module);
  EthosUConversionTarget u55(context, EthosUTarget::U55_128);
  EXPECT_TRUE(u55.isLegal(first<tosa::AddOp>()).has_value());
  std::optional<EthosUViolation> why = u55.explain(first<tosa::BitwiseAndOp>());
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->rule, "U55.OP.NOT_SUPPORTED");
  EXPECT_EQ(why->reason,
            "'tosa.bitwise_and' is not supported on Ethos-U55/U65");

  EthosUConversionTarget u85(context, EthosUTarget::U85_256);
  EXPECT_FALSE(u85.explain(first<tosa::BitwiseAndOp>()).has_value());
}

TEST_F(EthosULegalityTest, UserOverridesDecide) {
  ASSERT_TRUE(module);
  // A compiler that lowers bitwise_and itself marks it legal on top.
  EthosUConversionTarget target(context, EthosUTarget::U55_128);
  target.addLegalOp<tosa::BitwiseAndOp>();
  EXPECT_FALSE(target.explain(first<tosa::BitwiseAndOp>()).has_value());
  // And one that keeps add off the NPU marks it illegal.
  target.addIllegalOp<tosa::AddOp>();
  std::optional<EthosUViolation> why = target.explain(first<tosa::AddOp>());
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->rule, "U55.OP.NOT_SUPPORTED");
}

TEST_F(EthosULegalityTest, PartitionsWithACustomTarget) {
  ASSERT_TRUE(module);
  EthosUConversionTarget target(context, EthosUTarget::U55_128);
  target.addLegalOp<tosa::BitwiseAndOp>();
  auto function = *module->getOps<func::FuncOp>().begin();
  EthosUPartitionResult result = partitionForEthosU(function, target);
  EXPECT_EQ(result.delegates, 1);
  EXPECT_EQ(result.npuOps, 3);
  EXPECT_TRUE(result.host.empty());
  EXPECT_TRUE(succeeded(verify(*module)));

  // With the stock rules the host op splits the graph in two.
  OwningOpRef<ModuleOp> fresh = parseSourceString<ModuleOp>(kGraph, &context);
  EthosUConversionTarget stock(context, EthosUTarget::U55_128);
  result = partitionForEthosU(*fresh->getOps<func::FuncOp>().begin(), stock);
  EXPECT_EQ(result.delegates, 2);
  ASSERT_EQ(result.host.size(), 1u);
  EXPECT_TRUE(isa<tosa::BitwiseAndOp>(result.host.front().op));
  EXPECT_TRUE(succeeded(verify(*fresh)));
}

// The partitioner asks a violation what it is about, not what its ID ends
// with.
TEST(EthosURuleKinds, EachViolationSaysWhatItIsAbout) {
  DialectRegistry registry;
  registerQTosaDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func private @helper(tensor<4xi8>) -> tensor<4xi8>
    func.func @f(%x: tensor<4xi8>, %f: tensor<4xf32>, %w: tensor<4xi32>,
                 %d: tensor<?xi8>) {
      %c = func.call @helper(%x) : (tensor<4xi8>) -> tensor<4xi8>
      %g = tosa.add %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %b = tosa.bitwise_and %w, %w : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      %r = tosa.reverse %d {axis = 0 : i32} : (tensor<?xi8>) -> tensor<?xi8>
      %s = tosa.reverse %x {axis = 0 : i32} : (tensor<4xi8>) -> tensor<4xi8>
      return
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  SmallVector<Operation *> ops;
  module->walk([&](Operation *op) {
    if (isa<func::CallOp, tosa::AddOp, tosa::BitwiseAndOp, tosa::ReverseOp>(op))
      ops.push_back(op);
  });
  ASSERT_EQ(ops.size(), 5u);
  const EthosURuleKind expected[] = {
      EthosURuleKind::Call, EthosURuleKind::FloatTensor,
      EthosURuleKind::Operator, EthosURuleKind::Tensor,
      EthosURuleKind::OperatorLimit};
  const char *rules[] = {"U55.CALL.HOST", "U55.TENSOR.FLOAT",
                         "U55.OP.NOT_SUPPORTED", "U55.TENSOR.DYNAMIC",
                         "U55.REVERSE.AXIS"};
  for (size_t i = 0; i < ops.size(); ++i) {
    std::optional<EthosUViolation> why =
        checkEthosULegality(ops[i], EthosUTarget::U55_128);
    ASSERT_TRUE(why.has_value()) << rules[i];
    EXPECT_EQ(why->rule, rules[i]);
    EXPECT_EQ(why->kind, expected[i]) << rules[i];
  }
}

TEST(EthosUTargetNames, RoundTrip) {
  for (EthosUTarget target : {EthosUTarget::U55_128, EthosUTarget::U85_256})
    EXPECT_EQ(symbolizeEthosUTarget(stringifyEthosUTarget(target)), target);
  EXPECT_FALSE(symbolizeEthosUTarget("ethos-u65-512").has_value());
}

} // namespace

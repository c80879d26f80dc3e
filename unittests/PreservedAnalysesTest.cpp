//===- PreservedAnalysesTest.cpp - Passes that change nothing say so ------===//
//
// A pass that leaves its operation as it found it marks every analysis
// preserved: the pass manager then keeps the analyses a downstream compiler
// computed and skips the verifier it would run after the pass, a walk over
// every op of the function (on a 100k-op graph about as long as the pass
// itself). A pass that changes the IR must not claim so, or analyses go
// stale. Each case runs a pass between one that caches an analysis and one
// that asks whether it survived, on an input the pass leaves alone and on
// one it rewrites.
//
//===----------------------------------------------------------------------===//

#include "qtosa/InitQTosa.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

/// An analysis that only records that it was computed.
struct ComputedMarker {
  explicit ComputedMarker(Operation *) {}
};

struct CacheMarkerPass : PassWrapper<CacheMarkerPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CacheMarkerPass)
  void runOnOperation() override {
    (void)getAnalysis<ComputedMarker>();
    markAllAnalysesPreserved();
  }
};

struct ReadMarkerPass : PassWrapper<ReadMarkerPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReadMarkerPass)
  explicit ReadMarkerPass(int *survived) : survived(survived) {}
  void runOnOperation() override {
    if (getCachedAnalysis<ComputedMarker>())
      ++*survived;
    markAllAnalysesPreserved();
  }
  int *survived;
};

struct PassCase {
  /// The test's name.
  const char *label;
  /// The pass as qtosa-opt spells it.
  const char *pass;
  /// Whether qtosa-ethosu-pipeline runs it on each function.
  bool onFunctions;
  const char *untouched;
  const char *rewritten;
};

void PrintTo(const PassCase &c, std::ostream *os) { *os << c.label; }

constexpr const char *kPlainGraph = R"mlir(
func.func @graph(%x: tensor<4xi8>) -> tensor<4xi8> {
  %c = tosa.clamp %x {min_val = 0 : i8, max_val = 100 : i8} : (tensor<4xi8>) -> tensor<4xi8>
  return %c : tensor<4xi8>
}
)mlir";

constexpr const char *kRequantize = R"mlir(
func.func @graph(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %q = qtosa.quantize %d as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}
)mlir";

// A constant after other ops, which share-qspecs and the fold hand their
// drivers and nothing can move.
constexpr const char *kConstantAfterOps = R"mlir(
func.func @graph(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  %c = "tosa.const"() <{values = dense<3> : tensor<4xi8>}> : () -> tensor<4xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %m = tosa.maximum %a, %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
)mlir";

const PassCase kCases[] = {
    {"ImportQDQ", "qtosa-import-qdq", false, kPlainGraph, R"mlir(
func.func @graph(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
)mlir"},
    {"FoldQuantizedConstants", "qtosa-fold-quantized-constants", true,
     kConstantAfterOps, R"mlir(
func.func @graph() -> tensor<3x2xf32> {
  %c = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %d = qtosa.dequantize %c as !quant.uniform<i8:f32:1, {0.1, 0.2, 0.3}> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}
)mlir"},
    {"ShareQSpecs", "qtosa-share-qspecs", true, kConstantAfterOps, R"mlir(
func.func @graph(%x: tensor<2x3xi8>) -> tensor<3x2xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5> : tensor<2x3xi8> -> tensor<2x3xf32>
  %t = tosa.transpose %d {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %q = qtosa.quantize %t as !quant.uniform<i8:f32, 0.5> : tensor<3x2xf32> -> tensor<3x2xi8>
  return %q : tensor<3x2xi8>
}
)mlir"},
    {"Canonicalize", "qtosa-canonicalize", true, kRequantize, R"mlir(
func.func @graph(%x: tensor<4xi8>) -> tensor<4xi8> {
  %d = qtosa.dequantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xi8> -> tensor<4xf32>
  %t = tosa.transpose %d {perms = array<i32: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %q = qtosa.quantize %t as !quant.uniform<i8:f32, 0.25:-1> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}
)mlir"},
    // The greedy driver moves constants to the top of their block before
    // any pattern runs; that is a change too.
    {"CanonicalizeMovingConstants", "qtosa-canonicalize", true, kRequantize,
     kConstantAfterOps},
    {"LowerToTosaInt", "qtosa-lower-to-tosa-int", true, kPlainGraph,
     kRequantize},
    {"EthosUPartition", "qtosa-ethosu-partition", false, R"mlir(
func.func @graph(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = tosa.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}
)mlir",
     kPlainGraph},
    {"EthosULegalize", "qtosa-ethosu-legalize", true, kPlainGraph, R"mlir(
func.func @graph(%x: tensor<1x2x2x1xi8>) -> tensor<1x4x4x1xi32> {
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.resize %x, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x2x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi32>
  return %y : tensor<1x4x4x1xi32>
}
)mlir"},
    {"ExpandQDQ", "qtosa-expand-qdq", true, kPlainGraph, kRequantize},
    {"InlineDelegates", "qtosa-inline-delegates", true, kPlainGraph, R"mlir(
func.func @graph(%x: tensor<4xi8>) -> tensor<4xi8> {
  %r = qtosa.delegate "ethos-u55-128" (%x) : (tensor<4xi8>) -> tensor<4xi8> {
  ^bb0(%in: tensor<4xi8>):
    %c = tosa.clamp %in {min_val = 0 : i8, max_val = 100 : i8} : (tensor<4xi8>) -> tensor<4xi8>
    qtosa.yield %c : tensor<4xi8>
  }
  return %r : tensor<4xi8>
}
)mlir"},
    {"InlinePrivateCalls", "qtosa-inline-private-calls", false, kPlainGraph,
     R"mlir(
func.func private @callee(%x: tensor<4xi8>) -> tensor<4xi8> {
  return %x : tensor<4xi8>
}
func.func @graph(%x: tensor<4xi8>) -> tensor<4xi8> {
  %r = call @callee(%x) : (tensor<4xi8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}
)mlir"},
    {"SignedStorage", "qtosa-signed-storage", true, kRequantize, R"mlir(
func.func @graph(%x: tensor<4xi8>) -> tensor<4xf32> {
  %d = qtosa.dequantize %x as !quant.uniform<u8:f32, 0.5:128> : tensor<4xi8> -> tensor<4xf32>
  return %d : tensor<4xf32>
}
)mlir"},
    {"IntegerIO", "qtosa-integer-io", false, kPlainGraph, R"mlir(
func.func @graph(%x: tensor<4xf32>) -> tensor<4xi8> {
  %q = qtosa.quantize %x as !quant.uniform<i8:f32, 0.5:3> : tensor<4xf32> -> tensor<4xi8>
  return %q : tensor<4xi8>
}
)mlir"},
};

class PreservedAnalysesTest : public ::testing::TestWithParam<PassCase> {
protected:
  PreservedAnalysesTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }
  static void SetUpTestSuite() { qtosa::registerQTosaAndUpstreamPasses(); }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    qtosa::registerQTosaDialects(registry);
    return registry;
  }

  /// How many of the ops the pass ran on kept the cached analysis.
  int survivingAnalyses(const char *source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return -1;
    int survived = 0;
    PassManager pm(&context);
    OpPassManager &nested =
        GetParam().onFunctions ? pm.nest<func::FuncOp>() : pm;
    nested.addPass(std::make_unique<CacheMarkerPass>());
    EXPECT_TRUE(succeeded(parsePassPipeline(GetParam().pass, nested)));
    nested.addPass(std::make_unique<ReadMarkerPass>(&survived));
    EXPECT_TRUE(succeeded(pm.run(*module)));
    return survived;
  }

  MLIRContext context;
};

TEST_P(PreservedAnalysesTest, KeepsAnalysesWhenNothingChanges) {
  EXPECT_EQ(survivingAnalyses(GetParam().untouched), 1);
}

TEST_P(PreservedAnalysesTest, DropsAnalysesWhenItRewrites) {
  EXPECT_EQ(survivingAnalyses(GetParam().rewritten), 0);
}

INSTANTIATE_TEST_SUITE_P(Passes, PreservedAnalysesTest,
                         ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<PassCase> &info) {
                           return std::string(info.param.label);
                         });

} // namespace

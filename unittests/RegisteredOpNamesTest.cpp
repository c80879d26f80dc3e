//===- RegisteredOpNamesTest.cpp - tables name ops that exist -------------===//
//
// The Ethos-U rule tables and the TOSA flatbuffer's operator table key their
// rows by op name strings. A misspelt or renamed op (upstream renames TOSA
// ops between releases) would make a row silently match nothing: a rule
// never checked, an op the export cannot write. Every name must be an op
// that the dialects qtosa-opt loads register.
//
//===----------------------------------------------------------------------===//

#include "qtosa/InitQTosa.h"
#include "qtosa/Target/EthosU/EthosULegality.h"
#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::qtosa;

namespace {

class RegisteredOpNamesTest : public ::testing::Test {
protected:
  RegisteredOpNamesTest() {
    DialectRegistry registry;
    registerQTosaDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  bool isRegistered(StringRef name) {
    return RegisteredOperationName::lookup(name, &context).has_value();
  }

  MLIRContext context;
};

TEST_F(RegisteredOpNamesTest, EthosURulesNameRegisteredOps) {
  for (EthosUTarget target : {EthosUTarget::U55_128, EthosUTarget::U85_256}) {
    size_t named = 0;
    for (const EthosURuleInfo &rule : getEthosURules(target)) {
      // "*": a rule on every op.
      if (rule.op == "*")
        continue;
      ++named;
      EXPECT_TRUE(isRegistered(rule.op))
          << rule.id << " names '" << rule.op.str()
          << "', which no loaded dialect registers";
    }
    EXPECT_GT(named, 0u) << "the rule table of a target names no op";
  }
}

TEST_F(RegisteredOpNamesTest, FlatbufferOperatorTableNamesRegisteredOps) {
  std::vector<StringRef> names = getTosaFlatbufferOpNames();
  EXPECT_GT(names.size(), 60u);
  for (StringRef name : names)
    EXPECT_TRUE(isRegistered(name))
        << "the TOSA flatbuffer's operator table names '" << name.str()
        << "', which no loaded dialect registers";
}

TEST_F(RegisteredOpNamesTest, AMisspeltNameIsNotRegistered) {
  // The check above can fail: a name no dialect has is not found.
  EXPECT_FALSE(isRegistered("tosa.conv_2d"));
  EXPECT_TRUE(isRegistered("tosa.conv2d"));
}

} // namespace

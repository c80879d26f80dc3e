//===- UtilsTest.cpp - The text helpers of qtosa/Utils --------------------===//
//
// formatShortestDouble must always read back to the same double (the
// manifest's promise) and be no longer than needed; findNestingBeyond must
// count what MLIR's parser recurses on and nothing that only looks like a
// bracket.
//
//===----------------------------------------------------------------------===//

#include "qtosa/Utils/NestingDepth.h"
#include "qtosa/Utils/ShortestDouble.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

using namespace mlir::qtosa;

TEST(ShortestDouble, ReadsBackExactlyAndShort) {
  EXPECT_EQ(formatShortestDouble(0.06), "0.06");
  EXPECT_EQ(formatShortestDouble(0.1), "0.1");
  EXPECT_EQ(formatShortestDouble(2.5e-05), "2.5e-05");
  EXPECT_EQ(formatShortestDouble(1.0 / 3.0), "0.3333333333333333");
  std::mt19937_64 random(31);
  std::uniform_real_distribution<double> exponent(-40, 40);
  for (int i = 0; i < 10000; ++i) {
    double value = std::pow(10.0, exponent(random));
    std::string text = formatShortestDouble(value);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), value) << text;
  }
}

TEST(NestingDepth, CountsBracketsAndAliasChains) {
  std::string deep;
  for (int i = 0; i < 300; ++i)
    deep += "builtin.module {";
  for (int i = 0; i < 300; ++i)
    deep += "}";
  std::optional<NestingViolation> violation = findNestingBeyond(deep, 256);
  ASSERT_TRUE(violation);
  EXPECT_EQ(violation->line, 1u);
  EXPECT_EQ(violation->column, 257u * 16u);
  EXPECT_EQ(violation->depth, 257u);
  EXPECT_FALSE(findNestingBeyond(deep, 300));

  std::string aliases = "!t0 = tuple<i8>\n";
  for (int i = 1; i < 10; ++i)
    aliases += "!t" + std::to_string(i) + " = tuple<!t" +
               std::to_string(i - 1) + ">\n";
  EXPECT_TRUE(findNestingBeyond(aliases, 9));
  EXPECT_FALSE(findNestingBeyond(aliases, 10));
}

TEST(NestingDepth, IgnoresWhatOnlyLooksLikeBrackets) {
  // Arrows, comparisons, strings and comments open nothing.
  std::string text = "// {{{{{{{{\n"
                     "#set = affine_set<(d0) : (d0 >= 0, d0 - 1 <= 0)>\n"
                     "func.func @f(%x: tensor<2xi8>) -> tensor<2xi8> "
                     "attributes {s = \"{{{{(((([[[[\"} {\n"
                     "  return %x : tensor<2xi8>\n"
                     "}\n";
  std::optional<NestingViolation> violation = findNestingBeyond(text, 2);
  EXPECT_FALSE(violation) << violation->line << ":" << violation->column;
}

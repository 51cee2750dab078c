// Integers are 32 bits (flatten/IntegerRange.h): a literal beyond that and
// translation-time Integer arithmetic that leaves that range are located
// errors naming the operation, never wrapped values.
#include "FlatFixture.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

// The diagnostics of flattening and causalizing `source`, which must fail.
std::string translationErrors(const std::string& source) {
  StageResult r = causalizeSource(source, "M");
  EXPECT_FALSE(r.ok) << r.text;
  return r.diagnostics;
}

TEST(IntegerOverflow, LiteralBeyond32BitsIsALocatedErrorWithARealHint) {
  std::string d = flattenErrors("model M\n  parameter Integer n = 2147483648;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:25: error: Integer literal 2147483648 does not fit in 32 bits "
                     "(Integer values range from -2147483648 to 2147483647)\n"
                     "  parameter Integer n = 2147483648;\n"
                     "                        ^~~~~~~~~~\n")) << d;
  EXPECT_TRUE(has(d, "test.mo:2:25: note: a Real number is written 2147483648.0")) << d;
  d = flattenErrors("model M\n  Real x;\nequation\n  2*x = 1000000000000;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:9: error: Integer literal 1000000000000 does not fit in 32 bits")) << d;
}

// The FMU side is in tests/e2e/LanguageFeaturesTest.cpp.
TEST(IntegerOverflow, MostNegativeIntegerIsALiteral) {
  std::string flat = flatText("model M\n  parameter Integer n = -2147483648;\n  output Integer m = n;\nend M;\n");
  EXPECT_TRUE(has(flat, "parameter Integer n = -2147483648;")) << flat;
}

TEST(IntegerOverflow, LiteralArithmeticInAnEquationNamesTheOperation) {
  auto errorFor = [](const std::string& expression) {
    return flattenErrors("model M\n  Integer m;\nequation\n  m = " + expression + ";\nend M;\n");
  };
  const std::pair<std::string, std::string> cases[] = {
      {"2147483647 + 1", "'+': 2147483647 + 1 = 2147483648"},
      {"-2147483648 - 1", "'-': -2147483648 - 1 = -2147483649"},
      {"1000000 * 1000000", "'*': 1000000 * 1000000 = 1000000000000"},
      {"-(-2147483648)", "unary '-': -(-2147483648) = 2147483648"},
      {"div(-2147483648, -1)", "'div': div(-2147483648, -1) = 2147483648"},
      {"abs(-2147483648)", "'abs': abs(-2147483648) = 2147483648"},
      {"integer(1e30)", "'integer': integer(1e+30) = 1e+30"},
  };
  for (const auto& [expression, overflow] : cases) {
    std::string d = errorFor(expression);
    EXPECT_TRUE(has(d, "test.mo:4:7: error: Integer overflow in " + overflow + " does not fit in 32 bits")) << d;
  }
  // The inner product fits; the outer one does not, and is the one shown.
  std::string d = errorFor("(1000 * 1000) * 10000");
  EXPECT_TRUE(has(d, "test.mo:4:7: error: Integer overflow in '*': 1000000 * 10000 = 10000000000")) << d;
}

TEST(IntegerOverflow, ArithmeticWithinRangeIsKeptAsWritten) {
  std::string flat = flatText("model M\n  Integer m;\nequation\n  m = div(-2147483647, -1) + (-2147483647 - 1) * 0;\nend M;\n");
  EXPECT_TRUE(has(flat, "div(-2147483647, -1)")) << flat;
}

TEST(IntegerOverflow, ParameterBindingThatOverflowsIsLocated) {
  std::string d = translationErrors("model M\n  parameter Integer n = 2147483647 + 1;\n  output Integer m = n;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:25: error: Integer overflow in '+': 2147483647 + 1 = 2147483648 does not fit in 32 bits\n"
                     "  parameter Integer n = 2147483647 + 1;\n"
                     "                        ^~~~~~~~~~~~~~\n")) << d;
  EXPECT_FALSE(has(d, "internal error")) << d;
}

TEST(IntegerOverflow, ConstantEvaluatedThroughOtherConstantsIsLocated) {
  std::string d = translationErrors(
      "model M\n  constant Integer k = 65536;\n  constant Integer n = k * k;\n  output Integer m = n;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:24: error: Integer overflow in '*': 65536 * 65536 = 4294967296 does not fit in 32 bits"))
      << d;
  d = translationErrors(
      "model M\n  constant Integer k = -2147483648;\n  constant Integer n = abs(k);\n  output Integer m = n;\nend M;\n");
  EXPECT_TRUE(has(d, "error: Integer overflow in 'abs': abs(-2147483648) = 2147483648 does not fit in 32 bits")) << d;
}

TEST(IntegerOverflow, ArrayDimensionThatOverflowsIsLocated) {
  std::string d = flattenErrors("model M\n  parameter Integer n = 2147483647;\n  Real x[n + 1];\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:10: error: Integer overflow in '+': 2147483647 + 1 = 2147483648 does not fit in 32 bits"))
      << d;
}

TEST(IntegerOverflow, FunctionEvaluatedAtTranslationIsChecked) {
  std::string d = translationErrors(
      "function square\n  input Integer a;\n  output Integer b;\nalgorithm\n  b := a * a;\nend square;\n"
      "model M\n  constant Integer n = square(65536);\n  output Integer m = n;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:8: error: Integer overflow in '*': 65536 * 65536 = 4294967296 does not fit in 32 bits"))
      << d;
}

TEST(IntegerOverflow, IntegerOfNaNIsAnError) {
  std::string d = translationErrors(
      "model M\n  constant Real r = sqrt(-1);\n  constant Integer n = integer(r);\n  output Integer m = n;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:24: error: integer() of NaN has no Integer value")) << d;
}

// Solving an equation folds its literals; a sum beyond 32 bits stays an
// operation rather than becoming a literal no Integer can hold.
TEST(IntegerOverflow, SolvingDoesNotFoldBeyond32Bits) {
  StageResult r = causalizeSource(
      "model M\n  Integer m;\nequation\n  m + 2000000000 = -2000000000;\nend M;\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.text, "4000000000")) << r.text;
}

}  // namespace

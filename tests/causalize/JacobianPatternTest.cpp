// The sparsity pattern of d der(x) / d x read off the derivative blocks
// (causalize/JacobianPattern.h). Expected patterns are worked out by hand
// from the equations.
#include "causalize/JacobianPattern.h"

#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using smc::causal::JacobianPattern;

std::optional<JacobianPattern> patternOf(const std::string& source, size_t budget = 1000) {
  std::string diagnostics;
  auto model = smc::test::causalModelOf(source, &diagnostics);
  EXPECT_TRUE(model) << diagnostics;
  if (!model) return std::nullopt;
  return smc::causal::stateJacobianPattern(*model, budget);
}

// der(x1) = -x1, der(x2) = (x1 - x2) through an algebraic, der(x3) = x2 - x3:
// column x1 has rows 1 and 2 of it, x2 rows 2 and 3, x3 row 3 only.
TEST(JacobianPattern, AChainThroughAlgebraicsGivesABidiagonalPattern) {
  auto pattern = patternOf(
      "model Chain\n"
      "  Real x1(start = 1, fixed = true), x2(start = 0, fixed = true), x3(start = 0, fixed = true);\n"
      "  Real e;\n"
      "equation\n"
      "  der(x1) = -x1;\n  e = x1 - x2;\n  der(x2) = e;\n  der(x3) = x2 - x3;\n"
      "end Chain;\n");
  ASSERT_TRUE(pattern);
  EXPECT_EQ(pattern->columnStarts, (std::vector<int32_t>{0, 2, 4, 5}));
  EXPECT_EQ(pattern->rows, (std::vector<int32_t>{0, 1, 1, 2, 2}));
}

// A derivative that reads no state still gets its diagonal entry, which the
// integrator's matrix I - gamma J needs; one that reads an algebraic loop
// depends on everything the loop reads.
TEST(JacobianPattern, DiagonalIsAlwaysThereAndLoopsSpreadTheirInputs) {
  auto pattern = patternOf(
      "model Loop\n"
      "  Real x1(start = 1, fixed = true), x2(start = 0, fixed = true), x3(start = 0, fixed = true);\n"
      "  Real a, b;\n"
      "equation\n"
      "  der(x1) = 1;\n"
      "  a + sin(b) = x1;\n  b + sin(a) = x2;\n"
      "  der(x2) = a;\n  der(x3) = -x3;\n"
      "end Loop;\n");
  ASSERT_TRUE(pattern);
  // Columns: x1 -> der(x1) (diagonal), der(x2); x2 -> der(x2); x3 -> der(x3).
  EXPECT_EQ(pattern->columnStarts, (std::vector<int32_t>{0, 2, 3, 4}));
  EXPECT_EQ(pattern->rows, (std::vector<int32_t>{0, 1, 1, 2}));
}

// A delay of a positive time reads the past, fixed during a step: it adds
// no entry (der(x2) depends on x2 only).
TEST(JacobianPattern, ADelayOfThePastAddsNoEntry) {
  auto pattern = patternOf(
      "model Delayed\n"
      "  Real x1(start = 1, fixed = true), x2(start = 0, fixed = true);\n"
      "equation\n"
      "  der(x1) = -x1;\n  der(x2) = delay(x1, 0.5) - x2;\n"
      "end Delayed;\n");
  ASSERT_TRUE(pattern);
  EXPECT_EQ(pattern->columnStarts, (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(pattern->rows, (std::vector<int32_t>{0, 1}));
}

// Past the budget there is no pattern: the Jacobian counts as dense.
TEST(JacobianPattern, AModelOverTheBudgetHasNoPattern) {
  const std::string model =
      "model Full\n"
      "  Real x[4](each start = 1, each fixed = true);\n"
      "  Real s = sum(x);\n"
      "equation\n"
      "  der(x) = -s * ones(4);\n"
      "end Full;\n";
  auto generous = patternOf(model, 1000);
  ASSERT_TRUE(generous);
  EXPECT_EQ(generous->rows.size(), 16u);
  EXPECT_FALSE(patternOf(model, 10));
}

// --dump=blt says how many nonzeros the FMU's pattern holds.
TEST(JacobianPattern, TheBltDumpCountsThePatternsNonzeros) {
  const std::string text = smc::test::bltOf(
      "model Lags\n"
      "  Real x[4](each start = 0, each fixed = true);\n"
      "equation\n"
      "  der(x[1]) = 1 - x[1];\n"
      "  for k in 2:4 loop\n    der(x[k]) = x[k - 1] - x[k];\n  end for;\n"
      "end Lags;\n");
  EXPECT_NE(text.find("jacobian pattern (7 nonzeros of 4 x 4)\n"), std::string::npos) << text;
}

}  // namespace

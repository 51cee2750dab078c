// Alias elimination (src/causalize/AliasElimination.h), pinned through the
// BLT dump: which equations go, which variable of each set stays, and how
// starts, pre() and a second anchor keep an equation in the model.
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <string>

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// a = x, b = a and c = -b chain onto the state x; i1 + i2 = 0 joins two
// algebraics, of which the first declared stays. The opposite ones keep
// `v := -representative`, computed with the outputs only.
TEST(AliasElimination, EqualAndOppositeVariablesLeaveOneUnknownPerSet) {
  std::string text = smc::test::bltOf(
      "model Chain\n"
      "  Real x(start = 1, fixed = true);\n"
      "  Real a, b, c, i1, i2;\n"
      "equation\n"
      "  der(x) = -a;\n  a = x;\n  b = a;\n  c = -b;\n  i1 + i2 = 0;\n  i1 = 2 * c;\n"
      "end Chain;\n");
  EXPECT_TRUE(has(text, "alias elimination (4 of 6 equations removed)\n"
                        "  a = x\n  b = x\n  c = -x\n  i2 = -i1\n"))
      << text;
  EXPECT_TRUE(has(text, "  a: alias\n  b: alias\n  c: algebraic\n")) << text;
  EXPECT_TRUE(has(text, "derivatives (1 block)\n  der(x) := -x\noutputs (3 blocks)\n")) << text;
  EXPECT_TRUE(has(text, "  c := -x\n  i2 := -i1\n")) << text;
}

// y = -z and z = -x: y equals the state x, so y's fixed start becomes x's
// (x has none of its own), and x starts at 2.
TEST(AliasElimination, AFixedStartMovesToTheStateItsVariableEquals) {
  std::string text = smc::test::bltOf(
      "model Fixed\n"
      "  Real x;\n  Real y(start = 2, fixed = true);\n  Real z;\n"
      "equation\n"
      "  der(x) = -x;\n  z = -x;\n  y = -z;\n"
      "end Fixed;\n");
  EXPECT_TRUE(has(text, "  y = x\n  z = -x\n")) << text;
  EXPECT_TRUE(has(text, "initialization (2 blocks)\n  der(x) := -x\n  z := -x\n")) << text;
}

// z = -x with z's fixed start 2: x, the state it is opposite to, takes the
// fixed start -2 (the sign applies to the start as to the value).
TEST(AliasElimination, AFixedStartOfAnOppositeVariableMovesWithItsSign) {
  std::string diagnostics;
  auto model = smc::test::causalModelOf(
      "model Opposite\n"
      "  Real x;\n  Real z(start = 2, fixed = true);\n"
      "equation\n"
      "  der(x) = -x;\n  z = -x;\n"
      "end Opposite;\n",
      &diagnostics);
  ASSERT_TRUE(model) << diagnostics;
  const smc::flat::Variable& x = model->flat.variables[0];
  ASSERT_EQ(x.name, "x");
  EXPECT_TRUE(x.attributes.fixed.value_or(false));
  ASSERT_TRUE(x.attributes.start);
  EXPECT_EQ(smc::flat::toString(*x.attributes.start, model->flat), "-2");
  EXPECT_FALSE(model->flat.variables[1].attributes.fixed.value_or(false)) << "z keeps no start condition of its own";
}

// Two members with fixed = true would give the set two start conditions:
// the equation between them stays, and initialization reports the
// conflict as it would without elimination.
TEST(AliasElimination, TwoFixedStartsKeepTheEquationBetweenThem) {
  std::string errors = smc::test::causalizeErrorsOf(
      "model TwoStarts\n"
      "  Real x(start = 1, fixed = true);\n  Real y(start = 1, fixed = true);\n  Real z;\n"
      "equation\n"
      "  der(x) = -z;\n  z = x;\n  y = z;\n"
      "end TwoStarts;\n");
  EXPECT_TRUE(has(errors, "the equation 'y = x' has no unknown to solve for")) << errors;
  EXPECT_TRUE(has(errors, "'y' is declared here (fixed = true)")) << errors;
}

// A variable with a stateSelect joins no set: z = y stays an equation,
// although z alone could be replaced by y (merged, y would carry its
// priority into z's equations and change the states index reduction picks).
TEST(AliasElimination, AVariableWithAStateSelectKeepsItsEquation) {
  std::string text = smc::test::bltOf(
      "model Selected\n"
      "  Real x(start = 1, fixed = true);\n  Real y(stateSelect = StateSelect.prefer);\n  Real z;\n"
      "equation\n"
      "  der(x) = -z;\n  z = y;\n  y = 2 * x;\n"
      "end Selected;\n");
  EXPECT_FALSE(has(text, "alias elimination")) << text;
  EXPECT_TRUE(has(text, "  z: algebraic\n")) << text;
  EXPECT_TRUE(has(text, "  z := y\n")) << text;
}

// pre(y) needs y's own slot: y is not replaced, and since the state x
// cannot be replaced either, y = x stays an equation.
TEST(AliasElimination, AVariableReadByPreIsNotReplaced) {
  std::string text = smc::test::bltOf(
      "model Held\n"
      "  Real x(start = 1, fixed = true);\n  Real y;\n  discrete Real last;\n"
      "equation\n"
      "  der(x) = -x;\n  y = x;\n"
      "  when x < 0.5 then\n    last = pre(y);\n  end when;\n"
      "end Held;\n");
  EXPECT_FALSE(has(text, "alias elimination")) << text;
  EXPECT_TRUE(has(text, "  y: algebraic\n")) << text;
}

}  // namespace

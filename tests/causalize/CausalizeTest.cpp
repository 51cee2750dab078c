// Causalization: block order, loops, initialization and singular systems.
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace {

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

std::string blt(const std::string& source) { return smc::test::bltOf(source); }
std::string errors(const std::string& source) { return smc::test::causalizeErrorsOf(source); }

TEST(Causalize, DahlquistSplitsDerivativeAndOutputBlocks) {
  std::string text = blt(smc::test::readFile(std::string(SMC_SOURCE_DIR) + "/examples/Dahlquist.mo"));
  EXPECT_EQ(text,
            "model Dahlquist\n"
            "variables\n"
            "  k: parameter\n"
            "  x: state\n"
            "  y: algebraic\n"
            "  der(x): derivative\n"
            "initialization (2 blocks)\n"
            "  y := 2 * x\n"
            "  der(x) := -k * x\n"
            "derivatives (1 block)\n"
            "  der(x) := -k * x\n"
            "outputs (1 block)\n"
            "  y := 2 * x\n"
            "indicators (0 blocks)\n"
            "events (2 blocks)\n"
            "  y := 2 * x\n"
            "  der(x) := -k * x\n");
}

TEST(Causalize, LinearEquationIsSolvedSymbolically) {
  std::string text = blt("model M\n  parameter Real tau = 2;\n  Real x(start = 1, fixed = true);\n"
                         "equation\n  tau * der(x) = 1 - x;\nend M;\n");
  EXPECT_TRUE(has(text, "derivatives (1 block)\n  der(x) := (1 - x) / tau\n")) << text;
}

TEST(Causalize, CoupledNonlinearEquationsFormOneLoop) {
  std::string text = blt(smc::test::readFile(std::string(SMC_SOURCE_DIR) + "/examples/AlgebraicLoop.mo"));
  EXPECT_TRUE(has(text, "outputs (2 blocks)\n  loop for {")) << text;
  // Torn: z = 2 * y is solved explicitly inside the loop, which iterates on y.
  EXPECT_TRUE(has(text, "  loop for {y}:\n    z := 2 * y\n    0 = y + exp(z / 10) - x\n  out := y + z\n")) << text;
}

TEST(Causalize, LinearLoopGetsItsMatrixAndRightHandSide) {
  std::string text = blt("model M\n  Real x(start = 1, fixed = true);\n  Real a, b;\nequation\n"
                         "  der(x) = -x;\n  a + 2 * b = x;\n  3 * a - b = 1;\nend M;\n");
  EXPECT_TRUE(has(text, "  linear loop for {")) << text;
  EXPECT_FALSE(has(text, "  loop for {")) << text;
}

TEST(Causalize, CalculatedParametersComeFirstInDependencyOrder) {
  std::string text = blt("model M\n  parameter Real a = 2 * b;\n  parameter Real b = c + 1;\n"
                         "  parameter Real c = 3;\n  Real y = a;\nend M;\n");
  EXPECT_TRUE(has(text, "  a: calculated parameter\n  b: calculated parameter\n  c: parameter\n")) << text;
  EXPECT_TRUE(has(text, "initialization (3 blocks)\n  b := c + 1\n  a := 2 * b\n  y := a\n")) << text;
}

TEST(Causalize, StateWithoutFixedKeepsItsStartWhenNothingElseDeterminesIt) {
  std::string text = blt("model M\n  Real x(start = 2);\nequation\n  der(x) = -x;\nend M;\n");
  EXPECT_TRUE(has(text, "initialization (1 block)\n  der(x) := -x\n")) << text;
}

TEST(Causalize, InitialEquationDeterminesAStateWithoutFixed) {
  std::string text = blt("model M\n  Real x(start = 2);\nequation\n  der(x) = 1 - x;\n"
                         "initial equation\n  der(x) = 0;\nend M;\n");
  EXPECT_TRUE(has(text, "initialization (2 blocks)\n  der(x) := 0\n  x := -(der(x) - 1)\n")) << text;
}

TEST(Causalize, MissingEquationNamesTheUndeterminedVariable) {
  std::string d = errors("model M\n  Real x;\n  Real y;\nequation\n  x = 1;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:1:7: error: the model is structurally singular: 1 equation(s) for 2 unknown(s); "
                     "no equation determines 'y'"))
      << d;
  EXPECT_TRUE(has(d, "test.mo:3:3: note: 'y' is declared here")) << d;
}

TEST(Causalize, ExtraEquationIsShownAsLeftOver) {
  std::string d = errors("model M\n  Real x;\nequation\n  x = 1;\n  x = 2;\nend M;\n");
  EXPECT_TRUE(has(d, "2 equation(s) for 1 unknown(s); some equations over-determine their variables")) << d;
  EXPECT_TRUE(has(d, "test.mo:5:3: note: this equation is left over: 'x = 2'")) << d;
}

TEST(Causalize, ConstraintBetweenStatesIsReportedAsHighIndex) {
  std::string d = errors("model M\n  Real x(start = 1, fixed = true);\n  Real y(start = 0, fixed = true);\n"
                         "equation\n  der(x) = y;\n  der(y) = -x;\n  x = sin(time);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:7:3: error: in the model, the equation 'x = sin(time)' has no unknown to solve for"))
      << d;
}

TEST(Causalize, DerivativeOfAnExpressionIsItsTimeDerivative) {
  std::string text = blt(
      "model M\n  parameter Real k = 2;\n  Real x(start = 1, fixed = true);\nequation\n  der(k * x) = -x;\nend M;\n");
  EXPECT_TRUE(has(text, "  x: state\n")) << text;
  EXPECT_TRUE(has(text, "derivatives (1 block)\n  der(x) := (-x) / k\n")) << text;
  std::string d = errors(
      "model M\n  input Real u;\n  Real x(start = 1, fixed = true);\nequation\n  der(x) = der(2 * u);\nend M;\n");
  EXPECT_TRUE(has(d, "error: der() of an expression containing the input 'u', whose derivative is not known")) << d;
}

}  // namespace

namespace {

// A mixed loop (causalize/MixedSystems.h) is cut where the Real equations
// read the discrete variables: the Real loop first, then the relation and
// the Boolean computed from it. Only the Real loop is a continuous block.
TEST(Causalize, MixedLoopPutsTheRealLoopBeforeTheDiscreteVariablesItReads) {
  std::string text = blt(
      "model HalfWave\n"
      "  parameter Real Ron = 1e-5, Goff = 1e-5, R = 2;\n"
      "  Real v, s(start = 0), vd, i;\n"
      "  Boolean off(start = true);\n"
      "equation\n"
      "  v = sin(time);\n"
      "  off = s < 0;\n"
      "  vd = s * (if off then 1 else Ron);\n"
      "  i = s * (if off then Goff else 1);\n"
      "  v = vd + R * i;\n"
      "end HalfWave;\n");
  const size_t events = text.find("events (4 blocks)\n  v := sin(time)\n  linear loop for {s, i, vd}:\n");
  ASSERT_NE(events, std::string::npos) << text;
  EXPECT_TRUE(has(text.substr(events), "  $relation1 := s < 0\n  off := $relation1\n")) << text;
  const std::string continuous = text.substr(text.find("derivatives ("), events - text.find("derivatives ("));
  EXPECT_TRUE(has(continuous, "outputs (2 blocks)\n  v := sin(time)\n  linear loop for {s, i, vd}:\n")) << text;
  EXPECT_FALSE(has(continuous, "off :=")) << text;
}

}  // namespace

// The discrete-time operators lower as spec 3.7.5 defines them: pre() to a
// Pre node over a variable, edge and change through pre, initial/terminal/
// sample to their own nodes, semiLinear to a built-in; each misuse is a
// located error.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;
using smc::flat::ExprKind;

namespace {

TEST(DiscreteOps, PreOfAVariableIsAPreNodeOverThatVariable) {
  auto r = flattenToModel("model M\n  discrete Integer n(start = 0);\nequation\n  n = pre(n) + 1;\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& eq = r.model->equations.at(0);
  ASSERT_EQ(eq.rhs->kind, ExprKind::Binary);
  const auto& pre = *eq.rhs->args[0];
  EXPECT_EQ(pre.kind, ExprKind::Pre);
  ASSERT_EQ(pre.args.size(), 1u);
  EXPECT_EQ(pre.args[0]->kind, ExprKind::Var);
  EXPECT_EQ(pre.args[0]->var, varId(*r.model, "n"));
}

TEST(DiscreteOps, PreOfAnArrayIsTakenElementwise) {
  const std::string text =
      flatText("model M\n  discrete Real x[2](each start = 0);\nequation\n  x = pre(x) + {1, 2};\nend M;\n");
  EXPECT_TRUE(has(text, "  x[1] = pre(x[1]) + 1;\n  x[2] = pre(x[2]) + 2;\n")) << text;
}

TEST(DiscreteOps, PreOfAParameterIsTheParameter) {
  const std::string text = flatText("model M\n  parameter Real p = 2;\n  Real y;\nequation\n  y = pre(p);\nend M;\n");
  EXPECT_TRUE(has(text, "  y = p;\n")) << text;
}

TEST(DiscreteOps, EdgeAndChangeAreWrittenWithPre) {
  const std::string text = flatText(
      "model M\n  Boolean b = time > 1;\n  Integer k = integer(time);\n  Boolean rising = edge(b);\n"
      "  Boolean moved = change(k);\nend M;\n");
  EXPECT_TRUE(has(text, "  rising = b and not pre(b);\n")) << text;
  EXPECT_TRUE(has(text, "  moved = k <> pre(k);\n")) << text;
}

TEST(DiscreteOps, InitialTerminalAndSampleHaveTheirOwnNodes) {
  auto r = flattenToModel(
      "model M\n  parameter Real h = 0.1;\n  Boolean a = initial();\n  Boolean b = terminal();\n"
      "  Boolean c = sample(0, h);\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& eqs = r.model->equations;
  ASSERT_EQ(eqs.size(), 3u);
  EXPECT_EQ(eqs[0].rhs->kind, ExprKind::Initial);
  EXPECT_EQ(eqs[1].rhs->kind, ExprKind::Terminal);
  const auto& sample = *eqs[2].rhs;
  ASSERT_EQ(sample.kind, ExprKind::Sample);
  ASSERT_EQ(sample.args.size(), 2u);
  EXPECT_EQ(sample.args[0]->kind, ExprKind::Integer);
  EXPECT_EQ(sample.args[1]->kind, ExprKind::Var);
  EXPECT_EQ(sample.args[1]->var, varId(*r.model, "h"));
  EXPECT_EQ(smc::flat::typeOf(sample, *r.model), smc::flat::BaseType::Boolean);
}

TEST(DiscreteOps, SemiLinearIsABuiltinCall) {
  auto r = flattenToModel("model M\n  Real y = semiLinear(time - 1, 2, 3);\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& call = *r.model->equations.at(0).rhs;
  EXPECT_EQ(call.kind, ExprKind::Call);
  EXPECT_EQ(call.fn, smc::flat::Builtin::SemiLinear);
  EXPECT_EQ(call.args.size(), 3u);
}

TEST(DiscreteOps, SemiLinearOfConstantsFoldsBySign) {
  // semiLinear(x, a, b) = a*x for x >= 0, b*x otherwise: 2*3 = 6 and 5*(-1) = -5.
  const std::string text = flatText(
      "model M\n  parameter Integer n = integer(semiLinear(3, 2, 7));\n"
      "  parameter Integer m = integer(semiLinear(-1, 2, 5));\n  Real x[n - m];\nend M;\n");
  EXPECT_TRUE(has(text, "Real x[11];")) << text;
  EXPECT_FALSE(has(text, "x[12]")) << text;
}

TEST(DiscreteOps, PreOfAnExpressionIsALocatedError) {
  std::string d = flattenErrors("model M\n  Real x = time;\n  Real y;\nequation\n  y = pre(x + 1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:11: error: the argument of pre() must be a variable reference (spec 3.7.5)")) << d;
}

TEST(DiscreteOps, EdgeOfANonBooleanIsALocatedError) {
  std::string d = flattenErrors("model M\n  Real x = time;\n  Boolean y;\nequation\n  y = edge(x);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:12: error: the argument of edge() must be Boolean, not Real")) << d;
}

TEST(DiscreteOps, SampleNeedsParameterArguments) {
  std::string d = flattenErrors("model M\n  Real x = time;\n  Boolean s = sample(x, 1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:22: error: the start of sample() must be a parameter expression (spec 3.7.5)")) << d;
  d = flattenErrors("model M\n  Real x = time;\n  Boolean s = sample(0, x);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:25: error: the interval of sample() must be a parameter expression (spec 3.7.5)")) << d;
}

TEST(DiscreteOps, SampleIntervalMustBePositive) {
  std::string d = flattenErrors("model M\n  parameter Real h = -1;\n  Boolean s = sample(0, h);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:25: error: the interval of sample() must be positive, got -1")) << d;
}

TEST(DiscreteOps, SampleWithOneArgumentIsTheClockedSample) {
  auto r = flattenToModel("model M\n  Real y = sample(time);\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& rhs = *r.model->equations.at(0).rhs;
  EXPECT_EQ(rhs.kind, ExprKind::ClockOp);
  EXPECT_EQ(rhs.clockOp, smc::flat::ClockOperator::Sample);
  ASSERT_EQ(rhs.args.size(), 1u);
  EXPECT_EQ(rhs.args[0]->kind, ExprKind::Time);
}

TEST(DiscreteOps, WrongArgumentCountIsReported) {
  std::string d = flattenErrors("model M\n  Boolean b = initial(1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:15: error: 'initial' takes 0 argument(s), 1 given")) << d;
}

TEST(DiscreteOps, AssertInsideAnExpressionIsAnError) {
  std::string d = flattenErrors("model M\n  Real y = assert(true, \"x\");\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:12: error: 'assert' is an equation or a statement and cannot be used in an expression"))
      << d;
}

}  // namespace

// The synchronous language elements of spec 16.3 - 16.5 as flattening
// produces them: Clock variables, the five forms of the Clock constructor
// (with their defaults filled in), and the clock operators, elementwise over
// arrays, with positional or named arguments.
#include "FlatFixture.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

using namespace smc::test;
using smc::flat::BaseType;
using smc::flat::ClockForm;
using smc::flat::ClockOperator;
using smc::flat::ExprKind;

namespace {

// The right side of the (first) equation whose left side is the variable `name`.
const smc::flat::Expr& rhsOf(const smc::flat::FlatModel& model, const std::string& name) {
  smc::flat::VarId id = varId(model, name);
  for (const auto& eq : model.equations)
    if (eq.lhs->kind == ExprKind::Var && eq.lhs->var == id) return *eq.rhs;
  ADD_FAILURE() << "no equation for " << name;
  static const smc::flat::Expr none;
  return none;
}

const char* constructors =
    "model M\n"
    "  parameter Integer n = 3;\n"
    "  parameter Real h = 0.5;\n"
    "  Boolean b = time > 1;\n"
    "  Clock c1 = Clock();\n"
    "  Clock c2 = Clock(n);\n"
    "  Clock c3 = Clock(2, 10);\n"
    "  Clock c4 = Clock(h);\n"
    "  Clock c5 = Clock(b);\n"
    "  Clock c6 = Clock(b, 0.25);\n"
    "  Clock c7 = Clock(c4, \"ImplicitEuler\");\n"
    "  Clock c8 = Clock(intervalCounter = 5, resolution = 100);\n"
    "  Clock c9 = Clock(interval = 1);\n"
    "  Clock c10 = Clock(condition = b, startInterval = h);\n"
    "  Clock c11 = Clock(1);\n"
    "end M;\n";

TEST(ClockOps, ClockVariableIsADiscreteVariableOfTypeClock) {
  auto r = flattenToModel("model M\n  Clock c;\n  input Clock i;\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& c = r.model->variables.at(varId(*r.model, "c"));
  EXPECT_EQ(c.type, BaseType::Clock);
  EXPECT_EQ(c.variability, smc::flat::Variability::Discrete);
  const auto& i = r.model->variables.at(varId(*r.model, "i"));
  EXPECT_EQ(i.causality, smc::flat::Causality::Input);
  auto text = flattenSource("model M\n  Clock c;\n  input Clock i;\nend M;\n");
  EXPECT_TRUE(has(text.text, "  Clock c;\n  input Clock i;\n")) << text.text;
}

TEST(ClockOps, ClockBindingBecomesAnEquation) {
  auto r = flattenToModel("model M\n  Clock c = Clock(0.1);\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& rhs = rhsOf(*r.model, "c");
  EXPECT_EQ(rhs.kind, ExprKind::ClockConstructor);
  EXPECT_EQ(r.model->variables.at(0).binding, nullptr);
  EXPECT_EQ(r.model->equations.at(0).clock, nullptr);
}

TEST(ClockOps, ConstructorFormFollowsTheArguments) {
  auto r = flattenToModel(constructors);
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& m = *r.model;
  struct Expected {
    const char* var;
    ClockForm form;
    size_t args;
  };
  for (const Expected& e : {Expected{"c1", ClockForm::Inferred, 0}, Expected{"c2", ClockForm::Rational, 2},
                            Expected{"c3", ClockForm::Rational, 2}, Expected{"c4", ClockForm::Interval, 1},
                            Expected{"c5", ClockForm::Event, 2}, Expected{"c6", ClockForm::Event, 2},
                            Expected{"c7", ClockForm::Solver, 2}, Expected{"c8", ClockForm::Rational, 2},
                            Expected{"c9", ClockForm::Interval, 1}, Expected{"c10", ClockForm::Event, 2},
                            Expected{"c11", ClockForm::Rational, 2}}) {
    const auto& rhs = rhsOf(m, e.var);
    ASSERT_EQ(rhs.kind, ExprKind::ClockConstructor) << e.var;
    EXPECT_EQ(rhs.clockForm, e.form) << e.var;
    EXPECT_EQ(rhs.args.size(), e.args) << e.var;
  }
  // Clock(interval = 1): the Integer literal is the Real 1.0.
  EXPECT_EQ(rhsOf(m, "c9").args[0]->kind, ExprKind::Real);
  EXPECT_EQ(rhsOf(m, "c9").args[0]->real, 1.0);
  // Clock(c4, "ImplicitEuler"): the clock is the variable c4.
  EXPECT_EQ(rhsOf(m, "c7").args[0]->var, varId(m, "c4"));
}

TEST(ClockOps, ConstructorDefaultsAreFilledIn) {
  const std::string text = flatText(constructors);
  for (const char* line : {"  c1 = Clock();\n", "  c2 = Clock(n, 1);\n", "  c3 = Clock(2, 10);\n",
                           "  c4 = Clock(h);\n", "  c5 = Clock(b, 0.0);\n", "  c6 = Clock(b, 0.25);\n",
                           "  c7 = Clock(c4, \"ImplicitEuler\");\n", "  c8 = Clock(5, 100);\n",
                           "  c9 = Clock(1.0);\n", "  c10 = Clock(b, h);\n", "  c11 = Clock(1, 1);\n"})
    EXPECT_TRUE(has(text, line)) << line << text;
}

const char* operators =
    "model M\n"
    "  parameter Integer k = 2;\n"
    "  Clock c = Clock(0.1);\n"
    "  Real x = time;\n"
    "  Real xs[2], xd, y, ys[2], s1, s2, s3, s4, s5, s6, s7, n, h1, h2;\n"
    "  Boolean f1, f2;\n"
    "  Clock sub, sup, sh, bk;\n"
    "equation\n"
    "  xs = sample({x, 2 * x}, c);\n"
    "  xd = sample(x);\n"
    "  y = hold(xd);\n"
    "  ys = previous(xs);\n"
    "  s1 = subSample(xd, k);\n"
    "  s2 = subSample(xd);\n"
    "  s3 = superSample(u = xd, factor = 3);\n"
    "  s4 = shiftSample(xd, 1);\n"
    "  s5 = shiftSample(xd, shiftCounter = 2, resolution = 3);\n"
    "  s6 = backSample(xd, 1, 2);\n"
    "  s7 = sample(u = x, c = c);\n"
    "  n = noClock(xd);\n"
    "  h1 = interval(xd);\n"
    "  h2 = interval();\n"
    "  f1 = firstTick();\n"
    "  f2 = firstTick(c);\n"
    "  sub = subSample(c, 3);\n"
    "  sup = superSample(c, 2);\n"
    "  sh = shiftSample(c, 1, 2);\n"
    "  bk = backSample(c, 1);\n"
    "end M;\n";

TEST(ClockOps, OperatorsKeepTheirArgumentsWithDefaults) {
  const std::string text = flatText(operators);
  for (const char* line :
       {"  xs[1] = sample(x, c);\n  xs[2] = sample(2 * x, c);\n", "  xd = sample(x);\n", "  y = hold(xd);\n",
        "  ys[1] = previous(xs[1]);\n  ys[2] = previous(xs[2]);\n", "  s1 = subSample(xd, k);\n",
        "  s2 = subSample(xd, 0);\n", "  s3 = superSample(xd, 3);\n", "  s4 = shiftSample(xd, 1, 1);\n",
        "  s5 = shiftSample(xd, 2, 3);\n", "  s6 = backSample(xd, 1, 2);\n", "  s7 = sample(x, c);\n",
        "  n = noClock(xd);\n", "  h1 = interval(xd);\n", "  h2 = interval();\n", "  f1 = firstTick();\n",
        "  f2 = firstTick(c);\n", "  sub = subSample(c, 3);\n", "  sup = superSample(c, 2);\n",
        "  sh = shiftSample(c, 1, 2);\n", "  bk = backSample(c, 1, 1);\n"})
    EXPECT_TRUE(has(text, line)) << line << text;
}

TEST(ClockOps, OperatorsAreClockOpNodesOfTheRightType) {
  auto r = flattenToModel(operators);
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& m = *r.model;
  struct Expected {
    const char* var;
    ClockOperator op;
    BaseType type;
  };
  for (const Expected& e :
       {Expected{"xs[1]", ClockOperator::Sample, BaseType::Real}, Expected{"y", ClockOperator::Hold, BaseType::Real},
        Expected{"ys[2]", ClockOperator::Previous, BaseType::Real},
        Expected{"s1", ClockOperator::SubSample, BaseType::Real},
        Expected{"s3", ClockOperator::SuperSample, BaseType::Real},
        Expected{"s6", ClockOperator::BackSample, BaseType::Real},
        Expected{"n", ClockOperator::NoClock, BaseType::Real},
        Expected{"h2", ClockOperator::Interval, BaseType::Real},
        Expected{"f1", ClockOperator::FirstTick, BaseType::Boolean},
        Expected{"sub", ClockOperator::SubSample, BaseType::Clock},
        Expected{"sh", ClockOperator::ShiftSample, BaseType::Clock}}) {
    const auto& rhs = rhsOf(m, e.var);
    ASSERT_EQ(rhs.kind, ExprKind::ClockOp) << e.var;
    EXPECT_EQ(rhs.clockOp, e.op) << e.var;
    EXPECT_EQ(smc::flat::typeOf(rhs, m), e.type) << e.var;
  }
  EXPECT_EQ(rhsOf(m, "xd").args.size(), 1u);  // sample(u): inferred clock
  EXPECT_EQ(rhsOf(m, "h2").args.size(), 0u);
  // sample(start, interval) with Reals is still the time event.
  auto old = flattenToModel("model M\n  Boolean s = sample(0, 0.5);\nend M;\n");
  ASSERT_TRUE(old.model) << old.diagnostics;
  EXPECT_EQ(old.model->equations.at(0).rhs->kind, ExprKind::Sample);
}

TEST(ClockOps, ClockPortsThroughShortConnectorClasses) {
  const std::string text = flatText(
      "model M\n"
      "  connector ClockInput = input Clock;\n"
      "  connector ClockOutput = output Clock;\n"
      "  block Source\n"
      "    ClockOutput y = Clock(0.1);\n"
      "  end Source;\n"
      "  block Sink\n"
      "    ClockInput u;\n"
      "    Integer n(start = 0);\n"
      "  equation\n"
      "    when u then\n"
      "      n = previous(n) + 1;\n"
      "    end when;\n"
      "  end Sink;\n"
      "  Source src;\n"
      "  Sink snk;\n"
      "equation\n"
      "  connect(src.y, snk.u);\n"
      "end M;\n");
  EXPECT_TRUE(has(text,
                  "  Clock src.y;\n  Clock snk.u;\n  discrete Integer snk.n(start = 0);\nequation\n"
                  "  src.y = Clock(0.1);\n"
                  "  when snk.u then\n    snk.n = previous(snk.n) + 1;\n  end when;\n"
                  "  src.y = snk.u;\n"))
      << text;
}

TEST(ClockOps, SolverMethodAnnotationOfTheTopClass) {
  auto r = flattenToModel("model M\n  Real x(start = 1);\nequation\n  der(x) = -x;\n"
                          "  annotation(solverMethod = \"ImplicitEuler\");\nend M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  EXPECT_EQ(r.model->solverMethod, "ImplicitEuler");
  auto none = flattenToModel("model M\n  Real x(start = 1);\nequation\n  der(x) = -x;\nend M;\n");
  ASSERT_TRUE(none.model) << none.diagnostics;
  EXPECT_EQ(none.model->solverMethod, "");
}

}  // namespace

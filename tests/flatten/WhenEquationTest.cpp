// when-equations (spec 8.3.5): branches with their conditions and actions,
// reinit/assert/terminate, for-loops and parameter if-equations around and
// inside them, assertions of equation sections; and the located errors for
// the constructs the spec forbids.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;
using smc::flat::ActionKind;
using smc::flat::AssertLevel;
using smc::flat::ExprKind;

namespace {

const char* bouncingBall = R"(model Ball
  Real h(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Integer bounces(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -9.81;
  when h <= 0 then
    reinit(v, -0.7 * pre(v));
    bounces = pre(bounces) + 1;
  end when;
end Ball;
)";

TEST(WhenEquations, BranchKeepsConditionAndActionsInOrder) {
  auto r = flattenToModel(bouncingBall);
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& m = *r.model;
  EXPECT_EQ(m.equations.size(), 2u);  // the when-clause is not an equation
  ASSERT_EQ(m.whenEquations.size(), 1u);
  const auto& branches = m.whenEquations[0].branches;
  ASSERT_EQ(branches.size(), 1u);
  ASSERT_EQ(branches[0].conditions.size(), 1u);
  EXPECT_EQ(branches[0].conditions[0]->kind, ExprKind::Binary);
  EXPECT_EQ(branches[0].conditions[0]->op, smc::flat::Op::LessEq);
  const auto& actions = branches[0].actions;
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(actions[0].kind, ActionKind::Reinit);
  EXPECT_EQ(actions[0].target, varId(m, "v"));
  EXPECT_EQ(actions[1].kind, ActionKind::Assign);
  EXPECT_EQ(actions[1].target, varId(m, "bounces"));
  EXPECT_EQ(actions[1].value->args[0]->kind, ExprKind::Pre);
  EXPECT_EQ(actions[1].range.begin.line, 10u);
}

TEST(WhenEquations, DumpPrintsTheWhenClause) {
  const std::string text = flatText(bouncingBall);
  EXPECT_TRUE(has(text,
                  "equation\n  der(h) = v;\n  der(v) = -9.81;\n  when h <= 0 then\n"
                  "    reinit(v, -0.7 * pre(v));\n    bounces = pre(bounces) + 1;\n  end when;\nend Ball;\n"))
      << text;
}

TEST(WhenEquations, ElsewhenAndVectorConditions) {
  auto r = flattenToModel(R"(model M
  Integer y(start = 0);
equation
  when {time > 1, time > 2} then
    y = 1;
  elsewhen time > 3 then
    y = 2;
  end when;
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->whenEquations.size(), 1u);
  const auto& branches = r.model->whenEquations[0].branches;
  ASSERT_EQ(branches.size(), 2u);
  EXPECT_EQ(branches[0].conditions.size(), 2u);
  EXPECT_EQ(branches[1].conditions.size(), 1u);
  EXPECT_EQ(branches[1].actions.at(0).value->integer, 2);
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "  when {time > 1, time > 2} then\n    y = 1;\n  elsewhen time > 3 then\n    y = 2;\n  end when;\n"))
      << text;
}

TEST(WhenEquations, ForLoopsUnrollAroundAndInsideWhen) {
  auto r = flattenToModel(R"(model M
  discrete Real x[2](each start = 0);
  discrete Real z[2](each start = 0);
equation
  for i in 1:2 loop
    when time > i then
      x[i] = 10 * i;
    end when;
  end for;
  when time > 5 then
    for j in 1:2 loop
      z[j] = j;
    end for;
  end when;
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& whens = r.model->whenEquations;
  ASSERT_EQ(whens.size(), 3u);
  EXPECT_EQ(whens[1].branches[0].actions.at(0).target, varId(*r.model, "x[2]"));
  EXPECT_EQ(whens[2].branches[0].actions.size(), 2u);
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "  when time > 2 then\n    x[2] = 10 * 2;\n  end when;\n")) << text;
}

TEST(WhenEquations, ParameterIfInsideWhenKeepsTheSelectedBranch) {
  const std::string text = flatText(R"(model M
  parameter Boolean up = false;
  discrete Integer n(start = 0);
equation
  when time > 1 then
    if up then
      n = pre(n) + 1;
    else
      n = pre(n) - 1;
    end if;
  end when;
end M;
)");
  EXPECT_TRUE(has(text, "  when time > 1 then\n    n = pre(n) - 1;\n  end when;\n")) << text;
}

TEST(WhenEquations, AssertAndTerminateInsideWhenAreActions) {
  auto r = flattenToModel(R"(model M
  Real x = time;
equation
  when x > 2 then
    assert(x < 3, "too " + "late", AssertionLevel.warning);
    terminate("done");
  end when;
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& actions = r.model->whenEquations.at(0).branches.at(0).actions;
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(actions[0].kind, ActionKind::Assert);
  EXPECT_EQ(actions[0].level, AssertLevel::Warning);
  EXPECT_EQ(actions[0].message->text, "too late");
  EXPECT_EQ(actions[1].kind, ActionKind::Terminate);
  EXPECT_EQ(actions[1].message->text, "done");
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "    assert(x < 3, \"too late\", AssertionLevel.warning);\n    terminate(\"done\");\n")) << text;
}

TEST(WhenEquations, AssertInEquationsBecomesAnAssertion) {
  auto r = flattenToModel(R"(model M
  constant String unit = "K";
  Real T = 300 + time;
equation
  assert(T < 400, "too hot in " + unit);
  assert(message = "cold", condition = T > 200, level = AssertionLevel.warning);
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& a = r.model->assertions;
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].level, AssertLevel::Error);
  EXPECT_EQ(a[0].message->text, "too hot in K");
  EXPECT_EQ(a[0].condition->op, smc::flat::Op::Less);
  EXPECT_EQ(a[0].range.begin.line, 5u);
  EXPECT_EQ(a[1].level, AssertLevel::Warning);
  EXPECT_EQ(a[1].message->text, "cold");
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "  assert(T < 400, \"too hot in K\");\n  assert(T > 200, \"cold\", AssertionLevel.warning);\n"))
      << text;
}

TEST(WhenEquations, NestedWhenIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  Real x;\nequation\n  when time > 1 then\n    when time > 2 then\n      x = 1;\n    end when;\n"
      "  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:5: error: a when-equation cannot be nested inside another when-equation (spec 8.3.5.2)"))
      << d;
}

TEST(WhenEquations, ReinitOutsideWhenIsALocatedError) {
  std::string d = flattenErrors("model M\n  Real x(start = 1);\nequation\n  der(x) = -x;\n  reinit(x, 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:3: error: reinit() is only allowed inside a when-clause (spec 8.3.6)")) << d;
}

TEST(WhenEquations, WhenInInitialEquationIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  discrete Real x;\ninitial equation\n  when time > 1 then\n    x = 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:3: error: a when-equation is not allowed in an initial equation section (spec 8.6)"))
      << d;
}

TEST(WhenEquations, TerminateOutsideWhenIsALocatedError) {
  std::string d = flattenErrors("model M\n  Real x = time;\nequation\n  terminate(\"stop\");\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:3: error: terminate() is only allowed inside a when-clause (spec 8.3.8)")) << d;
}

TEST(WhenEquations, UnknownAssertionLevelIsALocatedError) {
  std::string d = flattenErrors("model M\nequation\n  assert(time < 1, \"m\", 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:25: error: the level of assert() must be AssertionLevel.error or AssertionLevel.warning"))
      << d;
}

TEST(WhenEquations, ConditionMustBeBoolean) {
  std::string d = flattenErrors(
      "model M\n  discrete Real x;\nequation\n  when time then\n    x = 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:8: error: the condition of a when-clause must be Boolean, not Real")) << d;
}

TEST(WhenEquations, LeftSideMustBeAVariable) {
  std::string d = flattenErrors(
      "model M\n  discrete Real x;\nequation\n  when time > 1 then\n    x + 1 = 2;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:5: error: the left side of an equation in a when-clause must be a variable (spec 8.3.5)"))
      << d;
}

TEST(WhenEquations, ParameterCannotBeAssigned) {
  std::string d = flattenErrors(
      "model M\n  parameter Real p = 1;\nequation\n  when time > 1 then\n    p = 2;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:5: error: 'p' is a parameter and cannot be assigned")) << d;
}

TEST(WhenEquations, ReinitNeedsARealVariable) {
  std::string d = flattenErrors(
      "model M\n  Integer n(start = 0);\nequation\n  when time > 1 then\n    reinit(n, 1);\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:12: error: reinit() needs a Real state, and 'n' is not one (spec 8.3.6)")) << d;
}

TEST(WhenEquations, ConnectInsideWhenIsAnError) {
  std::string d = flattenErrors(
      "model M\n  Real a, b;\nequation\n  a = time;\n  when time > 1 then\n    connect(a, b);\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: connect() is not allowed inside a when-clause (spec 8.3.5)")) << d;
}

// A when-clause with `(a, b) = f(x)` becomes a when-statement whose
// statements are ordered by what they read (flatten/WhenTuples.cpp).
TEST(WhenTuple, EquationsThatComputeEachOtherInACycleAreALocatedError) {
  const std::string errors = flattenErrors(R"(model Cycle
  function two
    input Real x;
    output Real a;
    output Real b;
  algorithm
    a := x;
    b := 2 * x;
  end two;
  discrete Real a, b, c;
equation
  when sample(0, 1) then
    (a, b) = two(c);
    c = a + 1;
  end when;
end Cycle;
)");
  EXPECT_NE(errors.find("12:8: error: the equations of this when-clause compute each other in a cycle"),
            std::string::npos)
      << errors;
}

}  // namespace

// Algorithm sections of models (spec 11): statements over model variables,
// for-loops unrolled over parameter ranges, when-statements, initial
// algorithms; the restrictions of 11.2 as located errors.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;
using smc::flat::StatementKind;

namespace {

TEST(Algorithms, ForLoopsAreUnrolledOverParameterRanges) {
  auto r = flattenToModel(R"(model M
  parameter Integer n = 3;
  Real x[n];
  Real total;
algorithm
  total := 0;
  for i in 1:n loop
    x[i] := i * time;
    total := total + x[i];
  end for;
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->algorithms.size(), 1u);
  const auto& statements = r.model->algorithms[0].statements;
  ASSERT_EQ(statements.size(), 7u);  // 1 + 3 * 2, no For left
  for (const auto& s : statements) EXPECT_EQ(s.kind, StatementKind::Assign);
  EXPECT_EQ(statements[5].target, varId(*r.model, "x[3]"));
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "algorithm\n  total := 0;\n  x[1] := 1 * time;\n  total := total + x[1];\n")) << text;
}

TEST(Algorithms, WhenStatementsKeepTheirBranches) {
  auto r = flattenToModel(R"(model M
  Real h(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  discrete Integer n(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -9.81;
algorithm
  when h < 0 then
    reinit(v, -v);
    n := pre(n) + 1;
  elsewhen time > 10 then
    terminate("long enough");
  end when;
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& when = r.model->algorithms.at(0).statements.at(0);
  ASSERT_EQ(when.kind, StatementKind::When);
  ASSERT_EQ(when.conditions.size(), 2u);
  ASSERT_EQ(when.branches.size(), 2u);
  EXPECT_EQ(when.branches[0].at(0).kind, StatementKind::Reinit);
  EXPECT_EQ(when.branches[0].at(0).target, varId(*r.model, "v"));
  EXPECT_EQ(when.branches[1].at(0).kind, StatementKind::Terminate);
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "algorithm\n  when h < 0 then\n    reinit(v, -v);\n    n := pre(n) + 1;\n"
                        "  elsewhen time > 10 then\n    terminate(\"long enough\");\n  end when;\n"))
      << text;
}

TEST(Algorithms, InitialAlgorithmAndStatementsOfSubModels) {
  const std::string text = flatText(R"(model M
  model Counter
    discrete Integer k;
  initial algorithm
    k := 1;
  algorithm
    while k < 3 loop
      k := k + 1;
    end while;
  end Counter;
  Counter c;
end M;
)");
  EXPECT_TRUE(has(text, "initial algorithm\n  c.k := 1;\n")) << text;
  EXPECT_TRUE(has(text, "algorithm\n  while c.k < 3 loop\n    c.k := c.k + 1;\n  end while;\n")) << text;
}

TEST(Algorithms, ReinitOutsideAWhenStatementIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  Real x(start = 1);\nequation\n  der(x) = -x;\nalgorithm\n  reinit(x, 2);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:3: error: reinit() is only allowed inside a when-statement (spec 8.3.6)")) << d;
}

TEST(Algorithms, WhenInsideWhenOrIfIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  discrete Real x;\nalgorithm\n  when time > 1 then\n    when time > 2 then\n      x := 1;\n"
      "    end when;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:5: error: a when-statement cannot be nested inside another when-statement (spec 11.2.7)"))
      << d;
  d = flattenErrors(
      "model M\n  discrete Real x;\nalgorithm\n  if time > 1 then\n    when time > 2 then\n      x := 1;\n"
      "    end when;\n  end if;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:5: error: a when-statement cannot be inside an if-, for- or while-statement (spec 11.2.7)"))
      << d;
}

TEST(Algorithms, WhenInAnInitialAlgorithmIsALocatedError) {
  std::string d = flattenErrors(
      "model M\n  discrete Real x;\ninitial algorithm\n  when time > 1 then\n    x := 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:3: error: a when-statement is not allowed in an initial algorithm section (spec 8.6)"))
      << d;
}

TEST(Algorithms, ReturnAndBreakOutsideTheirPlaceAreLocatedErrors) {
  std::string d = flattenErrors("model M\n  Real x;\nalgorithm\n  x := 1;\n  return;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:3: error: 'return' is only allowed inside a function (spec 11.2.7)")) << d;
  d = flattenErrors("model M\n  Real x;\nalgorithm\n  x := 1;\n  break;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:3: error: 'break' is only allowed inside a for- or while-loop (spec 11.2.6)")) << d;
}

// A model's for-loop is unrolled; with a break, the copies run inside a
// loop that passes once, so that the break leaves every later copy too.
TEST(Algorithms, ABreakInAnUnrolledForLoopLeavesAOnePassLoop) {
  std::string flat = flatText(
      "model M\n  Real x;\nalgorithm\n  x := 0;\n  for i in 1:2 loop\n    if x > time then\n      break;\n"
      "    end if;\n    x := x + i;\n  end for;\nend M;\n");
  EXPECT_TRUE(has(flat, "  while true loop\n    if x > time then\n      break;\n    end if;\n    x := x + 1;\n"
                        "    if x > time then\n      break;\n    end if;\n    x := x + 2;\n    break;\n  end while;"))
      << flat;
}

TEST(Algorithms, AssigningAParameterOrAnInputIsALocatedError) {
  std::string d = flattenErrors("model M\n  parameter Real p = 1;\nalgorithm\n  p := 2;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:3: error: 'p' is a parameter and cannot be assigned")) << d;
  d = flattenErrors("model M\n  input Real u;\nalgorithm\n  u := 2;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:3: error: 'u' is an input of the model and cannot be assigned")) << d;
}

TEST(Algorithms, ForRangeMustBeKnownBeforeSimulation) {
  std::string d = flattenErrors(
      "model M\n  Integer n = integer(time);\n  Real y;\nalgorithm\n  y := 0;\n  for i in 1:n loop\n    y := y + i;\n"
      "  end for;\nend M;\n");
  EXPECT_TRUE(has(d, "'n' is not a parameter or constant; a constant or parameter expression is required here")) << d;
}

TEST(Algorithms, ConditionsMustBeBoolean) {
  std::string d = flattenErrors(
      "model M\n  Real y;\nalgorithm\n  y := 0;\n  while y loop\n    y := 1;\n  end while;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:9: error: the condition of a while-loop must be Boolean, not Real")) << d;
}

// The branch keeps each element of its vector condition (it fires when
// any of them becomes true; tests/e2e/WhenStatementVectorTest.cpp).
TEST(Algorithms, VectorWhenConditionInAStatementKeepsEveryElement) {
  std::string flat = flatText(
      "model M\n  discrete Real x;\nalgorithm\n  when {time > 1, time > 2} then\n    x := 1;\n"
      "  elsewhen time > 3 then\n    x := 2;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(flat, "when {time > 1, time > 2} then")) << flat;
  EXPECT_TRUE(has(flat, "elsewhen time > 3 then")) << flat;
}

}  // namespace

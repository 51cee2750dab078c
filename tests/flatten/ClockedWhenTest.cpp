// Clocked when-clauses (spec 16.6): their body equations become ordinary
// model equations tagged with the clause's clock (one expression per
// clause), for-loops and parameter if-equations unrolled; what the spec
// rules out inside them is a located error. A Boolean when is unchanged.
#include "FlatFixture.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

using namespace smc::test;
using smc::flat::ExprKind;

namespace {

const char* general =
    "model M\n"
    "  parameter Integer n = 2;\n"
    "  parameter Boolean useB = true;\n"
    "  Clock c = Clock(0.1);\n"
    "  Real a[n](each start = 0);\n"
    "  Real b, d;\n"
    "equation\n"
    "  when c then\n"
    "    for i in 1:n loop\n"
    "      a[i] = previous(a[i]) + i;\n"
    "    end for;\n"
    "    if useB then\n"
    "      b + d = a[1];\n"
    "    else\n"
    "      b + d = 0;\n"
    "    end if;\n"
    "    d = 2 * b;\n"
    "  end when;\n"
    "end M;\n";

TEST(ClockedWhen, BodyEquationsShareTheClauseClock) {
  auto r = flattenToModel(general);
  ASSERT_TRUE(r.model) << r.diagnostics;
  const auto& eqs = r.model->equations;
  ASSERT_EQ(eqs.size(), 5u);  // c's binding, a[1], a[2], b + d, d
  EXPECT_EQ(eqs[0].clock, nullptr);
  const auto& clock = eqs[1].clock;
  ASSERT_NE(clock, nullptr);
  EXPECT_EQ(clock->kind, ExprKind::Var);
  EXPECT_EQ(clock->var, varId(*r.model, "c"));
  for (size_t i = 1; i < eqs.size(); ++i) EXPECT_EQ(eqs[i].clock.get(), clock.get()) << i;
  EXPECT_TRUE(r.model->whenEquations.empty());
  // A general equation keeps both sides.
  EXPECT_EQ(eqs[3].lhs->kind, ExprKind::Binary);
}

TEST(ClockedWhen, DumpGroupsTheClauseEquations) {
  const std::string text = flatText(general);
  EXPECT_TRUE(has(text,
                  "equation\n  c = Clock(0.1);\n  when c then\n    a[1] = previous(a[1]) + 1;\n"
                  "    a[2] = previous(a[2]) + 2;\n    b + d = a[1];\n    d = 2 * b;\n  end when;\nend M;\n"))
      << text;
}

TEST(ClockedWhen, EachClauseHasItsOwnClockExpression) {
  auto ok = flattenToModel(
      "model M\n  Clock c = Clock(0.1);\n  Integer i(start = 0), j(start = 0), k(start = 0);\n  Boolean f, g;\n"
      "equation\n  when c then\n    i = previous(i) + 1;\n  end when;\n"
      "  when c then\n    j = previous(j) + 1;\n  end when;\n"
      "  when Clock(3, 10) then\n    k = previous(k) + 1;\n    f = firstTick();\n  end when;\n"
      "  when time > 1 then\n    g = true;\n  end when;\nend M;\n");
  ASSERT_TRUE(ok.model) << ok.diagnostics;
  const auto& eqs = ok.model->equations;
  ASSERT_EQ(eqs.size(), 5u);
  EXPECT_NE(eqs[1].clock.get(), eqs[2].clock.get());  // two clauses on the same clock variable
  EXPECT_EQ(eqs[3].clock.get(), eqs[4].clock.get());
  EXPECT_EQ(eqs[3].clock->kind, ExprKind::ClockConstructor);
  ASSERT_EQ(ok.model->whenEquations.size(), 1u);  // the Boolean when is unchanged
  auto text = flattenSource(
      "model M\n  Clock c = Clock(0.1);\n  Integer i(start = 0), j(start = 0);\n"
      "equation\n  when c then\n    i = previous(i) + 1;\n  end when;\n"
      "  when c then\n    j = previous(j) + 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(text.text, "  when c then\n    i = previous(i) + 1;\n  end when;\n"
                             "  when c then\n    j = previous(j) + 1;\n  end when;\n"))
      << text.text;
}

TEST(ClockedWhen, DerivedClockAsCondition) {
  const std::string text = flatText(
      "model M\n  Clock c = Clock(0.1);\n  Integer j(start = 0);\nequation\n"
      "  when subSample(c, 2) then\n    j = previous(j) + 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(text, "  when subSample(c, 2) then\n    j = previous(j) + 1;\n  end when;\n")) << text;
}

const std::string head = "model M\n  Clock c = Clock(0.1);\n  Real x(start = 0);\nequation\n";

TEST(ClockedWhen, ElsewhenIsAnError) {
  std::string d = flattenErrors(
      head + "  when c then\n    x = 1;\n  elsewhen c then\n    x = 2;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:7:12: error: a clocked when-clause cannot have elsewhen branches (spec 16.6)")) << d;
}

TEST(ClockedWhen, NestedWhenReinitTerminateAreErrors) {
  std::string d = flattenErrors(
      head + "  when c then\n    when x > 1 then\n      x = 1;\n    end when;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: a when-equation cannot be nested inside another when-equation")) << d;
  d = flattenErrors(head + "  when c then\n    reinit(x, 1);\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: reinit() is not allowed inside a clocked when-clause (spec 16.6)")) << d;
  d = flattenErrors(head + "  when c then\n    terminate(\"stop\");\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: terminate() is not allowed inside a clocked when-clause (spec 16.6)")) << d;
  d = flattenErrors(head + "  when c then\n    assert(x < 1, \"was \" + String(previous(x)));\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:5: error: not supported yet: previous(), interval() or another clock operator in "
                     "the message of an assert() inside a clocked when-clause")) << d;
}

TEST(ClockedWhen, VectorOfClocksIsAnError) {
  std::string d = flattenErrors(head + "  when {c, c} then\n    x = 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:8: error: the condition of a clocked when-clause must be a single Clock (spec 16.6)"))
      << d;
}

TEST(ClockedWhen, NotInAnInitialEquationSection) {
  std::string d = flattenErrors("model M\n  Clock c = Clock(0.1);\n  Real x(start = 0);\ninitial equation\n"
                         "  when c then\n    x = 1;\n  end when;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:5:3: error: a when-equation is not allowed in an initial equation section")) << d;
}

}  // namespace

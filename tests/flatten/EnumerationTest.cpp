// Enumeration types (spec 4.9.5): a value is its literal's ordinal, 1 for
// the first, so literals compare and choose branches as Integers do, and a
// variable of the type carries the range of its literals; for-loops and
// ranges go over the literals in order.
#include "FlatFixture.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

const char* kModes =
    "package P\n"
    "  type Mode = enumeration(off \"nothing\", low, high \"full\");\n"
    "  type Alias = Mode;\n";

TEST(Enumeration, LiteralsAreOrdinalsAndVariablesCarryTheRange) {
  std::string flat = flatText(std::string(kModes) +
                                  "  model M\n"
                                  "    parameter Mode m = Mode.high;\n"
                                  "    parameter Alias a = P.Alias.low;\n"
                                  "    Mode d;\n"
                                  "    output Integer i = Integer(m);\n"
                                  "  equation\n"
                                  "    d = if time < 0.5 then Mode.off else Mode.low;\n"
                                  "  end M;\n"
                                  "end P;\n",
                              "P.M");
  EXPECT_TRUE(has(flat, "parameter Integer m(start = 1, min = 1, max = 3) = 3;")) << flat;
  EXPECT_TRUE(has(flat, "parameter Integer a(start = 1, min = 1, max = 3) = 2;")) << flat;
  EXPECT_TRUE(has(flat, "discrete Integer d(start = 1, min = 1, max = 3);")) << flat;
  EXPECT_TRUE(has(flat, "i = m;")) << flat;
  EXPECT_TRUE(has(flat, "d = if time < 0.5 then 1 else 2;")) << flat;
}

// How the MSL chooses initial equations: `if initType == Init.SteadyState`.
TEST(Enumeration, AParameterComparedWithALiteralChoosesTheBranch) {
  std::string flat = flatText(std::string(kModes) +
                                  "  model M\n"
                                  "    parameter Mode m = Mode.low;\n"
                                  "    Real x;\n"
                                  "  equation\n"
                                  "    if m == Mode.high then\n"
                                  "      der(x) = 1;\n"
                                  "    elseif m > Mode.off then\n"
                                  "      der(x) = 2;\n"
                                  "    else\n"
                                  "      der(x) = 3;\n"
                                  "    end if;\n"
                                  "  end M;\n"
                                  "end P;\n",
                              "P.M");
  EXPECT_TRUE(has(flat, "der(x) = 2;")) << flat;
  EXPECT_FALSE(has(flat, "der(x) = 1;")) << flat;
}

TEST(Enumeration, AnUnknownLiteralIsALocatedError) {
  std::string d = flattenErrors(std::string(kModes) +
                                "  model M\n    parameter Mode m = Mode.medium;\n  end M;\nend P;\n",
                                "P.M");
  EXPECT_TRUE(has(d, "test.mo:5:29: error: 'medium' is not a literal of enumeration 'P.Mode'")) << d;
}

// How Modelica.Electrical.Digital declares its truth tables: dimensions
// given by an enumeration type (one index per literal) or by Boolean.
TEST(Enumeration, AnEnumerationTypeAsADimensionHasOneIndexPerLiteral) {
  std::string flat = flatText(std::string(kModes) +
                                  "  model M\n"
                                  "    import A = P.Alias;\n"
                                  "    constant Integer table[Mode, A] = [1, 2, 3; 4, 5, 6; 7, 8, 9];\n"
                                  "    parameter Real b[Boolean] = {10, 20};\n"
                                  "    output Integer v = table[Mode.high, Mode.low];\n"
                                  "  end M;\n"
                                  "end P;\n",
                              "P.M");
  EXPECT_TRUE(has(flat, "table[3,3] = 9;")) << flat;
  EXPECT_FALSE(has(flat, "table[4,")) << flat;
  EXPECT_TRUE(has(flat, "b[2] = 20;")) << flat;
  EXPECT_TRUE(has(flat, "v = table[3,2];")) << flat;
}

TEST(Enumeration, ForLoopsAndRangesGoOverTheLiteralsInOrder) {
  std::string text = flatText(R"(model M
  type L = enumeration(a, b, c, d);
  constant L tail[:] = L.b:L.d;
  Integer s;
  Real w[L];
  function above
    input Integer k;
    output Integer n;
  algorithm
    n := 0;
    for e in L loop
      if Integer(e) > k then
        n := n + 1;
      end if;
    end for;
  end above;
  Integer m = above(1);
equation
  s = sum(Integer(e) for e in L);
  for e in L loop
    w[e] = Integer(e) * time;
  end for;
end M;
)");
  EXPECT_TRUE(has(text, "tail[3](start = 1, min = 1, max = 4) = 4;")) << text;
  EXPECT_TRUE(has(text, "  s = 1 + 2 + 3 + 4;\n")) << text;
  EXPECT_TRUE(has(text, "  w[4] = 4 * time;\n")) << text;
  EXPECT_TRUE(has(text, "  for e in 1:4 loop\n")) << text;
  std::string d = flattenErrors("model M\n  Integer n = sum(1 for b in Boolean);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:30: error: not supported yet: for-loops over the type Boolean")) << d;
}

TEST(Enumeration, IntegerOfARealIsRefusedWithAHint) {
  std::string d = flattenErrors("model M\n  output Integer i = Integer(time);\nend M;\n");
  EXPECT_TRUE(has(d, "error: Integer() takes an enumeration value; for a Real use integer()")) << d;
}

TEST(Enumeration, StateSelectAndAssertionLevelArePredefinedEverywhere) {
  // Found from inside an encapsulated class too.
  const std::string text = flatText(
      "model M\n"
      "  encapsulated model Body\n"
      "    parameter StateSelect s = StateSelect.prefer;\n"
      "    parameter AssertionLevel level = AssertionLevel.warning;\n"
      "  end Body;\n"
      "  Body body;\n"
      "end M;\n");
  EXPECT_TRUE(has(text, "parameter Integer body.s(start = 1, min = 1, max = 5) = 4;")) << text;
  EXPECT_TRUE(has(text, "parameter Integer body.level(start = 1, min = 1, max = 2) = 1;")) << text;
}

}  // namespace

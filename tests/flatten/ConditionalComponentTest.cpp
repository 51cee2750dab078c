// Conditional components (spec 4.4.5): `C c if cond` exists only when its
// condition, a Boolean parameter expression evaluated at translation, is
// true. A disabled component has no variables or equations, a connect() to
// it is removed, and any other reference to it is an error.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

// A block with an optional input, as the MSL writes them
// (Blocks.Continuous.LimPID's u_ff, Sources.SineVariableFrequencyAndAmplitude).
const char* kPackage =
    "package P\n"
    "  connector RealInput = input Real;\n"
    "  connector RealOutput = output Real;\n"
    "  block Gain\n"
    "    RealInput u;\n"
    "    RealOutput y;\n"
    "    parameter Real k = 2;\n"
    "  equation\n"
    "    y = k * u;\n"
    "  end Gain;\n"
    "  block Optional\n"
    "    parameter Boolean useInput = false;\n"
    "    parameter Real c = 3;\n"
    "    RealInput u if useInput;\n"
    "    RealOutput y;\n"
    "  protected\n"
    "    RealInput internal;\n"
    "    Gain fixed(k = c) if not useInput;\n"
    "  equation\n"
    "    connect(u, internal);\n"
    "    connect(fixed.y, internal);\n"
    "    y = internal;\n"
    "  end Optional;\n";

TEST(ConditionalComponent, ADisabledComponentHasNoVariablesAndItsConnectionsVanish) {
  std::string flat = flatText(std::string(kPackage) +
                                  "  model M\n"
                                  "    Optional o;\n"
                                  "  end M;\n"
                                  "end P;\n",
                              "P.M");
  // u is disabled: no variable, and connect(u, internal) is gone; the
  // gain is enabled and feeds internal.
  EXPECT_FALSE(has(flat, "Real o.u;")) << flat;
  EXPECT_FALSE(has(flat, "o.u =")) << flat;
  EXPECT_TRUE(has(flat, "o.fixed.y = o.internal;")) << flat;
  EXPECT_TRUE(has(flat, "o.fixed.y = o.fixed.k * o.fixed.u;")) << flat;
}

TEST(ConditionalComponent, AModifierOfTheEnclosingInstanceDecidesTheCondition) {
  std::string flat = flatText(std::string(kPackage) +
                                  "  model M\n"
                                  "    Gain source;\n"
                                  "    Optional o(useInput = true);\n"
                                  "  equation\n"
                                  "    source.u = time;\n"
                                  "    connect(source.y, o.u);\n"
                                  "  end M;\n"
                                  "end P;\n",
                              "P.M");
  EXPECT_TRUE(has(flat, "o.u = o.internal;")) << flat;
  EXPECT_TRUE(has(flat, "source.y = o.u;")) << flat;
  EXPECT_FALSE(has(flat, "o.fixed")) << flat;
}

TEST(ConditionalComponent, ReadingADisabledComponentIsAnErrorAtTheReference) {
  std::string errors = flattenErrors(
      "model M\n"
      "  parameter Boolean present = false;\n"
      "  Real u if present;\n"
      "  Real y = 2 * u;\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "4:16: error: 'u' is a conditional component whose condition is false; "
                          "only connect() may refer to it (spec 4.4.5)"))
      << errors;
  EXPECT_TRUE(has(errors, "3:13: note: its condition is here")) << errors;
}

TEST(ConditionalComponent, AConditionThatIsNotABooleanParameterExpressionIsAnError) {
  std::string errors = flattenErrors(
      "model M\n"
      "  parameter Integer n = 2;\n"
      "  Real u if n;\n"
      "equation\n"
      "  u = 1;\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "3:13: error: the condition of the conditional component 'u' must be a "
                          "Boolean parameter expression (spec 4.4.5)"))
      << errors;
}

TEST(ConditionalComponent, AConditionOnATimeVaryingValueIsAnError) {
  std::string errors = flattenErrors(
      "model M\n"
      "  Real x = time;\n"
      "  Real u if x > 1;\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "conditional component 'u' must be known at translation")) << errors;
}

}  // namespace

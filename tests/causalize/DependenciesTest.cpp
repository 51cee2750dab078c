// knownDependencies (src/causalize/Dependencies.h) on small Modelica models
// run through parsing, flattening, the clocks stage and causalization. Each
// expectation says, by the rules of Dependencies.cpp and what the runtime
// does on a Set (an event iteration, then the continuous blocks), which
// inputs and states an output can reflect without a doStep.
#include "causalize/Causalize.h"
#include "causalize/Dependencies.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace {

using namespace smc;
using Names = std::vector<std::string>;

// The causal model of `source`, through the same stages as `smc`, minus
// state machines (none of these models has one).
std::optional<causal::CausalModel> causalModel(const std::string& source, std::string& messages) {
  return test::clockedCausalModelOf(source, messages, "M");
}

// The names of the knowns `output` depends on, in VarId (declaration) order.
Names dependenciesOf(const std::string& source, const std::string& output) {
  std::string messages;
  std::optional<causal::CausalModel> model = causalModel(source, messages);
  if (!model) {
    ADD_FAILURE() << messages;
    return {};
  }
  const auto& variables = model->flat.variables;
  for (flat::VarId v = 0; v < variables.size(); ++v) {
    if (variables[v].name != output) continue;
    Names names;
    std::vector<std::vector<flat::VarId>> dependencies = causal::knownDependencies(*model, {v});
    for (flat::VarId known : dependencies.front()) names.push_back(variables[known].name);
    return names;
  }
  ADD_FAILURE() << "no variable " << output;
  return {};
}

}  // namespace

TEST(Dependencies, GainDependsOnItsInput) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "equation\n"
      "  y = 2*u;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{"u"});
}

TEST(Dependencies, OutputOfOneInputIgnoresTheOther) {
  const char* source =
      "model M\n"
      "  input Real u1;\n"
      "  input Real u2;\n"
      "  output Real y1;\n"
      "  output Real y2;\n"
      "equation\n"
      "  y1 = 2*u1;\n"
      "  y2 = u1 + u2;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y1"), Names{"u1"});
  EXPECT_EQ(dependenciesOf(source, "y2"), (Names{"u1", "u2"}));
}

// The input drives only der(x); y = x sees u only after integration.
TEST(Dependencies, StateOutputDependsOnTheStateNotOnTheInputItIntegrates) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "  output Real w;\n"
      "  Real x(start = 1, fixed = true);\n"
      "equation\n"
      "  der(x) = -x + u;\n"
      "  y = x;\n"
      "  w = x + u;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{"x"});
  EXPECT_EQ(dependenciesOf(source, "w"), (Names{"u", "x"}));
}

TEST(Dependencies, StateDeclaredAsOutputDependsOnItself) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real x(start = 1, fixed = true);\n"
      "equation\n"
      "  der(x) = u;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "x"), Names{"x"});
}

// A Set runs an event iteration: u > 0.5 may become true there and z = u.
TEST(Dependencies, WhenConditionOnAnInputPropagates) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "  discrete Real z(start = 0);\n"
      "equation\n"
      "  when u > 0.5 then\n"
      "    z = u;\n"
      "  end when;\n"
      "  y = z;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{"u"});
}

// A sample() tick at the communication point was handled by the step that
// ended there, so the Set's event iteration cannot fire it.
TEST(Dependencies, SampledWhenDoesNotFeedThrough) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y(start = 0);\n"
      "equation\n"
      "  when sample(0, 0.1) then\n"
      "    y = 3*u;\n"
      "  end when;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{});
}

TEST(Dependencies, PeriodicClockedControllerDoesNotFeedThrough) {
  const char* source =
      "model M\n"
      "  parameter Real K = 2;\n"
      "  input Real u;\n"
      "  output Real yc;\n"
      "  Real us, ys;\n"
      "equation\n"
      "  us = sample(u, Clock(0.1));\n"
      "  ys = K*us;\n"
      "  yc = hold(ys);\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "yc"), Names{});
}

// The clock's condition reads u, so a Set can make it tick.
TEST(Dependencies, EventClockOnAnInputFeedsThrough) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Integer n(start = 0);\n"
      "equation\n"
      "  when Clock(u > 0.5) then\n"
      "    n = previous(n) + 1;\n"
      "  end when;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "n"), Names{"u"});
}

TEST(Dependencies, TimeAndParametersAreNotKnowns) {
  const char* source =
      "model M\n"
      "  parameter Real k = 3;\n"
      "  input Real u;\n"
      "  output Real clock;\n"
      "  output Real scaled;\n"
      "equation\n"
      "  clock = 1 + time;\n"
      "  scaled = k*clock;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "clock"), Names{});
  EXPECT_EQ(dependenciesOf(source, "scaled"), Names{});
}

// The event iteration copies values to pre() between passes until pre(k) = k.
TEST(Dependencies, PreOfADiscreteInputFeedsThrough) {
  const char* source =
      "model M\n"
      "  input Integer k(start = 0);\n"
      "  output Integer m;\n"
      "equation\n"
      "  m = pre(k);\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "m"), Names{"k"});
}

TEST(Dependencies, ReinitOnAnInputMakesTheStateDependOnIt) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "  Real x(start = 1, fixed = true);\n"
      "equation\n"
      "  der(x) = 0;\n"
      "  when u > 0.5 then\n"
      "    reinit(x, 5);\n"
      "  end when;\n"
      "  y = x;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), (Names{"u", "x"}));
}

TEST(Dependencies, AlgebraicLoopUnknownsDependOnWhatTheLoopReads) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "  Real a;\n"
      "equation\n"
      "  a + y = u;\n"
      "  a - y = sin(y);\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{"u"});
}

TEST(Dependencies, AlgorithmOutputsDependOnWhatTheAlgorithmReads) {
  const char* source =
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "algorithm\n"
      "  y := 0;\n"
      "  if u > 1 then\n"
      "    y := u;\n"
      "  end if;\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{"u"});
}

TEST(Dependencies, FunctionCallPassesItsArgumentsDependencies) {
  const char* source =
      "function twice\n"
      "  input Real a;\n"
      "  output Real b;\n"
      "algorithm\n"
      "  b := 2*a;\n"
      "end twice;\n"
      "model M\n"
      "  input Real u;\n"
      "  output Real y;\n"
      "equation\n"
      "  y = twice(u);\n"
      "end M;\n";
  EXPECT_EQ(dependenciesOf(source, "y"), Names{"u"});
}

// If-chains over one Integer emitted as a switch (IrSwitch.cpp): the first
// matching arm is taken as in the chain (repeated constants, `and`-ed
// conditions), arms of Integer and Real mix as in an if, and a state
// machine's merged output switches on the machine's state through its
// activeState flags.
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>

namespace smc::codegen {
namespace {

using namespace testing;

class SwitchTest : public FmuFixture {
protected:
  // The FMU of `source` (model `name`), initialized, and the number of
  // switch instructions in its IR; null after failing the test.
  std::unique_ptr<FmuRun> start(const std::string& source, const std::string& name, size_t& switches) {
    std::string messages;
    std::optional<causal::CausalModel> model = test::clockedCausalModelOf(source, messages);
    if (!model) {
      ADD_FAILURE() << messages;
      return nullptr;
    }
    ir = dump(*model);
    switches = 0;
    for (size_t at = ir.find("switch i32"); at != std::string::npos; at = ir.find("switch i32", at + 1))
      ++switches;
    return startFmu(*model, name);
  }

  std::string ir;  // of the last model started
};

// k counts the samples: 1 on [0, 0.1), 2 on [0.1, 0.2), ... The arms divide
// by d, so that they are not evaluated eagerly as selects.
constexpr const char* kChains = R"(model Chains
  parameter Real d = 2;
  parameter Integer m = 4;
  Integer k(start = 0);
  Real first "the first matching arm, with a repeated constant";
  Real mixed "Integer and Real arms";
equation
  when sample(0, 0.1) then
    k = pre(k) + 1;
  end when;
  first = if k == 1 then 10 / d else if k == 2 and time > 0.15 then 20 / d
    else if k == 2 then 21 / d else if k == 3 then 30 / d else if k == 1 then 99 / d else -1 / d;
  mixed = if k == 1 then div(9, m) else if k == 2 then 2.5 / d else if k == 3 then div(13, m)
    else if k == 4 then 0.5 / d else -1;
end Chains;
)";

TEST_F(SwitchTest, TheSwitchTakesTheChainsFirstMatchingArm) {
  size_t switches = 0;
  std::unique_ptr<FmuRun> fmu = start(kChains, "Chains", switches);
  ASSERT_TRUE(fmu);
  // Both chains, in each callback that evaluates them.
  EXPECT_GE(switches, 2u) << "both chains should be switches";
  FmuRun& run = *fmu;
  // {time, k, first, mixed}
  const double expected[][4] = {{0.05, 1, 5, 2},       {0.12, 2, 10.5, 1.25}, {0.18, 2, 10, 1.25},
                                {0.25, 3, 15, 3},      {0.35, 4, -0.5, 0.25}, {0.45, 5, -0.5, -1}};
  double now = 0;
  for (const auto& row : expected) {
    ASSERT_EQ(run.step(row[0] - now), fmi2OK) << run.log();
    now = row[0];
    ASSERT_EQ(run.integer("k"), static_cast<int>(row[1])) << "t = " << now;
    EXPECT_DOUBLE_EQ(run.real("first"), row[2]) << "t = " << now;
    EXPECT_DOUBLE_EQ(run.real("mixed"), row[3]) << "t = " << now;
  }
}

TEST_F(SwitchTest, AChainInsideARunTestsEveryElementsOwnConstant) {
  // y[i] = 1 exactly when n == i: the chain's first constant moves with i.
  size_t switches = 0;
  std::unique_ptr<FmuRun> fmu = start(R"(model Diagonal
  parameter Real d = 2;
  discrete Integer n(start = 0);
  Real y[10];
equation
  when sample(0, 0.1) then
    n = pre(n) + 1;
  end when;
  for i in 1:10 loop
    y[i] = if n == i then 2 / d else if n == 20 then 4 / d else if n == 21 then 6 / d
      else if n == 22 then 8 / d else 0;
  end for;
end Diagonal;
)",
                                      "Diagonal", switches);
  ASSERT_TRUE(fmu);
  FmuRun& run = *fmu;
  double now = 0;
  for (int n : {1, 2, 3}) {
    const double t = (n - 1) * 0.1 + 0.05;
    ASSERT_EQ(run.step(t - now), fmi2OK) << run.log();
    now = t;
    for (int i = 1; i <= 10; ++i)
      EXPECT_EQ(run.real(fmt::format("y[{}]", i)), i == n ? 1.0 : 0.0) << "n = " << n << ", i = " << i;
  }
}

// One machine of six states in a ring, three ticks each; state j adds j to v
// (through div, which an if does not evaluate eagerly).
std::string ringMachine() {
  std::string text = "model Ring\n  inner Integer v(start = 0);\n";
  for (int j = 1; j <= 6; ++j)
    text += fmt::format("  block S{0}\n    outer output Integer v;\n  equation\n    v = previous(v) + "
                        "div({0} * 7, 7);\n  end S{0};\n  S{0} s{0};\n",
                        j);
  text += "  Clock clk = Clock(1, 100);\n  Integer tick(start = 0);\nequation\n  when clk then\n"
          "    tick = previous(tick) + 1;\n  end when;\n  initialState(s1);\n";
  for (int j = 1; j <= 6; ++j)
    text += fmt::format("  transition(s{}, s{}, tick > 0 and ticksInState() >= 3, immediate = false);\n", j,
                        j % 6 + 1);
  return text + "end Ring;\n";
}

TEST_F(SwitchTest, AMergedOutputSwitchesOnTheMachinesStateThroughItsFlags) {
  size_t switches = 0;
  std::unique_ptr<FmuRun> fmu = start(ringMachine(), "Ring", switches);
  ASSERT_TRUE(fmu);
  // The merged v tests the flags activeState(s1) ... activeState(s6).
  EXPECT_NE(ir.find("switch i32 %\"$sm.s1.activeState"), std::string::npos) << ir;
  EXPECT_GE(switches, 1u);
  FmuRun& run = *fmu;
  int v = 0;
  for (int tick = 1; tick <= 40; ++tick) {
    v += (tick - 1) / 3 % 6 + 1;  // state j for ticks 3j - 2 .. 3j, round the ring
    ASSERT_EQ(run.step(tick == 1 ? 0.005 : 0.01), fmi2OK) << run.log();
    ASSERT_EQ(run.integer("v"), v) << "tick " << tick;
  }
}

}  // namespace
}  // namespace smc::codegen

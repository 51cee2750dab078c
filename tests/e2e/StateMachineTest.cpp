// State machines end to end (spec chapter 17): each shared model, whose
// expectation was derived from a literal reading of the chapter's
// semantics, through smc -> FMU -> importer, compared at every row exactly.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

void expectExact(const std::string& name) { smc::test::expectMatchesSharedModel("statemachines/" + name, 0, 1e-9); }

TEST(StateMachine, TrafficLightTimesItsPhasesWithTimeInState) { expectExact("TrafficLight"); }

TEST(StateMachine, SpecTicksExampleLeavesA1AfterFiveTicks) { expectExact("SpecTicksExample"); }

TEST(StateMachine, PriorityAndImmediateTransitionsFireInTheChaptersOrder) { expectExact("PriorityAndImmediate"); }

TEST(StateMachine, ResetTransitionRestartsTheTargetsVariables) { expectExact("ResetOnReentry"); }

TEST(StateMachine, SynchronizeWaitsForEveryInnerMachineToBeFinal) { expectExact("SynchronizeJoin"); }

TEST(StateMachine, HierarchicalAndParallelExampleOfTheChapter) { expectExact("HierarchicalAndParallelStateMachine"); }

// examples/Blinker.mo on a 0.1 s clock: off for 3 ticks, on for 5 (each
// delayed transition fires one tick after its condition holds), a cycle of
// 8 ticks; at t = 3 (tick 30, position 6 of a cycle, so on) the immediate
// stop transition fires in the same tick.
TEST(StateMachine, BlinkerExampleCyclesUntilTheImmediateStop) {
  smc::importer::SimulateOptions options;
  options.fmuPath = smc::test::compileModel(smc::test::example("Blinker.mo"), "Blinker.fmu");
  options.stopTime = 4;
  options.stepSize = 0.1;
  options.allVariables = true;
  smc::importer::SimulationResult r = smc::test::simulateOk(options);
  ASSERT_EQ(r.rows.size(), 41u);
  for (size_t k = 0; k < r.rows.size(); ++k) {
    bool stopped = k >= 30, on = !stopped && k % 8 >= 3;
    auto value = [&](const char* name) { return r.rows[k][smc::test::columnOf(r, name)]; };
    EXPECT_EQ(value("activeState(on)"), on ? 1 : 0) << "tick " << k;
    EXPECT_EQ(value("activeState(off)"), !on && !stopped ? 1 : 0) << "tick " << k;
    EXPECT_EQ(value("activeState(stopped)"), stopped ? 1 : 0) << "tick " << k;
    EXPECT_EQ(value("light"), on ? 1 : 0) << "tick " << k;
  }
}

// tests/e2e/models/DiscretizedStates.mo: each Decay state is active for 3
// ticks, then its Pause for 2 (delayed transitions fire one tick after
// ticksInState() reaches the bound), a cycle of 5 ticks. While active, x
// halves at each tick after the entry tick; while paused it keeps its value.
TEST(StateMachine, DerInsideAStateIntegratesOnlyWhileActiveAndRestartsOnReset) {
  smc::importer::SimulateOptions options;
  options.fmuPath = smc::test::compileModel(std::string(SMC_SOURCE_DIR) + "/tests/e2e/models/DiscretizedStates.mo",
                                            "DiscretizedStates.fmu");
  options.stopTime = 12;
  options.stepSize = 1;
  options.allVariables = true;
  smc::importer::SimulationResult r = smc::test::simulateOk(options);
  ASSERT_EQ(r.rows.size(), 13u);
  // restarted: 1, 1/2, 1/4 while active, 1/4 twice paused, then again from 1.
  const double restarted[] = {1, 0.5, 0.25, 0.25, 0.25, 1, 0.5, 0.25, 0.25, 0.25, 1, 0.5, 0.25};
  // resumed: re-entered without reset at tick 5 and 10, it keeps halving
  // from its frozen value after each entry tick.
  const double resumed[] = {1, 0.5, 0.25, 0.25, 0.25, 0.25, 0.125, 0.0625, 0.0625, 0.0625, 0.0625, 0.03125,
                            0.015625};
  for (size_t k = 0; k < r.rows.size(); ++k) {
    EXPECT_EQ(r.rows[k][smc::test::columnOf(r, "restarted.x")], restarted[k]) << "tick " << k;
    EXPECT_EQ(r.rows[k][smc::test::columnOf(r, "resumed.x")], resumed[k]) << "tick " << k;
  }
}

}  // namespace

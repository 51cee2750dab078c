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

}  // namespace

// The state machine stage behind the real parser and flattener, in front of
// the clocks stage and the causalizer: every shared state machine model
// must get through the whole front half, and its lowered equations, run
// tick by tick, must reproduce the model's expected table. These depend on
// flattening producing transitions, initialStates and the state machine
// operators.
#include "TickSimulator.h"
#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "statemachine/StateMachines.h"
#include "support/Csv.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

struct PipelineRun : FlatRun {
  std::optional<statemachine::StateMachines> machines;
  std::optional<flat::FlatModel> lowered;
  std::optional<causal::CausalModel> causal;
};

// Parses and flattens `source`, then runs the state machine stage, the
// clocks stage and the causalizer (an empty optional marks the stage that
// failed).
std::unique_ptr<PipelineRun> runPipeline(const std::string& source) {
  auto run = std::make_unique<PipelineRun>();
  flattenInto(*run, source);
  if (!run->flat || run->diags.hasErrors()) return run;
  run->machines = statemachine::discoverStateMachines(*run->flat, run->diags);
  if (!run->machines) return run;
  run->lowered = statemachine::lowerStateMachines(*run->flat, *run->machines, run->diags);
  if (!run->lowered) return run;
  auto partitioning = clocks::inferClocks(*run->lowered, run->diags);
  if (!partitioning) return run;
  auto clocked = clocks::lowerClocks(*run->lowered, *partitioning, run->diags);
  if (!clocked) return run;
  run->causal = causal::causalize(std::move(*clocked), run->diags);
  return run;
}

class SharedStateMachineModel : public ::testing::TestWithParam<const char*> {};

TEST_P(SharedStateMachineModel, PassesTheFrontHalfAndReproducesItsTable) {
  std::string name = GetParam();
  std::string dir = std::string(SMC_SHARED_MODELS) + "/statemachines/";
  auto run = runPipeline(readFile(dir + name + ".mo"));
  ASSERT_TRUE(run->lowered) << run->printed();
  EXPECT_FALSE(run->machines->empty());
  EXPECT_TRUE(run->causal) << run->printed();
  Table table = readCsv(dir + name + ".expected.csv");
  ASSERT_FALSE(table.columns.empty());
  TickSimulator sim(*run->lowered);
  for (const auto& row : table.rows) {
    ASSERT_TRUE(sim.tick(row[0]));
    for (size_t c = 1; c < table.columns.size(); ++c)
      EXPECT_NEAR(sim.value(table.columns[c]), row[c], 1e-9) << "t = " << row[0] << ": " << table.columns[c];
  }
}

INSTANTIATE_TEST_SUITE_P(StateMachines, SharedStateMachineModel,
                         ::testing::Values("HierarchicalAndParallelStateMachine", "PriorityAndImmediate",
                                           "ResetOnReentry", "SpecTicksExample", "SynchronizeJoin",
                                           "TrafficLight"));

TEST(StateMachinePipeline, ActiveStateOfAComponentThatIsNoStateIsLocated) {
  auto run = runPipeline(
      "model M\n"
      "  block S end S;\n"
      "  S a;\n"
      "  S b;\n"
      "  S c;\n"
      "  Boolean inC = activeState(c);\n"
      "equation\n"
      "  initialState(a);\n"
      "  transition(a, b, true);\n"
      "end M;\n");
  ASSERT_TRUE(run->flat) << run->printed();
  EXPECT_FALSE(run->lowered);
  EXPECT_NE(run->printed().find("test.mo:6:"), std::string::npos) << run->printed();
  EXPECT_NE(run->printed().find("activeState() of 'c', which is not a state of a state machine"), std::string::npos)
      << run->printed();
}

// The shape of spec 17.3.7: two states with `output Integer y`, both
// connected to the top-level output out. s1 counts up by 1, s2 by 10; both
// transitions are delayed and do not reset, so each state continues from
// its own last value. By hand (default 1 s clock): t = 0, 1 in s1 (y1 = 1,
// 2; y1 >= 2 holds at t = 1), t = 2, 3 in s2 (y2 = 10, 20), t = 4 in s1
// (y1 = 3, already >= 2), t = 5 in s2 (30), t = 6 in s1 (4), t = 7 in s2
// (40); out follows the active state's output.
const char* kMergedOutputs =
    "model MergedOutputs\n"
    "  block Up\n"
    "    output Integer y(start = 0);\n"
    "  equation\n"
    "    y = previous(y) + 1;\n"
    "  end Up;\n"
    "  block Jump\n"
    "    output Integer y(start = 0);\n"
    "  equation\n"
    "    y = previous(y) + 10;\n"
    "  end Jump;\n"
    "  Up s1;\n"
    "  Jump s2;\n"
    "  output Integer out;\n"
    "equation\n"
    "  initialState(s1);\n"
    "  transition(s1, s2, s1.y >= 2, immediate = false, reset = false);\n"
    "  transition(s2, s1, s2.y >= 20, immediate = false, reset = false);\n"
    "  connect(s1.y, out);\n"
    "  connect(s2.y, out);\n"
    "end MergedOutputs;\n";

TEST(StateMachinePipeline, OutputsOfStatesConnectedTogetherFollowTheActiveState) {
  auto run = runPipeline(kMergedOutputs);
  ASSERT_TRUE(run->lowered) << run->printed();
  EXPECT_TRUE(run->causal) << run->printed();
  const double out[] = {1, 2, 10, 20, 3, 30, 4, 40};
  const double y1[] = {1, 2, 2, 2, 3, 3, 4, 4};
  const double y2[] = {0, 0, 10, 20, 20, 30, 30, 40};
  TickSimulator sim(*run->lowered);
  for (int t = 0; t < 8; ++t) {
    ASSERT_TRUE(sim.tick(t));
    EXPECT_EQ(sim.value("out"), out[t]) << "t = " << t;
    EXPECT_EQ(sim.value("s1.y"), y1[t]) << "t = " << t;
    EXPECT_EQ(sim.value("s2.y"), y2[t]) << "t = " << t;
  }
}

TEST(StateMachinePipeline, StateOutputsConnectedToEachOtherKeepTheirOwnValues) {
  std::string source = kMergedOutputs;
  std::string connects = "  connect(s1.y, out);\n  connect(s2.y, out);\n";
  source.replace(source.find(connects), connects.size(), "  connect(s1.y, s2.y);\n  out = 7;\n");
  auto run = runPipeline(source);
  ASSERT_TRUE(run->lowered) << run->printed();
  EXPECT_TRUE(run->causal) << run->printed();
  const double y1[] = {1, 2, 2, 2, 3, 3, 4, 4};
  const double y2[] = {0, 0, 10, 20, 20, 30, 30, 40};
  TickSimulator sim(*run->lowered);
  for (int t = 0; t < 8; ++t) {
    ASSERT_TRUE(sim.tick(t));
    EXPECT_EQ(sim.value("s1.y"), y1[t]) << "t = " << t;
    EXPECT_EQ(sim.value("s2.y"), y2[t]) << "t = " << t;
  }
}

// A state with a when-equation or an algorithm section would run it
// unguarded; both are reported at the section.
const char* kSectionInState =
    "model SectionInState\n"
    "  block S\n"
    "    discrete Integer n(start = 0);\n"
    "    Integer k;\n"
    "  equation\n"
    "    when time > 1 then\n"
    "      n = pre(n) + 1;\n"
    "    end when;\n"
    "  algorithm\n"
    "    k := 2;\n"
    "  end S;\n"
    "  S a;\n"
    "equation\n"
    "  initialState(a);\n"
    "end SectionInState;\n";

TEST(StateMachinePipeline, WhenEquationInsideAStateIsAContinuousTimeEquationError) {
  auto run = runPipeline(kSectionInState);
  ASSERT_TRUE(run->flat) << run->printed();
  EXPECT_FALSE(run->lowered);
  EXPECT_NE(run->printed().find("test.mo:6:5: error: state 'a' contains a when-equation, which is a "
                                "continuous-time equation"),
            std::string::npos)
      << run->printed();
}

TEST(StateMachinePipeline, AlgorithmInsideAStateIsNotSupportedYet) {
  auto run = runPipeline(kSectionInState);
  ASSERT_TRUE(run->flat) << run->printed();
  EXPECT_FALSE(run->lowered);
  EXPECT_NE(run->printed().find("test.mo:9:3: error: not supported yet: an algorithm section inside state 'a'"),
            std::string::npos)
      << run->printed();
}

// Spec 17.1: "All parts of a state machine must have the same clock."
TEST(StateMachinePipeline, StatesOfOneMachineOnDifferentClocksConflict) {
  auto run = runPipeline(
      "model TwoClocks\n"
      "  block S1\n"
      "    output Real u;\n"
      "  equation\n"
      "    u = sample(time, Clock(0.1));\n"
      "  end S1;\n"
      "  block S2\n"
      "    output Real w;\n"
      "  equation\n"
      "    w = sample(time, Clock(0.3));\n"
      "  end S2;\n"
      "  S1 s1;\n"
      "  S2 s2;\n"
      "equation\n"
      "  initialState(s1);\n"
      "  transition(s1, s2, true);\n"
      "end TwoClocks;\n");
  ASSERT_TRUE(run->lowered) << run->printed();
  EXPECT_FALSE(run->causal);
  EXPECT_NE(run->printed().find("test.mo:10:9: error: conflicting clocks in one partition: Clock(0.3) and Clock(0.1)"),
            std::string::npos)
      << run->printed();
}

// State a computes n; the transition a -> b reads it, `attributes` after
// the condition (e.g. ", immediate = false").
std::string stateOutputInCondition(const std::string& attributes) {
  return "model StateOutputInCondition\n"
         "  block A\n"
         "    output Integer n(start = 0);\n"
         "  equation\n"
         "    n = previous(n) + 1;\n"
         "  end A;\n"
         "  block B\n"
         "  end B;\n"
         "  A a;\n"
         "  B b;\n"
         "equation\n"
         "  initialState(a);\n"
         "  transition(a, b, a.n > 3" +
         attributes +
         ");\n"
         "end StateOutputInCondition;\n";
}

// The chapter's semantics decides immediate transitions before the active
// state's equations, so a condition reading a value the state computes at
// the same tick is an algebraic loop; the message says so in user terms.
TEST(StateMachinePipeline, ImmediateConditionReadingAStateOutputIsALocatedLoop) {
  auto run = runPipeline(stateOutputInCondition(""));
  ASSERT_TRUE(run->lowered) << run->printed();
  EXPECT_FALSE(run->causal);
  const std::string printed = run->printed();
  EXPECT_NE(printed.find("test.mo:13:3: error: algebraic loop through an immediate transition"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("test.mo:5:5: note: 'a.n' is computed here at the same tick"), std::string::npos) << printed;
}

// The same condition on a delayed transition reads this tick's value for
// the next tick: no loop.
TEST(StateMachinePipeline, DelayedConditionReadingAStateOutputIsNoLoop) {
  auto run = runPipeline(stateOutputInCondition(", immediate = false"));
  EXPECT_TRUE(run->causal) << run->printed();
}

}  // namespace
}  // namespace smc::test

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

}  // namespace
}  // namespace smc::test

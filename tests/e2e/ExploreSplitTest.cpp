// `smc explore` split into subtree tasks (importer/ExploreSearch.h), as
// under mpirun, run here in one process: whatever the number of workers and
// whatever order the tasks run in, the answer and the figures are those of
// the search that never splits: the same shortest sequence, nodes and
// simulated time, in both modes. On examples/Tank.mo and on a tank that
// ends its simulation (terminate(), so fmi2Discard) above a level, whose
// discarded nodes have no children.
#include "distributed/TaskSet.h"
#include "e2e/E2eSupport.h"
#include "importer/Explore.h"
#include "support/Command.h"

#include <gtest/gtest.h>

#include <tuple>

namespace {

using smc::distributed::TaskSet;
using smc::importer::ExploreOptions;

const char* const kOverflowingTank = R"(model OverflowingTank
  input Real inflow(start = 0);
  input Boolean valveOpen(start = false);
  Real level(start = 1, fixed = true);
equation
  der(level) = inflow - (if valveOpen then 0.25 else 0);
  when level > 2.6 then
    terminate("the tank overflows");
  end when;
  annotation(experiment(StartTime = 0, StopTime = 4));
end OverflowingTank;
)";

ExploreOptions tankOptions(bool overflowing) {
  static const std::string tank =
      smc::test::compileModel(std::string(SMC_SOURCE_DIR) + "/examples/Tank.mo", "Tank.split.fmu");
  static const std::string overflow = smc::test::compileModel(
      smc::test::writeScratchFile("explore-split", "OverflowingTank.mo", kOverflowingTank), "OverflowingTank.fmu");
  ExploreOptions options;
  options.fmuPath = overflowing ? overflow : tank;
  options.inputs = {{"inflow", {"0", "1"}}, {"valveOpen", {"false", "true"}}};
  options.period = 1;
  options.depth = 4;
  options.logSink = [](const smc::importer::LogMessage&) {};
  return options;
}

// Runs the tasks last to first, as ranks may finish them, so that a task
// learns of goals found by tasks after it in order; delivers in order.
void runReversed(const TaskSet& tasks) {
  std::vector<std::string> results(tasks.count);
  for (std::size_t i = tasks.count; i-- > 0;) {
    results[i] = tasks.run(i, tasks.payload ? tasks.payload(i) : std::string());
    if (tasks.received) tasks.received(i, results[i]);
  }
  for (std::size_t i = 0; i < tasks.count; ++i) tasks.deliver(i, results[i]);
}

using SplitCase = std::tuple<bool, const char*, std::size_t, bool>;  // overflowing, goal, workers, reversed

class ExploreSplit : public ::testing::TestWithParam<SplitCase> {};

TEST_P(ExploreSplit, GivesTheAnswerAndFiguresOfTheSearchThatDoesNotSplit) {
  auto [overflowing, goal, workers, reversed] = GetParam();
  ExploreOptions plain = tankOptions(overflowing);
  plain.goal = goal;
  auto expected = smc::importer::explore(plain);
  ASSERT_TRUE(expected) << expected.error().message;

  ExploreOptions split = plain;
  split.workers = workers;
  split.runTasks = reversed ? runReversed : smc::distributed::runTasksHere;
  auto got = smc::importer::explore(split);
  ASSERT_TRUE(got) << got.error().message;
  ASSERT_EQ(got->runs.size(), expected->runs.size());
  for (std::size_t r = 0; r < got->runs.size(); ++r) {
    SCOPED_TRACE(got->runs[r].mode);
    EXPECT_EQ(got->runs[r].found, expected->runs[r].found);
    EXPECT_EQ(got->runs[r].nodes, expected->runs[r].nodes);
    EXPECT_EQ(got->runs[r].simulatedTime, expected->runs[r].simulatedTime);
  }
}

std::string caseName(const ::testing::TestParamInfo<SplitCase>& info) {
  auto [overflowing, goal, workers, reversed] = info.param;
  std::string goalName = std::string(goal).empty()           ? "WholeTree"
                         : std::string(goal).find("2.7") != std::string::npos ? "GoalAtDepth2"
                         : std::string(goal).find("0.3") != std::string::npos ? "GoalAtDepth3"
                                                                              : "GoalNeverMet";
  return std::string(overflowing ? "OverflowingTank_" : "Tank_") + goalName + "_" + std::to_string(workers) +
         "Workers" + (reversed ? "_LastTaskFirst" : "_InOrder");
}

// The goals: none (the whole tree), one found at depth 2 in the middle of
// its level, one at depth 3 (three periods of draining), one never met.
INSTANTIATE_TEST_SUITE_P(
    GoalsWorkersAndOrders, ExploreSplit,
    ::testing::Combine(::testing::Bool(), ::testing::Values("", "level > 2.7 and level < 2.8", "level < 0.3",
                                                            "level > 10"),
                       ::testing::Values(std::size_t{2}, std::size_t{3}, std::size_t{5}), ::testing::Bool()),
    caseName);

// The overflowing tank really prunes: its whole tree has fewer nodes in
// save-restore (no children below a discarded step) than in replay.
TEST(ExploreSplitModel, TheOverflowingTankDiscardsStepsSoSaveRestorePrunes) {
  ExploreOptions options = tankOptions(true);
  auto report = smc::importer::explore(options);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_LT(report->runs[0].nodes, report->runs[1].nodes);
  EXPECT_EQ(report->runs[1].nodes, 4u + 16u + 64u + 256u);
}

}  // namespace

namespace {

// Under a state bound save-restore keeps fewer states and simulates upper
// levels again, but finds the same node and counts the same nodes.
using BoundCase = std::tuple<bool, const char*, std::size_t>;  // overflowing, goal, max states

class ExploreUnderAStateBound : public ::testing::TestWithParam<BoundCase> {};

TEST_P(ExploreUnderAStateBound, FindsAndCountsWhatTheUnboundedSearchDoes) {
  auto [overflowing, goal, maxStates] = GetParam();
  ExploreOptions plain = tankOptions(overflowing);
  plain.goal = goal;
  plain.mode = smc::importer::ExploreMode::SaveRestore;
  auto expected = smc::importer::explore(plain);
  ASSERT_TRUE(expected) << expected.error().message;
  ExploreOptions bounded = plain;
  bounded.maxStates = maxStates;
  auto got = smc::importer::explore(bounded);
  ASSERT_TRUE(got) << got.error().message;
  const auto& run = got->runs.front();
  EXPECT_EQ(run.found, expected->runs.front().found);
  EXPECT_EQ(run.nodes, expected->runs.front().nodes);
  EXPECT_EQ(run.simulatedTime, expected->runs.front().simulatedTime);
  EXPECT_EQ(run.stateBound, maxStates);
  // Depth 4 with 4 choices: the unbounded search keeps a level of up to 64
  // states beside the 16 it expands, more than any bound here.
  if (std::string(goal).empty()) {
    EXPECT_GT(run.resimulatedNodes, 0u);
  }
  EXPECT_EQ(run.resimulatedTime, static_cast<double>(run.resimulatedNodes));  // one period each
}

INSTANTIATE_TEST_SUITE_P(
    GoalsAndBounds, ExploreUnderAStateBound,
    ::testing::Combine(::testing::Bool(), ::testing::Values("", "level > 2.7 and level < 2.8", "level < 0.3",
                                                            "level > 10"),
                       ::testing::Values(std::size_t{5}, std::size_t{9}, std::size_t{30})));

TEST(ExploreUnderAStateBoundModel, ABoundBelowOneStatePerLevelIsRefused) {
  ExploreOptions options = tankOptions(false);
  options.mode = smc::importer::ExploreMode::SaveRestore;
  options.maxStates = 4;
  auto report = smc::importer::explore(options);
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message,
            "the state bound of 4 states is below depth + 1 = 5: the bounded search keeps the state of every level "
            "of one path");
}

TEST(ExploreUnderAStateBoundModel, AMemoryBoundCountsStatesByTheirSerializedSize) {
  ExploreOptions options = tankOptions(false);
  options.mode = smc::importer::ExploreMode::SaveRestore;
  options.maxMemory = 1;
  auto tooSmall = smc::importer::explore(options);
  ASSERT_FALSE(tooSmall);
  EXPECT_NE(tooSmall.error().message.find("--max-memory 1 bytes holds no FMU state of "), std::string::npos)
      << tooSmall.error().message;
  options.maxMemory = 1 << 20;
  auto fits = smc::importer::explore(options);
  ASSERT_TRUE(fits) << fits.error().message;
  EXPECT_GT(fits->runs.front().stateBound, 5u);
}

}  // namespace

namespace {

// A tank whose assertion fails above 3.5 (fmi2DoStep returns fmi2Error):
// one process meets that error only where no goal comes before it in
// breadth-first order, and a split search must fail or succeed alike.
const char* const kAssertingTank = R"(model AssertingTank
  input Real inflow(start = 0);
  input Boolean valveOpen(start = false);
  Real level(start = 1, fixed = true);
equation
  der(level) = inflow - (if valveOpen then 0.25 else 0);
  assert(level < 3.5, "the tank overflows");
  annotation(experiment(StartTime = 0, StopTime = 4));
end AssertingTank;
)";

using ErrorCase = std::tuple<const char*, std::size_t, bool>;  // goal, workers, reversed

class ExploreSplitWithErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ExploreSplitWithErrors, FailsOnlyWhereOneProcessFails) {
  auto [goal, workers, reversed] = GetParam();
  static const std::string fmu = smc::test::compileModel(
      smc::test::writeScratchFile("explore-split", "AssertingTank.mo", kAssertingTank), "AssertingTank.fmu");
  ExploreOptions plain = tankOptions(false);
  plain.fmuPath = fmu;
  plain.depth = 3;
  plain.goal = goal;
  auto expected = smc::importer::explore(plain);
  ExploreOptions split = plain;
  split.workers = workers;
  split.runTasks = reversed ? runReversed : smc::distributed::runTasksHere;
  auto got = smc::importer::explore(split);
  ASSERT_EQ(bool(got), bool(expected)) << (got ? expected.error().message : got.error().message);
  if (!expected) {
    EXPECT_EQ(got.error().message, expected.error().message);
    return;
  }
  for (std::size_t r = 0; r < got->runs.size(); ++r) {
    EXPECT_EQ(got->runs[r].found, expected->runs[r].found);
    EXPECT_EQ(got->runs[r].nodes, expected->runs[r].nodes);
  }
}

// Three drains reach 0.25 at depth 3 before any node that overflows; a
// level between 3.2 and 3.4 needs three periods of +0.75, the last node of
// depth 3, after the first overflow (three periods of +1).
INSTANTIATE_TEST_SUITE_P(GoalsBeforeAndAfterTheError, ExploreSplitWithErrors,
                         ::testing::Combine(::testing::Values("level < 0.3", "level > 3.2 and level < 3.4"),
                                            ::testing::Values(std::size_t{2}, std::size_t{3}), ::testing::Bool()));

TEST(ExploreSplitWithErrorsModel, OneProcessMeetsTheOverflowOnlyAfterTheDrainsGoal) {
  static const std::string fmu = smc::test::compileModel(
      smc::test::writeScratchFile("explore-split", "AssertingTank.mo", kAssertingTank), "AssertingTank.fmu");
  ExploreOptions options = tankOptions(false);
  options.fmuPath = fmu;
  options.depth = 3;
  options.goal = "level < 0.3";
  EXPECT_TRUE(smc::importer::explore(options));
  options.goal = "level > 3.2 and level < 3.4";
  auto failed = smc::importer::explore(options);
  ASSERT_FALSE(failed);
  EXPECT_NE(failed.error().message.find("the tank overflows"), std::string::npos) << failed.error().message;
}

}  // namespace

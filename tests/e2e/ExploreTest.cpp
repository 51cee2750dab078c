// `smc explore` (importer/Explore.h) on examples/Tank.mo, whose
// answers follow by hand: the four choices per period, in order (inflow,
// valveOpen) = (0,F), (0,T), (1,F), (1,T), change the level by 0, -0.25,
// +1 and +0.75 from 1.
#include "e2e/E2eSupport.h"
#include "importer/Explore.h"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using smc::importer::ExploreMode;
using smc::importer::ExploreOptions;

ExploreOptions tankOptions() {
  static const std::string fmu =
      smc::test::compileModel(std::string(SMC_SOURCE_DIR) + "/examples/Tank.mo", "Tank.explore.fmu");
  ExploreOptions options;
  options.fmuPath = fmu;
  options.inputs = {{"inflow", {"0", "1"}}, {"valveOpen", {"false", "true"}}};
  options.period = 1;
  options.logSink = [](const smc::importer::LogMessage&) {};
  return options;
}

// Level 2.75 needs +1.75 = 1 + 0.75: no single period does it; of the
// two-period sequences in breadth-first order the first is choice 2 then
// choice 3, the 12th node of depth 2 after the 4 of depth 1.
TEST(Explore, BothModesFindTheShortestSequenceDerivedByHand) {
  ExploreOptions options = tankOptions();
  options.depth = 3;
  options.goal = "level > 2.7 and level < 2.8";
  auto report = smc::importer::explore(options);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_EQ(report->runs.size(), 2u);
  for (const auto& run : report->runs) {
    SCOPED_TRACE(run.mode);
    ASSERT_TRUE(run.found);
    EXPECT_EQ(*run.found, (std::vector<std::size_t>{2, 3}));
    EXPECT_EQ(run.nodes, 16u);
  }
  EXPECT_EQ(report->choices[2], (std::vector<std::string>{"1", "false"}));
  EXPECT_EQ(report->choices[3], (std::vector<std::string>{"1", "true"}));
  // Save-restore simulates each node for one period, replay each node from
  // the start: 4 nodes of 1 period and 12 of 2.
  EXPECT_DOUBLE_EQ(report->runs[0].simulatedTime, 16.0);
  EXPECT_DOUBLE_EQ(report->runs[1].simulatedTime, 28.0);
  std::ostringstream printed;
  smc::importer::printExplore(printed, *report);
  EXPECT_NE(printed.str().find("goal reached at depth 2: t=0: inflow=1, valveOpen=false; t=1: inflow=1, "
                               "valveOpen=true"),
            std::string::npos)
      << printed.str();
}

// Without a goal the whole tree is simulated: 4 + 16 + 64 nodes; replay
// pays 4*1 + 16*2 + 64*3 periods.
TEST(Explore, WholeTreeCostsWhatTheTreeSizeSays) {
  ExploreOptions options = tankOptions();
  options.depth = 3;
  auto report = smc::importer::explore(options);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report->runs[0].nodes, 84u);
  EXPECT_EQ(report->runs[1].nodes, 84u);
  EXPECT_DOUBLE_EQ(report->runs[0].simulatedTime, 84.0);
  EXPECT_DOUBLE_EQ(report->runs[1].simulatedTime, 228.0);
  // d b^d / (b (b^d - 1) / (b - 1)) = 3 * 64 / (4 * 63 / 3) = 192 / 84.
  EXPECT_DOUBLE_EQ(report->theoreticalRatio(), 192.0 / 84.0);
  EXPECT_DOUBLE_EQ(report->wholeTreeRatio(), 228.0 / 84.0);
}

// The highest reachable level in 2 periods is 3: never above 10.
TEST(Explore, UnreachableGoalIsReportedAfterTheWholeTree) {
  ExploreOptions options = tankOptions();
  options.depth = 2;
  options.goal = "level > 10";
  options.mode = ExploreMode::SaveRestore;
  auto report = smc::importer::explore(options);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_EQ(report->runs.size(), 1u);
  EXPECT_FALSE(report->runs[0].found);
  EXPECT_EQ(report->runs[0].nodes, 20u);
}

TEST(Explore, JsonReportNamesTheSequence) {
  ExploreOptions options = tankOptions();
  options.depth = 2;
  options.goal = "level < 0.6";
  options.mode = ExploreMode::Replay;
  auto report = smc::importer::explore(options);
  ASSERT_TRUE(report) << report.error().message;
  std::ostringstream json;
  smc::importer::writeExploreJson(json, *report);
  // Two periods with the valve open and no inflow: 1 - 0.5 = 0.5.
  EXPECT_NE(json.str().find("\"found\": [{\"time\": 0, \"inputs\": {\"inflow\": \"0\", \"valveOpen\": \"true\"}}, "
                            "{\"time\": 1, \"inputs\": {\"inflow\": \"0\", \"valveOpen\": \"true\"}}]"),
            std::string::npos)
      << json.str();
}

TEST(Explore, UnknownInputOrGoalVariableIsAnError) {
  ExploreOptions options = tankOptions();
  options.depth = 1;
  options.inputs = {{"level", {"1"}}};
  auto notInput = smc::importer::explore(options);
  ASSERT_FALSE(notInput);
  EXPECT_EQ(notInput.error().message, "'level' is not an input of model 'Tank' (its causality is local)");
  options = tankOptions();
  options.depth = 1;
  options.goal = "levl > 1";
  auto unknown = smc::importer::explore(options);
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("goal: at column 1: no variable named 'levl'"), std::string::npos)
      << unknown.error().message;
}

}  // namespace

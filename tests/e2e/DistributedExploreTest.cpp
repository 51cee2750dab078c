// `smc explore` under `mpirun -np N`: the search splits into subtree tasks
// over the ranks and rank 0 prints what one process prints (the wall times
// aside), whether the goal is found or the whole tree is searched; an
// error ends every rank with its message.
#include "e2e/E2eSupport.h"
#include "e2e/Mpirun.h"
#include "support/Command.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>
#include <regex>
#include <string>

namespace {

using smc::test::mpirun;
using smc::test::runCommand;

std::string smc() { return SMC_EXECUTABLE; }

const std::string& tankFmu() {
  static const std::string fmu =
      smc::test::compileModel(std::string(SMC_SOURCE_DIR) + "/examples/Tank.mo", "Tank.distributed.fmu");
  return fmu;
}

// The report without its wall times, which differ from run to run.
std::string withoutWallTimes(const std::string& report) {
  static const std::regex wall(", [0-9.]+ s wall|[0-9.]+x wall time");
  return std::regex_replace(report, wall, "");
}

smc::test::CommandOutcome explore(const std::string& launcher, const std::string& arguments) {
  return runCommand(launcher + (launcher.empty() ? "" : " ") + smc() + " explore " + tankFmu() +
                    " --input inflow=0,1 --input valveOpen=false,true --period 1 " + arguments + " 2>/dev/null");
}

TEST(DistributedExplore, TwoAndThreeRanksFindTheSequenceOneProcessFinds) {
  const std::string arguments = "--depth 5 --goal 'level < 0.3'";
  auto alone = explore("", arguments);
  ASSERT_EQ(alone.status, 0) << alone.output;
  EXPECT_NE(alone.output.find("goal reached at depth 3"), std::string::npos) << alone.output;
  for (int ranks : {2, 3}) {
    auto distributed = explore(mpirun(ranks), arguments);
    EXPECT_EQ(distributed.status, 0) << distributed.output;
    EXPECT_EQ(withoutWallTimes(distributed.output), withoutWallTimes(alone.output)) << ranks << " ranks";
  }
}

TEST(DistributedExplore, TwoRanksSearchTheWholeTreeAsOneProcessDoes) {
  const std::string arguments = "--depth 5";
  auto alone = explore("", arguments);
  ASSERT_EQ(alone.status, 0) << alone.output;
  EXPECT_NE(alone.output.find("save-restore: 1364 nodes"), std::string::npos) << alone.output;
  auto distributed = explore(mpirun(2), arguments);
  EXPECT_EQ(distributed.status, 0) << distributed.output;
  EXPECT_EQ(withoutWallTimes(distributed.output), withoutWallTimes(alone.output));
}

// The ranks of a host share one unpacked copy of the FMU: its first rank
// keeps it until every rank is done, then removes it.
TEST(DistributedExplore, TheHostsCopyOfTheFmuOutlivesItsReadersAndIsRemoved) {
  const std::filesystem::path tmp = smc::test::scratchDirectory("distributed") / "tmpdir";
  std::filesystem::remove_all(tmp);
  std::filesystem::create_directories(tmp);
  auto distributed = explore("TMPDIR=" + tmp.string() + " " + mpirun(3), "--depth 4 --mode both");
  EXPECT_EQ(distributed.status, 0) << distributed.output;
  for (const auto& entry : std::filesystem::directory_iterator(tmp))
    EXPECT_NE(entry.path().filename().string().rfind("smc-fmu-", 0), 0u) << entry.path() << " was left behind";
}

TEST(DistributedExplore, AnUnreachableGoalExitsWithOneOnEveryRankCount) {
  auto distributed = explore(mpirun(2), "--depth 3 --goal 'level > 10' --mode save-restore");
  EXPECT_EQ(distributed.status, 1) << distributed.output;
  EXPECT_NE(distributed.output.find("goal never reached within depth 3"), std::string::npos) << distributed.output;
}

// --node-times writes one line per node save-restore simulates (what
// bench/explore_scaling.py replays); it measures one process only.
TEST(DistributedExplore, NodeTimesListEverySimulatedNodeInOneProcessOnly) {
  const std::string times = (smc::test::scratchDirectory("distributed") / "node-times.csv").string();
  auto alone = explore("", "--depth 2 --mode save-restore --node-times " + times);
  ASSERT_EQ(alone.status, 0) << alone.output;
  std::ifstream file(times);
  std::string line;
  std::vector<std::string> paths;
  std::getline(file, line);
  EXPECT_EQ(line, "path,seconds");
  while (std::getline(file, line)) paths.push_back(line.substr(0, line.find(',')));
  ASSERT_EQ(paths.size(), 4u + 16u);  // two levels of 4 choices
  EXPECT_EQ(paths.front(), "0");
  EXPECT_EQ(paths.back(), "3.3");
  auto distributed = runCommand(mpirun(2, false) + " " + smc() + " explore " + tankFmu() +
                                " --input inflow=0,1 --period 1 --depth 2 --node-times " + times);
  EXPECT_NE(distributed.status, 0) << distributed.output;
  EXPECT_NE(distributed.output.find("--node-times measures the search of one process"), std::string::npos)
      << distributed.output;
}

TEST(DistributedExplore, AnErrorEndsEveryRankWithItsMessage) {
  auto outcome = runCommand("timeout 300 " + mpirun(2, false) + " " + smc() + " explore " + tankFmu() +
                            " --input inflow=0,1 --period 1 --depth 3 --goal 'levl > 1'");
  EXPECT_NE(outcome.status, 0) << outcome.output;
  EXPECT_NE(outcome.status, 124) << "the run hung\n" << outcome.output;
  EXPECT_NE(outcome.output.find("smc explore: error: goal: at column 1: no variable named 'levl'"), std::string::npos)
      << outcome.output;
}

}  // namespace

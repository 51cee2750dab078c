// The differential test of the state machine lowering (issue 5): the
// chapter's example, lowered by smc from transition()/initialState()
// (ChapterExampleSynchronized.mo), and the chapter's own hand-lowered model
// written with StateMachineSemantics (ChapterExampleHandLowered.mo) must
// give the same v at every tick. A few values of v are also pinned from the
// chapter's description of the example (derivation below).
#include "e2e/E2eSupport.h"

#include "driver/Compile.h"

#include <gtest/gtest.h>

#include <unistd.h>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;

std::string modelPath(const std::string& name) { return std::string(SMC_SOURCE_DIR) + "/tests/e2e/models/" + name; }

// Compiles `className` of `file` (E2eSupport's helper compiles a file's only class).
std::string compileClass(const std::string& file, const std::string& className, const std::string& fmuName) {
  smc::CompileOptions options;
  options.inputPath = modelPath(file);
  options.modelName = className;
  options.outputPath = testing::TempDir() + "/smc-equivalence-" + std::to_string(::getpid()) + "-" + fmuName;
  smc::SourceManager sources;
  smc::DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  std::string dump, printed;
  bool ok = smc::compile(options, sources, diags, dump);
  for (const auto& d : diags.diagnostics()) printed += diags.format(d);
  EXPECT_TRUE(ok && !diags.hasErrors()) << printed;
  return options.outputPath;
}

// 100 ticks of the default clock (1 s), which covers three passes through
// state1 and two re-entries from state2.
std::vector<double> vTrajectory(const std::string& fmu) {
  SimulateOptions options;
  options.fmuPath = fmu;
  options.stopTime = 100;
  options.stepSize = 1;
  options.outputVariables = {"v"};
  SimulationResult r = smc::test::simulateOk(options);
  std::vector<double> v;
  int column = smc::test::columnOf(r, "v");
  for (size_t k = 0; k < r.rows.size(); ++k) {
    EXPECT_DOUBLE_EQ(r.rows[k][0], static_cast<double>(k));
    v.push_back(r.rows[k][column]);
  }
  return v;
}

TEST(ChapterExampleEquivalence, HandLoweredModelGivesTheSameVAtEveryTick) {
  std::vector<double> lowered = vTrajectory(compileClass("ChapterExampleSynchronized.mo", "", "sync.fmu"));
  std::vector<double> hand = vTrajectory(compileClass(
      "ChapterExampleHandLowered.mo", "ChapterExampleHandLowered.HierarchicalAndParallelStateMachine", "hand.fmu"));
  ASSERT_EQ(lowered.size(), 101u);
  ASSERT_EQ(hand.size(), lowered.size());
  for (size_t k = 0; k < lowered.size(); ++k) EXPECT_EQ(hand[k], lowered[k]) << "tick " << k;

  // By hand, from the chapter's description (ticks at t = 0, 1, 2...; a
  // delayed transition fires one tick after its condition holds):
  //  t = 0..2   stateA: v = 2, 4, 6; v >= 6 holds at t = 2
  //  t = 3..8   stateB: v falls by 1 from 5 to 0; v == 0 holds at t = 8
  //  t = 9      stateC: count = 1 (v stays 0); back to stateA (count < 2)
  //  t = 10..12 stateA: 2, 4, 6;  t = 13..18 stateB: 5 .. 0
  //  t = 19     stateC: count = 2, so stateD (priority 1) from t = 20, v = 0
  //  stateX counts i = 1 at t = 0, so i > 20 first holds at t = 20 and
  //  stateY is active from t = 21: both machines are final at t = 21 and
  //  the synchronize transition makes state2 active at t = 22:
  //  t = 22..25 state2: v = 5, 10, 15, 20; v >= 20 holds at t = 25
  //  t = 26     state1 re-entered with a reset: stateA, v = 20 + 2 = 22
  //  t = 27..48 stateB: v = 21 .. 0 (22 - (t - 26))
  //  t = 49 stateC (count restarted: 1), t = 50..52 stateA 2, 4, 6,
  //  t = 53..58 stateB 5 .. 0, t = 59 stateC (count 2), t = 60 stateD;
  //  stateX restarted at t = 26 reaches i = 21 at t = 46, stateY from 47,
  //  so state2 from t = 61: 5, 10, 15, 20 (t = 64), state1 again at t = 65: 22.
  const std::map<int, double> byHand = {{0, 2},  {2, 6},  {3, 5},  {8, 0},   {9, 0},   {10, 2}, {12, 6},
                                        {18, 0}, {21, 0}, {22, 5}, {25, 20}, {26, 22}, {27, 21}, {48, 0},
                                        {49, 0}, {52, 6}, {60, 0}, {61, 5},  {64, 20}, {65, 22}, {66, 21}};
  for (const auto& [tick, v] : byHand) EXPECT_EQ(hand[tick], v) << "tick " << tick;
}

}  // namespace

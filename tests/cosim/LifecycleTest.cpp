// The lifecycle's states, its log lines, and which error state a failure
// lands in.
#include "cosim/Lifecycle.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace smc::cosim {
namespace {

struct Recorded {
  std::vector<std::string> lines;
  LogLine sink() {
    return [this](std::string_view line) { lines.emplace_back(line); };
  }
};

TEST(Lifecycle, HappyPathLogsEveryState) {
  Recorded log;
  Lifecycle lifecycle(log.sink());
  lifecycle.enter(Phase::Configured, "2 FMUs");
  lifecycle.note("loaded");
  lifecycle.enter(Phase::Initialized, "at t=0");
  lifecycle.enter(Phase::Simulating, "10 steps");
  lifecycle.enter(Phase::Completed, "t=1");
  EXPECT_EQ(lifecycle.phase(), Phase::Completed);
  EXPECT_FALSE(lifecycle.failed());
  EXPECT_EQ(log.lines, (std::vector<std::string>{"configured: 2 FMUs", "  loaded",
                                                 "initialized: at t=0", "simulating: 10 steps",
                                                 "completed: t=1"}));
}

TEST(Lifecycle, FailureBeforeSimulatingIsAnInitializationError) {
  Recorded log;
  Lifecycle lifecycle(log.sink());
  lifecycle.enter(Phase::Configured, "x");
  lifecycle.fail("no FMU");
  EXPECT_EQ(lifecycle.phase(), Phase::InitializationError);
  EXPECT_TRUE(lifecycle.failed());
  EXPECT_EQ(log.lines.back(), "initialization-error: no FMU");
}

TEST(Lifecycle, FailureAfterInitializationIsStillAnInitializationError) {
  Recorded log;
  Lifecycle lifecycle(log.sink());
  lifecycle.enter(Phase::Configured, "x");
  lifecycle.enter(Phase::Initialized, "y");
  lifecycle.fail("bad");
  EXPECT_EQ(lifecycle.phase(), Phase::InitializationError);
}

TEST(Lifecycle, FailureWhileSimulatingIsASimulationError) {
  Recorded log;
  Lifecycle lifecycle(log.sink());
  lifecycle.enter(Phase::Configured, "x");
  lifecycle.enter(Phase::Initialized, "y");
  lifecycle.enter(Phase::Simulating, "z");
  lifecycle.fail("component 'p': fmi2DoStep returned fmi2Error at t=0.5");
  EXPECT_EQ(lifecycle.phase(), Phase::SimulationError);
  EXPECT_EQ(log.lines.back(),
            "simulation-error: component 'p': fmi2DoStep returned fmi2Error at t=0.5");
}

TEST(Lifecycle, StateNamesAreTheDocumentedOnes) {
  EXPECT_STREQ(toString(Phase::Configured), "configured");
  EXPECT_STREQ(toString(Phase::Initialized), "initialized");
  EXPECT_STREQ(toString(Phase::Simulating), "simulating");
  EXPECT_STREQ(toString(Phase::Completed), "completed");
  EXPECT_STREQ(toString(Phase::InitializationError), "initialization-error");
  EXPECT_STREQ(toString(Phase::SimulationError), "simulation-error");
}

}  // namespace
}  // namespace smc::cosim

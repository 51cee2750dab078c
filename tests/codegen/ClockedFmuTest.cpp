// Clocked partitions end to end: flat models with partitions are
// causalized, compiled, linked with the runtime and simulated through
// dlopen. Expectations come from the clock semantics: a partition runs once
// per tick, ticks at t = 0 happen before the first read, a tick on a
// communication point is handled in the step that ends there, and between
// ticks partition variables hold their values.
#include "ClockedModels.h"
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "codegen/Codegen.h"

#include <gtest/gtest.h>

#include <cmath>

namespace smc::codegen {
namespace {

using namespace testing;

class ClockedFmuTest : public FmuFixture {
protected:
  std::string build(const ClockedModel& clocked) {
    const causal::CausalModel* model = causalOrFail(clocked);
    return model ? FmuFixture::build(*model) : "";
  }
};

TEST_F(ClockedFmuTest, CounterOnARationalClockCountsEveryTickOnce) {
  const std::string fmu = build(clockedCounter());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "ClockedCounter", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("n"), 1);  // the tick at t = 0, before the first read
  for (int i = 1; i <= 10; ++i) {
    ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
    // Ticks at 0, 0.1, ..., 0.1 i: each communication point is a tick.
    EXPECT_EQ(run.integer("n"), i + 1) << "t = " << run.time();
  }
  EXPECT_EQ(run.integer("n"), 11);
}

TEST_F(ClockedFmuTest, CounterHoldsBetweenTicks) {
  const std::string fmu = build(clockedCounter());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "ClockedCounter", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  // Steps of 0.025: four reads per tick interval; the count changes only at
  // the multiples of 0.1 (ticks at or before t: floor(10 t) + 1).
  for (int i = 1; i <= 40; ++i) {
    ASSERT_EQ(run.step(0.025), fmi2OK) << run.log();
    EXPECT_EQ(run.integer("n"), i / 4 + 1) << "t = " << run.time();
  }
}

TEST_F(ClockedFmuTest, SampledStateMatchesTheExponentialAtTheTicks) {
  const std::string fmu = build(sampledDecay());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "SampledDecay", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("xd"), 1.0);  // sampled at t = 0: x(0) = 1
  for (int i = 1; i <= 20; ++i) {
    ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
    const double t = 0.1 * i;
    const double lastTick = 0.5 * std::floor(t / 0.5 + 1e-9);
    EXPECT_NEAR(run.real("x"), std::exp(-t), 1e-5) << "t = " << t;
    EXPECT_NEAR(run.real("xd"), std::exp(-lastTick), 1e-5) << "t = " << t;
  }
}

TEST_F(ClockedFmuTest, NonlinearLoopInsideAPartitionIsSolvedAtEachTick) {
  const std::string fmu = build(clockedLoop());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "ClockedLoop", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  for (int i = 0; i <= 8; ++i) {
    if (i > 0) {
      ASSERT_EQ(run.step(0.25), fmi2OK) << run.log();
    }
    const int n = i + 1;  // ticks at 0, 0.25, ..., 0.25 i
    const double q = (std::sqrt(1.0 + 8.0 * n) - 1) / 2;
    EXPECT_EQ(run.integer("n"), n) << "t = " << run.time();
    EXPECT_NEAR(run.real("q"), q, 1e-8) << "t = " << run.time();
    EXPECT_NEAR(run.real("p"), q + 1, 1e-8) << "t = " << run.time();
  }
}

// 100 s of a 1 ms clock: 100 001 ticks, each running the partition once
// (three event iterations: tick, tick cleared, nothing changed). The whole
// run takes a fraction of a second because a tick costs only the model's
// own event_update.
TEST_F(ClockedFmuTest, MillisecondClockWithoutStatesRunsEveryTick) {
  const std::string fmu = build(fastClock());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "FastClock", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  for (int i = 1; i <= 1000; ++i) {
    ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
    const int n = 100 * i + 1;  // ticks at 0, 0.001, ..., 0.1 i
    EXPECT_EQ(run.integer("n"), n) << "t = " << run.time();
    EXPECT_EQ(run.real("y"), 2.0 * n) << "t = " << run.time();
  }
}

TEST_F(ClockedFmuTest, GuardedAssignmentsKeepTheirValuesWhileTheGuardIsFalse) {
  const std::string fmu = build(guardedState());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "GuardedState", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  int activeTicks = 0;
  for (int k = 0; k <= 12; ++k) {
    if (k > 0) {
      ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
    }
    if ((k + 1) % 4 < 2) ++activeTicks;
    EXPECT_EQ(run.integer("a"), activeTicks) << "tick " << k;
    EXPECT_EQ(run.integer("c"), 10 * activeTicks) << "tick " << k;
  }
}

}  // namespace
}  // namespace smc::codegen

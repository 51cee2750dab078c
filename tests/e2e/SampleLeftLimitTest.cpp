// sample(u) is the left limit of u at the tick (spec 16.5.1): when a tick
// coincides with an event that changes u, the partition sees u from just
// before that event. The expectations follow from the definition: a step
// of u at t = 0.2, ticks every 0.1 s; the tick at 0.2 reads 0 and the one
// at 0.3 reads 1.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

// A time-event step (Boolean and Real) and a continuous ramp, sampled.
const char* model = R"(model LeftLimit
  Boolean b = time >= 0.2;
  Real r = if time >= 0.2 then 1 else 0;
  Real ramp = time;
  Clock c = Clock(0.1);
  Boolean bs;
  Real rs, rampS;
  output Real heldB = if hold(bs) then 1 else 0;
  output Real heldR = hold(rs);
  output Real heldRamp = hold(rampS);
equation
  bs = sample(b, c);
  rs = sample(r, c);
  rampS = sample(ramp, c);
end LeftLimit;
)";

TEST(SampleLeftLimit, ATickAtTheInstantOfAStepReadsTheValueBeforeTheStep) {
  SimulationResult result =
      simulateOk(simulationOf(compileModel(writeScratchModel("LeftLimit.mo", model), "LeftLimit.fmu"), 0.5, 0.05));
  const int b = columnOf(result, "heldB"), r = columnOf(result, "heldR"), ramp = columnOf(result, "heldRamp");
  for (const auto& row : result.rows) {
    const double t = row[0];
    // The last tick at or before t is at 0.1 k; it read u just before 0.1 k.
    const double tick = std::floor(t / 0.1 + 1e-9) * 0.1;
    const double expectedStep = tick > 0.2 + 1e-9 ? 1.0 : 0.0;
    EXPECT_EQ(row[b], expectedStep) << "t = " << t;
    EXPECT_EQ(row[r], expectedStep) << "t = " << t;
    // A continuous signal has no jump: its left limit is its value.
    EXPECT_NEAR(row[ramp], tick, 1e-12) << "t = " << t;
  }
}

// A partition sampling, on its sub-clock, what the base partition writes
// through hold() at the same tick: at the sub-clock's ticks 0, 0.2 and 0.4
// the base partition has counted y to 1, 3 and 5, but sample() sees the
// value from before that tick: 0 (y's start), 2 and 4.
const char* subClocked = R"(model SubClocked
  Clock c = Clock(0.1);
  Integer y(start = 0);
  Integer z(start = 0);
  Integer yh = hold(y);
  output Integer zh = hold(z);
equation
  when c then
    y = previous(y) + 1;
  end when;
  z = sample(yh, subSample(c, 2));
end SubClocked;
)";

TEST(SampleLeftLimit, ASubClockSamplesWhatItsBaseClockHeldBeforeTheCommonTick) {
  SimulationResult result = simulateOk(
      simulationOf(compileModel(writeScratchModel("SubClocked.mo", subClocked), "SubClocked.fmu"), 0.5, 0.05));
  const int z = columnOf(result, "zh");
  for (const auto& row : result.rows) {
    const double t = row[0];
    const double subTick = std::floor(t / 0.2 + 1e-9) * 0.2;  // last tick of subSample(c, 2)
    // y after the base tick at 0.1 k is k + 1; before the tick at subTick it is subTick / 0.1.
    EXPECT_EQ(row[z], std::round(subTick / 0.1)) << "t = " << t;
  }
}

}  // namespace

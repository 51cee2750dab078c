// Time events from sample(start, interval) in a model without states
// (models/sampled_counter.h): ticks at start + k*interval, the tick at the
// start time visible at the first read, events at communication points
// handled once with the values after the event read there, and a
// when-clause on a Boolean input firing on the input's rising edge.
#include <gtest/gtest.h>

#include <cmath>

#include "fmu_harness.h"
#include "sampled_counter.h"

namespace smc::runtime_test {
namespace {

// Ticks of sample(start, 0.1) in [start, t]: the count after all events at t.
int ticks_until(double start, double t) {
  return static_cast<int>(std::floor((t - start) / 0.1 + 1e-9)) + 1;
}

TEST(SampledCounter, TickAtTheStartTimeIsVisibleAtTheFirstRead) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 1);
  EXPECT_EQ(fmu.real(COUNTER_ITERATIONS), 3.0);  // tick, settle, confirm
}

TEST(SampledCounter, EventsAtCommunicationPointsAreHandledOnceAndReadAfterwards) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  for (int i = 1; i <= 20; ++i) {
    ASSERT_EQ(fmu.step_until(0.1 * i, 0.1), fmi2OK) << fmu.log().dump();
    // Ticks at 0, 0.1, ..., 0.1 i: i + 1 of them, each one event of three
    // iterations; an event handled twice would add iterations.
    EXPECT_EQ(fmu.integer(COUNTER_COUNT), i + 1) << "t=" << fmu.time();
    EXPECT_EQ(fmu.real(COUNTER_ITERATIONS), 3.0 * (i + 1)) << "t=" << fmu.time();
  }
}

TEST(SampledCounter, EventsInsideStepsAreAllHandled) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  for (int i = 1; i <= 8; ++i) {
    ASSERT_EQ(fmu.step_until(0.25 * i, 0.25), fmi2OK) << fmu.log().dump();
    int expected = ticks_until(0.0, 0.25 * i);
    EXPECT_EQ(fmu.integer(COUNTER_COUNT), expected) << "t=" << fmu.time();
    EXPECT_EQ(fmu.real(COUNTER_ITERATIONS), 3.0 * expected);
  }
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 21);  // ticks 0, 0.1, ..., 2.0
}

TEST(SampledCounter, StartBetweenTicksWaitsForTheNextTick) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6, 0.05), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 0);
  EXPECT_EQ(fmu.real(COUNTER_ITERATIONS), 0.0);  // no event at the start time
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.05, 0.04, fmi2True), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 0);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.09, 0.01, fmi2True), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 1);  // the tick at 0.1
}

TEST(SampledCounter, ShiftedSampleStartAndIntervalAreHonoured) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(COUNTER_START, 0.3), fmi2OK);
  ASSERT_EQ(fmu.set_real(COUNTER_INTERVAL, 0.25), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 0);
  // Ticks at 0.3, 0.55, 0.8, 1.05, ...: floor((t - 0.3)/0.25) + 1 of them by t.
  for (int i = 1; i <= 10; ++i) {
    ASSERT_EQ(fmu.step_until(0.2 * i, 0.2), fmi2OK);
    double t = fmu.time();
    int expected = t < 0.3 ? 0 : static_cast<int>(std::floor((t - 0.3) / 0.25 + 1e-9)) + 1;
    EXPECT_EQ(fmu.integer(COUNTER_COUNT), expected) << "t=" << t;
  }
}

TEST(SampledCounter, StartTimeOnATickCountsThatTick) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6, 0.2), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 1);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.2, 0.3, fmi2True), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 4);  // 0.2, 0.3, 0.4, 0.5
}

TEST(SampledCounter, BooleanInputEdgeFiresItsWhenClauseOncePerRisingEdge) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.05, fmi2True), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 0);
  ASSERT_EQ(fmu.set_boolean(COUNTER_TRIGGER, true), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 1);  // seen at once, before the next step
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.05, 0.1, fmi2True), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 1);  // still true: no new edge
  ASSERT_EQ(fmu.set_boolean(COUNTER_TRIGGER, false), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 1);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.15, 0.1, fmi2True), fmi2OK);
  ASSERT_EQ(fmu.set_boolean(COUNTER_TRIGGER, true), fmi2OK);  // handled by the step
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.25, 0.1, fmi2True), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 2);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 4);  // the sample is unaffected: 0, 0.1, 0.2, 0.3
}

}  // namespace
}  // namespace smc::runtime_test

// The sawtooth of models/zeno.h: state events every `gap` time units. A
// gap of 1e-3 gives 251 events by t = 0.7505 (at 0.5, 0.501, ..., 0.75),
// all handled; a gap below one instant (1e-14) piles the events up at
// t = 0.5 and the runtime stops with a Zeno error instead of looping.
#include <gtest/gtest.h>

#include "fmu_harness.h"
#include "zeno.h"

namespace smc::runtime_test {
namespace {

TEST(Zeno, FastButAdvancingEventsAreAllHandled) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(ZENO_GAP, 1e-3), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.7505, fmi2True), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.integer(ZENO_RESETS), 251);
  EXPECT_NEAR(fmu.real(ZENO_X), -0.0005, 1e-8);
}

TEST(Zeno, EventsWithoutTimeAdvancingAreAnError) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  const LogRecord* record =
      fmu.log().find({"fmi2DoStep", "more than 1000 consecutive events", "Zeno"});
  ASSERT_NE(record, nullptr) << fmu.log().dump();
  EXPECT_NEAR(number_after(record->message, "beyond t="), 0.5, 1e-9);
  EXPECT_GT(fmu.integer(ZENO_RESETS), 1000);
}

}  // namespace
}  // namespace smc::runtime_test

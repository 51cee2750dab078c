// assert() through the runtime's smc_assert_failed (models/asserting.h):
// x = exp(-t) drops below the limit 0.5 at t = ln 2 = 0.693. Level error
// fails the call that checked it with fmi2Error quoting the message and
// the time; level warning logs once per step and the simulation goes on.
#include <gtest/gtest.h>

#include <cmath>

#include "asserting.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(Asserting, ErrorInComputeOutputsFailsTheStepWithMessageAndTime) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(ASSERT_INTERVAL, 0.0), fmi2OK);  // no events: only outputs check
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.6, 0.1), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmi2DoStep(fmu.get(), fmu.time(), 0.1, fmi2True), fmi2Error);
  const LogRecord* record = fmu.log().find({"fmi2DoStep", "computing the model's outputs failed",
                                            "assertion failed: x dropped below limit"});
  ASSERT_NE(record, nullptr) << fmu.log().dump();
  EXPECT_NEAR(number_after(record->message, "at t="), 0.7, 1e-12);
  EXPECT_EQ(record->status, fmi2Error);
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
}

TEST(Asserting, ErrorInAnEventFailsTheStepAtTheEventTime) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(ASSERT_INTERVAL, 0.03), fmi2OK);  // ticks 0.69, then 0.72
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  const LogRecord* record = fmu.log().find(
      {"fmi2DoStep", "the model's event update failed", "assertion failed: x dropped below limit"});
  ASSERT_NE(record, nullptr) << fmu.log().dump();
  EXPECT_NEAR(number_after(record->message, "at t="), 0.72, 1e-12);
  EXPECT_NEAR(fmu.real(ASSERT_X), std::exp(-0.72), 1e-6);  // readable in the error state
}

TEST(Asserting, ErrorAtInitializationFailsExitInitializationMode) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(ASSERT_LIMIT, 2.0), fmi2OK);  // x(0) = 1 is already below
  EXPECT_EQ(fmu.initialize(1e-8), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2ExitInitializationMode", "initialization failed at t=0",
                                  "assertion failed: x dropped below limit"}))
      << fmu.log().dump();
}

TEST(Asserting, WarningIsLoggedOncePerStepAndTheSimulationGoesOn) {
  Instance fmu("warned", fmi2True);
  ASSERT_EQ(fmu.set_integer(ASSERT_LEVEL, SMC_ASSERT_WARNING), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  // Checks at ticks every 0.05 and at every communication point: x < 0.5
  // first at the tick and the point 0.7, so the steps ending at 0.7, 0.8,
  // 0.9 and 1.0 each see the violation, several times each.
  ASSERT_EQ(fmu.step_until(1.0, 0.1), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.log().count(fmi2Warning), 4) << fmu.log().dump();
  const LogRecord* first = fmu.log().find({"assertion warning at t=", "x dropped below limit"});
  ASSERT_NE(first, nullptr);
  EXPECT_NEAR(number_after(first->message, "at t="), 0.7, 1e-12);
  EXPECT_EQ(first->category, "logStatusWarning");
  EXPECT_NEAR(fmu.real(ASSERT_X), std::exp(-1.0), 1e-6);
}

}  // namespace
}  // namespace smc::runtime_test

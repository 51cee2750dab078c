// An event iteration that never settles (models/chattering.h: a Boolean
// that flips at every iteration) fails the call with fmi2Error, naming the
// time and exactly the variables still changing.
#include <gtest/gtest.h>

#include "chattering.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(Chattering, NonConvergingEventIterationIsAnErrorNamingTheVariable) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.25, fmi2True), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.25, 0.5, fmi2True), fmi2Error);
  const LogRecord* record =
      fmu.log().find({"fmi2DoStep", "event iteration does not converge", "after 100 iterations"});
  ASSERT_NE(record, nullptr) << fmu.log().dump();
  EXPECT_NEAR(number_after(record->message, "at t="), 0.5, 1e-12);
  EXPECT_EQ(record->message.substr(record->message.rfind(": ") + 2), "flip");  // not `steady`
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.75, 0.25, fmi2True), fmi2Error);  // error state
  EXPECT_EQ(fmi2Reset(fmu.get()), fmi2OK);
}

TEST(Chattering, ChatteringAtTheStartTimeFailsExitInitializationMode) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(CHATTER_T_FLIP, 0.0), fmi2OK);
  EXPECT_EQ(fmu.initialize(1e-8), fmi2Error);
  EXPECT_TRUE(fmu.log().contains(
      {"fmi2ExitInitializationMode", "event iteration does not converge at t=0", "flip"}))
      << fmu.log().dump();
}

}  // namespace
}  // namespace smc::runtime_test

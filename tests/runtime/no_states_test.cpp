// A model without states: stepping only moves the clock and re-evaluates
// the outputs, which are closed-form functions of time and the inputs.
#include <gtest/gtest.h>

#include <cmath>

#include "fmu_harness.h"
#include "no_states.h"

namespace smc::runtime_test {
namespace {

TEST(NoStates, OutputsFollowTimeAndInputsThroughTheLifecycle) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6, 0.25), fmi2OK) << fmu.log().dump();
  EXPECT_DOUBLE_EQ(fmu.real(NOSTATE_Y), 2.0 * 0.5 + std::sin(0.25));
  for (int i = 1; i <= 8; ++i) {
    double t = 0.25 + 0.125 * i;
    ASSERT_EQ(fmi2DoStep(fmu.get(), t - 0.125, 0.125, fmi2True), fmi2OK) << fmu.log().dump();
    EXPECT_DOUBLE_EQ(fmu.real(NOSTATE_Y), 1.0 + std::sin(t));
  }
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
}

TEST(NoStates, OutputsReflectInputsRightAfterTheSet) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2OK);
  ASSERT_EQ(fmu.set_real(NOSTATE_U, 3.0), fmi2OK);
  ASSERT_EQ(fmu.set_integer(NOSTATE_N, 41), fmi2OK);
  ASSERT_EQ(fmu.set_boolean(NOSTATE_FLAG, true), fmi2OK);
  EXPECT_DOUBLE_EQ(fmu.real(NOSTATE_Y), 6.0 + std::sin(1.0));  // direct feedthrough
  EXPECT_EQ(fmu.integer(NOSTATE_COUNT), 42);
  EXPECT_FALSE(fmu.boolean(NOSTATE_NEGATED));
  ASSERT_EQ(fmi2DoStep(fmu.get(), 1.0, 1.0, fmi2True), fmi2OK);
  EXPECT_DOUBLE_EQ(fmu.real(NOSTATE_Y), 6.0 + std::sin(2.0));
}

TEST(NoStates, ParameterSetInInitializationModeIsUsed) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmu.set_real(NOSTATE_A, -4.0), fmi2OK);
  EXPECT_DOUBLE_EQ(fmu.real(NOSTATE_Y), -2.0);
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.5, fmi2True), fmi2OK);
  EXPECT_DOUBLE_EQ(fmu.real(NOSTATE_Y), -2.0 + std::sin(0.5));
}

}  // namespace
}  // namespace smc::runtime_test

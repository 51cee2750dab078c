// Hostile importers, part 4: fmi2Reset from every state, followed by the
// same run as on a fresh instance. FMI 2.0 section 2.1.6: after fmi2Reset
// the instance is as after fmi2Instantiate, so the run after it must give
// the fresh instance's values bit for bit, whatever came before.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <vector>

#include "dahlquist.h"
#include "fmu_harness.h"
#include "hostile_states.h"

namespace smc::runtime_test {
namespace {

// Every value at every communication point of a fixed run with non-default
// parameters and an input change halfway.
std::vector<double> reference_run(Instance& fmu) {
  std::vector<double> values;
  EXPECT_EQ(fmu.set_real(DAHLQUIST_K, 2.0), fmi2OK);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_X, 3.0), fmi2OK);
  EXPECT_EQ(fmu.set_integer(DAHLQUIST_M, 5), fmi2OK);
  fmu.assume_time(0.0);
  EXPECT_EQ(fmu.initialize(1e-9), fmi2OK) << fmu.log().dump();
  for (int i = 1; i <= 8; ++i) {
    if (i == 5) {
      EXPECT_EQ(fmu.set_real(DAHLQUIST_U, 1.0), fmi2OK);
    }
    EXPECT_EQ(fmu.step_until(0.125 * i, 0.125), fmi2OK) << fmu.log().dump();
    for (fmi2ValueReference vr = 0; vr < DAHLQUIST_NUM_REALS; ++vr) values.push_back(fmu.real(vr));
    values.push_back(fmu.integer(DAHLQUIST_M));
    values.push_back(fmu.boolean(DAHLQUIST_DECAYING) ? 1.0 : 0.0);
  }
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  return values;
}

// Independent of the runtime: the run's state at t = 1, from the closed
// form, with u = 0 until t = 0.5 and u = 1 afterwards.
double closed_form_x_at_1() {
  const double k = 2.0;
  double x_half = 3.0 * std::exp(-k * 0.5);
  return 1.0 / k + (x_half - 1.0 / k) * std::exp(-k * 0.5);
}

TEST(HostileReset, ResetFromEveryStateThenRunsExactlyLikeAFreshInstance) {
  Instance fresh;
  const std::vector<double> expected = reference_run(fresh);
  ASSERT_FALSE(expected.empty());
  EXPECT_NEAR(expected[expected.size() - 8 + DAHLQUIST_X], closed_form_x_at_1(), 1e-7);
  for (CosimState state : kDahlquistStates) {
    SCOPED_TRACE(state_name(state));
    Instance fmu;
    drive_to(fmu, state);
    ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK) << fmu.log().dump();
    EXPECT_EQ(reference_run(fmu), expected);
  }
}

// The error state reached from a failed step, with a live integrator, not
// only from a refused initialization.
TEST(HostileReset, ResetAfterASolverFailureRunsExactlyLikeAFreshInstance) {
  Instance fresh;
  const std::vector<double> expected = reference_run(fresh);
  Instance fmu;
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 1e-300), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, DBL_MAX), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 10.0, fmi2True), fmi2Error);
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(reference_run(fmu), expected);
}

TEST(HostileReset, RepeatedResetsAndResetsBetweenRejectedCallsChangeNothing) {
  Instance fresh;
  const std::vector<double> expected = reference_run(fresh);
  Instance fmu;
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 7.0), fmi2OK);
  for (int i = 0; i < 3; ++i) ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(reference_run(fmu), expected);
  // A second reset-and-run cycle on the same instance, from terminated.
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(reference_run(fmu), expected);
}

TEST(HostileReset, ResetsReleaseWhatTheRunsAllocated) {
  AllocationCounter counter;
  {
    Instance fmu("counted", fmi2False, &counter);
    for (CosimState state : kDahlquistStates) {
      drive_to(fmu, state);
      ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
      fmu.assume_time(0.0);
    }
  }
  EXPECT_GT(counter.allocations, 0);
  EXPECT_EQ(counter.allocations, counter.releases);
}

}  // namespace
}  // namespace smc::runtime_test

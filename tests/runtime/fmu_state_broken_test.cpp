// The test-only runtime smc_runtime_broken_state (built with
// SMC_TEST_BROKEN_FMU_STATE) leaves the first continuous state out of
// every restore. This pins the defect `smc verify-state` is meant to catch:
// after a restore the Dahlquist state x keeps the value it had, and
// sim(tau) differs from sim*(tau, tau') as soon as tau' moved x.
#include <gtest/gtest.h>

#include "dahlquist.h"
#include "fmu_state_support.h"

namespace smc::runtime_test {
namespace {

TEST(BrokenFmuState, RestoreLeavesTheFirstStateOut) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  ASSERT_EQ(advance(fmu, 0.0, 0.5, 0.1), fmi2OK);
  double x_later = fmu.real(DAHLQUIST_X);
  ASSERT_NE(x_later, 1.0);
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
  EXPECT_EQ(fmu.real(DAHLQUIST_X), x_later);  // a correct runtime gives 1
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);      // everything else is restored
  double time = 0.0;
  ASSERT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &time), fmi2OK);
  EXPECT_EQ(time, 0.0);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(BrokenFmuState, TheExactnessPropertyFails) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  Bytes reference = sim(fmu, s, 0.0, 0.3, 0.1);
  EXPECT_NE(sim_star(fmu, s, 0.0, 0.3, 0.7, 0.1), reference);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

}  // namespace
}  // namespace smc::runtime_test

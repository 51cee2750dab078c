// Model failures during a step: fmi2DoStep returns fmi2Error with CVODE's
// reason logged, the instance enters the error state, values stay readable,
// and reset or free still work (valgrind-clean).
#include <gtest/gtest.h>

#include <cmath>

#include "failing.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

void expect_recovery_after_reset(Instance& fmu) {
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  ASSERT_EQ(fmu.set_real(FAILING_T_FAIL, 100.0), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2OK) << fmu.log().dump();
  EXPECT_NEAR(fmu.real(FAILING_X), std::exp(-1.0), 1e-6);
}

TEST(SolverFailure, FailingDerivativeMakesDoStepFailWithCvodeReason) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "integrating from t=0 to t=1", "failed with CV_"}))
      << fmu.log().dump();
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "state error"}));
  fmi2ValueReference vr = FAILING_X;
  fmi2Real x = 0.0;
  EXPECT_EQ(fmi2GetReal(fmu.get(), &vr, 1, &x), fmi2OK);  // allowed in the error state
  // CVODE got close to t_fail before giving up; x never went below the
  // exact solution there (allowing for the tolerance).
  EXPECT_GT(x, std::exp(-0.5) - 1e-6);
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2Error);
  expect_recovery_after_reset(fmu);
}

TEST(SolverFailure, NanDerivativeMakesDoStepFailNamingTheDerivative) {
  Instance fmu;
  ASSERT_EQ(fmu.set_integer(FAILING_MODE, FAILING_MODE_NAN), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.25, fmi2True), fmi2OK);  // before t_fail
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.25, 0.5, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "failed with CV_", "der(x) is nan"}))
      << fmu.log().dump();
  expect_recovery_after_reset(fmu);
}

TEST(SolverFailure, FailingOutputsAfterAStepAreReported) {
  Instance fmu;
  ASSERT_EQ(fmu.set_integer(FAILING_MODE, FAILING_MODE_OUTPUTS), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "computing the model's outputs failed at t=1"}))
      << fmu.log().dump();
  expect_recovery_after_reset(fmu);
}

TEST(SolverFailure, ReasonGivenByTheModelIsQuotedWithItsTime) {
  Instance fmu;
  ASSERT_EQ(fmu.set_integer(FAILING_MODE, FAILING_MODE_REPORTED), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  const LogRecord* record = fmu.log().find(
      {"fmi2DoStep", "failed with CV_", "division by zero in 1/(t_fail - time) (at t="});
  ASSERT_NE(record, nullptr) << fmu.log().dump();
  // The model fails only after t_fail = 0.5.
  EXPECT_GT(number_after(record->message, "(at t="), 0.5);
  expect_recovery_after_reset(fmu);
}

TEST(SolverFailure, NanEventIndicatorStopsTheRootFindingWithAnError) {
  Instance fmu;
  ASSERT_EQ(fmu.set_integer(FAILING_MODE, FAILING_MODE_INDICATOR), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "CV_RTFUNC_FAIL", "event indicator 0 is nan"}))
      << fmu.log().dump();
  expect_recovery_after_reset(fmu);
}

TEST(SolverFailure, FreeingAFailedInstanceReleasesEverything) {
  AllocationCounter counter;
  {
    Instance fmu("failed", fmi2False, &counter);
    ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
    EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2Error);
  }
  EXPECT_GT(counter.allocations, 0);
  EXPECT_EQ(counter.allocations, counter.releases);
}

}  // namespace
}  // namespace smc::runtime_test

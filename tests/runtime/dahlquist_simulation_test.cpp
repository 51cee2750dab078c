// Co-Simulation of the Dahlquist model against its closed-form solution
// x(t) = u/k + (x0 - u/k) exp(-k (t - t0)): the full lifecycle, parameters,
// inputs changed between steps, several instances, reset and tolerances.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "dahlquist.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

constexpr double kTolerance = 1e-8;
constexpr double kAccuracy = 1e-6;  // relative, against the closed form

void expect_relative_near(double actual, double expected, double relative) {
  EXPECT_NEAR(actual, expected, relative * std::fabs(expected))
      << "actual " << actual << " expected " << expected;
}

TEST(DahlquistSimulation, FullLifecycleFollowsExponentialDecay) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_X), 1.0);
  for (double t : {0.5, 1.0, 2.0, 3.0}) {
    ASSERT_EQ(fmu.step_until(t, 0.1), fmi2OK) << fmu.log().dump();
    double x = fmu.real(DAHLQUIST_X);
    expect_relative_near(x, std::exp(-t), kAccuracy);
    // y = m*x and der(x) = -k*x hold exactly at every communication point.
    EXPECT_EQ(fmu.real(DAHLQUIST_Y), 2.0 * x);
    EXPECT_EQ(fmu.real(DAHLQUIST_DER_X), -x);
    EXPECT_TRUE(fmu.boolean(DAHLQUIST_DECAYING));
  }
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  expect_relative_near(fmu.real(DAHLQUIST_X), std::exp(-3.0), kAccuracy);
  EXPECT_TRUE(fmu.log().records.empty()) << fmu.log().dump();
}

TEST(DahlquistSimulation, StartTimeShiftsTheSolution) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance, 10.0), fmi2OK) << fmu.log().dump();
  ASSERT_EQ(fmu.step_until(11.5, 0.25), fmi2OK) << fmu.log().dump();
  expect_relative_near(fmu.real(DAHLQUIST_X), std::exp(-1.5), kAccuracy);
}

TEST(DahlquistSimulation, ParameterAndStartValueSetBeforeInitializationAreUsed) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 0.5), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_X, 2.0), fmi2OK);
  ASSERT_EQ(fmu.set_integer(DAHLQUIST_M, 3), fmi2OK);
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK) << fmu.log().dump();
  ASSERT_EQ(fmu.step_until(2.0, 0.5), fmi2OK);
  double x = fmu.real(DAHLQUIST_X);
  expect_relative_near(x, 2.0 * std::exp(-0.5 * 2.0), kAccuracy);
  EXPECT_EQ(fmu.real(DAHLQUIST_Y), 3.0 * x);
  EXPECT_EQ(fmu.real(DAHLQUIST_TAU), 2.0);
}

TEST(DahlquistSimulation, InputSetBetweenStepsDrivesTheNextSteps) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(fmu.step_until(1.0, 0.1), fmi2OK);
  double x1 = fmu.real(DAHLQUIST_X);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, 2.0), fmi2OK);
  // The derivative seen right after the Set already uses the new input.
  EXPECT_EQ(fmu.real(DAHLQUIST_DER_X), -x1 + 2.0);
  ASSERT_EQ(fmu.step_until(2.5, 0.1), fmi2OK) << fmu.log().dump();
  double x1_exact = std::exp(-1.0);
  expect_relative_near(fmu.real(DAHLQUIST_X), 2.0 + (x1_exact - 2.0) * std::exp(-1.5), kAccuracy);
  EXPECT_FALSE(fmu.boolean(DAHLQUIST_DECAYING));
}

TEST(DahlquistSimulation, BooleanInputFreezesTheState) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.5, 0.1), fmi2OK);
  ASSERT_EQ(fmu.set_boolean(DAHLQUIST_FROZEN, true), fmi2OK);
  double frozen_at = fmu.real(DAHLQUIST_X);
  ASSERT_EQ(fmu.step_until(1.5, 0.1), fmi2OK);
  EXPECT_EQ(fmu.real(DAHLQUIST_X), frozen_at);
  EXPECT_EQ(fmu.real(DAHLQUIST_DER_X), 0.0);
  ASSERT_EQ(fmu.set_boolean(DAHLQUIST_FROZEN, false), fmi2OK);
  ASSERT_EQ(fmu.step_until(2.5, 0.1), fmi2OK);
  // Frozen for one time unit: the decay is delayed by exactly that long.
  expect_relative_near(fmu.real(DAHLQUIST_X), std::exp(-1.5), kAccuracy);
}

// CVODE's absolute tolerance is reltol * nominal = 1e-8: where x is small,
// the accumulated global error is bounded in absolute, not relative, terms.
void expect_mixed_near(double actual, double expected) {
  EXPECT_NEAR(actual, expected, kAccuracy * std::fabs(expected) + 10 * kTolerance);
}

TEST(DahlquistSimulation, SeveralInstancesKeepIndependentStates) {
  Instance slow("slow");
  Instance fast("fast");
  ASSERT_EQ(fast.set_real(DAHLQUIST_K, 3.0), fmi2OK);
  ASSERT_EQ(slow.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(fast.initialize(kTolerance), fmi2OK);
  for (double t : {0.5, 1.0, 1.5}) {  // interleaved steps
    ASSERT_EQ(slow.step_until(t, 0.1), fmi2OK);
    ASSERT_EQ(fast.step_until(t, 0.05), fmi2OK);
    expect_relative_near(slow.real(DAHLQUIST_X), std::exp(-t), kAccuracy);
    expect_mixed_near(fast.real(DAHLQUIST_X), std::exp(-3.0 * t));
  }
}

// Runs to t = 2 and returns x at each communication point.
std::vector<double> trajectory(Instance& fmu) {
  std::vector<double> xs;
  EXPECT_EQ(fmu.initialize(kTolerance), fmi2OK);
  for (int i = 1; i <= 20; ++i) {
    EXPECT_EQ(fmi2DoStep(fmu.get(), (i - 1) * 0.1, 0.1, fmi2True), fmi2OK);
    xs.push_back(fmu.real(DAHLQUIST_X));
  }
  return xs;
}

TEST(DahlquistSimulation, ResetRestoresStartValuesAndRerunsIdentically) {
  Instance fmu;
  std::vector<double> first = trajectory(fmu);
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 5.0), fmi2OK);  // a parameter change is undone by reset
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  std::vector<double> second = trajectory(fmu);
  EXPECT_EQ(first, second);
  expect_relative_near(second.back(), std::exp(-2.0), kAccuracy);
}

TEST(DahlquistSimulation, TighterToleranceGivesSmallerError) {
  auto error_at_two = [](double tolerance) {
    Instance fmu;
    EXPECT_EQ(fmu.initialize(tolerance), fmi2OK);
    EXPECT_EQ(fmu.step_until(2.0, 1.0), fmi2OK);
    return std::fabs(fmu.real(DAHLQUIST_X) - std::exp(-2.0));
  };
  double loose = error_at_two(1e-3);
  double tight = error_at_two(1e-10);
  EXPECT_LT(tight, loose);
  EXPECT_LT(tight, 1e-8);
}

TEST(DahlquistSimulation, WithoutSetupExperimentStartsAtZeroWithDefaultTolerance) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2OK) << fmu.log().dump();
  // default_tolerance is 1e-6: a few times that, relative, is the bound.
  expect_relative_near(fmu.real(DAHLQUIST_X), std::exp(-1.0), 1e-4);
}

TEST(DahlquistSimulation, StatusReportsLastSuccessfulTimeAndNoTermination) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance, 1.0), fmi2OK);
  ASSERT_EQ(fmu.step_until(1.75, 0.25), fmi2OK);
  fmi2Real last = 0.0;
  ASSERT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &last), fmi2OK);
  EXPECT_DOUBLE_EQ(last, 1.75);
  fmi2Boolean terminated = fmi2True;
  ASSERT_EQ(fmi2GetBooleanStatus(fmu.get(), fmi2Terminated, &terminated), fmi2OK);
  EXPECT_EQ(terminated, fmi2False);
}

TEST(DahlquistSimulation, StopTimeBoundsTheSteps) {
  Instance fmu;
  ASSERT_EQ(fmi2SetupExperiment(fmu.get(), fmi2True, kTolerance, 0.0, fmi2True, 1.0), fmi2OK);
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 1.0, fmi2True), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 1.0, 0.5, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "beyond the stop time"})) << fmu.log().dump();
}

}  // namespace
}  // namespace smc::runtime_test

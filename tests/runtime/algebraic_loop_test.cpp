// Algebraic loops solved by the runtime's KINSOL service: accuracy against
// closed-form roots, reuse across many calls, independent instances, and a
// loop without a solution failing with the loop and KINSOL's flag named.
#include <gtest/gtest.h>

#include <cmath>

#include "algebraic_loop.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(AlgebraicLoop, ScalarLoopIsSolvedToTenDigitsAtEveryStep) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(LOOP_RATE, std::exp(1.0)), fmi2OK);  // s(1) = 1 + e
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
  EXPECT_NEAR(fmu.real(LOOP_X), 0.0, 1e-10);  // s = 1: x + exp(x) = 1 at x = 0
  for (int i = 1; i <= 10; ++i) {
    ASSERT_EQ(fmu.step_until(0.1 * i, 0.1), fmi2OK) << fmu.log().dump();
    double s = fmu.real(LOOP_S);
    EXPECT_NEAR(s, 1.0 + std::exp(1.0) * 0.1 * i, 1e-9);
    double x = fmu.real(LOOP_X);
    EXPECT_NEAR(x + std::exp(x), s, 1e-10);
  }
  EXPECT_NEAR(fmu.real(LOOP_X), 1.0, 1e-9);  // x + exp(x) = 1 + e at x = 1
}

TEST(AlgebraicLoop, TwoByTwoLoopFindsTheRootNearItsStartValues) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_NEAR(fmu.real(LOOP_P), 4.0, 1e-10);
  EXPECT_NEAR(fmu.real(LOOP_Q), 3.0, 1e-10);
}

TEST(AlgebraicLoop, ScalarLoopFindsTheRootNearItsStartValue) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_NEAR(fmu.real(LOOP_Y), 2.0, 1e-10);  // y^2 = 4 from y = 1
}

TEST(AlgebraicLoop, ScalarLoopWithoutSolutionFailsNamingLoopAndKinsolFlag) {
  // Newton's iteration gives up, and KINSOL, run from the start value after
  // it, reports the failure.
  Instance fmu;
  ASSERT_EQ(fmu.set_real(LOOP_C, 4.0), fmi2OK);  // y^2 = -4
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"algebraic loop 2", "equation at Loop.mo:7:3 for y", "KIN_"}))
      << fmu.log().dump();
}

TEST(AlgebraicLoop, InstancesSolveTheirOwnLoops) {
  Instance small("small");
  Instance large("large");
  ASSERT_EQ(large.set_real(LOOP_R2, 100.0), fmi2OK);  // p^2 + q^2 = 100, p*q = 48
  ASSERT_EQ(large.set_real(LOOP_PROD, 48.0), fmi2OK);
  ASSERT_EQ(small.initialize(1e-8), fmi2OK);
  ASSERT_EQ(large.initialize(1e-8), fmi2OK);
  EXPECT_NEAR(small.real(LOOP_P), 4.0, 1e-10);
  EXPECT_NEAR(small.real(LOOP_Q), 3.0, 1e-10);
  EXPECT_NEAR(large.real(LOOP_P), 8.0, 1e-10);
  EXPECT_NEAR(large.real(LOOP_Q), 6.0, 1e-10);
}

TEST(AlgebraicLoop, LoopWithoutSolutionFailsNamingLoopAndKinsolFlag) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(LOOP_PROD, 20.0), fmi2OK);  // (p - q)^2 = 25 - 40 < 0
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
  EXPECT_TRUE(
      fmu.log().contains({"fmi2ExitInitializationMode", "initialization failed", "algebraic loop 1",
                          "equations at Loop.mo:5:3, Loop.mo:6:3 for p, q", "KIN_"}))
      << fmu.log().dump();
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  // Reset clears the error and the cached loop solvers; a solvable setup runs.
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
  EXPECT_NEAR(fmu.real(LOOP_P), 4.0, 1e-10);
  EXPECT_EQ(fmu.step_until(1.0, 0.25), fmi2OK);
}

TEST(AlgebraicLoop, FailedLoopIsAlsoReportedAsAWarningWhenEnabled) {
  Instance fmu("warned", fmi2False);
  const fmi2String warnings[] = {"logStatusWarning"};
  ASSERT_EQ(fmi2SetDebugLogging(fmu.get(), fmi2True, 1, warnings), fmi2OK);
  ASSERT_EQ(fmu.set_real(LOOP_PROD, 20.0), fmi2OK);
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  fmi2ValueReference vr = LOOP_P;
  fmi2Real p = 0.0;
  EXPECT_EQ(fmi2GetReal(fmu.get(), &vr, 1, &p), fmi2Error);  // initialization runs on Get
  bool warned = false;
  for (const LogRecord& record : fmu.log().records)
    warned = warned || (record.status == fmi2Warning && record.category == "logStatusWarning" &&
                        record.message.find("algebraic loop 1") != std::string::npos);
  EXPECT_TRUE(warned) << fmu.log().dump();
}

}  // namespace
}  // namespace smc::runtime_test

// fmi2Get*/fmi2Set* rules on the Dahlquist model: what may be set in which
// state, validation of value references and arrays, atomic rejection, and
// Gets in initialization mode that reflect the values just set.
#include <gtest/gtest.h>

#include <cmath>

#include "dahlquist.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(DahlquistValues, GetInInitializationModeReflectsValuesSetThere) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.real(DAHLQUIST_TAU), 1.0);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 4.0), fmi2OK);
  EXPECT_EQ(fmu.real(DAHLQUIST_TAU), 0.25);  // calculated parameter 1/k
  EXPECT_EQ(fmu.real(DAHLQUIST_DER_X), -4.0);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_X, 3.0), fmi2OK);
  ASSERT_EQ(fmu.set_integer(DAHLQUIST_M, 5), fmi2OK);
  EXPECT_EQ(fmu.real(DAHLQUIST_Y), 15.0);
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.5, fmi2True), fmi2OK);
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), 3.0 * std::exp(-2.0), 1e-5);
}

TEST(DahlquistValues, GetBeforeInitializationModeIsRejected) {
  Instance fmu;
  fmi2ValueReference vr = DAHLQUIST_X;
  fmi2Real value = 0.0;
  EXPECT_EQ(fmi2GetReal(fmu.get(), &vr, 1, &value), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetReal", "instantiated", "initializationMode"}))
      << fmu.log().dump();
}

TEST(DahlquistValues, ParameterCannotBeSetAfterInitialization) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_K, 2.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetReal", "'k'", "value reference 2", "only inputs"}))
      << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_X, 2.0), fmi2Error);  // start value, but too late
  EXPECT_EQ(fmu.set_integer(DAHLQUIST_M, 7), fmi2Error);
  EXPECT_EQ(fmu.integer(DAHLQUIST_M), 2);
  // Refused Sets leave the instance usable.
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2OK);
}

TEST(DahlquistValues, CalculatedVariablesCannotBeSetInAnyState) {
  Instance fmu;
  EXPECT_EQ(fmu.set_real(DAHLQUIST_Y, 1.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"'y'", "neither a parameter, an input"})) << fmu.log().dump();
  EXPECT_EQ(fmu.set_boolean(DAHLQUIST_DECAYING, true), fmi2Error);
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_DER_X, 1.0), fmi2Error);
}

TEST(DahlquistValues, RejectedSetChangesNothing) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  const fmi2ValueReference vrs[] = {DAHLQUIST_K, DAHLQUIST_Y};  // second is not settable
  const fmi2Real values[] = {9.0, 9.0};
  EXPECT_EQ(fmi2SetReal(fmu.get(), vrs, 2, values), fmi2Error);
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);
  const fmi2ValueReference out_of_range[] = {DAHLQUIST_K, 42};
  EXPECT_EQ(fmi2SetReal(fmu.get(), out_of_range, 2, values), fmi2Error);
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);
}

TEST(DahlquistValues, OutOfRangeValueReferencesAreRejected) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  fmi2ValueReference vr = DAHLQUIST_NUM_REALS;
  fmi2Real real = 0.0;
  EXPECT_EQ(fmi2GetReal(fmu.get(), &vr, 1, &real), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetReal", "value reference 6", "6 Real variables"}))
      << fmu.log().dump();
  vr = 1000000;
  fmi2Integer integer = 0;
  EXPECT_EQ(fmi2GetInteger(fmu.get(), &vr, 1, &integer), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetInteger", "1000000"}));
  fmi2Boolean boolean = 0;
  vr = DAHLQUIST_NUM_BOOLEANS;
  EXPECT_EQ(fmi2GetBoolean(fmu.get(), &vr, 1, &boolean), fmi2Error);
  EXPECT_EQ(fmi2SetBoolean(fmu.get(), &vr, 1, &boolean), fmi2Error);
}

TEST(DahlquistValues, NullArraysAreRejectedUnlessEmpty) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  fmi2ValueReference vr = DAHLQUIST_X;
  fmi2Real value = 0.0;
  EXPECT_EQ(fmi2GetReal(fmu.get(), nullptr, 1, &value), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetReal", "vr is NULL"})) << fmu.log().dump();
  EXPECT_EQ(fmi2GetReal(fmu.get(), &vr, 1, nullptr), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetReal", "value is NULL"})) << fmu.log().dump();
  EXPECT_EQ(fmi2SetReal(fmu.get(), &vr, 1, nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetReal(fmu.get(), nullptr, 0, nullptr), fmi2OK);
  EXPECT_EQ(fmi2SetInteger(fmu.get(), nullptr, 0, nullptr), fmi2OK);
}

TEST(DahlquistValues, NonFiniteRealIsRejected) {
  Instance fmu;
  EXPECT_EQ(fmu.set_real(DAHLQUIST_K, NAN), fmi2Error);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_K, INFINITY), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"'k'", "not finite"})) << fmu.log().dump();
}

TEST(DahlquistValues, BooleansAreNormalizedToTrueAndFalse) {
  Instance fmu;
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  fmi2ValueReference vr = DAHLQUIST_FROZEN;
  fmi2Boolean nonzero = 7;
  ASSERT_EQ(fmi2SetBoolean(fmu.get(), &vr, 1, &nonzero), fmi2OK);
  fmi2Boolean read = 0;
  ASSERT_EQ(fmi2GetBoolean(fmu.get(), &vr, 1, &read), fmi2OK);
  EXPECT_EQ(read, fmi2True);
}

TEST(DahlquistValues, StringsAreOutOfRangeBecauseTheModelHasNone) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  fmi2ValueReference vr = 3;
  fmi2String value = nullptr;
  EXPECT_EQ(fmi2GetString(fmu.get(), &vr, 1, &value), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetString", "value reference 3", "0 String"}))
      << fmu.log().dump();
  fmi2String text = "hello";
  EXPECT_EQ(fmi2SetString(fmu.get(), &vr, 1, &text), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetString", "value reference 3"}));
  EXPECT_EQ(fmi2GetString(fmu.get(), nullptr, 0, nullptr), fmi2OK);
}

TEST(DahlquistValues, ValuesStayReadableAfterTerminate) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmu.step_until(1.0, 0.5), fmi2OK);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), std::exp(-1.0), 1e-6);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_U, 1.0), fmi2Error);
}

}  // namespace
}  // namespace smc::runtime_test

// Calls in the wrong FMI state or with bad arguments: each returns
// fmi2Error, logs what was expected and what it found, and leaves the
// instance as it was. A NULL component never crashes.
#include <gtest/gtest.h>

#include <cmath>

#include "dahlquist.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

TEST(CallOrder, DoStepBeforeInitializationIsRejected) {
  Instance fmu;
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  EXPECT_TRUE(
      fmu.log().contains({"fmi2DoStep", "state instantiated", "expected state stepComplete"}))
      << fmu.log().dump();
  ASSERT_EQ(fmu.log().records.size(), 1u);
  EXPECT_EQ(fmu.log().records[0].status, fmi2Error);
  EXPECT_EQ(fmu.log().records[0].category, "logStatusError");
  EXPECT_EQ(fmu.log().records[0].instance, "instance");
  // The rejected call changed nothing: the normal sequence still works.
  EXPECT_EQ(fmu.initialize(1e-8), fmi2OK);
}

TEST(CallOrder, ModeChangesOutOfSequenceAreRejected) {
  Instance fmu;
  EXPECT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
  EXPECT_TRUE(
      fmu.log().contains({"fmi2ExitInitializationMode", "expected state initializationMode"}));
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2Error);
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2Error);
  EXPECT_EQ(fmi2SetupExperiment(fmu.get(), fmi2False, 0.0, 0.0, fmi2False, 0.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains(
      {"fmi2SetupExperiment", "state initializationMode", "expected state instantiated"}))
      << fmu.log().dump();
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2Terminate", "state terminated"})) << fmu.log().dump();
}

TEST(CallOrder, GetsAreAllowedFromInitializationModeOnSetsUntilStepMode) {
  Instance fmu;
  fmi2ValueReference vr = DAHLQUIST_U;
  fmi2Real value = 0.0;
  EXPECT_EQ(fmi2GetReal(fmu.get(), &vr, 1, &value), fmi2Error);
  EXPECT_TRUE(fmu.log().contains(
      {"expected state initializationMode or stepComplete or stepFailed or terminated or error"}))
      << fmu.log().dump();
  EXPECT_EQ(fmi2SetReal(fmu.get(), &vr, 1, &value), fmi2OK);
}

TEST(CallOrder, DoStepRejectsNonPositiveStepSizes) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.0, fmi2True), fmi2Error);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, -0.1, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "communicationStepSize -0.1", "positive"}))
      << fmu.log().dump();
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2OK);
}

TEST(CallOrder, DoStepRejectsACommunicationPointOtherThanTheFmusTime) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.5, fmi2True), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.4, 0.5, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "currentCommunicationPoint 0.4", "0.5"}))
      << fmu.log().dump();
  // Rounding in the importer's clock (a few ulps) is tolerated.
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.5 * (1.0 + 4e-16), 0.5, fmi2True), fmi2OK);
}

TEST(CallOrder, StatusQueriesWithoutMeaningAreRejected) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  fmi2Status status = fmi2OK;
  EXPECT_EQ(fmi2GetStatus(fmu.get(), fmi2DoStepStatus, &status), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetStatus", "fmi2Pending"})) << fmu.log().dump();
  fmi2Integer integer = 0;
  EXPECT_EQ(fmi2GetIntegerStatus(fmu.get(), fmi2LastSuccessfulTime, &integer), fmi2Error);
  fmi2String text = nullptr;
  EXPECT_EQ(fmi2GetStringStatus(fmu.get(), fmi2PendingStatus, &text), fmi2Error);
  fmi2Real real = 0.0;
  EXPECT_EQ(fmi2GetRealStatus(fmu.get(), fmi2Terminated, &real), fmi2Error);
  EXPECT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, nullptr), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetRealStatus", "value is NULL"}));
}

TEST(CallOrder, ResetAndFreeWorkInEveryState) {
  {
    Instance instantiated;
    EXPECT_EQ(fmi2Reset(instantiated.get()), fmi2OK);
  }
  {
    Instance initializing;
    ASSERT_EQ(fmi2EnterInitializationMode(initializing.get()), fmi2OK);
    EXPECT_EQ(fmi2Reset(initializing.get()), fmi2OK);
    EXPECT_EQ(fmi2DoStep(initializing.get(), 0.0, 0.1, fmi2True), fmi2Error);
  }
  {
    Instance stepping;
    ASSERT_EQ(stepping.initialize(1e-8), fmi2OK);
    ASSERT_EQ(fmi2DoStep(stepping.get(), 0.0, 0.1, fmi2True), fmi2OK);
  }  // freed in stepComplete, with a live integrator
  {
    Instance terminated;
    ASSERT_EQ(terminated.initialize(1e-8), fmi2OK);
    ASSERT_EQ(fmi2Terminate(terminated.get()), fmi2OK);
    EXPECT_EQ(fmi2Reset(terminated.get()), fmi2OK);
    EXPECT_EQ(terminated.initialize(1e-8), fmi2OK);
  }
}

TEST(CallOrder, NullComponentIsAnErrorWithoutCrashing) {
  fmi2ValueReference vr = 0;
  fmi2Real real = 0.0;
  fmi2Integer integer = 0;
  fmi2Boolean boolean = 0;
  fmi2String text = nullptr;
  fmi2Status status = fmi2OK;
  fmi2FreeInstance(nullptr);
  EXPECT_EQ(fmi2SetDebugLogging(nullptr, fmi2True, 0, nullptr), fmi2Error);
  EXPECT_EQ(fmi2SetupExperiment(nullptr, fmi2False, 0.0, 0.0, fmi2False, 0.0), fmi2Error);
  EXPECT_EQ(fmi2EnterInitializationMode(nullptr), fmi2Error);
  EXPECT_EQ(fmi2ExitInitializationMode(nullptr), fmi2Error);
  EXPECT_EQ(fmi2Terminate(nullptr), fmi2Error);
  EXPECT_EQ(fmi2Reset(nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetReal(nullptr, &vr, 1, &real), fmi2Error);
  EXPECT_EQ(fmi2GetInteger(nullptr, &vr, 1, &integer), fmi2Error);
  EXPECT_EQ(fmi2GetBoolean(nullptr, &vr, 1, &boolean), fmi2Error);
  EXPECT_EQ(fmi2GetString(nullptr, &vr, 1, &text), fmi2Error);
  EXPECT_EQ(fmi2SetReal(nullptr, &vr, 1, &real), fmi2Error);
  EXPECT_EQ(fmi2SetInteger(nullptr, &vr, 1, &integer), fmi2Error);
  EXPECT_EQ(fmi2SetBoolean(nullptr, &vr, 1, &boolean), fmi2Error);
  EXPECT_EQ(fmi2SetString(nullptr, &vr, 1, &text), fmi2Error);
  EXPECT_EQ(fmi2DoStep(nullptr, 0.0, 0.1, fmi2True), fmi2Error);
  EXPECT_EQ(fmi2GetStatus(nullptr, fmi2DoStepStatus, &status), fmi2Error);
  EXPECT_EQ(fmi2GetRealStatus(nullptr, fmi2LastSuccessfulTime, &real), fmi2Error);
  EXPECT_EQ(fmi2GetIntegerStatus(nullptr, fmi2LastSuccessfulTime, &integer), fmi2Error);
  EXPECT_EQ(fmi2GetBooleanStatus(nullptr, fmi2Terminated, &boolean), fmi2Error);
  EXPECT_EQ(fmi2GetStringStatus(nullptr, fmi2PendingStatus, &text), fmi2Error);
  EXPECT_EQ(fmi2CancelStep(nullptr), fmi2Error);
  EXPECT_EQ(fmi2GetFMUstate(nullptr, nullptr), fmi2Error);
  EXPECT_EQ(fmi2SetTime(nullptr, 0.0), fmi2Error);
}

TEST(CallOrder, InvalidExperimentSetupIsRejected) {
  Instance fmu;
  EXPECT_EQ(fmi2SetupExperiment(fmu.get(), fmi2True, -1e-6, 0.0, fmi2False, 0.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetupExperiment", "tolerance"})) << fmu.log().dump();
  EXPECT_EQ(fmi2SetupExperiment(fmu.get(), fmi2False, 0.0, 2.0, fmi2True, 1.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"stopTime 1", "startTime 2"})) << fmu.log().dump();
  EXPECT_EQ(fmi2SetupExperiment(fmu.get(), fmi2False, 0.0, NAN, fmi2False, 0.0), fmi2Error);
  EXPECT_EQ(fmi2SetupExperiment(fmu.get(), fmi2True, 1e-8, 0.0, fmi2True, 1.0), fmi2OK);
}

TEST(CallOrder, FailedInitializationPutsTheInstanceInErrorState) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, -1.0), fmi2OK);  // the model refuses k <= 0
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  EXPECT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2ExitInitializationMode", "initialization failed at t=0"}))
      << fmu.log().dump();
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "state error"}));
  EXPECT_EQ(fmu.real(DAHLQUIST_K), -1.0);  // Gets still allowed for diagnosis
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.initialize(1e-8), fmi2OK);
}

}  // namespace
}  // namespace smc::runtime_test

// Hostile importers, part 1: calls in an order FMI 2.0 forbids. Every
// function is called in every state the Dahlquist model can reach and must
// answer as the Co-Simulation calling-sequence table (FMI 2.0 section 4.2.4)
// says: fmi2OK where the table allows the call, otherwise fmi2Error with a
// logStatusError message naming the function and the state. Then the
// misuses importers are known for: setting what may no longer be set,
// reading and writing after fmi2Terminate, initializing twice.
// call_order_test.cpp has the first wrong-order cases; these extend them.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "dahlquist.h"
#include "fmu_harness.h"
#include "hostile_states.h"

namespace smc::runtime_test {
namespace {

using S = CosimState;

struct Call {
  const char* function;
  std::function<fmi2Status(Instance&)> invoke;
  std::vector<CosimState> allowed;  // the table's crosses, restricted to kDahlquistStates
};

const std::vector<CosimState> kGetStates = {S::InitializationMode, S::StepComplete, S::Terminated,
                                            S::Error};
const std::vector<CosimState> kSetStates = {S::Instantiated, S::InitializationMode,
                                            S::StepComplete};
const std::vector<CosimState> kStatusStates = {S::StepComplete, S::Terminated};
const std::vector<CosimState> kEveryState(std::begin(kDahlquistStates), std::end(kDahlquistStates));

// One entry per function of the table whose outcome depends only on the
// state; the arguments are valid in every state where the call is allowed.
std::vector<Call> calls() {
  static const fmi2ValueReference x = DAHLQUIST_X, u = DAHLQUIST_U, m = DAHLQUIST_M,
                                  frozen = DAHLQUIST_FROZEN;
  return {
      {"fmi2SetupExperiment",
       [](Instance& f) {
         return fmi2SetupExperiment(f.get(), fmi2True, 1e-8, 0.0, fmi2False, 0.0);
       },
       {S::Instantiated}},
      {"fmi2EnterInitializationMode",
       [](Instance& f) { return fmi2EnterInitializationMode(f.get()); },
       {S::Instantiated}},
      {"fmi2ExitInitializationMode",
       [](Instance& f) { return fmi2ExitInitializationMode(f.get()); },
       {S::InitializationMode}},
      {"fmi2DoStep",
       [](Instance& f) { return fmi2DoStep(f.get(), f.time(), 0.1, fmi2True); },
       {S::StepComplete}},
      {"fmi2Terminate", [](Instance& f) { return fmi2Terminate(f.get()); }, {S::StepComplete}},
      {"fmi2GetReal",
       [](Instance& f) {
         fmi2Real v = 0.0;
         return fmi2GetReal(f.get(), &x, 1, &v);
       },
       kGetStates},
      {"fmi2GetInteger",
       [](Instance& f) {
         fmi2Integer v = 0;
         return fmi2GetInteger(f.get(), &m, 1, &v);
       },
       kGetStates},
      {"fmi2GetBoolean",
       [](Instance& f) {
         fmi2Boolean v = 0;
         return fmi2GetBoolean(f.get(), &frozen, 1, &v);
       },
       kGetStates},
      {"fmi2GetString", [](Instance& f) { return fmi2GetString(f.get(), nullptr, 0, nullptr); },
       kGetStates},
      {"fmi2SetReal",
       [](Instance& f) {
         const fmi2Real v = 0.5;
         return fmi2SetReal(f.get(), &u, 1, &v);
       },
       kSetStates},
      // m is a parameter, settable only before initialization ends: an empty
      // Set isolates the state check.
      {"fmi2SetInteger", [](Instance& f) { return fmi2SetInteger(f.get(), nullptr, 0, nullptr); },
       kSetStates},
      {"fmi2SetBoolean",
       [](Instance& f) {
         const fmi2Boolean v = fmi2True;
         return fmi2SetBoolean(f.get(), &frozen, 1, &v);
       },
       kSetStates},
      {"fmi2SetString", [](Instance& f) { return fmi2SetString(f.get(), nullptr, 0, nullptr); },
       kSetStates},
      {"fmi2GetRealStatus",
       [](Instance& f) {
         fmi2Real v = 0.0;
         return fmi2GetRealStatus(f.get(), fmi2LastSuccessfulTime, &v);
       },
       kStatusStates},
      {"fmi2GetBooleanStatus",
       [](Instance& f) {
         fmi2Boolean v = 0;
         return fmi2GetBooleanStatus(f.get(), fmi2Terminated, &v);
       },
       kStatusStates},
      {"fmi2SetDebugLogging",
       [](Instance& f) { return fmi2SetDebugLogging(f.get(), fmi2True, 0, nullptr); }, kEveryState},
      {"fmi2Reset", [](Instance& f) { return fmi2Reset(f.get()); }, kEveryState},
  };
}

bool allowed_in(const Call& call, CosimState state) {
  for (CosimState s : call.allowed)
    if (s == state) return true;
  return false;
}

TEST(HostileCallOrder, EveryFunctionAnswersAsTheStateTablePrescribesInEveryState) {
  for (const Call& call : calls()) {
    for (CosimState state : kDahlquistStates) {
      SCOPED_TRACE(std::string(call.function) + " in state " + state_name(state));
      Instance fmu;
      drive_to(fmu, state);
      size_t logged_before = fmu.log().records.size();
      fmi2Status status = call.invoke(fmu);
      if (allowed_in(call, state)) {
        EXPECT_EQ(status, fmi2OK) << fmu.log().dump();
        EXPECT_EQ(fmu.log().records.size(), logged_before) << fmu.log().dump();
        continue;
      }
      EXPECT_EQ(status, fmi2Error);
      const LogRecord* why =
          fmu.log().find({call.function, std::string("not allowed in state ") + state_name(state)});
      ASSERT_NE(why, nullptr) << fmu.log().dump();
      EXPECT_EQ(why->status, fmi2Error);
      EXPECT_EQ(why->category, "logStatusError");
    }
  }
}

// x(t) = u/k + (x0 - u/k) exp(-k t) for the Dahlquist model.
double dahlquist_x(double t, double k, double x0, double u) {
  return u / k + (x0 - u / k) * std::exp(-k * t);
}

TEST(HostileCallOrder, FixedParameterCannotBeSetAfterInitializationAndKeepsActing) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 2.0), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_K, 5.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetReal", "'k'", "stepComplete", "only inputs"}))
      << fmu.log().dump();
  ASSERT_EQ(fmu.step_until(1.0, 0.25), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 2.0);
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), dahlquist_x(1.0, 2.0, 1.0, 0.0), 1e-7);
}

TEST(HostileCallOrder, CalculatedParameterCannotBeSetInAnyStateAndFollowsItsEquation) {
  for (CosimState state : {S::Instantiated, S::InitializationMode, S::StepComplete}) {
    SCOPED_TRACE(state_name(state));
    Instance fmu;
    drive_to(fmu, state);
    EXPECT_EQ(fmu.set_real(DAHLQUIST_TAU, 7.0), fmi2Error);
    EXPECT_TRUE(fmu.log().contains({"fmi2SetReal", "'tau'"})) << fmu.log().dump();
    if (state == S::Instantiated) continue;   // no Get before initialization mode
    EXPECT_EQ(fmu.real(DAHLQUIST_TAU), 1.0);  // tau = 1/k with k = 1
  }
}

// dahlquist.c has no constant (smc folds constants away); what an importer
// could try is to set a variable the model computes, such as der(x) or the
// output y, and to set the state x after its start value is used.
TEST(HostileCallOrder, ComputedVariablesAndStatesAfterInitializationCannotBeSet) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_DER_X, 3.0), fmi2Error);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_Y, 3.0), fmi2Error);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_X, 3.0), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetReal", "'x'", "only inputs"})) << fmu.log().dump();
  fmi2Boolean decaying = fmi2False;
  fmi2ValueReference vr = DAHLQUIST_DECAYING;
  EXPECT_EQ(fmi2SetBoolean(fmu.get(), &vr, 1, &decaying), fmi2Error);
  EXPECT_EQ(fmu.log().count(fmi2Error), 4) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_X), 1.0);
  EXPECT_EQ(fmu.real(DAHLQUIST_DER_X), -1.0);
}

TEST(HostileCallOrder, GetAfterTerminateReturnsTheFinalValues) {
  const double k = 3.0, x0 = 2.0, u = 1.5;
  Instance fmu;
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, k), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_X, x0), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, u), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.8, 0.2), fmi2OK);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  const double x = dahlquist_x(0.8, k, x0, u);
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), x, 1e-7);
  EXPECT_NEAR(fmu.real(DAHLQUIST_DER_X), -k * x + u, 1e-6);
  EXPECT_NEAR(fmu.real(DAHLQUIST_Y), 2 * x, 2e-7);  // y = m x, m = 2
  EXPECT_EQ(fmu.integer(DAHLQUIST_M), 2);
  EXPECT_TRUE(fmu.boolean(DAHLQUIST_DECAYING));  // x stays above u/k, so x' < 0
  fmi2Real last = 0.0;
  EXPECT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &last), fmi2OK);
  EXPECT_NEAR(last, 0.8, 1e-12);
  EXPECT_EQ(fmu.log().count(fmi2Error), 0) << fmu.log().dump();
}

TEST(HostileCallOrder, SetAfterTerminateIsAnErrorAndChangesNothing) {
  Instance fmu;
  drive_to(fmu, S::Terminated);
  const double before = fmu.real(DAHLQUIST_U);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_U, 4.0), fmi2Error);
  EXPECT_EQ(fmu.set_boolean(DAHLQUIST_FROZEN, true), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetReal", "not allowed in state terminated"}))
      << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_U), before);
  EXPECT_FALSE(fmu.boolean(DAHLQUIST_FROZEN));
}

TEST(HostileCallOrder, SecondExitInitializationModeIsRejectedWithoutReinitializing) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.5, 0.25), fmi2OK);
  EXPECT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2ExitInitializationMode", "state stepComplete"}))
      << fmu.log().dump();
  // The state was not put back to its start value: the run goes on.
  ASSERT_EQ(fmu.step_until(1.0, 0.25), fmi2OK) << fmu.log().dump();
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), std::exp(-1.0), 1e-7);
}

TEST(HostileCallOrder, AfterAnErrorOnlyGetsResetAndFreeAreServed) {
  Instance fmu;
  drive_to(fmu, S::Error);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2Error);  // and stays refused
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2Error);
  EXPECT_EQ(fmu.set_real(DAHLQUIST_U, 1.0), fmi2Error);
  EXPECT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2Error);
  EXPECT_EQ(fmu.real(DAHLQUIST_K), -1.0);  // readable, for diagnosis
  EXPECT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.initialize(1e-10), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.step_until(1.0, 0.5), fmi2OK);
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), std::exp(-1.0), 1e-7);
}

}  // namespace
}  // namespace smc::runtime_test

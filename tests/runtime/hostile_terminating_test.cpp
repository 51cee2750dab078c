// Hostile importers, part 6: the stepFailed state, which only a model that
// calls terminate() reaches (models/terminating.h: x = t, terminate() at
// x = 0.35). In stepFailed FMI 2.0 section 4.2.4 allows the Gets, the
// status queries, fmi2Terminate, fmi2Reset and fmi2FreeInstance; every
// other call is refused with fmi2Error and a logged reason. After fmi2Reset
// the run repeats exactly.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "fmu_harness.h"
#include "terminating.h"

namespace smc::runtime_test {
namespace {

// From a fresh instance to stepFailed: the step over t = 0.35 is discarded.
void drive_to_step_failed(Instance& fmu) {
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.3, 0.1), fmi2OK) << fmu.log().dump();
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.3, 0.1, fmi2True), fmi2Discard) << fmu.log().dump();
}

struct Call {
  const char* function;
  std::function<fmi2Status(fmi2Component)> invoke;
  fmi2Status expected;
};

std::vector<Call> calls() {
  static const fmi2ValueReference x = TERM_X, stop_at_start = TERM_STOP_AT_START;
  return {
      {"fmi2GetReal",
       [](fmi2Component c) {
         fmi2Real v = 0.0;
         return fmi2GetReal(c, &x, 1, &v);
       },
       fmi2OK},
      {"fmi2GetRealStatus",
       [](fmi2Component c) {
         fmi2Real v = 0.0;
         return fmi2GetRealStatus(c, fmi2LastSuccessfulTime, &v);
       },
       fmi2OK},
      {"fmi2GetBooleanStatus",
       [](fmi2Component c) {
         fmi2Boolean v = fmi2False;
         return fmi2GetBooleanStatus(c, fmi2Terminated, &v);
       },
       fmi2OK},
      {"fmi2SetDebugLogging",
       [](fmi2Component c) { return fmi2SetDebugLogging(c, fmi2False, 0, nullptr); }, fmi2OK},
      {"fmi2Terminate", [](fmi2Component c) { return fmi2Terminate(c); }, fmi2OK},
      {"fmi2Reset", [](fmi2Component c) { return fmi2Reset(c); }, fmi2OK},
      {"fmi2DoStep", [](fmi2Component c) { return fmi2DoStep(c, 0.35, 0.1, fmi2True); }, fmi2Error},
      {"fmi2SetReal",
       [](fmi2Component c) {
         const fmi2Real v = 1.0;
         return fmi2SetReal(c, &x, 1, &v);
       },
       fmi2Error},
      {"fmi2SetBoolean",
       [](fmi2Component c) {
         const fmi2Boolean v = fmi2True;
         return fmi2SetBoolean(c, &stop_at_start, 1, &v);
       },
       fmi2Error},
      {"fmi2SetupExperiment",
       [](fmi2Component c) { return fmi2SetupExperiment(c, fmi2False, 0.0, 0.0, fmi2False, 0.0); },
       fmi2Error},
      {"fmi2EnterInitializationMode",
       [](fmi2Component c) { return fmi2EnterInitializationMode(c); }, fmi2Error},
      {"fmi2ExitInitializationMode", [](fmi2Component c) { return fmi2ExitInitializationMode(c); },
       fmi2Error},
  };
}

TEST(HostileStepFailed, EveryFunctionAnswersAsTheStateTablePrescribes) {
  for (const Call& call : calls()) {
    SCOPED_TRACE(call.function);
    Instance fmu;
    drive_to_step_failed(fmu);
    size_t errors_before = fmu.log().count(fmi2Error);
    size_t records_before = fmu.log().records.size();
    EXPECT_EQ(call.invoke(fmu.get()), call.expected) << fmu.log().dump();
    if (call.expected == fmi2OK) {
      EXPECT_EQ(fmu.log().count(fmi2Error), errors_before) << fmu.log().dump();
      continue;
    }
    // The answer to this call (the discarded step logged its reason too).
    ASSERT_GT(fmu.log().records.size(), records_before) << fmu.log().dump();
    const LogRecord* why = &fmu.log().records.back();
    EXPECT_NE(why->message.find(call.function), std::string::npos) << fmu.log().dump();
    EXPECT_EQ(why->status, fmi2Error);
    EXPECT_EQ(why->category, "logStatusError");
  }
}

// x, final_x and the termination time at the end of a run until the
// discarded step, then fmi2Terminate.
std::vector<double> run_to_termination(Instance& fmu) {
  fmu.assume_time(0.0);
  drive_to_step_failed(fmu);
  fmi2Real last = 0.0;
  EXPECT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &last), fmi2OK);
  EXPECT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  return {last, fmu.real(TERM_X), fmu.real(TERM_FINAL_X)};
}

TEST(HostileStepFailed, ResetInStepFailedThenRunsExactlyLikeAFreshInstance) {
  Instance fresh;
  const std::vector<double> expected = run_to_termination(fresh);
  EXPECT_NEAR(expected[0], 0.35, 1e-9);  // x = t reaches stop_at = 0.35
  Instance fmu;
  drive_to_step_failed(fmu);
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(run_to_termination(fmu), expected);
}

}  // namespace
}  // namespace smc::runtime_test

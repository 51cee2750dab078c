// terminate(), terminal() and initial() (models/terminating.h): x = t
// reaches stop_at = 0.35 inside the step from 0.3 to 0.4, which returns
// fmi2Discard at that event; the simulation is then over (status
// fmi2Terminated true, further steps refused), and fmi2Terminate fires
// `when terminal()`.
#include <gtest/gtest.h>

#include "fmu_harness.h"
#include "terminating.h"

namespace smc::runtime_test {
namespace {

bool terminated(const Instance& fmu) {
  fmi2Boolean value = fmi2False;
  EXPECT_EQ(fmi2GetBooleanStatus(fmu.get(), fmi2Terminated, &value), fmi2OK);
  return value == fmi2True;
}

TEST(Terminating, TerminateEndsTheStepAtItsEventWithDiscard) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.3, 0.1), fmi2OK) << fmu.log().dump();
  EXPECT_FALSE(terminated(fmu));
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.3, 0.1, fmi2True), fmi2Discard);
  EXPECT_TRUE(terminated(fmu));
  fmi2Real last = 0.0;
  ASSERT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &last), fmi2OK);
  EXPECT_NEAR(last, 0.35, 1e-9);
  EXPECT_NEAR(fmu.real(TERM_X), 0.35, 1e-9);
  EXPECT_EQ(fmu.real(TERM_FINAL_X), -1.0);  // terminal() is not true yet

  EXPECT_EQ(fmi2DoStep(fmu.get(), last, 0.1, fmi2True), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "terminate()", "x reached stop_at", "over"}))
      << fmu.log().dump();
  EXPECT_EQ(fmu.set_real(TERM_STOP_AT, 1.0), fmi2Error);  // no Sets in stepFailed

  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK) << fmu.log().dump();
  EXPECT_NEAR(fmu.real(TERM_FINAL_X), 0.35, 1e-9);
  EXPECT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.initialize(1e-10), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.3, fmi2True), fmi2OK);
}

TEST(Terminating, TerminateAtTheStartTimeDiscardsTheFirstStep) {
  Instance fmu;
  ASSERT_EQ(fmu.set_boolean(TERM_STOP_AT_START, true), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-10, 2.0), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmi2DoStep(fmu.get(), 2.0, 0.1, fmi2True), fmi2Discard);
  EXPECT_TRUE(terminated(fmu));
  fmi2Real last = 0.0;
  ASSERT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &last), fmi2OK);
  EXPECT_EQ(last, 2.0);
}

TEST(Terminating, TerminalWhenClauseFiresInFmi2Terminate) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.2, 0.1), fmi2OK);
  EXPECT_EQ(fmu.real(TERM_FINAL_X), -1.0);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK) << fmu.log().dump();
  EXPECT_NEAR(fmu.real(TERM_FINAL_X), 0.2, 1e-9);
  EXPECT_FALSE(terminated(fmu));  // ended by the importer, not by the model
}

TEST(Terminating, InitialIsTrueOnlyDuringInitialization) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  EXPECT_EQ(fmu.integer(TERM_INITIAL_SEEN), 1);
  ASSERT_EQ(fmu.step_until(0.3, 0.1), fmi2OK);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK);
  EXPECT_EQ(fmu.integer(TERM_INITIAL_LATER), 0);
}

}  // namespace
}  // namespace smc::runtime_test

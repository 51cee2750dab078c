// FMU states and terminate() (models/terminating.h, terminate() when x
// reaches 0.35 with x = time): a state taken before the termination undoes
// it, a state taken in stepFailed brings the finished simulation back with
// its message, and the step into the termination repeats bit for bit.
#include <gtest/gtest.h>

#include "fmu_state_support.h"
#include "terminating.h"

namespace smc::runtime_test {
namespace {

bool terminated(Instance& fmu) {
  fmi2Boolean value = fmi2False;
  EXPECT_EQ(fmi2GetBooleanStatus(fmu.get(), fmi2Terminated, &value), fmi2OK);
  return value == fmi2True;
}

TEST(FmuStateTerminating, RestoreUndoesATermination) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-10), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.3, 0.1), fmi2OK);
  fmi2FMUstate before = take_state(fmu);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.3, 0.1, fmi2False), fmi2Discard);
  ASSERT_TRUE(terminated(fmu));
  Bytes after_termination = snapshot(fmu);  // allowed in stepFailed
  fmi2FMUstate ended = take_state(fmu);

  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), before), fmi2OK) << fmu.log().dump();
  EXPECT_FALSE(terminated(fmu));
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.3, 0.04, fmi2False), fmi2OK) << fmu.log().dump();
  EXPECT_FALSE(terminated(fmu));
  // The termination again, to the byte.
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), before), fmi2OK);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.3, 0.1, fmi2False), fmi2Discard);
  EXPECT_EQ(snapshot(fmu), after_termination);

  // Back to the finished simulation: no step, the reason still given.
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), before), fmi2OK);
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), ended), fmi2OK);
  EXPECT_TRUE(terminated(fmu));
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.35, 0.1, fmi2False), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2DoStep", "x reached stop_at", "over"}))
      << fmu.log().dump();
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &before), fmi2OK);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &ended), fmi2OK);
}

}  // namespace
}  // namespace smc::runtime_test

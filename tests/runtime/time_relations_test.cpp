// Relations on time in a model without states (models/time_relations.h):
// the runtime locates their crossings with root finding on a placeholder
// state, and resolves relations whose indicator is exactly zero at an
// event (a communication point on the threshold): `time > 0.5` is false at
// 0.5 and true just after, `time >= 0.5` true from 0.5 on.
#include <gtest/gtest.h>

#include "fmu_harness.h"
#include "time_relations.h"

namespace smc::runtime_test {
namespace {

TEST(TimeRelations, CrossingInsideAStepIsLocatedByRootFinding) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(RELATIONS_THRESHOLD, 0.3), fmi2OK);
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
  EXPECT_FALSE(fmu.boolean(RELATIONS_AFTER));
  EXPECT_EQ(fmu.real(RELATIONS_LEVEL), 1.0);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.25, fmi2True), fmi2OK);
  EXPECT_FALSE(fmu.boolean(RELATIONS_REACHED));
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.25, 0.25, fmi2True), fmi2OK) << fmu.log().dump();
  EXPECT_TRUE(fmu.boolean(RELATIONS_AFTER));
  EXPECT_TRUE(fmu.boolean(RELATIONS_REACHED));
  EXPECT_EQ(fmu.real(RELATIONS_LEVEL), 2.0);
  EXPECT_NEAR(fmu.real(RELATIONS_AFTER_SINCE), 0.3, 1e-9);
}

TEST(TimeRelations, ThresholdOnACommunicationPointSeparatesStrictAndNonStrict) {
  Instance fmu;  // threshold 0.5, a binary fraction: the step lands on it exactly
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.5, 0.25), fmi2OK) << fmu.log().dump();
  EXPECT_TRUE(fmu.boolean(RELATIONS_REACHED));
  EXPECT_FALSE(fmu.boolean(RELATIONS_AFTER));
  EXPECT_EQ(fmu.real(RELATIONS_LEVEL), 1.0);
  ASSERT_EQ(fmu.step_until(0.75, 0.25), fmi2OK) << fmu.log().dump();
  EXPECT_TRUE(fmu.boolean(RELATIONS_AFTER));  // changed right after 0.5
  EXPECT_EQ(fmu.real(RELATIONS_LEVEL), 2.0);
  EXPECT_NEAR(fmu.real(RELATIONS_AFTER_SINCE), 0.5, 1e-9);
}

TEST(TimeRelations, StartingOnTheThresholdTurnsTheStrictRelationOnJustAfter) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8, 0.5), fmi2OK);
  EXPECT_FALSE(fmu.boolean(RELATIONS_AFTER));
  EXPECT_TRUE(fmu.boolean(RELATIONS_REACHED));
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.5, 0.1, fmi2True), fmi2OK) << fmu.log().dump();
  EXPECT_TRUE(fmu.boolean(RELATIONS_AFTER));
  EXPECT_NEAR(fmu.real(RELATIONS_AFTER_SINCE), 0.5, 1e-9);
}

TEST(TimeRelations, TinyStepsAcrossTheThresholdStillSeeTheChange) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(fmu.step_until(0.5, 0.125), fmi2OK);
  // Steps far shorter than the look just after the event (1e-10).
  for (int i = 0; i < 5; ++i) {
    double t = 0.5 + i * 1e-12;
    ASSERT_EQ(fmi2DoStep(fmu.get(), t, 1e-12, fmi2True), fmi2OK) << fmu.log().dump();
  }
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.5 + 5e-12, 0.1, fmi2True), fmi2OK) << fmu.log().dump();
  EXPECT_TRUE(fmu.boolean(RELATIONS_AFTER));
}

}  // namespace
}  // namespace smc::runtime_test

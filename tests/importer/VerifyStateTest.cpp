// `smc verify-state` (importer/VerifyState.h) on the hand-written Decay
// FMU, which is not built by smc: with correct FMU state functions the
// hypothesis test passes; with a set that forgets the step counter, the
// first detour that takes a step is a counterexample.
#include "TestFmu.h"
#include "importer/VerifyState.h"

#include <gtest/gtest.h>

#include <sstream>

namespace smc::importer {
namespace {

using test::DecayPackage;
using test::Scratch;

// Decay's description with the two capability flags set.
DecayPackage statefulDecay(const char* library) {
  DecayPackage package;
  package.modelDescription = test::replaced(package.modelDescription, "canBeInstantiatedOnlyOncePerProcess=\"false\"",
                                            "canBeInstantiatedOnlyOncePerProcess=\"false\"\n"
                                            "    canGetAndSetFMUstate=\"true\" canSerializeFMUstate=\"true\"");
  package.library = library;
  return package;
}

TEST(VerifyState, TrialCountFollowsThePapersFormula) {
  // ceil(log 0.08 / log 0.975) = ceil(99.76): the paper's N = 100.
  EXPECT_EQ(trialCount(0.08, 0.025), 100u);
  // ceil(log 0.05 / log 0.99) = ceil(298.07).
  EXPECT_EQ(trialCount(0.05, 0.01), 299u);
  // ceil(log 0.5 / log 0.5) = 1.
  EXPECT_EQ(trialCount(0.5, 0.5), 1u);
}

TEST(VerifyState, CorrectStateFunctionsRejectTheHypothesis) {
  Scratch scratch;
  VerifyStateOptions options;
  options.fmuPath = scratch.packageDecay(statefulDecay(DECAY_STATE_LIBRARY)).string();
  options.seed = 7;
  auto report = verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->rejected());
  EXPECT_EQ(report->trials, 100u);
  EXPECT_EQ(report->completed, 100u);
  // Decay's DefaultExperiment: [0, 2] in steps of 0.1; tau is 1 % of it.
  EXPECT_DOUBLE_EQ(report->horizon, 2.0);
  EXPECT_DOUBLE_EQ(report->tau, 0.02);
  EXPECT_DOUBLE_EQ(report->stepSize, 0.1);
  std::ostringstream printed;
  printVerifyState(printed, *report);
  EXPECT_NE(printed.str().find("passed: no counterexample in 100 trials; H0 rejected with confidence 92 %"),
            std::string::npos)
      << printed.str();
}

// Decay's experiment lasts 2 s: a bound below cuts the horizon (and tau,
// 1 % of it), one above leaves the experiment's.
TEST(VerifyState, AMaximumHorizonBoundsTheExperimentsLengthOnly) {
  Scratch scratch;
  VerifyStateOptions options;
  options.fmuPath = scratch.packageDecay(statefulDecay(DECAY_STATE_LIBRARY)).string();
  options.seed = 7;
  options.maxHorizon = 0.5;
  auto shorter = verifyState(options);
  ASSERT_TRUE(shorter) << shorter.error().message;
  EXPECT_DOUBLE_EQ(shorter->horizon, 0.5);
  EXPECT_DOUBLE_EQ(shorter->tau, 0.005);
  EXPECT_TRUE(shorter->rejected());
  options.maxHorizon = 5;
  auto whole = verifyState(options);
  ASSERT_TRUE(whole) << whole.error().message;
  EXPECT_DOUBLE_EQ(whole->horizon, 2.0);
  options.maxHorizon = -1;
  auto refused = verifyState(options);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "max-horizon -1 must be a positive number");
}

TEST(VerifyState, StateThatForgetsAValueGivesACounterexample) {
  Scratch scratch;
  VerifyStateOptions options;
  options.fmuPath = scratch.packageDecay(statefulDecay(DECAY_BROKEN_STATE_LIBRARY)).string();
  options.seed = 7;
  auto report = verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_FALSE(report->rejected());
  // Any detour of at least one step (tau' > 0) leaves its steps in the
  // counter that the broken set does not restore: the first trial fails.
  EXPECT_EQ(report->counterexample->trial, 1u);
  EXPECT_GT(report->counterexample->tauPrime, 0.0);
  EXPECT_EQ(report->counterexample->referenceSize, report->counterexample->restoredSize);
  std::ostringstream printed;
  printVerifyState(printed, *report);
  EXPECT_NE(printed.str().find("FAILED: counterexample tau' = "), std::string::npos) << printed.str();
}

TEST(VerifyState, FmuWithoutTheCapabilityIsSkippedBeforeRunning) {
  Scratch scratch;
  VerifyStateOptions options;
  options.fmuPath = scratch.packageDecay().string();
  auto report = verifyState(options);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->skipped());
  EXPECT_FALSE(report->rejected());
  EXPECT_EQ(report->completed, 0u);
  EXPECT_EQ(report->skipReason,
            "model 'Decay' does not declare canGetAndSetFMUstate=\"true\": its states cannot be saved and compared");
}

TEST(VerifyState, ProbabilitiesOutsideTheOpenUnitIntervalAreRefused) {
  VerifyStateOptions options;
  options.fmuPath = "unused.fmu";
  options.delta = 1.0;
  auto report = verifyState(options);
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message, "delta 1 must lie in (0, 1)");
}

}  // namespace
}  // namespace smc::importer

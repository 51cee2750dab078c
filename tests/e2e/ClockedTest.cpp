// Clocked models end to end (spec 16): .mo -> FMU -> importer, compared
// with values derived by hand from the clocks' tick times and the
// equations' recurrences (never from smc's own output).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::columnOf;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::example;
using smc::test::simulateOk;
using smc::test::writeScratchModel;

SimulationResult run(const std::string& model, double stop, double step) {
  SimulateOptions options;
  options.fmuPath = compileModel(example(model + ".mo"), model + ".fmu");
  options.stopTime = stop;
  options.stepSize = step;
  options.allVariables = true;
  return simulateOk(options);
}

// Row i of a result on a grid of `step` is at time i*step.
double at(const SimulationResult& r, size_t row, const std::string& column) {
  return r.rows.at(row).at(columnOf(r, column));
}

TEST(Clocked, SharedSampledPIMatchesItsExpectation) {
  smc::test::expectMatchesSharedModel("clocked/SampledPI", 1e-6, 1e-9);
}

TEST(Clocked, SharedRateChangesMatchesItsExpectationExactly) {
  smc::test::expectMatchesSharedModel("clocked/RateChanges", 0, 1e-9);
}

// x' = -2x on a 0.1 s clock: explicit Euler gives x[k] = (1 - 0.2)^k,
// implicit Euler y[k] = (1/(1 + 0.2))^k, with x[0] = y[0] = 1 at the first
// tick (t = 0) and tick k at t = k/10.
TEST(Clocked, DiscretizedPartitionsFollowTheEulerRecurrences) {
  SimulationResult r = run("ClockedEuler", 1, 0.1);
  ASSERT_EQ(r.rows.size(), 11u);
  for (size_t k = 0; k < r.rows.size(); ++k) {
    EXPECT_NEAR(r.rows[k][0], 0.1 * k, 1e-12);
    EXPECT_NEAR(at(r, k, "x"), std::pow(0.8, k), 1e-12) << "k=" << k;
    EXPECT_NEAR(at(r, k, "y"), std::pow(1 / 1.2, k), 1e-12) << "k=" << k;
  }
}

// sin(2*pi*t) rises through 0.5 at t = 1/12 + k: the event clock ticks
// there (located by the zero-crossing search), interval() is the
// startInterval 0.25 at the first tick and 1 afterwards.
TEST(Clocked, EventClockTicksWhereItsConditionRises) {
  SimulationResult r = run("EventClock", 3, 0.05);
  ASSERT_EQ(r.rows.size(), 61u);
  for (size_t i = 0; i < r.rows.size(); ++i) {
    double t = 0.05 * i;
    int ticks = 0;
    while (1.0 / 12 + ticks <= t) ++ticks;
    EXPECT_EQ(at(r, i, "n"), ticks) << "t=" << t;
    double last = ticks == 0 ? -1.0 : 1.0 / 12 + (ticks - 1);
    EXPECT_NEAR(at(r, i, "lastTick"), last, 1e-6) << "t=" << t;
    double dt = ticks == 0 ? 0.0 : ticks == 1 ? 0.25 : 1.0;
    EXPECT_NEAR(at(r, i, "dt"), dt, 1e-6) << "t=" << t;
  }
}

// Clock(3, 10) ticks at 0, 0.3, ...; shiftSample(., 2, 3) at 0.2, 0.5, ...;
// backSample(., 1, 3) of that at 0.1, 0.4, .... Each operator's value is
// its operand's latest value (the start value 0 before its first tick).
TEST(Clocked, ShiftAndBackSampleMoveTicksByFractionsOfTheInterval) {
  SimulationResult r = run("BackSampled", 1.2, 0.1);
  ASSERT_EQ(r.rows.size(), 13u);
  // Indexed by tenths of a second.
  const double x[] = {0, 0, 0, 0.3, 0.3, 0.3, 0.6, 0.6, 0.6, 0.9, 0.9, 0.9, 1.2};
  const double shifted[] = {0, 0, 0, 0, 0, 0.3, 0.3, 0.3, 0.6, 0.6, 0.6, 0.9, 0.9};
  const double back[] = {0, 0, 0, 0, 0, 0, 0, 0.3, 0.3, 0.3, 0.6, 0.6, 0.6};
  const int n[] = {0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4};
  for (size_t i = 0; i < r.rows.size(); ++i) {
    EXPECT_NEAR(at(r, i, "x"), x[i], 1e-12) << "t=" << 0.1 * i;
    EXPECT_NEAR(at(r, i, "shifted"), shifted[i], 1e-12) << "t=" << 0.1 * i;
    EXPECT_NEAR(at(r, i, "back"), back[i], 1e-12) << "t=" << 0.1 * i;
    EXPECT_EQ(at(r, i, "n"), n[i]) << "t=" << 0.1 * i;
  }
}

// Clock(0.3) and Clock(0.5) are unrelated base clocks, each ticking on its
// own grid from t = 0; noClock(a) at the 0.5 s ticks reads a's latest value.
TEST(Clocked, UnrelatedBaseClocksTickIndependently) {
  SimulationResult r = run("TwoClocks", 1.4, 0.1);
  ASSERT_EQ(r.rows.size(), 15u);
  for (size_t i = 0; i < r.rows.size(); ++i) {
    int tenths = static_cast<int>(i);
    int a = tenths / 3 + 1, b = tenths / 5 + 1;
    int seen = (tenths / 5 * 5) / 3 + 1;  // a at the latest 0.5 s tick
    EXPECT_EQ(at(r, i, "a"), a) << "t=" << 0.1 * i;
    EXPECT_EQ(at(r, i, "b"), b) << "t=" << 0.1 * i;
    EXPECT_EQ(at(r, i, "seen"), seen) << "t=" << 0.1 * i;
  }
}

// A clocked partition with no clock of its own runs on the default clock:
// period 1 s, ticking at t = 0, 1, 2, ...
TEST(Clocked, PartitionWithoutClockRunsOnTheDefaultOneSecondClock) {
  std::string model = writeScratchModel("DefaultClock.mo",
                                        "model DefaultClock\n"
                                        "  Integer n(start = 0);\n"
                                        "equation\n"
                                        "  n = previous(n) + 1;\n"
                                        "end DefaultClock;\n");
  SimulateOptions options;
  options.fmuPath = compileModel(model, "DefaultClock.fmu");
  options.stopTime = 3;
  options.stepSize = 0.5;
  options.allVariables = true;
  SimulationResult r = simulateOk(options);
  ASSERT_EQ(r.rows.size(), 7u);
  const int n[] = {1, 1, 2, 2, 3, 3, 4};
  for (size_t i = 0; i < r.rows.size(); ++i) EXPECT_EQ(at(r, i, "n"), n[i]) << "t=" << 0.5 * i;
}

// --- Clock errors: located, and no FMU.

std::string errorsOf(const std::string& name, const std::string& text) {
  return compileErrors(writeScratchModel(name + ".mo", text));
}

TEST(Clocked, ConflictingClocksInOnePartitionAreALocatedError) {
  std::string errors = errorsOf("Conflict",
                                "model Conflict\n"
                                "  Real a, b;\n"
                                "equation\n"
                                "  a = sample(time, Clock(0.1));\n"
                                "  b = a + sample(time, Clock(0.2));\n"
                                "end Conflict;\n");
  EXPECT_NE(errors.find("Conflict.mo:5:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("error:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("clock"), std::string::npos) << errors;
}

TEST(Clocked, SuperSamplingAnEventClockIsALocatedError) {
  std::string errors = errorsOf("SuperEvent",
                                "model SuperEvent\n"
                                "  Integer n(start = 0);\n"
                                "equation\n"
                                "  when superSample(Clock(time > 0.5), 2) then\n"
                                "    n = previous(n) + 1;\n"
                                "  end when;\n"
                                "end SuperEvent;\n");
  EXPECT_NE(errors.find("SuperEvent.mo:4:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("event clock"), std::string::npos) << errors;
}

// y is continuous-time (hold() defines it), so previous(y) is out of place.
TEST(Clocked, PreviousInAContinuousPartitionIsALocatedError) {
  std::string errors = errorsOf("ContinuousPrevious",
                                "model ContinuousPrevious\n"
                                "  Real u, y, z;\n"
                                "equation\n"
                                "  u = sample(time, Clock(0.1));\n"
                                "  y = hold(u);\n"
                                "  z = previous(y) + 1;\n"
                                "end ContinuousPrevious;\n");
  EXPECT_NE(errors.find("ContinuousPrevious.mo:6:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("previous"), std::string::npos) << errors;
}

}  // namespace

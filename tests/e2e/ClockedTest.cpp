// Clocked models end to end (spec 16): .mo -> FMU -> importer, compared
// with values derived by hand from the clocks' tick times and the
// equations' recurrences (never from smc's own output).
#include "e2e/E2eSupport.h"
#include "support/Csv.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace smc::test;
using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;

SimulationResult run(const std::string& model, double stop, double step) {
  return simulateOk(simulationOf(compileModel(example(model + ".mo"), model + ".fmu"), stop, step, true));
}

// Compiles the model `text` (file `name`.mo) and simulates it from 0.
SimulationResult runText(const std::string& name, const std::string& text, double stop, double step) {
  return simulateOk(
      simulationOf(compileModel(writeScratchModel(name + ".mo", text), name + ".fmu"), stop, step, true));
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

// An array of clocks is an array of independent Clock variables: each
// element clocks its own partition, also through an array connector of a
// block (as Modelica.Clocked's logical clocks take their inputs).
TEST(Clocked, ArrayOfClocksTicksEachElementOnItsOwn) {
  SimulationResult r = runText("ClockArray", R"(
model ClockArray
  block Pass
    input Clock u[2];
    output Clock y[2];
  equation
    y = u;
  end Pass;
  Clock c[2] = {Clock(0.1), Clock(0.25)};
  Integer n[2](each start = 0);
  Pass p(u = {Clock(0.1), subSample(Clock(0.1), 3)});
  Real x(start = -1), z(start = -1);
equation
  when c[1] then
    n[1] = previous(n[1]) + 1;
  end when;
  when c[2] then
    n[2] = previous(n[2]) + 1;
  end when;
  x = sample(time, p.y[1]);
  z = sample(time, p.y[2]);
end ClockArray;
)", 1, 0.05);
  for (size_t row = 0; row <= 20; ++row) {
    const int k = static_cast<int>(row);  // t = k / 20
    EXPECT_EQ(at(r, row, "n[1]"), k / 2 + 1) << "t = " << k / 20.0;        // ticks at 0, 0.1, ...
    EXPECT_EQ(at(r, row, "n[2]"), k / 5 + 1) << "t = " << k / 20.0;        // ticks at 0, 0.25, ...
    EXPECT_NEAR(at(r, row, "x"), (k / 2) * 0.1, 1e-12) << "t = " << k / 20.0;
    EXPECT_NEAR(at(r, row, "z"), (k / 6) * 0.3, 1e-12) << "t = " << k / 20.0;  // every third tick of 0.1
  }
}

// Periodic clocks tick first at the start of the simulation (spec 16.3):
// started at t0 = 0.05, RateChanges shows at t0 + j*0.1 what its
// expectation shows at j*0.1.
// The operand of subSample is evaluated in its own partition (spec 16.5.2),
// previous() and interval() included: xd = time sampled every 0.1 s, and
// the difference quotient taken there (1 from the second tick on, 0 at the
// first, where previous(xd) is xd's start 0) is read every second tick.
TEST(Clocked, AnOperandOfSubSampleReadsPreviousAndIntervalOfItsOwnPartition) {
  SimulationResult r = runText("DifferenceQuotient", R"(model DifferenceQuotient
  Clock c = Clock(0.1);
  Real xd(start = 0);
  Real vd;
equation
  xd = sample(time, c);
  vd = subSample((xd - previous(xd)) / interval(), 2);
end DifferenceQuotient;
)", 1, 0.05);
  // Rows every 0.05 s: vd ticks at 0, 0.2, 0.4, ... and holds in between.
  EXPECT_DOUBLE_EQ(at(r, 0, "vd"), 0.0);
  EXPECT_DOUBLE_EQ(at(r, 3, "vd"), 0.0);
  for (size_t row : {4u, 5u, 8u, 11u, 19u}) EXPECT_NEAR(at(r, row, "vd"), 1.0, 1e-12) << row;
  EXPECT_NEAR(at(r, 6, "xd"), 0.3, 1e-12);
}

// assert() in a clocked when-clause is checked at the clock's ticks: x
// counts 1, 2, 3, 4 at t = 0, 0.1, 0.2, 0.3, so the run fails at the tick
// at 0.3 with the message built from x there, and not before.
TEST(Clocked, AnAssertInAClockedWhenClauseFailsAtTheTickItTurnsFalse) {
  std::string fmu = compileModel(writeScratchModel("ClockedAssert.mo", R"(model ClockedAssert
  Clock c = Clock(0.1);
  Real x(start = 0);
equation
  when c then
    x = previous(x) + 1;
    assert(x < 4, "x reached " + String(x));
  end when;
end ClockedAssert;
)"),
                                 "ClockedAssert.fmu");
  SimulationResult early = simulateOk(simulationOf(fmu, 0.25, 0.05, true));
  EXPECT_DOUBLE_EQ(early.rows.back().at(columnOf(early, "x")), 3.0);
  std::string error = simulateError(simulationOf(fmu, 1, 0.05, true));
  EXPECT_NE(error.find("assertion failed: x reached 4"), std::string::npos) << error;
  EXPECT_NE(error.find("t=0.3"), std::string::npos) << error;
}

TEST(Clocked, PeriodicClocksTickFromTheStartTime) {
  Table expected = readCsv(sharedModel("clocked/RateChanges.expected.csv"));
  ASSERT_GE(expected.rows.size(), 6u);
  SimulateOptions options;
  options.fmuPath = compileModel(sharedModel("clocked/RateChanges.mo"), "RateChangesLate.fmu");
  options.startTime = 0.05;
  options.stopTime = 0.55;
  options.stepSize = 0.1;
  options.allVariables = true;
  SimulationResult r = simulateOk(options);
  ASSERT_EQ(r.rows.size(), 6u);
  for (size_t j = 0; j < r.rows.size(); ++j)
    for (size_t c = 1; c < expected.columns.size(); ++c)
      EXPECT_NEAR(at(r, j, expected.columns[c]), expected.rows[j][c], 1e-9)
          << expected.columns[c] << " at t=" << 0.05 + 0.1 * j;
}

// x' = -2x on a 0.1 s clock: explicit Euler gives x[k] = (1 - 0.2)^k,
// implicit Euler y[k] = (1/(1 + 0.2))^k, the implicit trapezoid rule
// z[k] = ((1 - 0.1)/(1 + 0.1))^k, with x[0] = y[0] = z[0] = 1 at the first
// tick (t = 0) and tick k at t = k/10.
TEST(Clocked, DiscretizedPartitionsFollowTheEulerRecurrences) {
  SimulationResult r = run("ClockedEuler", 1, 0.1);
  ASSERT_EQ(r.rows.size(), 11u);
  for (size_t k = 0; k < r.rows.size(); ++k) {
    EXPECT_NEAR(r.rows[k][0], 0.1 * k, 1e-12);
    EXPECT_NEAR(at(r, k, "x"), std::pow(0.8, k), 1e-12) << "k=" << k;
    EXPECT_NEAR(at(r, k, "y"), std::pow(1 / 1.2, k), 1e-12) << "k=" << k;
    EXPECT_NEAR(at(r, k, "z"), std::pow(0.9 / 1.1, k), 1e-12) << "k=" << k;
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

// An event clock whose condition reads its own partition through hold():
// it ticks whenever x has moved more than 3 from its value at the previous
// tick (a rotational clock of Modelica.Clocked). The condition is true
// right after initialization (|10 - 0| > 3), so the first tick is at the
// start time. Then x = 10 cos(2 pi t) falls through 7, 4, 1, -2, -5, -8
// (t = acos(x/10) / (2 pi)), turns at -10 and rises through -5, -2, 1, 4, 7.
TEST(Clocked, EventClockFedBackThroughHoldTicksEachTimeItsInputMovesOn) {
  SimulationResult r = runText("MovedClock", R"(
model MovedClock
  Real x = 10 * cos(2 * 3.141592653589793 * time);
  Clock c = Clock(abs(x - hold(xc)) > 3);
  Real xc(start = 0);
  Integer n(start = 0);
equation
  xc = sample(x, c);
  when c then
    n = previous(n) + 1;
  end when;
end MovedClock;
)", 0.95, 0.05);
  const double pi = 3.141592653589793;
  std::vector<double> levels = {10, 7, 4, 1, -2, -5, -8, -5, -2, 1, 4, 7};
  std::vector<double> ticks = {0};
  for (size_t k = 1; k < levels.size(); ++k) {
    double t = std::acos(levels[k] / 10) / (2 * pi);
    ticks.push_back(k < 7 ? t : 1 - t);
  }
  for (size_t row = 0; row < r.rows.size(); ++row) {
    const double t = 0.05 * static_cast<double>(row);
    size_t n = 0;
    while (n < ticks.size() && ticks[n] <= t) ++n;
    EXPECT_EQ(at(r, row, "n"), static_cast<double>(n)) << "t = " << t;
    EXPECT_NEAR(at(r, row, "xc"), levels[n - 1], 1e-5) << "t = " << t;
  }
}

// Clock(3, 10) ticks at 0, 0.3, ...; shiftSample(., 2, 3) at 0.2, 0.5, ...;
// backSample(., 1, 3) of that at 0.1, 0.4, .... Each operator's value is
// its operand's latest value (the start value 0 before its first tick).
// An event clock whose tick resets its own condition in the same instant
// (Modelica.Clocked's logical clocks: a tick's change() feeds the reset of
// the latch that starts it). The 0.1 s clock's tick raises s; q = s and
// not r rises, c ticks and toggles h2, whose change() r makes q fall again
// in the next event iteration. c ticks once per tick of the 0.1 s clock,
// and what it samples and counts then stays: the event iteration compares
// the partition's variables, it does not guess them (a guess of r = true
// is consistent too, and undid the tick).
TEST(Clocked, AnEventClockResetByItsOwnTickKeepsWhatItsTickComputed) {
  SimulationResult r = runText("SelfReset", R"(
model SelfReset
  Clock c1 = Clock(1, 10);
  Boolean h1(start = false);
  Boolean held1 = hold(h1);
  Boolean s = change(held1);
  Boolean h2(start = false);
  Boolean held2 = hold(h2);
  Boolean r = change(held2);
  Boolean q = s and not r;
  Clock c = Clock(q);
  Real y(start = -1);
  Integer n(start = 0);
equation
  when c1 then
    h1 = not previous(h1);
  end when;
  when c then
    h2 = not previous(h2);
    y = sample(time);
    n = previous(n) + 1;
  end when;
end SelfReset;
)", 0.35, 0.05);
  for (size_t row = 0; row < r.rows.size(); ++row) {
    const double t = 0.05 * static_cast<double>(row);
    const int ticks = static_cast<int>(std::floor(t / 0.1 + 1e-9)) + 1;  // at 0, 0.1, 0.2, ...
    EXPECT_EQ(at(r, row, "n"), ticks) << "t = " << t;
    EXPECT_NEAR(at(r, row, "y"), 0.1 * (ticks - 1), 1e-12) << "t = " << t;
  }
}

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
  SimulationResult r = runText("DefaultClock",
                               "model DefaultClock\n"
                               "  Integer n(start = 0);\n"
                               "equation\n"
                               "  n = previous(n) + 1;\n"
                               "end DefaultClock;\n",
                               3, 0.5);
  ASSERT_EQ(r.rows.size(), 7u);
  const int n[] = {1, 1, 2, 2, 3, 3, 4};
  for (size_t i = 0; i < r.rows.size(); ++i) EXPECT_EQ(at(r, i, "n"), n[i]) << "t=" << 0.5 * i;
}

// An inner Clock(1, 4) (ticks at k/4) drives the outer clocks of two
// component instances; Clock() and sample(u) with no clock of their own are
// inferred to it through `copy = c1.n`.
TEST(Clocked, InnerClockDrivesOuterClocksAndInferredClocksJoinIt) {
  SimulationResult r = runText("InnerClock",
                               "model InnerClock\n"
                               "  block Counter\n"
                               "    outer Clock clk;\n"
                               "    Integer n(start = 0);\n"
                               "  equation\n"
                               "    when clk then n = previous(n) + 1; end when;\n"
                               "  end Counter;\n"
                               "  inner Clock clk = Clock(1, 4);\n"
                               "  Counter c1, c2;\n"
                               "  Integer m(start = 0), copy;\n"
                               "  Real ts;\n"
                               "equation\n"
                               "  when Clock() then\n"
                               "    m = previous(m) + 1;\n"
                               "    copy = c1.n;\n"
                               "    ts = sample(time);\n"
                               "  end when;\n"
                               "end InnerClock;\n",
                               1, 0.125);
  ASSERT_EQ(r.rows.size(), 9u);
  for (size_t i = 0; i < r.rows.size(); ++i) {
    int ticks = static_cast<int>(i) / 2 + 1;  // ticks at 0, 0.25, ... up to t = i/8
    for (const char* name : {"c1.n", "c2.n", "m", "copy"})
      EXPECT_EQ(at(r, i, name), ticks) << name << " at t=" << 0.125 * i;
    EXPECT_NEAR(at(r, i, "ts"), 0.25 * (ticks - 1), 1e-15) << "t=" << 0.125 * i;
  }
}

// --- Clock errors: located, and no FMU.

struct ClockError {
  const char* name;
  const char* text;
  const char* location;  // "Name.mo:line:" of the error
  const char* keyword;   // a word the message must contain
};

void expectLocatedError(const ClockError& e) {
  std::string errors = compileErrors(writeScratchModel(std::string(e.name) + ".mo", e.text));
  EXPECT_NE(errors.find(e.location), std::string::npos) << errors;
  EXPECT_NE(errors.find("error:"), std::string::npos) << errors;
  EXPECT_NE(errors.find(e.keyword), std::string::npos) << errors;
}

TEST(Clocked, ConflictingClocksInOnePartitionAreALocatedError) {
  expectLocatedError({"Conflict",
                      "model Conflict\n"
                      "  Real a, b;\n"
                      "equation\n"
                      "  a = sample(time, Clock(0.1));\n"
                      "  b = a + sample(time, Clock(0.2));\n"
                      "end Conflict;\n",
                      "Conflict.mo:5:", "conflicting clocks"});
}

TEST(Clocked, SuperSamplingAnEventClockIsALocatedError) {
  expectLocatedError({"SuperEvent",
                      "model SuperEvent\n"
                      "  Integer n(start = 0);\n"
                      "equation\n"
                      "  when superSample(Clock(time > 0.5), 2) then\n"
                      "    n = previous(n) + 1;\n"
                      "  end when;\n"
                      "end SuperEvent;\n",
                      "SuperEvent.mo:4:", "event clock"});
}

// y is continuous-time (hold() defines it), so previous(y) is out of place.
TEST(Clocked, PreviousInAContinuousPartitionIsALocatedError) {
  expectLocatedError({"ContinuousPrevious",
                      "model ContinuousPrevious\n"
                      "  Real u, y, z;\n"
                      "equation\n"
                      "  u = sample(time, Clock(0.1));\n"
                      "  y = hold(u);\n"
                      "  z = previous(y) + 1;\n"
                      "end ContinuousPrevious;\n",
                      "ContinuousPrevious.mo:6:", "previous"});
}

// tests/e2e/models/InferredFactors.mo: fast = superSample(slow) ticks every
// 2 ms with slow's latest value, x at the last 10 ms tick; down =
// subSample(both) every 6 ms. At t = 0.012: fast = 0.01, both = 0.022,
// down = both then, sum = 0.022 + 0.012; at t = 0.014 down still holds.
// subSample of a Clock without a factor (spec 16.5.2): k's equation joins
// m's partition on c with subSample(n, 3), so c = subSample(c0, 3) and c
// ticks at 0, 0.3, 0.6, 0.9. At t = 0.35: n = 4 (ticks 0 to 0.3 of c0),
// m = 2, k = 6; at t = 1: n = 11, m = 4, k = n at 0.9 + m = 10 + 4.
TEST(Clocked, AClockSubSampledWithoutAFactorTakesTheFactorItsPartitionImplies) {
  SimulationResult r = runText("ClockFactor", R"(
model ClockFactor
  Clock c0 = Clock(1, 10);
  Clock c = subSample(c0);
  Integer n(start = 0);
  Integer m(start = 0);
  Integer k(start = 0);
equation
  when c0 then
    n = previous(n) + 1;
  end when;
  when c then
    m = previous(m) + 1;
  end when;
  k = subSample(n, 3) + m;
end ClockFactor;
)", 1.0, 0.05);
  EXPECT_EQ(at(r, 7, "m"), 2);  // t = 0.35
  EXPECT_EQ(at(r, 7, "k"), 6);
  EXPECT_EQ(at(r, 20, "n"), 11);  // t = 1
  EXPECT_EQ(at(r, 20, "m"), 4);
  EXPECT_EQ(at(r, 20, "k"), 14);
}

TEST(Clocked, AClockSubSampledWithoutAFactorThatNothingDeterminesIsALocatedError) {
  const std::string path = writeScratchModel("FreeFactor.mo", R"(model FreeFactor
  Clock c0 = Clock(1, 10);
  Clock c = subSample(c0);
  Integer m(start = 0);
equation
  when c then
    m = previous(m) + 1;
  end when;
end FreeFactor;
)");
  const std::string d = compileErrors(path);
  EXPECT_NE(d.find("FreeFactor.mo:3:13: error: cannot infer the factor of subSample()"), std::string::npos) << d;
}

TEST(Clocked, InferredFactorsTickOnTheExactClocksTheyJoin) {
  const std::string model = std::string(SMC_SOURCE_DIR) + "/tests/e2e/models/InferredFactors.mo";
  SimulationResult r = simulateOk(simulationOf(compileModel(model, "InferredFactors.fmu"), 0.02, 0.002, true));
  EXPECT_NEAR(at(r, 4, "fast"), 0, 1e-9);       // t = 0.008
  EXPECT_NEAR(at(r, 6, "fast"), 0.01, 1e-9);    // t = 0.012
  EXPECT_NEAR(at(r, 6, "both"), 0.022, 1e-9);
  EXPECT_NEAR(at(r, 6, "down"), 0.022, 1e-9);
  EXPECT_NEAR(at(r, 6, "sum"), 0.034, 1e-9);
  EXPECT_NEAR(at(r, 7, "down"), 0.022, 1e-9);   // t = 0.014: no 6 ms tick
  EXPECT_NEAR(at(r, 9, "down"), 0.028, 1e-9);   // t = 0.018
}

}  // namespace

// Hybrid models end to end: events, when-clauses, samples, functions,
// initialization and stiffness, each compared with a reference derived by
// hand or from the literature (never from smc's own output).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::columnOf;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::example;
using smc::test::simulateError;
using smc::test::simulateOk;
using smc::test::simulationOf;

// A when-statement of an algorithm cannot fire during initialization (spec
// 8.6), so the algorithm assigns nothing to y then and the initial
// algorithm gives y its value (as the MSL's AD converter does).
TEST(Hybrid, InitialAlgorithmSetsWhatOnlyAnInactiveWhenStatementAssigns) {
  std::string model = smc::test::writeScratchModel("LatchedAtStart.mo", R"(
model LatchedAtStart
  discrete Real y;
  Integer n(start = 0, fixed = true);
initial algorithm
  y := 5;
algorithm
  when time >= 0.5 then
    y := 7;
    n := pre(n) + 1;
  end when;
end LatchedAtStart;
)");
  SimulationResult r = simulateOk(simulationOf(compileModel(model, "LatchedAtStart.fmu"), 1, 0.25, true));
  for (double t : {0.0, 0.25}) {
    EXPECT_EQ(smc::test::valueAt(r, "y", t), 5) << "t = " << t;
    EXPECT_EQ(smc::test::valueAt(r, "n", t), 0) << "t = " << t;
  }
  for (double t : {0.5, 0.75, 1.0}) {
    EXPECT_EQ(smc::test::valueAt(r, "y", t), 7) << "t = " << t;
    EXPECT_EQ(smc::test::valueAt(r, "n", t), 1) << "t = " << t;
  }
}

TEST(Hybrid, SharedBouncingBallMatchesItsExpectation) {
  smc::test::expectMatchesSharedModel("continuous/BouncingBall", 0, 2e-3);
}

// Heating from 15 towards 40 until 21, cooling towards 10 until 19, and so
// on: each phase is an exponential with tau = 1, so the switching times are
// logarithms and T between them is closed-form.
TEST(Hybrid, ThermostatSwitchesAtTheClosedFormTimes) {
  std::string fmu = compileModel(example("Thermostat.mo"), "Thermostat.fmu");
  SimulationResult result = simulateOk(simulationOf(fmu, 3, 0.01));
  int T = columnOf(result, "T"), heating = columnOf(result, "heating");
  // Phase boundaries: on until t1, off until t2, on until t3, ...
  std::vector<double> switches;
  double t = std::log(25.0 / 19.0);  // 15 -> 21 heating
  for (int i = 0; t < 3.5; ++i) {
    switches.push_back(t);
    t += i % 2 == 0 ? std::log(11.0 / 9.0) : std::log(21.0 / 19.0);  // cool 21 -> 19, heat 19 -> 21
  }
  ASSERT_EQ(result.rows.size(), 301u);
  for (const auto& row : result.rows) {
    double time = row[0];
    size_t phase = 0;
    while (phase < switches.size() && switches[phase] <= time) ++phase;
    // Skip points within a solver tolerance of a switch.
    bool nearSwitch = false;
    for (double s : switches) nearSwitch = nearSwitch || std::fabs(time - s) < 1e-6;
    if (nearSwitch) continue;
    bool on = phase % 2 == 0;
    double start = phase == 0 ? 0 : switches[phase - 1];
    double from = phase == 0 ? 15 : (on ? 19 : 21);
    double target = on ? 40 : 10;
    double expected = target + (from - target) * std::exp(-(time - start));
    EXPECT_EQ(row[heating], on ? 1 : 0) << "t=" << time;
    EXPECT_NEAR(row[T], expected, 1e-5) << "t=" << time;
  }
}

// Ticks at 0.5, 0.75, 1.0, ...: after the events at t, count is the number
// of ticks <= t and `last` the latest tick time.
TEST(Hybrid, SampledCounterCountsEveryTickIncludingOnesAtCommunicationPoints) {
  std::string fmu = compileModel(example("SampledCounter.mo"), "SampledCounter.fmu");
  SimulationResult result = simulateOk(simulationOf(fmu, 2, 0.125));
  int count = columnOf(result, "count"), last = columnOf(result, "last");
  ASSERT_EQ(result.rows.size(), 17u);
  for (const auto& row : result.rows) {
    double t = row[0];
    int ticks = t < 0.5 ? 0 : static_cast<int>(std::floor((t - 0.5) / 0.25 + 1e-9)) + 1;
    EXPECT_EQ(row[count], ticks) << "t=" << t;
    EXPECT_DOUBLE_EQ(row[last], ticks == 0 ? -1.0 : 0.5 + 0.25 * (ticks - 1)) << "t=" << t;
  }
}

// A cascade through pre() takes one event-iteration round per link (spec
// 8.6: iterate until no pre() value changes): at t = 0.5 b[1] turns true,
// then b[2] in the next round, and so on, 150 rounds in all, more than the
// 100 after which a small model counts as chattering. So the limit grows
// with the discrete slots whose pre() the model reads.
TEST(Hybrid, ACascadeLongerThanAHundredRoundsSettlesWithinOneEvent) {
  std::string model = smc::test::writeScratchModel("Cascade.mo", R"(
model Cascade
  output Boolean b[150](each start = false, each fixed = true);
equation
  b[1] = time > 0.5;
  for i in 2:150 loop
    b[i] = pre(b[i - 1]);
  end for;
end Cascade;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "Cascade.fmu"), 1, 0.25));
  const int first = columnOf(result, "b[1]"), last = columnOf(result, "b[150]");
  for (const auto& row : result.rows) {
    EXPECT_EQ(row[first], row[0] > 0.5 ? 1 : 0) << "t=" << row[0];
    EXPECT_EQ(row[last], row[0] > 0.5 ? 1 : 0) << "t=" << row[0];
  }
}

TEST(Hybrid, UserFunctionWithWhileLoopComputesSquareRoots) {
  std::string fmu = compileModel(example("NewtonSqrt.mo"), "NewtonSqrt.fmu");
  SimulationResult result = simulateOk(simulationOf(fmu, 3, 0.1));
  int y = columnOf(result, "y"), coarse = columnOf(result, "coarse");
  ASSERT_EQ(result.rows.size(), 31u);
  for (const auto& row : result.rows) EXPECT_NEAR(row[y], std::sqrt(1 + row[0]), 1e-12) << "t=" << row[0];
  // Newton for sqrt(2) from 2, stopping once a step is <= 0.1 * root:
  // 2 -> 1.5 (step 0.5 > 0.15) -> 17/12 (step 1/12 <= 0.1417): stops at 17/12.
  EXPECT_NEAR(result.rows[0][coarse], 17.0 / 12.0, 1e-15);
}

// x(0) from der(x) = 0: x0 = k u = 6; then T x' + x = 6 + sin t has
// x = 6 + (sin t - T cos t + T exp(-t/T)) / (1 + T^2).
TEST(Hybrid, InitialEquationOnTheDerivativeGivesASteadyStart) {
  std::string fmu = compileModel(example("SteadyStart.mo"), "SteadyStart.fmu");
  SimulationResult result = simulateOk(simulationOf(fmu, 5, 0.25));
  int y = columnOf(result, "y");
  const double T = 0.5;
  for (const auto& row : result.rows) {
    double t = row[0];
    double expected = 6 + (std::sin(t) - T * std::cos(t) + T * std::exp(-t / T)) / (1 + T * T);
    EXPECT_NEAR(row[y], expected, 1e-6) << "t=" << t;
  }
}

// initial equation pre(n) = n0 (spec 8.6: pre(n) is an unknown of the
// initialization): n keeps pre(n) = 5 until the first tick at 0.5, then
// counts 6, 7; m = pre(n) + 10 reads the same unknown at initialization.
TEST(Hybrid, InitialEquationOnPreSetsTheValueACounterStartsFrom) {
  std::string model = smc::test::writeScratchModel("PreStart.mo", R"(model PreStart
  parameter Integer n0 = 5;
  Integer n;
  Integer m;
initial equation
  pre(n) = n0;
equation
  when sample(0.5, 0.5) then
    n = pre(n) + 1;
  end when;
  m = pre(n) + 10;
end PreStart;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "PreStart.fmu"), 1.25, 0.25, true));
  EXPECT_EQ(smc::test::valueAt(result, "n", 0), 5);
  EXPECT_EQ(smc::test::valueAt(result, "m", 0), 15);
  EXPECT_EQ(smc::test::valueAt(result, "n", 0.25), 5);
  EXPECT_EQ(smc::test::valueAt(result, "n", 0.75), 6);
  EXPECT_EQ(smc::test::valueAt(result, "n", 1.25), 7);
  EXPECT_EQ(smc::test::valueAt(result, "m", 1.25), 17);
}

// der() of expressions (spec 3.7.4.2): der(2 x) = -x gives x = exp(-t/2);
// der(k y + sin(x)) = 1 integrates to k y + sin(x) = t + sin(1) with
// y(0) = 0; z = der(x y) = x' y + x y'.
TEST(Hybrid, DerOfAnExpressionIsItsTimeDerivative) {
  std::string model = smc::test::writeScratchModel("DerExpression.mo", R"(model DerExpression
  parameter Real k = 2;
  Real x(start = 1, fixed = true);
  Real y(start = 0, fixed = true);
  Real z;
equation
  der(2 * x) = -x;
  der(k * y + sin(x)) = 1;
  z = der(x * y);
end DerExpression;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "DerExpression.fmu"), 1, 0.25, true));
  for (double t : {0.25, 0.5, 1.0}) {
    const double x = std::exp(-t / 2);
    const double y = (t + std::sin(1.0) - std::sin(x)) / 2;
    const double dx = -x / 2;
    const double dy = (1 - std::cos(x) * dx) / 2;
    EXPECT_NEAR(smc::test::valueAt(result, "x", t), x, 1e-5) << t;
    EXPECT_NEAR(smc::test::valueAt(result, "y", t), y, 1e-5) << t;
    EXPECT_NEAR(smc::test::valueAt(result, "z", t), dx * y + x * dy, 1e-5) << t;
  }
}

// Reference values of Robertson's problem from the literature (Hairer &
// Wanner's test set, also printed by SUNDIALS' cvRoberts example).
TEST(Hybrid, StiffRobertsonKineticsMatchTheReference) {
  std::string fmu = compileModel(example("Robertson.mo"), "Robertson.fmu");
  SimulateOptions options = simulationOf(fmu, 40, 0.4);
  options.outputVariables = {"y1", "y2", "y3", "total"};
  SimulationResult result = simulateOk(options);
  ASSERT_EQ(result.rows.size(), 101u);
  struct Reference {
    size_t row;
    double y1, y2, y3;
  };
  for (const Reference& r : {Reference{1, 9.851712e-01, 3.386380e-05, 1.479493e-02},
                             Reference{10, 9.055333e-01, 2.240655e-05, 9.444430e-02},
                             Reference{100, 7.158271e-01, 9.185535e-06, 2.841638e-01}}) {
    const auto& row = result.rows[r.row];
    EXPECT_NEAR(row[1], r.y1, 2e-4 * r.y1) << "t=" << row[0];
    EXPECT_NEAR(row[2], r.y2, 2e-4 * r.y2) << "t=" << row[0];
    EXPECT_NEAR(row[3], r.y3, 2e-4 * r.y3) << "t=" << row[0];
  }
  for (const auto& row : result.rows) EXPECT_NEAR(row[4], 1.0, 1e-9) << "t=" << row[0];
}

// a + 2b = x, 3a - b = 1 with x = exp(-t): a = (x + 2)/7, b = (3x - 1)/7.
TEST(Loops, LinearLoopIsSolvedExactlyByLu) {
  std::string fmu = compileModel(example("LinearLoop.mo"), "LinearLoop.fmu");
  SimulateOptions options = simulationOf(fmu, 2, 0.1);
  options.outputVariables = {"x", "a", "b"};
  SimulationResult result = simulateOk(options);
  ASSERT_EQ(result.rows.size(), 21u);
  for (const auto& row : result.rows) {
    double x = row[1];
    EXPECT_NEAR(x, std::exp(-row[0]), 1e-7) << "t=" << row[0];
    EXPECT_NEAR(row[2], (x + 2) / 7, 1e-14) << "t=" << row[0];
    EXPECT_NEAR(row[3], (3 * x - 1) / 7, 1e-14) << "t=" << row[0];
  }
}

std::string writeModel(const std::string& name, const std::string& text) {
  std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / ("smc-hybrid-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::filesystem::path path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(HybridErrors, WhenInsideWhenIsALocatedError) {
  std::string path = writeModel("Nested.mo",
                                "model Nested\n  Integer n(start = 0, fixed = true);\nequation\n"
                                "  when time > 1 then\n    when time > 2 then\n      n = pre(n) + 1;\n"
                                "    end when;\n  end when;\nend Nested;\n");
  std::string d = compileErrors(path);
  EXPECT_NE(d.find(path + ":5:5: error:"), std::string::npos) << d;
}

TEST(HybridErrors, ReinitOutsideWhenIsALocatedError) {
  std::string path = writeModel("Reinit.mo",
                                "model Reinit\n  Real x(start = 1, fixed = true);\nequation\n"
                                "  der(x) = -x;\n  reinit(x, 2);\nend Reinit;\n");
  std::string d = compileErrors(path);
  EXPECT_NE(d.find(path + ":5:3: error:"), std::string::npos) << d;
}

TEST(HybridErrors, InconsistentInitializationNamesTheEquations) {
  std::string path = writeModel("Overdetermined.mo",
                                "model Overdetermined\n  Real x(start = 1, fixed = true);\nequation\n"
                                "  der(x) = -x;\ninitial equation\n  x = 2;\nend Overdetermined;\n");
  std::string d = compileErrors(path);
  EXPECT_NE(d.find("initialization"), std::string::npos) << d;
  EXPECT_NE(d.find(path + ":6:3:"), std::string::npos) << d;
}

TEST(HybridErrors, ChatteringEventIterationFailsWithAClearMessage) {
  std::string path = writeModel("Chatter.mo",
                                "model Chatter\n  Boolean b(start = false);\n  Integer n(start = 0, fixed = true);\n"
                                "equation\n  when sample(0, 1) then\n    n = pre(n) + 1;\n  end when;\n"
                                "  b = not pre(b);\nend Chatter;\n");
  std::string fmu = compileModel(path, "Chatter.fmu");
  std::string message = simulateError(simulationOf(fmu, 1, 0.5));
  EXPECT_NE(message.find("event iteration"), std::string::npos) << message;
}

TEST(HybridErrors, SingularLinearLoopFailsNamingTheLoop) {
  std::string path = writeModel("Singular.mo",
                                "model Singular\n  parameter Real p = 2;\n  Real a, b;\nequation\n"
                                "  a + b = time;\n  p * a + p * b = 1;\nend Singular;\n");
  std::string fmu = compileModel(path, "Singular.fmu");
  std::string message = simulateError(simulationOf(fmu, 1, 0.5));
  EXPECT_NE(message.find("singular"), std::string::npos) << message;
  EXPECT_NE(message.find("Singular.mo:5:3"), std::string::npos) << message;
}

// An algorithm that assigns nothing (here only an assert on a state) runs
// with the outputs after every step, not only at events: y = t passes 0.45
// in the step from 0.4 to 0.5, which fails, rather than the run's end.
TEST(Hybrid, AnAlgorithmThatOnlyAssertsIsCheckedAfterEveryStep) {
  std::string model = smc::test::writeScratchModel("Checked.mo", R"(model Checked
  Real y(start = 0, fixed = true);
equation
  der(y) = 1;
algorithm
  assert(y < 0.45, "too far");
end Checked;
)");
  std::string error = simulateError(simulationOf(compileModel(model, "Checked.fmu"), 1, 0.1, true));
  EXPECT_NE(error.find("fmi2DoStep returned fmi2Error at t=0.4"), std::string::npos) << error;
  EXPECT_NE(error.find("assertion failed: too far"), std::string::npos) << error;
}

}  // namespace

// End to end: compile a model to an FMU in-process, run it through our own
// importer, and compare with references derived without any simulator
// (closed forms, ../shared/models expectations, an independent RK4).
#include "e2e/E2eSupport.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::columnOf;
using smc::test::compileModel;
using smc::test::example;
using smc::test::expectMatchesSharedModel;

SimulationResult run(const SimulateOptions& options) { return smc::test::simulateOk(options); }

TEST(EndToEnd, SharedDahlquistMatchesItsExpectation) {
  expectMatchesSharedModel("continuous/Dahlquist", 1e-6, 1e-12);
}

TEST(EndToEnd, DahlquistFollowsTheClosedFormAfterSettingK) {
  std::string fmu = compileModel(example("Dahlquist.mo"), "DahlquistK.fmu");
  SimulateOptions options;
  options.fmuPath = fmu;
  options.settings = {{"k", "0.5"}};
  options.stopTime = 3;
  options.stepSize = 0.1;
  options.outputVariables = {"x", "y"};
  SimulationResult result = run(options);
  ASSERT_EQ(result.rows.size(), 31u);
  for (const auto& row : result.rows) {
    double exact = std::exp(-0.5 * row[0]);
    EXPECT_NEAR(row[1], exact, 1e-6 * exact) << "t=" << row[0];
    EXPECT_NEAR(row[2], 2 * exact, 2e-6 * exact) << "t=" << row[0];
  }
}

// Classic fourth-order Runge-Kutta with a fixed small step: an independent
// reference for the Van der Pol oscillator.
std::array<double, 2> vanDerPolReference(double mu, double t) {
  std::array<double, 2> s{2.0, 0.0};
  auto f = [mu](const std::array<double, 2>& v) {
    return std::array<double, 2>{v[1], mu * (1 - v[0] * v[0]) * v[1] - v[0]};
  };
  const int steps = static_cast<int>(std::round(t / 1e-4));
  const double h = t / steps;
  for (int i = 0; i < steps; ++i) {
    auto k1 = f(s);
    auto k2 = f({s[0] + h / 2 * k1[0], s[1] + h / 2 * k1[1]});
    auto k3 = f({s[0] + h / 2 * k2[0], s[1] + h / 2 * k2[1]});
    auto k4 = f({s[0] + h * k3[0], s[1] + h * k3[1]});
    for (int j = 0; j < 2; ++j) s[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
  }
  return s;
}

TEST(EndToEnd, VanDerPolMatchesAnIndependentRungeKutta) {
  std::string fmu = compileModel(example("VanDerPol.mo"), "VanDerPol.fmu");
  SimulateOptions options;
  options.fmuPath = fmu;
  options.stopTime = 10;
  options.stepSize = 2.5;
  options.outputVariables = {"x", "y"};
  SimulationResult result = run(options);
  ASSERT_EQ(result.rows.size(), 5u);
  for (const auto& row : result.rows) {
    auto reference = vanDerPolReference(1.0, row[0]);
    EXPECT_NEAR(row[1], reference[0], 1e-5) << "t=" << row[0];
    EXPECT_NEAR(row[2], reference[1], 1e-5) << "t=" << row[0];
  }
}

TEST(EndToEnd, SpringMassDamperFollowsTheDampedOscillation) {
  std::string fmu = compileModel(example("SpringMassDamper.mo"), "SpringMassDamper.fmu");
  SimulateOptions options;
  options.fmuPath = fmu;
  options.stopTime = 5;
  options.stepSize = 0.25;
  SimulationResult result = run(options);
  // m = 2, c = 20, d = 0.5: s'' + 0.25 s' + 10 s = 0, s(0) = 0.1, v(0) = 0.
  const double alpha = 0.5 / (2 * 2), omega = std::sqrt(20.0 / 2 - alpha * alpha);
  const double a = 0.1, b = alpha * a / omega;
  int position = columnOf(result, "position"), energy = columnOf(result, "energy");
  ASSERT_EQ(result.rows.size(), 21u);
  for (const auto& row : result.rows) {
    double t = row[0];
    double s = std::exp(-alpha * t) * (a * std::cos(omega * t) + b * std::sin(omega * t));
    double v = std::exp(-alpha * t) *
               ((-alpha * a + omega * b) * std::cos(omega * t) + (-alpha * b - omega * a) * std::sin(omega * t));
    EXPECT_NEAR(row[position], s, 1e-6) << "t=" << t;
    EXPECT_NEAR(row[energy], 0.5 * 2 * v * v + 0.5 * 20 * s * s, 1e-5) << "t=" << t;
  }
}

TEST(EndToEnd, AlgebraicLoopIsSolvedAtEveryStep) {
  std::string fmu = compileModel(example("AlgebraicLoop.mo"), "AlgebraicLoop.fmu");
  SimulateOptions options;
  options.fmuPath = fmu;
  options.stopTime = 5;
  options.stepSize = 0.5;
  options.outputVariables = {"x", "y", "z", "out"};
  SimulationResult result = run(options);
  ASSERT_EQ(result.rows.size(), 11u);
  for (const auto& row : result.rows) {
    double t = row[0], x = row[1], y = row[2], z = row[3];
    EXPECT_NEAR(x, 1 + 4 * std::exp(-t / 2), 1e-6) << "t=" << t;  // tau x' = 1 - x, x(0) = 5
    EXPECT_NEAR(y + std::exp(z / 10), x, 1e-8) << "t=" << t;
    EXPECT_NEAR(z, 2 * y, 1e-8) << "t=" << t;
    EXPECT_NEAR(row[4], y + z, 1e-12) << "t=" << t;
  }
}

TEST(EndToEnd, TheSameModelGivesAByteIdenticalFmu) {
  std::string first = compileModel(example("SpringMassDamper.mo"), "Same1.fmu");
  std::string second = compileModel(example("SpringMassDamper.mo"), "Same2.fmu");
  std::string a = smc::test::readFile(first), b = smc::test::readFile(second);
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(a == b) << "the two FMUs differ";
}

}  // namespace

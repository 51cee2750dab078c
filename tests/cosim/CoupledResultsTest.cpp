// Coupled results against hand-derived recurrences. Each FMU integrates a
// constant input exactly over a step (dx/dt = gain*u is linear), so the
// only approximation is the master's: which input value each FMU holds
// during a step.
//   Oscillator (a' = -b, b' = a): Jacobi holds both inputs at the step's
//   start, which is explicit Euler: a+ = a - h b, b+ = b + h a, so
//   a^2 + b^2 grows by (1 + h^2) per step. Gauss-Seidel steps A, then B
//   with A's new output: a+ = a - h b, b+ = b + h a+, the symplectic Euler
//   method, which keeps a^2 + b^2 - h a b exactly constant.
//   ControlLoop (x' = K (r - x) through a feedthrough controller):
//   x+ = x + h K (r - x), so x_k = r (1 - (1 - hK)^k) for both masters.
#include "CosimSupport.h"

#include "TestFmu.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace smc::cosim {
namespace {

using test::column;
using test::runSystem;

constexpr double kTight = 1e-9;

void expectTimeGrid(const importer::SimulationResult& result, double step, std::size_t steps) {
  std::vector<double> time = column(result, "time");
  ASSERT_EQ(time.size(), steps + 1);
  for (std::size_t k = 0; k <= steps; ++k) EXPECT_NEAR(time[k], static_cast<double>(k) * step, 1e-12);
}

// The oscillator's two outputs over 10 s with step 0.1.
struct Orbit {
  std::vector<double> a, b;
};

Orbit runOscillator(MasterAlgorithm algorithm) {
  test::LoggedRun run = runSystem("Oscillator.ssd", algorithm, 0.1);
  EXPECT_EQ(run.report.phase, Phase::Completed) << run.logText();
  expectTimeGrid(run.report.result, 0.1, 100);
  return {column(run.report.result, "A.y"), column(run.report.result, "B.y")};
}

TEST(CoupledResults, JacobiOscillatorIsExplicitEuler) {
  auto [a, b] = runOscillator(MasterAlgorithm::Jacobi);
  ASSERT_EQ(a.size(), 101u);
  double ak = 1, bk = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_NEAR(a[k], ak, kTight) << "k=" << k;
    EXPECT_NEAR(b[k], bk, kTight) << "k=" << k;
    EXPECT_NEAR(a[k] * a[k] + b[k] * b[k], std::pow(1.01, static_cast<double>(k)), 1e-8);
    double next = ak - 0.1 * bk;
    bk = bk + 0.1 * ak;
    ak = next;
  }
}

TEST(CoupledResults, GaussSeidelOscillatorIsSymplecticEuler) {
  auto [a, b] = runOscillator(MasterAlgorithm::GaussSeidel);
  ASSERT_EQ(a.size(), 101u);
  double ak = 1, bk = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_NEAR(a[k], ak, kTight) << "k=" << k;
    EXPECT_NEAR(b[k], bk, kTight) << "k=" << k;
    EXPECT_NEAR(a[k] * a[k] + b[k] * b[k] - 0.1 * a[k] * b[k], 1.0, 1e-8) << "k=" << k;
    ak = ak - 0.1 * bk;
    bk = bk + 0.1 * ak;
  }
}

TEST(CoupledResults, JacobiGainsEnergyWhereGaussSeidelDoesNot) {
  auto radius = [](const Orbit& orbit) {
    if (orbit.a.empty()) return 0.0;
    return std::hypot(orbit.a.back(), orbit.b.back());
  };
  // (1.01)^50 = 1.6446...: Jacobi spirals out; the exact solution stays at 1.
  EXPECT_NEAR(radius(runOscillator(MasterAlgorithm::Jacobi)), std::pow(1.01, 50.0), 1e-7);
  EXPECT_LT(std::abs(radius(runOscillator(MasterAlgorithm::GaussSeidel)) - 1.0), 0.06);
}

TEST(CoupledResults, ControlLoopFollowsTheDiscreteClosedForm) {
  for (MasterAlgorithm algorithm : {MasterAlgorithm::Jacobi, MasterAlgorithm::GaussSeidel}) {
    SCOPED_TRACE(toString(algorithm));
    test::LoggedRun run = runSystem("ControlLoop.ssd", algorithm, 0.1);
    ASSERT_EQ(run.report.phase, Phase::Completed) << run.logText();
    expectTimeGrid(run.report.result, 0.1, 20);
    std::vector<double> x = column(run.report.result, "plant.y");
    std::vector<double> u = column(run.report.result, "controller.u");
    for (std::size_t k = 0; k < x.size(); ++k) {
      double expected = 1.0 - std::pow(0.8, static_cast<double>(k));
      EXPECT_NEAR(x[k], expected, kTight) << "k=" << k;
      // The controller's output is consistent with the plant at the same
      // instant, from t=0 on: inputs are propagated in dependency order.
      EXPECT_NEAR(u[k], 2.0 * (1.0 - expected), kTight) << "k=" << k;
    }
  }
}

TEST(CoupledResults, GaussSeidelStepsSourcesBeforeTheirReaders) {
  test::LoggedRun run = runSystem("ControlLoop.ssd", MasterAlgorithm::GaussSeidel, 0.1);
  ASSERT_EQ(run.report.phase, Phase::Completed) << run.logText();
  // setpoint feeds the loop; plant and controller form a feedback loop and
  // keep their document order.
  EXPECT_NE(run.logText().find("step order: setpoint, plant, controller"), std::string::npos)
      << run.logText();
}

// A third-party FMU (the importer tests' hand-written Decay, x = 2 e^{-t/2})
// drives an smc integrator. Jacobi integrates the value at each step's
// start (left Riemann sum); Gauss-Seidel steps Decay first and hands the
// integrator the value at the step's end (right Riemann sum).
TEST(CoupledResults, ThirdPartyFmuDrivesAnSmcFmu) {
  importer::test::Scratch scratch;
  scratch.packageDecay();
  std::filesystem::copy_file(test::testFile("fmus/Integrator.fmu"),
                             scratch.path() / "Integrator.fmu");
  std::filesystem::path ssd = scratch.path() / "Decay.ssd";
  // Sources relative to the SSD's folder, as SSP 1.0 resolves them.
  std::ofstream(ssd) << "<ssd:SystemStructureDescription version='1.0' name='Mixed' "
                        "xmlns:ssd='http://ssp-standard.org/SSP1/SystemStructureDescription'>"
                        "<ssd:System name='Root'><ssd:Elements>"
                        "<ssd:Component name='integral' source='Integrator.fmu'/>"
                        "<ssd:Component name='decay' source='Decay.fmu'"
                     << "/></ssd:Elements><ssd:Connections>"
                        "<ssd:Connection startElement='decay' startConnector='x' "
                        "endElement='integral' endConnector='u'/>"
                        "</ssd:Connections></ssd:System></ssd:SystemStructureDescription>";
  for (MasterAlgorithm algorithm : {MasterAlgorithm::Jacobi, MasterAlgorithm::GaussSeidel}) {
    SCOPED_TRACE(toString(algorithm));
    CosimOptions options;
    options.systemPath = ssd.string();
    options.algorithm = algorithm;
    options.stopTime = 1.0;
    options.stepSize = 0.1;
    test::LoggedRun run = test::runLogged(options);
    ASSERT_EQ(run.report.phase, Phase::Completed) << run.logText();
    std::vector<double> y = column(run.report.result, "integral.y");
    std::vector<double> x = column(run.report.result, "decay.x");
    ASSERT_EQ(y.size(), 11u);
    double sum = 0;
    for (std::size_t k = 0; k < y.size(); ++k) {
      double t = 0.1 * static_cast<double>(k);
      EXPECT_NEAR(x[k], importer::test::decayValue(2.0, 0.5, t), 1e-9);
      EXPECT_NEAR(y[k], sum, kTight) << "k=" << k;
      double sampled = algorithm == MasterAlgorithm::Jacobi ? t : t + 0.1;
      sum += 0.1 * importer::test::decayValue(2.0, 0.5, sampled);
    }
  }
}

}  // namespace
}  // namespace smc::cosim

// High-index models end to end: constraints between states reduced by
// index reduction (src/causalize/IndexReduction.cpp), simulated through
// the FMU and compared with closed forms and conservation laws.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// Inertias J1 = 1 and J2 = 3 turn together, the second one damped by
// -w: (J1 + J2) w' = -w, so w = exp(-t/4) from w(0) = 1 and the common
// angle is 4 (1 - exp(-t/4)); the torque between them is J1 w'.
TEST(HighIndex, RigidlyCoupledInertiasTurnAsOne) {
  std::string model = writeScratchModel("RigidPair.mo", R"(
model RigidPair
  Real phi1(start = 0, fixed = true), w1(start = 1, fixed = true);
  Real phi2, w2, tau;
  parameter Real J1 = 1, J2 = 3;
equation
  der(phi1) = w1;
  J1 * der(w1) = tau;
  der(phi2) = w2;
  J2 * der(w2) = -tau - w2;
  phi1 = phi2;
end RigidPair;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "RigidPair.fmu"), 4, 0.5, true));
  for (double t : {0.0, 1.0, 2.5, 4.0}) {
    const double w = std::exp(-t / 4);
    EXPECT_NEAR(valueAt(r, "w1", t), w, 1e-5) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "w2", t), w, 1e-5) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "phi2", t), 4 * (1 - w), 1e-5) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "tau", t), -w / 4, 1e-5) << "t = " << t;
  }
}

// The index-3 pendulum: whatever states index reduction keeps, the bob
// stays on the circle and its energy stays what it was at rest at
// (0.6, -0.8).
TEST(HighIndex, CartesianPendulumStaysOnItsCircleAndKeepsItsEnergy) {
  std::string model = writeScratchModel("CartesianPendulum.mo", R"(
model CartesianPendulum
  parameter Real L = 1, m = 1, g = 9.81;
  Real x(start = 0.6, fixed = true), y(start = -0.8), vx(start = 0, fixed = true), vy, F;
equation
  der(x) = vx;
  der(y) = vy;
  m * der(vx) = -F * x / L;
  m * der(vy) = -F * y / L - m * g;
  x^2 + y^2 = L^2;
end CartesianPendulum;
)");
  SimulationResult r =
      simulateOk(smc::test::simulationOf(compileModel(model, "CartesianPendulum.fmu"), 1.5, 0.1, true));
  const double energy0 = 9.81 * -0.8;
  for (int k = 0; k <= 15; ++k) {
    const double t = 0.1 * k;
    const double x = valueAt(r, "x", t), y = valueAt(r, "y", t);
    const double vx = valueAt(r, "vx", t), vy = valueAt(r, "vy", t);
    EXPECT_NEAR(x * x + y * y, 1, 1e-6) << "t = " << t;
    EXPECT_NEAR(0.5 * (vx * vx + vy * vy) + 9.81 * y, energy0, 1e-3) << "t = " << t;
    EXPECT_NEAR(x * vx + y * vy, 0, 1e-6) << "t = " << t;  // the speed is tangent to the circle
  }
  // It swings through the bottom to the other side within half a period.
  EXPECT_LT(valueAt(r, "x", 1.0), -0.5);
}

}  // namespace

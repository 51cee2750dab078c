// Mixed discrete/continuous loops end to end (src/causalize/MixedSystems.h):
// an ideal diode's Boolean state and the circuit's currents depend on each
// other; the event iteration settles them.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// A half-wave rectifier: v = sin(2 pi t) across an ideal diode (the MSL's
// parametrization by s, with Ron and Goff) and R = 2 in series. Conducting
// (v > 0): i = v / (R + Ron); blocking: s = v / (1 + R Goff) and
// i = Goff s. `off` is computed from s, and s from `off`.
TEST(MixedSystems, IdealDiodeRectifierConductsOnlyForward) {
  std::string model = writeScratchModel("HalfWave.mo", R"(
model HalfWave
  parameter Real Ron = 1e-5, Goff = 1e-5, R = 2;
  Real v, s(start = 0), vd, i;
  Boolean off(start = true);
equation
  v = sin(2 * 3.141592653589793 * time);
  off = s < 0;
  vd = s * (if off then 1 else Ron);
  i = s * (if off then Goff else 1);
  v = vd + R * i;
end HalfWave;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "HalfWave.fmu"), 2, 0.125, true));
  const double pi = 3.141592653589793;
  for (double t : {0.125, 0.25, 0.375, 0.625, 0.75, 0.875, 1.125, 1.625}) {
    const double v = std::sin(2 * pi * t);
    const double i = v > 0 ? v / (2 + 1e-5) : 1e-5 * v / (1 + 2e-5);
    EXPECT_NEAR(valueAt(r, "i", t), i, 1e-9) << "t = " << t;
    EXPECT_EQ(valueAt(r, "off", t), v > 0 ? 0 : 1) << "t = " << t;
  }
}

// Initialization solves the loop once, from n's start value 0: x = 0, so
// n = 1. That is no solution yet (x = 1 is not below 0.5); the event
// iteration right after initialization goes on to n = 2, x = 2, which is.
TEST(MixedSystems, InitializationIsSettledByAnEventIteration) {
  std::string model = writeScratchModel("Ladder.mo", R"(
model Ladder
  Integer n(start = 0, fixed = true);
  Real x;
equation
  x = n;
  n = if x < 0.5 then 1 else 2;
end Ladder;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "Ladder.fmu"), 1, 0.5, true));
  for (double t : {0.0, 1.0}) {
    EXPECT_EQ(valueAt(r, "n", t), 2) << "t = " << t;
    EXPECT_EQ(valueAt(r, "x", t), 2) << "t = " << t;
  }
}

}  // namespace

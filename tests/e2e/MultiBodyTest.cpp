// The MSL's MultiBody library on a model whose motion is known in closed
// form: what it needs from smc is a gravity field called through the world
// component (world.gravityAcceleration), overdetermined frame connectors
// and index reduction of rotation matrices, and causalization that never
// divides by the zeros of a fixed translation's vector.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// A body of m = 1 kg whose centre of mass is L = 0.5 m from a revolute
// axis (inertia I = 0.01 kg m^2 about it), started 0.05 rad from hanging
// straight down (phi = -pi/2: phi = 0 points along x, gravity along -y
// with g = 9.80665). It swings with period
//   T = 2 pi sqrt((m L^2 + I) / (m g L)) (1 + theta0^2 / 16) = 1.447053 s
// (the second factor, the first correction for a finite amplitude, moves
// T by 2e-4 s), so phi is back at its start after one period and at the
// opposite extreme after half of it.
TEST(MultiBody, APendulumSwingsWithThePeriodItsInertiaAndGravityGive) {
  std::string model = writeScratchModel("SmallPendulum.mo", R"(model SmallPendulum
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(
    phi(start = -Modelica.Constants.pi / 2 + 0.05, fixed = true), w(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.5, 0, 0}, I_11 = 0.01, I_22 = 0.01,
    I_33 = 0.01);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end SmallPendulum;
)");
  std::string fmu = compileModel(model, "SmallPendulum.fmu", [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  const double period = 2 * M_PI * std::sqrt((1 * 0.25 + 0.01) / (1 * 9.80665 * 0.5)) * (1 + 0.05 * 0.05 / 16);
  auto options = simulationOf(fmu, period, period / 2, true);
  SimulationResult r = simulateOk(options);
  EXPECT_NEAR(valueAt(r, "rev.phi", period / 2), -M_PI / 2 - 0.05, 2e-4);
  EXPECT_NEAR(valueAt(r, "rev.phi", period), -M_PI / 2 + 0.05, 2e-4);
  EXPECT_NEAR(valueAt(r, "rev.w", period), 0, 2e-3);
}

}  // namespace

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

// A spring's and a sensor's view of the same relative position, both
// preferred as states: the connection makes them equal, so only one may be
// integrated (a choice by structure alone kept both, and the positions'
// linear system was singular). The relative motion of two masses m on a
// spring k is s = 0.1 cos(sqrt(2 k / m) t).
TEST(HighIndex, TwoViewsOfOneRelativePositionFollowTheSpring) {
  std::string model = writeScratchModel("TwoViews.mo", R"(
model TwoViews
  parameter Real k = 100, m = 1;
  Real x1(start = 0, fixed = true), v1(start = 0, fixed = true), x2, x2a, v2(start = 0, fixed = true);
  Real s1(stateSelect = StateSelect.prefer, start = 0.1, fixed = true), w1;
  Real s2(stateSelect = StateSelect.prefer), w2;
equation
  s1 = x2 - x1;
  w1 = der(s1);
  s2 = x2a - x1;
  w2 = der(s2);
  x2a = x2;
  v1 = der(x1);
  m * der(v1) = k * s1;
  v2 = der(x2);
  m * der(v2) = -k * s1;
end TwoViews;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "TwoViews.fmu"), 1, 0.05, true));
  const double omega = std::sqrt(200.0);
  for (double t : {0.0, 0.1, 0.35, 0.8, 1.0}) {
    // Two periods at the default tolerance drift the phase by about 3e-5.
    EXPECT_NEAR(valueAt(r, "s1", t), 0.1 * std::cos(omega * t), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "s2", t), 0.1 * std::cos(omega * t), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "w2", t), -0.1 * omega * std::sin(omega * t), 1e-3) << "t = " << t;
  }
}

// Currents prescribed in a rotating frame, i = R(phi) * (0, iq), through
// inductors: the currents must be the dummies (their coefficients are
// constant), the filtered command iq and the angle the states. Making phi
// and iq the dummies would solve for them from the currents, which are 0
// at the start.
TEST(HighIndex, CurrentsPrescribedThroughARotationLeaveTheCommandAsState) {
  std::string model = writeScratchModel("RotatedCommand.mo", R"(
model RotatedCommand
  parameter Real L = 0.1, T = 0.01;
  Real i[2], v[2];
  Real iq(start = 0, fixed = true), phi(start = 0, fixed = true);
equation
  T * der(iq) = 1 - iq;
  der(phi) = 10;
  i[1] = -sin(phi) * iq;
  i[2] = cos(phi) * iq;
  L * der(i) = v;
end RotatedCommand;
)");
  SimulationResult r =
      simulateOk(smc::test::simulationOf(compileModel(model, "RotatedCommand.fmu"), 0.5, 0.01, true));
  for (double t : {0.0, 0.02, 0.1, 0.33, 0.5}) {
    const double iq = 1 - std::exp(-t / 0.01), diq = std::exp(-t / 0.01) / 0.01;
    EXPECT_NEAR(valueAt(r, "i[1]", t), -std::sin(10 * t) * iq, 1e-5) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "i[2]", t), std::cos(10 * t) * iq, 1e-5) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "v[2]", t), 0.1 * (-10 * std::sin(10 * t) * iq + std::cos(10 * t) * diq), 1e-3)
        << "t = " << t;
  }
}

// A capacitance fixed at 0 at translation (a parameter with
// annotation(Evaluate = true), and parameters computed from it) cancels its
// der() term (src/causalize/FixedValues.cpp): `i = C*der(v)` says i = 0, so
// v follows u through the resistor, and a capacitance that an equation makes
// 0 whatever x is (`cbc = smooth(1, Taur*exp(x) + C*x)`, as the MSL's
// transistors have with zero transit times) leaves x = cos(t). Without the
// fold, v and x would be states whose derivatives nothing determines.
TEST(HighIndex, DerivativesTimesACapacitanceFixedAtZeroVanish) {
  std::string model = writeScratchModel("VanishingCapacitance.mo", R"(model VanishingCapacitance
  parameter Real CapVal = 0 annotation(Evaluate = true);
  parameter Real C = CapVal "computed, so no importer can set it";
  parameter Real R = 2;
  parameter Real Taur = 2*CapVal;
  Real u = sin(time);
  Real v(start = 1) "would be a state if C were not 0";
  Real i;
  Real cbc;
  Real x(start = 5) "would be a state if cbc were not always 0";
equation
  R*i = u - v;
  i = C*der(v);
  cbc = smooth(1, Taur*exp(x) + C*x);
  cbc*der(x) + x = cos(time);
end VanishingCapacitance;
)");
  std::string fmu = compileModel(model, "VanishingCapacitance.fmu");
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  for (double t : {0.5, 1.0}) {
    EXPECT_DOUBLE_EQ(valueAt(r, "v", t), std::sin(t)) << t;
    EXPECT_EQ(valueAt(r, "i", t), 0) << t;
    EXPECT_DOUBLE_EQ(valueAt(r, "x", t), std::cos(t)) << t;
  }
}
// A source resistance fixed at 0 at translation, as a Spice3 MOSFET's:
// the record declared with Evaluate = true gives its fields too, a pure
// function computes the resistance from them, and NRS, which an evaluated
// binding reads, is evaluated with it. `i*Rs = v - vI` then says vI = v and
// nothing about i, so vI = sin(t) is no state and i comes from the
// capacitor's equation: i = C cos(t) + G sin(t). Matched to i instead, the
// equation would divide by the zero resistance.
TEST(HighIndex, AProductWithAFactorFixedAtZeroDoesNotDetermineItsUnknown) {
  std::string model = writeScratchModel("ZeroSourceResistance.mo", R"(model ZeroSourceResistance
  record Card "SPICE style: -1e40 means not given"
    parameter Real RS = -1e40;
    parameter Real RSH = 0;
  end Card;
  function resistance
    input Real given;
    input Real sheet;
    input Real squares;
    output Real r;
  algorithm
    r := if given > -1e40 then given else sheet * squares;
  end resistance;
  parameter Real NRS = 1;
  parameter Card card annotation(Evaluate = true);
  parameter Real squares = NRS annotation(Evaluate = true);
  final parameter Real Rs = resistance(card.RS, card.RSH, squares);
  parameter Real C = 1e-3;
  parameter Real G = 2;
  Real v = sin(time);
  Real vI(start = 0);
  Real i;
equation
  i * Rs = v - vI;
  C * der(vI) = i - G * vI;
end ZeroSourceResistance;
)");
  std::string fmu = compileModel(model, "ZeroSourceResistance.fmu");
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 1, 0.5, true));
  for (double t : {0.5, 1.0}) {
    EXPECT_NEAR(valueAt(r, "vI", t), std::sin(t), 1e-12) << t;
    EXPECT_NEAR(valueAt(r, "i", t), 1e-3 * std::cos(t) + 2 * std::sin(t), 1e-9) << t;
  }
}

// An inverse model through a function with derivative annotations (the
// MSL's Move): `phi2 = position({phi1, w1, a1}, time)` returns q[1] only, so
// it constrains phi2 to the state phi1 and index reduction differentiates
// it twice (speed returns q[2], acceleration q[3]), rather than taking it
// as the equation for a1, which the function ignores. Both inertias then
// move as one: (J1 + J2) a = sin(t), phi = (t - sin t)/4, tau = 3/4 sin t.
TEST(HighIndex, AnInverseModelThroughAFunctionConstrainsOnlyWhatItReads) {
  std::string model = writeScratchModel("InverseThroughFunction.mo", R"(model InverseThroughFunction
  function position
    input Real q[3] "position, speed, acceleration";
    input Real t;
    output Real p;
  algorithm
    p := q[1];
    annotation(derivative(noDerivative = q) = speed);
  end position;
  function speed
    input Real q[3];
    input Real t;
    input Real dt;
    output Real v;
  algorithm
    v := q[2];
    annotation(derivative(noDerivative = q, order = 2) = acceleration);
  end speed;
  function acceleration
    input Real q[3];
    input Real t;
    input Real dt;
    input Real ddt;
    output Real a;
  algorithm
    a := q[3];
  end acceleration;
  parameter Real J1 = 1, J2 = 3;
  Real phi1(start = 0, fixed = true), w1(start = 0, fixed = true), a1;
  Real phi2, w2, a2, tau;
equation
  der(phi1) = w1;
  der(w1) = a1;
  J1*a1 = sin(time) - tau;
  phi2 = position({phi1, w1, a1}, time);
  der(phi2) = w2;
  der(w2) = a2;
  J2*a2 = tau;
end InverseThroughFunction;
)");
  std::string fmu = compileModel(model, "InverseThroughFunction.fmu");
  SimulationResult r = simulateOk(smc::test::simulationOf(fmu, 2, 0.5, true));
  for (double t : {1.0, 2.0}) {
    EXPECT_NEAR(valueAt(r, "phi2", t), (t - std::sin(t)) / 4, 1e-5) << t;
    EXPECT_NEAR(valueAt(r, "w2", t), (1 - std::cos(t)) / 4, 1e-5) << t;
    EXPECT_NEAR(valueAt(r, "tau", t), 0.75 * std::sin(t), 1e-5) << t;
  }
}

// w = v with stateSelect = prefer on w: w becomes the state in v's place
// (tests/causalize: IndexReduction.APreferredVariable...), starts from v's
// fixed start 0, and the oscillator runs as written: s = cos t, w = -sin t.
TEST(HighIndex, APreferredSpeedIntegratedInPlaceOfItsTwinFollowsTheOscillator) {
  std::string model = writeScratchModel("PreferredSpeed.mo", R"(model PreferredSpeed
  Real s(start = 1, fixed = true);
  Real v(start = 0, fixed = true);
  Real w(stateSelect = StateSelect.prefer);
equation
  der(s) = v;
  der(v) = -s;
  w = v;
end PreferredSpeed;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "PreferredSpeed.fmu"), 3, 0.5, true));
  for (double t : {0.5, 1.0, 2.0, 3.0}) {
    EXPECT_NEAR(valueAt(r, "s", t), std::cos(t), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "w", t), -std::sin(t), 1e-4) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "v", t), -std::sin(t), 1e-4) << "t = " << t;
  }
}

}  // namespace

// The solver methods of clocked discretized continuous-time partitions
// (spec 16.8.2). The expectations are worked out from each method's
// Butcher tableau by hand, not taken from a run: for der(x) = -x with a
// step h = 0.1, one step multiplies x by the method's stability
// polynomial R(-h), and ten steps (the first tick takes none) give R^10.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

std::string decay(const std::string& method) {
  return "model Decay\n"
         "  Clock c = Clock(Clock(1, 10), solverMethod = \"" + method + "\");\n"
         "  Real u;\n"
         "  Real x(start = 1);\n"
         "  output Real hx = hold(x);\n"
         "equation\n"
         "  u = sample(0, c);\n"
         "  der(x) = -x + u;\n"
         "end Decay;\n";
}

double heldAtOne(const std::string& method) {
  SimulationResult result = simulateOk(
      simulationOf(compileModel(writeScratchModel("Decay.mo", decay(method)), "Decay" + method + ".fmu"), 1.0, 0.5));
  return result.rows.back()[columnOf(result, "hx")];
}

TEST(ClockedSolverMethods, EachExplicitMethodStepsByItsStabilityPolynomial) {
  const double h = 0.1;
  const double euler = 1 - h;
  const double midPoint = 1 - h + h * h / 2;
  const double rungeKutta = 1 - h + h * h / 2 - h * h * h / 6 + h * h * h * h / 24;
  EXPECT_NEAR(heldAtOne("ExplicitEuler"), std::pow(euler, 10), 1e-14);
  EXPECT_NEAR(heldAtOne("ExplicitMidPoint2"), std::pow(midPoint, 10), 1e-14);
  EXPECT_NEAR(heldAtOne("ExplicitRungeKutta4"), std::pow(rungeKutta, 10), 1e-14);
}

// Every state moves through the stages together: for the harmonic
// oscillator x' = v, v' = -x, with A its matrix, one classic Runge-Kutta
// step is the matrix I + hA + (hA)^2/2 + (hA)^3/6 + (hA)^4/24, and as
// A^2 = -I that is c*I + s*A with c = 1 - h^2/2 + h^4/24, s = h - h^3/6.
// Ten such steps from (0, 1), which are close to (sin 1, cos 1).
TEST(ClockedSolverMethods, TheStagesAdvanceAllStatesTogether) {
  const char* oscillator = R"(model Oscillator
  Clock c = Clock(Clock(1, 10), solverMethod = "ExplicitRungeKutta4");
  Real x(start = 0);
  Real v(start = 1);
  output Real hx = hold(x);
  output Real hv = hold(v);
equation
  der(x) = v;
  der(v) = -sample(1, c) * x;
end Oscillator;
)";
  SimulationResult result = simulateOk(
      simulationOf(compileModel(writeScratchModel("Oscillator.mo", oscillator), "Oscillator.fmu"), 1.0, 0.5));
  const double h = 0.1, c = 1 - h * h / 2 + h * h * h * h / 24, s = h - h * h * h / 6;
  double x = 0, v = 1;
  for (int step = 0; step < 10; ++step) {
    const double next = c * x + s * v;
    v = c * v - s * x;
    x = next;
  }
  EXPECT_NEAR(result.rows.back()[columnOf(result, "hx")], x, 1e-14);
  EXPECT_NEAR(result.rows.back()[columnOf(result, "hv")], v, 1e-14);
  EXPECT_NEAR(x, std::sin(1.0), 1e-6);
}

// Between ticks nothing is sampled: a stage reads the inputs of the tick
// the step starts from, as the explicit Euler step does. With der(x) = u
// and u sampled from a ramp, every method takes x_i = x_{i-1} + h*u_{i-1},
// so x at t = 1 is h * sum of u over the ticks 0 .. 0.9 = 0.1 * 4.5.
TEST(ClockedSolverMethods, StagesHoldTheInputsOfTheTickTheStepStartsFrom) {
  for (const char* method : {"ExplicitMidPoint2", "ExplicitRungeKutta4"}) {
    const std::string text = std::string("model Ramp\n  Real ramp = time;\n  Clock c = Clock(Clock(1, 10), solverMethod = \"") +
                             method +
                             "\");\n  Real u;\n  Real x(start = 0);\n  output Real hx = hold(x);\nequation\n"
                             "  u = sample(ramp, c);\n  der(x) = u;\nend Ramp;\n";
    SimulationResult result = simulateOk(
        simulationOf(compileModel(writeScratchModel("Ramp.mo", text), std::string("Ramp") + method + ".fmu"), 1.0, 0.5));
    EXPECT_NEAR(result.rows.back()[columnOf(result, "hx")], 0.45, 1e-12) << method;
  }
}

TEST(ClockedSolverMethods, AMultiStageMethodOnAnEventClockIsALocatedError) {
  const char* text = R"(model OnEvent
  Clock c = Clock(Clock(time > 0.5), solverMethod = "ExplicitRungeKutta4");
  Real x(start = 1);
  output Real hx = hold(x);
equation
  der(x) = -sample(1, c) * x;
end OnEvent;
)";
  const std::string errors = compileErrors(writeScratchModel("OnEvent.mo", text));
  EXPECT_NE(errors.find("OnEvent.mo:2:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("needs the interval known in advance"), std::string::npos) << errors;
}

}  // namespace

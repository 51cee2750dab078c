// delay() end to end (spec 3.7.4.1; src/causalize/Delays.h,
// runtime/src/delay_buffer.h): the value delayTime ago from the runtime's
// history, the start value before the start time, a recorded jump coming
// back as a time event, delays that break algebraic loops, and the
// errors the specification asks for. Expected values are derived by hand
// (method of steps for the delay-differential equation).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateError;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

TEST(Delay, DelayedRampIsTheRampShiftedAndItsStartValueBefore) {
  std::string model = writeScratchModel("DelayedRamp.mo", R"(
model DelayedRamp
  Real r = 2 * time + 1;
  Real y = delay(r, 0.5);
  Real z = delay(3 * r, 0.25, 1);
end DelayedRamp;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "DelayedRamp.fmu"), 2, 0.125, true));
  for (double t : {0.0, 0.25, 0.5, 0.625, 1.0, 1.5, 2.0}) {
    EXPECT_NEAR(valueAt(result, "y", t), t <= 0.5 ? 1 : 2 * (t - 0.5) + 1, 1e-9) << "t = " << t;
    EXPECT_NEAR(valueAt(result, "z", t), t <= 0.25 ? 3 : 3 * (2 * (t - 0.25) + 1), 1e-9) << "t = " << t;
  }
}

// x' = -x(t - 1), x = 1 up to t = 0 (the start value stands for the past):
// on [0, 1] x = 1 - t; on [1, 2] x' = -(2 - t), so x = -2(t - 1) + (t^2 - 1)/2.
TEST(Delay, DelayDifferentialEquationFollowsTheMethodOfSteps) {
  std::string model = writeScratchModel("Dde.mo", R"(
model Dde
  Real x(start = 1, fixed = true);
equation
  der(x) = -delay(x, 1);
end Dde;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "Dde.fmu"), 2, 0.25, true));
  for (double t : {0.5, 1.0, 1.25, 1.5, 1.75, 2.0}) {
    const double exact = t <= 1 ? 1 - t : -2 * (t - 1) + (t * t - 1) / 2;
    EXPECT_NEAR(valueAt(result, "x", t), exact, 2e-5) << "t = " << t;
  }
}

// u jumps at 0.3; its delay by 0.2 jumps at exactly 0.5, an event of its own
// (no state and no zero crossing would find it otherwise).
TEST(Delay, RecordedJumpReturnsAsATimeEventAtItsExactTime) {
  std::string model = writeScratchModel("DelayedStep.mo", R"(
model DelayedStep
  Real u = if time >= 0.3 then 1 else 0;
  Real w = delay(u, 0.2);
  discrete Real tJump(start = -1, fixed = true);
  Integer n(start = 0, fixed = true);
equation
  when w > 0.5 then
    tJump = time;
    n = pre(n) + 1;
  end when;
end DelayedStep;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "DelayedStep.fmu"), 1, 0.1, true));
  EXPECT_NEAR(valueAt(result, "tJump", 1.0), 0.5, 1e-12);
  EXPECT_EQ(valueAt(result, "n", 1.0), 1);
  EXPECT_EQ(valueAt(result, "w", 0.4), 0);
  EXPECT_EQ(valueAt(result, "w", 0.6), 1);
}

// k counts sample ticks at 0.1, 0.3, 0.5, ...; its delay by 0.3 steps up at
// 0.4, 0.6, 0.8, ..., which are communication points: the values read
// there are those after the delayed jump (0.1 + 0.3 lands one rounding
// error away from the grid's 0.4).
TEST(Delay, DelayedJumpOnACommunicationPointIsSeenThere) {
  std::string model = writeScratchModel("DelayedCount.mo", R"(
model DelayedCount
  Integer k(start = 0, fixed = true);
  Real z = delay(k, 0.3);
equation
  when sample(0.1, 0.2) then
    k = pre(k) + 1;
  end when;
end DelayedCount;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "DelayedCount.fmu"), 1, 0.1, true));
  const double expected[] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4};
  for (int i = 0; i <= 10; ++i) EXPECT_EQ(valueAt(result, "z", i / 10.0), expected[i]) << "t = " << i / 10.0;
}

// y = t + y(t - 1)/2: a loop through y only in the past. Initialization
// reads the delay as y itself: y = 0 + y/2, so y(0) = 0; then y = t on
// (0, 1] and y = t + (t - 1)/2 on (1, 2].
TEST(Delay, DelayWithPositiveDelayTimeBreaksAnAlgebraicLoop) {
  std::string model = writeScratchModel("Echo.mo", R"(
model Echo
  parameter Real T = 1;
  Real y;
equation
  y = time + 0.5 * delay(y, T);
end Echo;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "Echo.fmu"), 2, 0.25, true));
  for (double t : {0.0, 0.5, 1.0, 1.5, 2.0})
    EXPECT_NEAR(valueAt(result, "y", t), t <= 1 ? t : t + (t - 1) / 2, 1e-9) << "t = " << t;
}

// A delay time that varies (with delayMax): y(t) = r(t - d(t)), and the
// value at the start while t - d(t) is before it.
TEST(Delay, VaryingDelayTimeReadsTheHistoryAtTimeMinusDelay) {
  std::string model = writeScratchModel("VaryingDelayTime.mo", R"(
model VaryingDelayTime
  Real r = 3 * time + 1;
  Real d = 0.25 + 0.25 * time;
  Real y = delay(r, d, 1);
end VaryingDelayTime;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "VaryingDelayTime.fmu"), 2, 0.125, true));
  for (double t : {0.125, 0.25, 0.5, 1.0, 1.5, 2.0}) {
    const double past = t - (0.25 + 0.25 * t);
    EXPECT_NEAR(valueAt(result, "y", t), past <= 0 ? 1 : 3 * past + 1, 1e-9) << "t = " << t;
  }
}

// A 20 Hz sine recorded at every communication point of 0.0002 s: the
// half second a delay of 0.5 reaches back over is 2500 points, more than
// the 1024 a history holds, so older points are dropped, then every second
// one, and new points keep the doubled spacing: the points stay evenly
// spread, at most 4 recording intervals apart over a window of 512 to
// 1024 points (0.0008 s). Linear interpolation over points that far apart
// stays within (2 pi 20)^2 (0.0008)^2 / 8 = 1.3e-3 of the sine, also after
// the buffer has filled many times over (4 s).
TEST(Delay, HistoryLongerThanItsBufferKeepsEveryOtherPoint) {
  std::string model = writeScratchModel("LongHistory.mo", R"(
model LongHistory
  Real x = sin(2 * 3.141592653589793 * 20 * time);
  Real y = delay(x, 0.5);
end LongHistory;
)");
  SimulationResult result = simulateOk(simulationOf(compileModel(model, "LongHistory.fmu"), 4, 0.0002, true));
  for (double t : {0.6, 1.0, 1.3, 1.77, 2.0, 3.0, 3.61, 4.0})
    EXPECT_NEAR(valueAt(result, "y", t), std::sin(2 * 3.141592653589793 * 20 * (t - 0.5)), 1.5e-3) << "t = " << t;
}

// The equations were sorted as if the delay read only the past, which a
// delay time set to 0 after translation would break: an error, not a
// value one evaluation old.
TEST(Delay, DelayTimeSetToZeroAfterTranslationFailsTheStep) {
  std::string model = writeScratchModel("Echo0.mo", R"(
model Echo0
  parameter Real T = 1;
  Real y;
equation
  y = time + 0.5 * delay(y, T);
end Echo0;
)");
  smc::importer::SimulateOptions options = simulationOf(compileModel(model, "Echo0.fmu"), 1, 0.25, true);
  options.settings.push_back({"T", "0"});
  std::string error = simulateError(options);
  EXPECT_NE(error.find("the delay time of delay() at Echo0.mo:6:20 is 0; it was positive when the model was "
                       "translated"),
            std::string::npos)
      << error;
}

TEST(Delay, VaryingDelayTimeWithoutDelayMaxIsAnError) {
  std::string model = writeScratchModel("VaryingDelay.mo", R"(
model VaryingDelay
  Real d = 0.1 + time;
  Real y = delay(time, d);
end VaryingDelay;
)");
  EXPECT_NE(compileErrors(model).find("VaryingDelay.mo:4:24: error: the delay time of delay(expr, delayTime) "
                                      "must be a parameter expression"),
            std::string::npos)
      << compileErrors(model);
}

TEST(Delay, NegativeDelayTimeIsAnError) {
  std::string model = writeScratchModel("NegativeDelay.mo", R"(
model NegativeDelay
  parameter Real T = -1;
  Real y = delay(time, T);
end NegativeDelay;
)");
  EXPECT_NE(compileErrors(model).find("NegativeDelay.mo:4:24: error: the delay time of delay() is -1.0; it must "
                                      "not be negative"),
            std::string::npos)
      << compileErrors(model);
}

TEST(Delay, DelayInsideAFunctionIsAnError) {
  std::string model = writeScratchModel("DelayInFunction.mo", R"(
model DelayInFunction
  function f
    input Real u;
    output Real y;
  algorithm
    y := delay(u, 1);
  end f;
  Real y = f(time);
end DelayInFunction;
)");
  EXPECT_NE(compileErrors(model).find("DelayInFunction.mo:7:10: error: delay() cannot be used inside a function"),
            std::string::npos)
      << compileErrors(model);
}

// 0 <= delayTime <= delayMax must hold while the model runs (spec 3.7.4.1).
TEST(Delay, DelayTimeAboveDelayMaxFailsTheStep) {
  std::string model = writeScratchModel("LongDelay.mo", R"(
model LongDelay
  Real d = 2 * time;
  Real y = delay(time, d, 1);
end LongDelay;
)");
  std::string error = simulateError(simulationOf(compileModel(model, "LongDelay.fmu"), 1, 0.25, true));
  EXPECT_NE(error.find("the delay time of delay() at LongDelay.mo:4:12 is outside 0 <= delayTime <= delayMax"),
            std::string::npos)
      << error;
}

}  // namespace

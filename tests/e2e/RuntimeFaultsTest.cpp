// Models that go wrong while they run: every fault ends the step with
// fmi2Error (or a warning where the standard allows the run to go on) and
// a message naming the construct and its location in the .mo file, never
// a silent NaN, a wrapped Integer, a hang or a result that is quietly
// wrong.
#include "E2eSupport.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

std::string errorOfModel(const std::string& name, const std::string& text, double stop,
                         double step = 0.01) {
  std::string fmu = compileModel(writeScratchModel(name + ".mo", text), name + ".fmu");
  if (fmu.empty()) return "(did not compile)";
  return simulateError(simulationOf(fmu, stop, step, true));
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(RuntimeFaults, IntegerOverflowInAWhenClauseFailsTheStepNamingTheEquation) {
  std::string message = errorOfModel("Counter", R"(model Counter
  discrete Integer n(start = 2147483600);
equation
  when sample(0, 0.1) then
    n = pre(n) + 10;
  end when;
end Counter;
)",
                                     1.0);
  EXPECT_TRUE(contains(message, "Integer overflow: the value of 'pre(n) + 10' at Counter.mo:5:9 "
                                "is outside the 32-bit range of an Integer"))
      << message;
  // 2147483600 + 5 * 10 > 2147483647: the fifth tick, at t = 0.4.
  EXPECT_TRUE(contains(message, "at t=0.4")) << message;
}

TEST(RuntimeFaults, SampleTickingPastItsCounterFails) {
  std::string model = writeScratchModel("Fast.mo", R"(model Fast
  discrete Integer n(start = 0);
equation
  when sample(0, 1e-9) then
    n = 1;
  end when;
end Fast;
)");
  std::string fmu = compileModel(model, "Fast.fmu");
  ASSERT_FALSE(fmu.empty());
  importer::SimulateOptions options = simulationOf(fmu, 3.0, 1.0);
  options.startTime = 2.5;  // tick 2.5e9 is past 2^31 - 1
  std::string message = simulateError(options);
  EXPECT_TRUE(contains(message, "sample() at Fast.mo:4:8 ticks more than 2147483647 times"))
      << message;
}

TEST(RuntimeFaults, NonFiniteOutputFailsTheStepNamingTheVariableAndItsEquation) {
  std::string message = errorOfModel("LogOfNegative", R"(model LogOfNegative
  Real x(start = 1);
  output Real y;
equation
  der(x) = -x;
  y = log(x - 0.5);
end LogOfNegative;
)",
                                     2.0);
  // x = e^-t reaches 0.5 at t = ln 2 = 0.693.
  EXPECT_TRUE(contains(message, "y is NaN (computed at LogOfNegative.mo:6:3); a Modelica "
                                "variable holds finite numbers only"))
      << message;
  EXPECT_TRUE(contains(message, "at t=0.69")) << message;
}

TEST(RuntimeFaults, NonFiniteParameterFailsTheInitialization) {
  std::string message = errorOfModel("Ratio", R"(model Ratio
  parameter Real a = 0;
  parameter Real r = 1 / a;
  output Real y = r;
end Ratio;
)",
                                     1.0);
  EXPECT_TRUE(contains(message, "fmi2ExitInitializationMode")) << message;
  EXPECT_TRUE(contains(message, "r is infinite (computed at Ratio.mo:3:")) << message;
}

TEST(RuntimeFaults, NonFiniteCanBeDowngradedToAWarning) {
  std::string model = writeScratchModel("Root.mo", R"(model Root
  output Real y = sqrt(1 - time);
end Root;
)");
  std::string fmu =
      compileModel(model, "Root.fmu", [](CompileOptions& o) { o.nonFiniteIsWarning = true; });
  ASSERT_FALSE(fmu.empty());
  importer::SimulationResult result = simulateOk(simulationOf(fmu, 2.0, 0.5));
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_TRUE(contains(result.warnings[0], "fmi2DoStep returned fmi2Warning at t=1"))
      << result.warnings[0];
  EXPECT_TRUE(contains(result.warnings[0], "y is NaN at t=1.5")) << result.warnings[0];
}

TEST(RuntimeFaults, AlgebraicLoopStartingFromANonFiniteGuessNamesTheUnknown) {
  std::string message = errorOfModel("LoopStart", R"(model LoopStart
  Real x(start = sqrt(-1));
  Real y;
equation
  x = cos(y) + time;
  y = x^3 + sin(x);
end LoopStart;
)",
                                     1.0);
  EXPECT_TRUE(contains(message, "equations at LoopStart.mo:5:3")) << message;
  EXPECT_TRUE(contains(message, "cannot start: the unknown x is NaN (its start value")) << message;
}

// y starts at 0, where x = 1 / y + 1 is infinite: the solve from the start
// values fails at once, and the second attempt, from y = 1, finds the root
// of y^3 + 1 / y = 9 near 2.0312 (Newton from y = 1 goes there).
TEST(RuntimeFaults, AlgebraicLoopWhoseStartDividesByZeroIsSolvedFromOnes) {
  std::string fmu = compileModel(writeScratchModel("ZeroStart.mo", R"(model ZeroStart
  Real x;
  Real y;
equation
  x = 1 / y + 1;
  y^3 + x = 10 + 0 * time;
end ZeroStart;
)"),
                                 "ZeroStart.fmu");
  ASSERT_FALSE(fmu.empty());
  importer::SimulationResult result = simulateOk(simulationOf(fmu, 0.1, 0.1, true));
  const double y = valueAt(result, "y", 0.1);
  EXPECT_NEAR(y * y * y + 1 / y, 9, 1e-9) << y;
  EXPECT_NEAR(valueAt(result, "x", 0.1), 1 / y + 1, 1e-9);
  EXPECT_GT(y, 1.5);
}

TEST(RuntimeFaults, ChatteringThermostatEndsWithinAFewThousandEvents) {
  std::string message = errorOfModel("Thermostat", R"(model Thermostat
  Real T(start = 15);
  Boolean heating;
equation
  heating = T < 20;
  der(T) = if heating then 1 else -1;
end Thermostat;
)",
                                     10.0, 0.02);
  EXPECT_TRUE(contains(message, "chattering at t=5.0")) << message;
  EXPECT_TRUE(contains(message, "'T < 20' at Thermostat.mo:5:13 switched more than 1000 times"))
      << message;
}

TEST(RuntimeFaults, BouncingBallWarnsWhereItsBouncesAccumulate) {
  std::string fmu = compileModel(writeScratchModel("Ball.mo", R"(model Ball
  Real h(start = 1);
  Real v(start = 0);
  parameter Real e = 0.8;
equation
  der(h) = v;
  der(v) = -9.81;
  when h <= 0 then
    reinit(v, -e*pre(v));
  end when;
end Ball;
)"),
                                 "Ball.fmu");
  ASSERT_FALSE(fmu.empty());
  importer::SimulationResult result = simulateOk(simulationOf(fmu, 3.9, 0.01));
  std::string warnings;
  for (const std::string& w : result.warnings) warnings += w + "\n";
  EXPECT_TRUE(contains(warnings, "events of 'h <= 0' at Ball.mo:8:8 accumulate")) << warnings;
  // Bounce k lasts 2 e^k sqrt(2/g): they sum to t = sqrt(2/g) (1 + 2e/(1 - e)) = 4.0637.
  EXPECT_TRUE(contains(warnings, "so they tend to t=4.06")) << warnings;
}

TEST(RuntimeFaults, EndlessWhileLoopFailsNamingTheLoop) {
  std::string model = writeScratchModel("Endless.mo", R"(model Endless
  Real y;
algorithm
  y := 0;
  while noEvent(y < 1) loop
    y := y * 2;
  end while;
end Endless;
)");
  std::string fmu =
      compileModel(model, "Endless.fmu", [](CompileOptions& o) { o.maxWhileIterations = 1000; });
  ASSERT_FALSE(fmu.empty());
  std::string message = simulateError(simulationOf(fmu, 1.0, 0.1));
  EXPECT_TRUE(contains(message, "the while loop at Endless.mo:5:3 ran more than 1000 times "
                                "without ending"))
      << message;
}

TEST(RuntimeFaults, TerminateMessageIsShown) {
  std::string fmu = compileModel(writeScratchModel("Stop.mo", R"(model Stop
  Real x(start = 0);
equation
  der(x) = 1;
  when x > 0.5 then
    terminate("reached 0.5");
  end when;
end Stop;
)"),
                                 "Stop.fmu");
  ASSERT_FALSE(fmu.empty());
  importer::SimulationResult result = simulateOk(simulationOf(fmu, 1.0, 0.1));
  ASSERT_FALSE(result.warnings.empty());
  EXPECT_TRUE(contains(result.warnings.back(), "terminate() at t=0.5")) << result.warnings.back();
  EXPECT_TRUE(contains(result.warnings.back(), "reached 0.5")) << result.warnings.back();
}

// The MSL's TerminateSimulation block: the message is a String parameter
// of the block, modified by the model that uses it.
TEST(RuntimeFaults, TerminateMessageFromAStringParameterIsShown) {
  std::string fmu = compileModel(writeScratchModel("StopBlock.mo", R"(model StopBlock
  block TerminateWhen
    input Boolean condition;
    parameter String text = "... End condition reached";
  equation
    when condition then
      terminate(text);
    end when;
  end TerminateWhen;
  Real x(start = 0, fixed = true);
  TerminateWhen stop(condition = x > 0.5, text = "x passed " + "one half");
equation
  der(x) = 1;
end StopBlock;
)"),
                                 "StopBlock.fmu");
  ASSERT_FALSE(fmu.empty());
  importer::SimulationResult result = simulateOk(simulationOf(fmu, 1.0, 0.1));
  ASSERT_FALSE(result.warnings.empty());
  EXPECT_TRUE(contains(result.warnings.back(), "terminate() at t=0.5")) << result.warnings.back();
  EXPECT_TRUE(contains(result.warnings.back(), "x passed one half")) << result.warnings.back();
}

// The message's values are formatted when it fails: x = 0.5 at the event
// (3 significant digits), the parameter limit, k = integer(10 x) = 5
// right-justified in 4 characters, and b = (x > 0.25).
TEST(RuntimeFaults, AssertMessageShowsValuesFormattedAtRunTime) {
  std::string fmu = compileModel(writeScratchModel("Limit.mo", R"(model Limit
  parameter Real limit = 0.5;
  Real x(start = 0, fixed = true);
  Integer k = integer(10 * x);
  Boolean b = x > 0.25;
equation
  der(x) = 1;
  assert(x < limit, "x (= " + String(x, significantDigits = 3) + ") reached " + String(limit) + "; k =" +
    String(k, minimumLength = 4, leftJustified = false) + ", b = " + String(b));
end Limit;
)"),
                                 "Limit.fmu");
  ASSERT_FALSE(fmu.empty());
  std::string message = simulateError(simulationOf(fmu, 1.0, 0.1));
  EXPECT_TRUE(contains(message, "assertion failed: x (= 0.5) reached 0.5; k =   5, b = true (assert at ")) << message;
}

TEST(RuntimeFaults, TerminateMessageShowsAValueFormattedAtRunTime) {
  std::string fmu = compileModel(writeScratchModel("StopAt.mo", R"(model StopAt
  Real x(start = 0);
  discrete Integer n(start = 0);
equation
  der(x) = 1;
  when x > 0.5 then
    n = 7;
    terminate("stopped with n = " + String(n) + " at x > " + String(0.5));
  end when;
end StopAt;
)"),
                                 "StopAt.fmu");
  ASSERT_FALSE(fmu.empty());
  importer::SimulationResult result = simulateOk(simulationOf(fmu, 1.0, 0.1));
  ASSERT_FALSE(result.warnings.empty());
  EXPECT_TRUE(contains(result.warnings.back(), "stopped with n = 7 at x > 0.5")) << result.warnings.back();
}

}  // namespace
}  // namespace smc::test

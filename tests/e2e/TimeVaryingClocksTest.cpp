// Clocks whose interval changes at every tick (spec 16.3): the argument of
// Clock(intervalCounter, resolution) or Clock(interval) is a clocked
// expression of the clock's own partition, and the next tick comes that
// interval after the current one, the interval read at the current tick.
// The tick times below are worked out from that rule by hand.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

// The distinct values a column takes over the run, in order.
std::vector<double> distinctValues(const SimulationResult& result, const std::string& name) {
  std::vector<double> values;
  const int column = columnOf(result, name);
  for (const auto& row : result.rows)
    if (values.empty() || row[column] != values.back()) values.push_back(row[column]);
  return values;
}

// The distinct values of `name` are `expected`, to 1e-9.
void expectValues(const SimulationResult& result, const std::string& name, const std::vector<double>& expected) {
  const std::vector<double> values = distinctValues(result, name);
  ASSERT_EQ(values.size(), expected.size()) << name;
  for (size_t i = 0; i < values.size(); ++i) EXPECT_NEAR(values[i], expected[i], 1e-9) << name << " " << i;
}

// A clock on `interval`, with h doubling at every tick from 0.2 at the
// first, `extra` declared after h; heldTick holds the latest tick's time.
std::string doubling(const std::string& name, const std::string& interval, const std::string& extra) {
  return "model " + name + "\n  Clock c = Clock(" + interval + ");\n  Real h(start = 0.1);\n" + extra +
         "  Real tick(start = -1);\n  output Real heldTick = hold(tick);\nequation\n  when c then\n"
         "    h = previous(h) * 2;\n    tick = sample(time);\n  end when;\nend " + name + ";\n";
}

// k = 2, 3, 4, ... at the ticks, each tick k/10 s after the one before:
// ticks at 0, 0.2, 0.5, 0.9, 1.4 and 2.0.
TEST(TimeVaryingClocks, AClockedIntervalCounterSetsTheTimeToTheNextTick) {
  const char* text = R"(model Counter
  Integer k(start = 1);
  Clock c = Clock(k, 10);
  Real tick(start = -1);
  output Real heldTick = hold(tick);
equation
  when c then
    k = previous(k) + 1;
    tick = sample(time);
  end when;
end Counter;
)";
  SimulationResult result =
      simulateOk(simulationOf(compileModel(writeScratchModel("Counter.mo", text), "Counter.fmu"), 2.2, 0.01));
  expectValues(result, "heldTick", {0, 0.2, 0.5, 0.9, 1.4, 2.0});
}

// A Real interval that doubles at every tick, from 0.2 at the first: ticks
// at 0, 0.2, 0.6, 1.4 and 3.0. interval() is the interval to the next tick
// at the first tick and the time since the previous one after that.
TEST(TimeVaryingClocks, AClockedRealIntervalAndIntervalOfIt) {
  const std::string text = doubling("Doubling", "h", "  output Real dt = hold(interval(h));\n");
  SimulationResult result =
      simulateOk(simulationOf(compileModel(writeScratchModel("Doubling.mo", text), "Doubling.fmu"), 3.5, 0.01));
  expectValues(result, "heldTick", {0, 0.2, 0.6, 1.4, 3.0});
  expectValues(result, "dt", {0.2, 0.4, 0.8, 1.6});
}

// The interval may read parameters, declared anywhere (here after the
// Clock variable, which the clocks stage drops): h doubles from 0.2 and the
// interval is 2h, so ticks at 0, 0.4, 1.2 and 2.8.
TEST(TimeVaryingClocks, AnIntervalMayReadParameters) {
  const std::string text = doubling("Scaled", "h * scale", "  parameter Real scale = 2;\n");
  SimulationResult result =
      simulateOk(simulationOf(compileModel(writeScratchModel("Scaled.mo", text), "Scaled.fmu"), 3.0, 0.01));
  expectValues(result, "heldTick", {0, 0.4, 1.2, 2.8});
}

// An interval that is not positive would stop the clock for good: the step
// that computes one fails, naming the clock (k = 2, 1, 0 at 0, 0.2, 0.3).
TEST(TimeVaryingClocks, AnIntervalThatIsNotPositiveFailsTheStepThatComputesIt) {
  const char* text = R"(model Shrinking
  Integer k(start = 3);
  Clock c = Clock(k, 10);
  output Integer hk = hold(k);
equation
  when c then
    k = previous(k) - 1;
  end when;
end Shrinking;
)";
  const std::string error =
      simulateError(simulationOf(compileModel(writeScratchModel("Shrinking.mo", text), "Shrinking.fmu"), 1.0, 0.01));
  EXPECT_NE(error.find("the interval of Clock(k, 10) must be positive at every tick"), std::string::npos) << error;
  EXPECT_NE(error.find("Shrinking.mo:3:13"), std::string::npos) << error;
  EXPECT_NE(error.find("t=0.3"), std::string::npos) << error;
}

TEST(TimeVaryingClocks, AnIntervalReadFromTheContinuousPartitionIsALocatedNotSupportedYet) {
  const char* text = R"(model Outside
  Real x = 1 + time;
  Clock c = Clock(x);
  Integer n(start = 0);
equation
  when c then
    n = previous(n) + 1;
  end when;
end Outside;
)";
  const std::string errors = compileErrors(writeScratchModel("Outside.mo", text));
  EXPECT_NE(errors.find("Outside.mo:3:13: error: not supported yet: a clock interval"), std::string::npos) << errors;
}

}  // namespace

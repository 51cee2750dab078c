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

}  // namespace
}  // namespace smc::test

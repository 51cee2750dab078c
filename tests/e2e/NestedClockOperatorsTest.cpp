// A clock conversion nested inside another one's operand (spec 16.4 allows
// `hold(K*sample(u, c))`) compiles and behaves exactly like the split form
// that names the sampled value: `us = sample(u, c); y = hold(K*us)`.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

const char* nested = R"(model Nested
  Real u = time;
  parameter Real K = 2;
  output Real yc;
equation
  yc = hold(K*sample(u, Clock(0.1)));
end Nested;
)";

const char* split = R"(model Split
  Real u = time;
  parameter Real K = 2;
  Real us;
  output Real yc;
equation
  us = sample(u, Clock(0.1));
  yc = hold(K*us);
end Split;
)";

SimulationResult run(const std::string& name, const char* text) {
  return simulateOk(simulationOf(compileModel(writeScratchModel(name + ".mo", text), name + ".fmu"), 1, 0.05));
}

TEST(NestedClockOperators, HoldOfASampledProductMatchesTheSplitForm) {
  SimulationResult nestedRun = run("Nested", nested);
  SimulationResult splitRun = run("Split", split);
  ASSERT_EQ(nestedRun.rows.size(), splitRun.rows.size());
  int nestedY = columnOf(nestedRun, "yc"), splitY = columnOf(splitRun, "yc");
  for (size_t row = 0; row < nestedRun.rows.size(); ++row)
    EXPECT_DOUBLE_EQ(nestedRun.rows[row][nestedY], splitRun.rows[row][splitY]) << "row " << row;
  // Between ticks (t = 0.05 + 0.1 k) the held value is K times u at the
  // last tick t = 0.1 k: 0.2 k.
  for (size_t row = 1; row < nestedRun.rows.size(); row += 2) {
    double k = std::floor(nestedRun.rows[row][0] / 0.1);
    EXPECT_NEAR(nestedRun.rows[row][nestedY], 0.2 * k, 1e-12) << "t = " << nestedRun.rows[row][0];
  }
}

}  // namespace

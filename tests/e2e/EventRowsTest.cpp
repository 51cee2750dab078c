// smc simulate --output-events: the FMU tells the importer of each event
// inside a step (runtime/include/smc/event_observer.h) and the result holds
// a row just before and one just after it, as Modelica tools' results do.
// Expected times come from the closed forms of the models.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::columnOf;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::writeScratchModel;

SimulateOptions optionsFor(const std::string& name, const std::string& text, bool events) {
  const std::string fmu = compileModel(writeScratchModel(name + ".mo", text), name + ".fmu");
  SimulateOptions options = simulationOf(fmu, 1.0, 0.1, true);
  options.outputEvents = events;
  return options;
}

// h = 1 - t crosses 0.55 at t = 0.45, between the steps 0.4 and 0.5.
const char* const kThreshold =
    "model Threshold\n"
    "  Real h(start = 1, fixed = true);\n  Integer n(start = 0, fixed = true);\n"
    "equation\n  der(h) = -1;\n  when h < 0.55 then\n    n = pre(n) + 1;\n  end when;\n"
    "end Threshold;\n";

TEST(EventRows, AStateEventGivesARowJustBeforeAndOneJustAfterIt) {
  SimulationResult result = simulateOk(optionsFor("Threshold", kThreshold, true));
  const int n = columnOf(result, "n");
  const int h = columnOf(result, "h");
  ASSERT_GE(n, 0);
  ASSERT_GE(h, 0);
  ASSERT_EQ(result.rows.size(), 11u + 2u);
  const auto& before = result.rows[5];
  const auto& after = result.rows[6];
  EXPECT_NEAR(before[0], 0.45, 1e-6);
  EXPECT_EQ(before[0], after[0]);
  EXPECT_EQ(before[n], 0);
  EXPECT_EQ(after[n], 1);
  EXPECT_NEAR(after[h], 0.55, 1e-6);
  EXPECT_TRUE(std::is_sorted(result.rows.begin(), result.rows.end(),
                             [](const auto& a, const auto& b) { return a[0] < b[0]; }));
}

// The observer only reads: the communication points hold the same values
// with and without it.
TEST(EventRows, ObservingEventsLeavesTheCommunicationPointsAlone) {
  SimulationResult plain = simulateOk(optionsFor("ThresholdPlain", kThreshold, false));
  SimulationResult observed = simulateOk(optionsFor("ThresholdObserved", kThreshold, true));
  ASSERT_EQ(plain.rows.size(), 11u);
  for (const auto& row : plain.rows)
    EXPECT_NE(std::find(observed.rows.begin(), observed.rows.end(), row), observed.rows.end())
        << "t = " << row[0];
}

// p is true for 1e-6 s from t = 0.3: no step of 0.1 sees it, the event rows
// do.
TEST(EventRows, APulseShorterThanAStepShowsInTheResult) {
  const char* const pulse =
      "model Pulse\n"
      "  Real x(start = 0, fixed = true);\n  Boolean p;\n"
      "equation\n  der(x) = 1;\n  p = x > 0.3 and x < 0.300001;\n"
      "end Pulse;\n";
  auto pulseRows = [](const SimulationResult& result) {
    const int p = columnOf(result, "p");
    std::vector<double> times;
    for (const auto& row : result.rows)
      if (p >= 0 && row[p] == 1) times.push_back(row[0]);
    return times;
  };
  EXPECT_TRUE(pulseRows(simulateOk(optionsFor("PulsePlain", pulse, false))).empty());
  std::vector<double> seen = pulseRows(simulateOk(optionsFor("Pulse", pulse, true)));
  ASSERT_EQ(seen.size(), 2u);  // after the rise, before the fall
  EXPECT_NEAR(seen[0], 0.3, 1e-8);
  EXPECT_NEAR(seen[1], 0.300001, 1e-8);
}

}  // namespace

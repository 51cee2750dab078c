// A when-statement with a vector condition (spec 8.3.5, 11.2.7): the branch
// fires whenever any element becomes true, also when another element is
// already true; an elsewhen branch fires only when no earlier one does.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

const char* model = R"(model VectorWhen
  output Integer n(start = 0);
  output Integer m(start = 0);
  Boolean a = time > 0.3;
  Boolean b = time > 0.6;
algorithm
  when {a, b, time > 0.8} then
    n := pre(n) + 1;
  elsewhen time > 0.1 then
    m := pre(m) + 1;
  end when;
end VectorWhen;
)";

TEST(WhenStatementVector, EachElementThatBecomesTrueFiresTheBranch) {
  SimulationResult result =
      simulateOk(simulationOf(compileModel(writeScratchModel("VectorWhen.mo", model), "VectorWhen.fmu"), 1, 0.05));
  const int n = columnOf(result, "n"), m = columnOf(result, "m");
  for (const auto& row : result.rows) {
    const double t = row[0];
    // Rows one rounding error past a crossing may come before the solver
    // locates it; they say nothing about the when-statement.
    bool nearCrossing = false;
    for (double crossing : {0.1, 0.3, 0.6, 0.8}) nearCrossing = nearCrossing || std::fabs(t - crossing) < 1e-6;
    if (nearCrossing) continue;
    // a rises at 0.3, b at 0.6 (while a stays true), time > 0.8 at 0.8.
    const int expectedN = (t > 0.3) + (t > 0.6) + (t > 0.8);
    EXPECT_EQ(row[n], expectedN) << "t = " << t;
    EXPECT_EQ(row[m], t > 0.1 ? 1 : 0) << "t = " << t;
  }
}

}  // namespace

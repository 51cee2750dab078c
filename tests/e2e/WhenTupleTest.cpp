// `(a, b) = f(x)` inside a when-equation (spec 8.3.5): one call gives every
// target when the clause fires, and the clause's other equations see the
// new values whatever their order (how the MSL's noise blocks draw a
// random number and the generator's next state).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

TEST(WhenTuple, OneCallGivesEveryTargetAndTheOtherEquationsSeeThem) {
  const char* text = R"(model Draw
  function step
    input Integer s;
    output Real r;
    output Integer next;
  algorithm
    next := mod(s * 7 + 3, 101);
    r := next / 101;
  end step;
  Integer state(start = 5, fixed = true);
  discrete Real r(start = 0, fixed = true);
  discrete Real y(start = 0, fixed = true);
equation
  when sample(0.1, 0.1) then
    y = 2 * r;
    (r, state) = step(pre(state));
  end when;
end Draw;
)";
  SimulationResult r = simulateOk(simulationOf(compileModel(writeScratchModel("Draw.mo", text), "Draw.fmu"), 0.25, 0.05, true));
  // 5 -> 38 -> 67 (7s + 3 mod 101); y is twice the r of the same event.
  EXPECT_EQ(valueAt(r, "state", 0.05), 5);
  EXPECT_EQ(valueAt(r, "state", 0.15), 38);
  EXPECT_EQ(valueAt(r, "state", 0.25), 67);
  EXPECT_DOUBLE_EQ(valueAt(r, "r", 0.15), 38.0 / 101);
  EXPECT_DOUBLE_EQ(valueAt(r, "y", 0.15), 2 * (38.0 / 101));
  EXPECT_DOUBLE_EQ(valueAt(r, "y", 0.25), 2 * (67.0 / 101));
}

}  // namespace

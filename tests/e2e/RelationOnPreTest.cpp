// A relation that reads pre() of a variable its own when-equation sets at
// initialization (`when {time >= pre(next), initial()}`, how the MSL's
// tables schedule their events): initialization evaluates it with the
// start value as pre(next), so the value it must have afterwards comes
// from an event iteration right after initialization. Without it the
// relation stays true and its first real crossing is no edge.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;
using smc::importer::SimulationResult;

TEST(RelationOnPre, AWhenOnTimeAndAPreValueSetAtInitializationFiresAtEachCrossing) {
  const char* text = R"(model NextTick
  discrete Real next(start = 0, fixed = true);
  output Real y;
equation
  when {time >= pre(next), initial()} then
    next = floor(time + 0.5) + 1;
  end when;
  y = next;
end NextTick;
)";
  SimulationResult r = simulateOk(simulationOf(compileModel(writeScratchModel("NextTick.mo", text), "NextTick.fmu"), 3.5, 0.5));
  // next is 1 after initialization, then each crossing of time >= next at
  // t = 1, 2, 3 moves it one further.
  EXPECT_EQ(valueAt(r, "y", 0.5), 1);
  EXPECT_EQ(valueAt(r, "y", 1.5), 2);
  EXPECT_EQ(valueAt(r, "y", 2.5), 3);
  EXPECT_EQ(valueAt(r, "y", 3.5), 4);
}

}  // namespace

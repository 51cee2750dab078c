// A time event that falls within one instant of a communication point is
// handled at its own time: after steps of h, the communication point near
// 0.2 is 0.19999999999999998, and a clock tick at 0.2 that reads `time`
// must see 0.2 (Modelica.Clocked's TimeBasedSources compare
// sample(time) >= startTime at the tick).
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace smc::codegen {
namespace {

using namespace testing;

constexpr const char* kClockedStep = R"(model ClockedStep
  Clock c = Clock(0.1);
  discrete Real y(start = 0);
  Integer ticks(start = 0);
equation
  when c then
    y = if sample(time) >= 0.2 then 1 else 0;
    ticks = previous(ticks) + 1;
  end when;
end ClockedStep;
)";

TEST_F(FmuFixture, AClockTickWithinAnInstantOfACommunicationPointSeesItsOwnTime) {
  std::string messages;
  auto model = test::clockedCausalModelOf(kClockedStep, messages);
  ASSERT_TRUE(model) << messages;
  auto run = startFmu(*model, "ClockedStep");
  ASSERT_TRUE(run);
  const double h = 0.5 / 20040;  // 8016 steps end at 0.19999999999999998
  int steps = 0;
  while (run->time() < 0.2 - 1e-9) {
    ASSERT_EQ(run->step(h), fmi2OK) << run->log();
    ++steps;
  }
  ASSERT_EQ(steps, 8016);
  ASSERT_LT(run->time(), 0.2);  // the premise: one rounding error short of 0.2
  EXPECT_EQ(run->integer("ticks"), 3);  // the ticks at 0, 0.1 and 0.2
  EXPECT_EQ(run->real("y"), 1.0);
}

}  // namespace
}  // namespace smc::codegen

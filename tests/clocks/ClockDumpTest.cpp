// `smc --dump=clocks` golden texts. The expected text is written from the
// models by hand: clocks, times and grid numbers follow from the model
// (see the grid reasoning in ClockInferenceTest.cpp), equations are the
// flat text of the model's own equations.
#include "ClockBuilder.h"
#include "ClockModels.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

// The clocks dump of `model`; the test fails when inference fails.
std::string clockDump(const flat::FlatModel& model) {
  ClockRun run = runClocks(model);
  EXPECT_TRUE(run.partitioning) << run.messages;
  return run.dump;
}

TEST(ClockDump, RateChangesListsEachSubClockWithItsTicksAndEquations) {
  RateChanges rc;
  EXPECT_EQ(clockDump(rc.b.model),
            "clocks of RateChanges\n"
            "base clock 1: periodic Clock(0.2), interval 0.2 s, grid sample(t0, 0.2, 2.0)\n"
            "  sub-partition 1.1: Clock(0.2), first tick 0 s, interval 0.2 s, grid offset 0 period 2\n"
            "    variables: n, first\n"
            "    n = previous(n) + 1;\n"
            "    first = firstTick();\n"
            "  sub-partition 1.2: subSample(Clock(0.2), 3), first tick 0 s, interval 0.6 s, grid offset 0 period 6\n"
            "    variables: slow\n"
            "    slow = previous(slow) + 1;\n"
            "  sub-partition 1.3: superSample(Clock(0.2), 2), first tick 0 s, interval 0.1 s, grid offset 0 period 1\n"
            "    variables: fast, dt\n"
            "    fast = previous(fast) + 1;\n"
            "    dt = interval();\n"
            "  sub-partition 1.4: shiftSample(Clock(0.2), 1), first tick 0.2 s, interval 0.2 s, grid offset 2 period 2\n"
            "    variables: late\n"
            "    late = previous(late) + 1;\n"
            "continuous-time partition: 0 equation(s)\n");
}

TEST(ClockDump, RationalClockTimesAreExactFractions) {
  BackSampled bs;
  // Shifts 2/3 and 1/3 of 3/10 s: first ticks at 1/5 s and 1/10 s.
  EXPECT_EQ(clockDump(bs.b.model),
            "clocks of BackSampled\n"
            "base clock 1: periodic Clock(3, 10), interval 3/10 s, grid sample(t0, 3.0, 30.0)\n"
            "  sub-partition 1.1: Clock(3, 10), first tick 0 s, interval 3/10 s, grid offset 0 period 3\n"
            "    variables: x\n"
            "    x = sample(time, base);\n"
            "  sub-partition 1.2: shiftSample(Clock(3, 10), 2, 3), first tick 1/5 s, interval 3/10 s, grid offset 2 "
            "period 3\n"
            "    variables: shifted\n"
            "    shifted = shiftSample(x, 2, 3);\n"
            "  sub-partition 1.3: shiftSample(Clock(3, 10), 1, 3), first tick 1/10 s, interval 3/10 s, grid offset 1 "
            "period 3\n"
            "    variables: back, n\n"
            "    back = backSample(shifted, 1, 3);\n"
            "    n = previous(n) + 1;\n"
            "continuous-time partition: 0 equation(s)\n");
}

TEST(ClockDump, EventClockShowsItsConditionAndDiscretizedPartitionItsSolver) {
  ClockBuilder b("Mixed");
  VarId x = b.real("x"), y = b.real("y", 1);
  VarId n = b.integer("n");
  b.equation(der(x), real(1.0), 2);
  b.equation(var(n), add(previous(n), integer(1)), 4,
             subSample(clockEvent(greater(var(x), real(0.5)), 0.25, 3), integer(2), 3));
  b.equation(der(y), neg(var(y)), 6, clockInterval(real(0.5), 5));
  EXPECT_EQ(clockDump(b.model),
            "clocks of Mixed\n"
            "base clock 1: event Clock(x > 0.5, 0.25), condition x > 0.5, startInterval 0.25\n"
            "  sub-partition 1.1: subSample(Clock(x > 0.5, 0.25), 2), first tick at event 1, every 2 event(s), "
            "grid offset 0 period 2\n"
            "    variables: n\n"
            "    n = previous(n) + 1;\n"
            "base clock 2: periodic Clock(0.5), interval 0.5 s, grid sample(t0, 0.5, 1.0)\n"
            "  sub-partition 2.1: Clock(0.5), first tick 0 s, interval 0.5 s, grid offset 0 period 1\n"
            "    variables: y\n"
            "    solverMethod: ExplicitEuler\n"
            "    der(y) = -y;\n"
            "continuous-time partition: 1 equation(s)\n");
}

}  // namespace
}  // namespace smc::test

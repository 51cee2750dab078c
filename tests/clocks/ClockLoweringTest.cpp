// Lowering of clocked partitions into the hybrid vocabulary: the tick
// equations on sample() time events or event-clock conditions, the
// rewritten partition equations (previous -> pre, interval() -> a literal
// or the time since the previous tick, firstTick() -> a tick count, der()
// -> Euler steps) and the removal of Clock variables. The expected texts
// follow from the rules in docs/architecture.md ("Clocks"), written out by hand.
#include "ClockBuilder.h"
#include "ClockModels.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

// The expected equations, one string each.
template <typename... Texts>
std::vector<std::string> texts(Texts... t) {
  return {std::string(t)...};
}

TEST(ClockLowering, SampledPITicksOnOneSampleAndRewritesPreviousAndInterval) {
  SampledPI pi;
  ClockRun run = runClocks(pi.b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const flat::FlatModel& m = *run.lowered;
  EXPECT_EQ(equationTexts(m, m.equations),
              texts("der(x) = -x + u", "u = ud", "y = x", "$clock1.tick = sample($clocks.startTime, 0.1, 1.0)"));
  ASSERT_EQ(m.clockedPartitions.size(), 1u);
  const flat::ClockedPartition& p = m.clockedPartitions[0];
  EXPECT_EQ(p.clock, "Clock(0.1)");
  EXPECT_EQ(p.tick, idOf(m, "$clock1.tick"));
  EXPECT_TRUE(m.variables[p.tick].isHidden);
  EXPECT_EQ(m.variables[p.tick].type, flat::BaseType::Boolean);
  // The grid is anchored at the start time: a hidden parameter bound to time.
  const flat::Variable& start = m.variables[idOf(m, "$clocks.startTime")];
  EXPECT_TRUE(start.isHidden);
  EXPECT_EQ(start.variability, flat::Variability::Parameter);
  ASSERT_TRUE(start.binding);
  EXPECT_EQ(start.binding->kind, flat::ExprKind::Time);
  // sample(x) reads x's left limit at the tick (spec 16.5.1): pre(x).
  EXPECT_EQ(equationTexts(m, p.equations),
              texts("xd = pre(x)", "e = r - xd", "integral = pre(integral) + e * 0.1", "ud = kp * e + ki * integral"));
  EXPECT_EQ(p.variables, (std::vector<VarId>{idOf(m, "xd"), idOf(m, "e"), idOf(m, "integral"), idOf(m, "ud")}));
  for (VarId v : p.variables) EXPECT_EQ(m.variables[v].variability, flat::Variability::Discrete);
  EXPECT_EQ(m.variables[idOf(m, "x")].variability, flat::Variability::Continuous);
}

TEST(ClockLowering, RateChangesCountsGridTicksAndPicksEachSubClocksTicks) {
  RateChanges rc;
  ClockRun run = runClocks(rc.b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const flat::FlatModel& m = *run.lowered;
  // The Clock variable is gone; the rest keep their order.
  EXPECT_EQ(m.variables[0].name, "n");
  for (const flat::Variable& v : m.variables) EXPECT_NE(v.type, flat::BaseType::Clock);
  ASSERT_EQ(m.whenEquations.size(), 1u);
  const flat::WhenBranch& count = m.whenEquations[0].branches[0];
  EXPECT_EQ(flat::toString(*count.conditions[0], m), "sample($clocks.startTime, 0.2, 2.0)");
  EXPECT_EQ(m.variables[count.actions[0].target].name, "$clock1.ticks");
  EXPECT_EQ(flat::toString(*count.actions[0].value, m), "pre($clock1.ticks) + 1");
  // Grid (see ClockInference.RateChangesGrid...): periods 2, 6, 1, 2 and
  // offsets 0, 0, 0, 2 in ticks of 0.1 s.
  EXPECT_EQ(
      equationTexts(m, m.equations),
      texts(
          "$clock1.s1.tick = sample($clocks.startTime, 0.2, 2.0) and $clock1.ticks - 1 >= 0 and mod($clock1.ticks - 1 - 0, 2) == 0",
          "$clock1.s2.tick = sample($clocks.startTime, 0.2, 2.0) and $clock1.ticks - 1 >= 0 and mod($clock1.ticks - 1 - 0, 6) == 0",
          "$clock1.s3.tick = sample($clocks.startTime, 0.2, 2.0) and $clock1.ticks - 1 >= 0 and mod($clock1.ticks - 1 - 0, 1) == 0",
          "$clock1.s4.tick = sample($clocks.startTime, 0.2, 2.0) and $clock1.ticks - 1 >= 2 and mod($clock1.ticks - 1 - 2, 2) == 0"));
  ASSERT_EQ(m.clockedPartitions.size(), 4u);
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[0].equations),
              texts("n = pre(n) + 1", "$clock1.s1.count = pre($clock1.s1.count) + 1",
                          "first = $clock1.s1.count == 1"));
  EXPECT_EQ(m.clockedPartitions[0].variables,
            (std::vector<VarId>{idOf(m, "n"), idOf(m, "first"), idOf(m, "$clock1.s1.count")}));
  EXPECT_EQ(m.clockedPartitions[0].tick, idOf(m, "$clock1.s1.tick"));
  EXPECT_EQ(m.clockedPartitions[1].clock, "subSample(Clock(0.2), 3)");
  // interval() of superSample(Clock(0.2), 2) is 0.1.
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[2].equations), texts("fast = pre(fast) + 1", "dt = 0.1"));
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[3].equations), texts("late = pre(late) + 1"));
}

// The condition is false during initialization, so a condition true at
// the start rises in the event iteration right after it.
TEST(ClockLowering, EventClockTicksOnTheRisingEdgeOfItsCondition) {
  ClockBuilder b("Event");
  VarId x = b.real("x");
  VarId c = b.clock("c");
  VarId n = b.integer("n"), m2 = b.integer("m");
  VarId dt = b.real("dt");
  b.equation(der(x), real(1.0), 2);
  b.equation(var(c), clockEvent(greater(var(x), real(0.5)), 0.25, 3), 3);
  b.equation(var(n), add(previous(n), integer(1)), 5, var(c));
  b.equation(var(dt), intervalOf(6), 6, var(c));
  b.equation(var(m2), add(previous(m2), integer(1)), 8, subSample(var(c), integer(2), 7));
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const flat::FlatModel& m = *run.lowered;
  EXPECT_EQ(
      equationTexts(m, m.equations),
      texts("der(x) = 1.0", "$clock1.condition = not initial() and x > 0.5",
                  "$clock1.tick = $clock1.condition and not pre($clock1.condition)",
                  "$clock1.s1.tick = $clock1.tick and $clock1.ticks - 1 >= 0 and mod($clock1.ticks - 1 - 0, 1) == 0",
                  "$clock1.s2.tick = $clock1.tick and $clock1.ticks - 1 >= 0 and mod($clock1.ticks - 1 - 0, 2) == 0"));
  ASSERT_EQ(m.whenEquations.size(), 1u);
  EXPECT_EQ(flat::toString(*m.whenEquations[0].branches[0].conditions[0], m), "$clock1.condition");
  ASSERT_EQ(m.clockedPartitions.size(), 2u);
  // interval(): startInterval at the first tick, then the time since the previous one.
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[0].equations),
              texts("n = pre(n) + 1", "$clock1.s1.last = time", "$clock1.s1.count = pre($clock1.s1.count) + 1",
                          "dt = if $clock1.s1.count == 1 then 0.25 else time - pre($clock1.s1.last)"));
  EXPECT_EQ(m.clockedPartitions[0].variables.size(), 4u);
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[1].equations), texts("m = pre(m) + 1"));
}

TEST(ClockLowering, ShiftAndBackSampleBecomeTheirOperands) {
  BackSampled bs;
  ClockRun run = runClocks(bs.b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const flat::FlatModel& m = *run.lowered;
  ASSERT_EQ(m.clockedPartitions.size(), 3u);
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[0].equations), texts("x = time"));
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[1].equations), texts("shifted = x"));
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[2].equations), texts("back = shifted", "n = pre(n) + 1"));
  // Offsets 0, 2, 1 and period 3 on a grid of 3/30 s.
  EXPECT_EQ(equationTexts(m, m.equations),
              texts("$clock1.s1.tick = sample($clocks.startTime, 3.0, 30.0) and $clock1.ticks - 1 >= 0 and "
                          "mod($clock1.ticks - 1 - 0, 3) == 0",
                          "$clock1.s2.tick = sample($clocks.startTime, 3.0, 30.0) and $clock1.ticks - 1 >= 2 and "
                          "mod($clock1.ticks - 1 - 2, 3) == 0",
                          "$clock1.s3.tick = sample($clocks.startTime, 3.0, 30.0) and $clock1.ticks - 1 >= 1 and "
                          "mod($clock1.ticks - 1 - 1, 3) == 0"));
}

flat::FlatModel eulerModel(ExprPtr clock) {
  ClockBuilder b("Euler");
  VarId x = b.real("x", 1);
  b.equation(der(x), neg(var(x)), 3, clock);
  return b.model;
}

TEST(ClockLowering, ExplicitEulerStepsWithThePreviousDerivative) {
  ClockRun run = runClocks(eulerModel(clockInterval(real(0.1), 3)));
  ASSERT_TRUE(run.lowered) << run.messages;
  const flat::FlatModel& m = *run.lowered;
  ASSERT_EQ(m.clockedPartitions.size(), 1u);
  // x_0 = x.start at the first tick, then x_k = x_{k-1} + h*f(x_{k-1}).
  EXPECT_EQ(equationTexts(m, m.clockedPartitions[0].equations),
              texts("der(x) = -x", "$clock1.s1.count = pre($clock1.s1.count) + 1",
                          "x = if $clock1.s1.count == 1 then pre(x) else pre(x) + 0.1 * pre(der(x))"));
  EXPECT_EQ(m.clockedPartitions[0].variables,
            (std::vector<VarId>{idOf(m, "x"), idOf(m, "der(x)"), idOf(m, "$clock1.s1.count")}));
  EXPECT_EQ(m.variables[idOf(m, "x")].variability, flat::Variability::Discrete);
  EXPECT_EQ(m.variables[idOf(m, "der(x)")].variability, flat::Variability::Discrete);
}

// The equations of the one partition of eulerModel (der(x) = -x on a
// 0.1 s clock) stepped with `method`.
std::vector<std::string> steppedWith(const std::string& method) {
  ClockRun run = runClocks(eulerModel(clockSolver(clockInterval(real(0.1), 3), method, 3)));
  EXPECT_TRUE(run.lowered) << run.messages;
  if (!run.lowered || run.lowered->clockedPartitions.size() != 1) return {};
  return equationTexts(*run.lowered, run.lowered->clockedPartitions[0].equations);
}

TEST(ClockLowering, ImplicitEulerStepsWithTheNewDerivative) {
  EXPECT_EQ(steppedWith("ImplicitEuler"),
            texts("der(x) = -x", "$clock1.s1.count = pre($clock1.s1.count) + 1",
                  "x = if $clock1.s1.count == 1 then pre(x) else pre(x) + 0.1 * der(x)"));
}

TEST(ClockLowering, ImplicitTrapezoidStepsWithTheMeanOfBothDerivatives) {
  EXPECT_EQ(steppedWith("ImplicitTrapezoid"),
            texts("der(x) = -x", "$clock1.s1.count = pre($clock1.s1.count) + 1",
                  "x = if $clock1.s1.count == 1 then pre(x) else pre(x) + 0.1 * (0.5 * (pre(der(x)) + der(x)))"));
}

TEST(ClockLowering, ExplicitMidPoint2CopiesThePartitionForItsSecondStage) {
  // k1 = der(x); the copy gives k2 = f(x + h/2*k1); the step taken at the
  // next tick is h*k2 (SolverStages.h).
  EXPECT_EQ(steppedWith("ExplicitMidPoint2"),
            texts("der(x) = -x", "$clock1.s1.stage2.der(x) = -(x + 0.1 * (0.5 * der(x)))",
                  "$clock1.s1.increment.x = $clock1.s1.stage2.der(x)",
                  "$clock1.s1.count = pre($clock1.s1.count) + 1",
                  "x = if $clock1.s1.count == 1 then pre(x) else pre(x) + 0.1 * pre($clock1.s1.increment.x)"));
}

TEST(ClockLowering, ModelWithoutClocksPassesThroughUnchanged) {
  ClockBuilder b("Plain");
  VarId x = b.real("x", 1);
  VarId n = b.integer("n");
  b.equation(der(x), neg(var(x)), 3);
  flat::WhenEquation when;
  flat::WhenBranch branch;
  branch.conditions = {flat::makeSample(real(0.0), real(0.5))};
  flat::Action action;
  action.target = n;
  action.value = add(flat::makePre(var(n)), integer(1));
  branch.actions = {action};
  when.branches = {branch};
  b.model.whenEquations.push_back(when);
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  EXPECT_TRUE(run.partitioning->baseClocks.empty());
  EXPECT_EQ(run.partitioning->continuousEquations, (std::vector<size_t>{0}));
  ASSERT_TRUE(run.lowered);
  EXPECT_EQ(flat::dumpFlat(*run.lowered), flat::dumpFlat(b.model));
  EXPECT_TRUE(run.lowered->clockedPartitions.empty());
  EXPECT_EQ(run.messages, "");
}

}  // namespace
}  // namespace smc::test

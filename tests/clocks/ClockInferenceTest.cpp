// Clock inference (spec 16.7) on flat models built in code: which equations
// and variables form each clocked sub-partition, each sub-partition's
// factor and shift relative to its base clock, and the tick grid of each
// base clock. Expected numbers are worked out by hand in the comments.
#include "ClockBuilder.h"
#include "ClockModels.h"

#include <gtest/gtest.h>

#include <functional>

namespace smc::test {
namespace {

using clocks::BaseClock;
using clocks::Rational;

std::vector<std::string> namesOf(const flat::FlatModel& model, const std::vector<VarId>& vars) {
  std::vector<std::string> out;
  for (VarId v : vars) out.push_back(model.variables[v].name);
  return out;
}

TEST(ClockInference, SampledPIControllerIsOneClockedPartitionOnItsSampleClock) {
  SampledPI pi;
  ClockRun run = runClocks(pi.b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  EXPECT_EQ(p.baseClocks[0].kind, BaseClock::Kind::Interval);
  EXPECT_DOUBLE_EQ(p.baseClocks[0].interval, 0.1);
  EXPECT_FALSE(p.baseClocks[0].isDefault);
  ASSERT_EQ(p.subPartitions.size(), 1u);
  const auto& sub = p.subPartitions[0];
  EXPECT_EQ(sub.clock.factor, Rational(1));
  EXPECT_EQ(sub.clock.shift, Rational(0));
  EXPECT_EQ(sub.clockText, "Clock(0.1)");
  EXPECT_EQ(sub.equations, (std::vector<size_t>{1, 2, 3, 4}));
  EXPECT_EQ(namesOf(pi.b.model, sub.variables), (std::vector<std::string>{"xd", "e", "integral", "ud"}));
  EXPECT_FALSE(sub.hasDer);
  // The plant, the hold and the output stay continuous-time.
  EXPECT_EQ(p.continuousEquations, (std::vector<size_t>{0, 5, 6}));
}

TEST(ClockInference, RateChangesHasFourSubClocksOfOneBaseClock) {
  RateChanges rc;
  ClockRun run = runClocks(rc.b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  EXPECT_EQ(p.baseClocks[0].text, "Clock(0.2)");
  EXPECT_EQ(p.clockEquations, (std::vector<size_t>{0}));
  EXPECT_EQ(p.clockVariables, (std::vector<VarId>{rc.base}));
  ASSERT_EQ(p.subPartitions.size(), 4u);
  // n and first share Clock(0.2) and are merged into one sub-partition.
  EXPECT_EQ(namesOf(rc.b.model, p.subPartitions[0].variables), (std::vector<std::string>{"n", "first"}));
  EXPECT_EQ(p.subPartitions[0].clock.factor, Rational(1));
  EXPECT_EQ(p.subPartitions[1].clockText, "subSample(Clock(0.2), 3)");
  EXPECT_EQ(p.subPartitions[1].clock.factor, Rational(3));
  EXPECT_EQ(p.subPartitions[2].clockText, "superSample(Clock(0.2), 2)");
  EXPECT_EQ(p.subPartitions[2].clock.factor, Rational(1, 2));
  EXPECT_EQ(namesOf(rc.b.model, p.subPartitions[2].variables), (std::vector<std::string>{"fast", "dt"}));
  EXPECT_EQ(p.subPartitions[3].clockText, "shiftSample(Clock(0.2), 1)");
  EXPECT_EQ(p.subPartitions[3].clock.factor, Rational(1));
  EXPECT_EQ(p.subPartitions[3].clock.shift, Rational(1));
  EXPECT_TRUE(p.continuousEquations.empty());
}

// x = sample(time) on a 20 ms clock, s = shiftSample(x, 4, 3), and y
// given by `third` from x and s.
struct ShiftedPair {
  ClockBuilder b{"ShiftedPair"};
  VarId base = b.clock("base");
  VarId x = b.real("x"), s = b.real("s"), y = b.real("y");
  explicit ShiftedPair(const std::function<ExprPtr(VarId x, VarId s)>& third) {
    b.equation(var(base), clockRational(20, 1000, 2), 2);
    b.equation(var(x), sampleOf(time(), var(base), 3), 3);
    b.equation(var(s), shiftSample(var(x), 4, 3, 4), 4);
    b.equation(var(y), third(x, s), 5);
  }
};

// The MSL's BackSample examples: y = backSample(s, 4, 3) is back on the
// base clock. Merging y into x's sub-partition (same clock) would make one
// block that feeds s and waits for it at the same tick; y stays a
// sub-partition of its own, run after s.
TEST(ClockInference, ABackSampleOntoTheClockOfWhatItShiftedStaysItsOwnSubPartition) {
  ShiftedPair m([](VarId, VarId s) { return backSample(var(s), 4, 3, 5); });
  ClockRun run = runClocks(m.b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.subPartitions.size(), 3u);
  EXPECT_EQ(namesOf(m.b.model, p.subPartitions[0].variables), (std::vector<std::string>{"x"}));
  EXPECT_EQ(namesOf(m.b.model, p.subPartitions[1].variables), (std::vector<std::string>{"s"}));
  EXPECT_EQ(p.subPartitions[1].clock.shift, Rational(4, 3));
  EXPECT_EQ(namesOf(m.b.model, p.subPartitions[2].variables), (std::vector<std::string>{"y"}));
  EXPECT_EQ(p.subPartitions[2].clock.shift, Rational(0));
  EXPECT_EQ(p.subPartitions[2].clockText, p.subPartitions[0].clockText);
  ASSERT_TRUE(run.lowered) << run.messages;
}

// Without the way back, partitions of one clock still merge: y reads x
// directly through a conversion that keeps the clock.
TEST(ClockInference, PartitionsOfOneClockStillMergeWithoutACycleThroughOthers) {
  ShiftedPair m([](VarId x, VarId) { return subSample(var(x), integer(1), 5); });
  ClockRun run = runClocks(m.b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.subPartitions.size(), 2u);
  EXPECT_EQ(namesOf(m.b.model, p.subPartitions[0].variables), (std::vector<std::string>{"x", "y"}));
}

TEST(ClockInference, RateChangesGridTicksEveryTenthOfASecond) {
  RateChanges rc;
  ClockRun run = runClocks(rc.b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  // Factors 1, 3, 1/2, 1 and shifts 0, 0, 0, 1 base intervals: L = 2, so in
  // units of 0.2/2 = 0.1 s the periods are 2, 6, 1, 2 and the offsets
  // 0, 0, 0, 2; their gcd is 1, so I = 0.2*1 and R = L = 2.
  auto grid = clocks::computeGrid(run.partitioning->baseClocks[0], run.partitioning->subPartitions);
  EXPECT_DOUBLE_EQ(grid.interval, 0.2);
  EXPECT_DOUBLE_EQ(grid.resolution, 2.0);
  EXPECT_EQ(grid.periods, (std::vector<int64_t>{2, 6, 1, 2}));
  EXPECT_EQ(grid.offsets, (std::vector<int64_t>{0, 0, 0, 2}));
}

TEST(ClockInference, GridDropsCommonFactorOfAllPeriods) {
  // Clock(1, 10) with subSample 2 and subSample 4 (shift 2 base ticks):
  // periods 2 and 4, offsets 0 and 2, gcd 2: the grid ticks every 2/10 s,
  // I = 1*2, R = 10*1; periods become 1 and 2, offsets 0 and 1.
  ClockBuilder b("Slow");
  VarId c = b.clock("c");
  VarId a = b.integer("a"), d = b.integer("d");
  b.equation(var(c), clockRational(1, 10, 2), 2);
  b.equation(var(a), add(previous(a), integer(1)), 3, subSample(var(c), integer(2), 3));
  b.equation(var(d), add(previous(d), integer(1)), 4,
             shiftSample(subSample(var(c), integer(4), 4), 1, 2, 4));
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  ASSERT_EQ(run.partitioning->subPartitions.size(), 2u);
  EXPECT_EQ(run.partitioning->subPartitions[1].clock.shift, Rational(2));
  auto grid = clocks::computeGrid(run.partitioning->baseClocks[0], run.partitioning->subPartitions);
  EXPECT_DOUBLE_EQ(grid.interval, 2.0);
  EXPECT_DOUBLE_EQ(grid.resolution, 10.0);
  EXPECT_EQ(grid.periods, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(grid.offsets, (std::vector<int64_t>{0, 1}));
}

TEST(ClockInference, PartitionsWithoutAnyClockGetTheDefaultOneSecondClock) {
  ClockBuilder b("Default");
  VarId y = b.integer("y"), z = b.integer("z");
  b.equation(var(y), add(previous(y, 3), integer(1)), 3);
  b.equation(var(z), subSample(var(y), integer(2), 4), 4);
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  EXPECT_TRUE(p.baseClocks[0].isDefault);
  EXPECT_EQ(p.baseClocks[0].kind, BaseClock::Kind::Interval);
  EXPECT_DOUBLE_EQ(p.baseClocks[0].interval, 1.0);
  ASSERT_EQ(p.subPartitions.size(), 2u);
  EXPECT_EQ(p.subPartitions[0].clock.factor, Rational(1));
  EXPECT_EQ(p.subPartitions[1].clock.factor, Rational(2));
  auto grid = clocks::computeGrid(p.baseClocks[0], p.subPartitions);
  EXPECT_DOUBLE_EQ(grid.interval, 1.0);
  EXPECT_DOUBLE_EQ(grid.resolution, 1.0);
  EXPECT_EQ(grid.periods, (std::vector<int64_t>{1, 2}));
}

TEST(ClockInference, UnrelatedClocksAreSeparateBaseClocks) {
  ClockBuilder b("Two");
  VarId a = b.real("a"), c = b.real("c");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(c), sampleOf(time(), clockRational(1, 4, 4), 4), 4);
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.baseClocks.size(), 2u);
  EXPECT_EQ(p.baseClocks[0].text, "Clock(0.1)");
  EXPECT_EQ(p.baseClocks[1].kind, BaseClock::Kind::Rational);
  EXPECT_EQ(p.baseClocks[1].counter, 1);
  EXPECT_EQ(p.baseClocks[1].resolution, 4);
  EXPECT_EQ(p.baseClocks[1].text, "Clock(1, 4)");
  // Clock(1, 4) alone: I = 1, R = 4 (ticks at k/4 exactly).
  auto grid = clocks::computeGrid(p.baseClocks[1], p.subPartitions);
  EXPECT_DOUBLE_EQ(grid.interval, 1.0);
  EXPECT_DOUBLE_EQ(grid.resolution, 4.0);
}

TEST(ClockInference, EqualClockConstructorsInOnePartitionAgree) {
  ClockBuilder b("Equal");
  VarId a = b.real("a"), c = b.real("c");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(c), add(sampleOf(time(), clockInterval(real(0.1), 4), 4), var(a)), 4);
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  EXPECT_EQ(run.partitioning->baseClocks.size(), 1u);
  EXPECT_EQ(run.partitioning->subPartitions.size(), 1u);
}

TEST(ClockInference, EventClockWithSubSampledPartition) {
  ClockBuilder b("Event");
  VarId x = b.real("x");
  VarId c = b.clock("c");
  VarId n = b.integer("n"), m = b.integer("m");
  VarId dt = b.real("dt");
  b.equation(der(x), real(1.0), 2);
  b.equation(var(c), clockEvent(greater(var(x), real(0.5)), 0.25, 3), 3);
  b.equation(var(n), add(previous(n), integer(1)), 5, var(c));
  b.equation(var(dt), intervalOf(6), 6, var(c));
  b.equation(var(m), add(previous(m), integer(1)), 8, subSample(var(c), integer(2), 7));
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.baseClocks.size(), 1u);
  EXPECT_EQ(p.baseClocks[0].kind, BaseClock::Kind::Event);
  EXPECT_DOUBLE_EQ(p.baseClocks[0].startInterval, 0.25);
  EXPECT_EQ(p.baseClocks[0].text, "Clock(x > 0.5, 0.25)");
  ASSERT_EQ(p.subPartitions.size(), 2u);
  EXPECT_EQ(namesOf(b.model, p.subPartitions[0].variables), (std::vector<std::string>{"n", "dt"}));
  EXPECT_EQ(p.subPartitions[1].clock.factor, Rational(2));
  EXPECT_EQ(p.continuousEquations, (std::vector<size_t>{0}));
}

TEST(ClockInference, BackSampleMovesTheFirstTickBackByAFractionOfAnInterval) {
  BackSampled bs;
  ClockRun run = runClocks(bs.b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.subPartitions.size(), 3u);
  // x: shift 0; shifted: 2/3; back and n: 2/3 - 1/3 = 1/3 (merged).
  EXPECT_EQ(p.subPartitions[0].clock.shift, Rational(0));
  EXPECT_EQ(p.subPartitions[1].clock.shift, Rational(2, 3));
  EXPECT_EQ(p.subPartitions[1].clockText, "shiftSample(Clock(3, 10), 2, 3)");
  EXPECT_EQ(p.subPartitions[2].clock.shift, Rational(1, 3));
  EXPECT_EQ(namesOf(bs.b.model, p.subPartitions[2].variables), (std::vector<std::string>{"back", "n"}));
  // L = 3: periods 3, 3, 3 and offsets 0, 2, 1 in units of 0.1 s; gcd 1;
  // I = 3*1, R = 10*3: ticks at 3k/30 = 0.1k s.
  auto grid = clocks::computeGrid(p.baseClocks[0], p.subPartitions);
  EXPECT_DOUBLE_EQ(grid.interval, 3.0);
  EXPECT_DOUBLE_EQ(grid.resolution, 30.0);
  EXPECT_EQ(grid.periods, (std::vector<int64_t>{3, 3, 3}));
  EXPECT_EQ(grid.offsets, (std::vector<int64_t>{0, 2, 1}));
}

TEST(ClockInference, NoClockSeparatesTheOperandsPartition) {
  ClockBuilder b("NoClock");
  VarId a = b.real("a"), bb = b.real("b"), c = b.real("c");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(bb), sampleOf(time(), clockInterval(real(0.3), 4), 4), 4);
  b.equation(var(c), add(noClock(var(a), 5), var(bb)), 5);
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  const auto& p = *run.partitioning;
  ASSERT_EQ(p.baseClocks.size(), 2u);
  ASSERT_EQ(p.subPartitions.size(), 2u);
  EXPECT_EQ(namesOf(b.model, p.subPartitions[0].variables), (std::vector<std::string>{"a"}));
  EXPECT_EQ(namesOf(b.model, p.subPartitions[1].variables), (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(p.subPartitions[1].clockText, "Clock(0.3)");
}

TEST(ClockInference, SolverMethodComesFromTheClockThenTheAnnotation) {
  ClockBuilder b("Solvers");
  b.model.solverMethod = "ImplicitEuler";
  VarId x = b.real("x", 1), y = b.real("y", 1);
  b.equation(der(x), neg(var(x)), 3, clockSolver(clockInterval(real(0.1)), "ExplicitEuler", 3));
  b.equation(der(y), neg(var(y)), 4, clockInterval(real(0.2), 4));
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  ASSERT_EQ(run.partitioning->subPartitions.size(), 2u);
  EXPECT_TRUE(run.partitioning->subPartitions[0].hasDer);
  EXPECT_EQ(run.partitioning->subPartitions[0].solverMethod, "ExplicitEuler");
  EXPECT_EQ(run.partitioning->subPartitions[1].solverMethod, "ImplicitEuler");
}

TEST(ClockInference, TopLevelInputsAreReadByPartitionsWithoutJoiningThem) {
  ClockBuilder b("Inputs");
  VarId in = b.real("in");
  b.variable(in).causality = flat::Causality::Input;
  VarId y = b.real("y");
  b.equation(var(y), add(previous(y), var(in)), 3, clockInterval(real(0.1), 3));
  ClockRun run = runClocks(b.model);
  ASSERT_TRUE(run.partitioning) << run.messages;
  ASSERT_EQ(run.partitioning->subPartitions.size(), 1u);
  EXPECT_EQ(run.partitioning->subPartitions[0].variables, (std::vector<VarId>{y}));
}

}  // namespace
}  // namespace smc::test

// Clock errors (the list in docs/supported.md, "Clocks"): each is reported once,
// at the offending call or equation (the line numbers of the test buffer),
// with notes pointing at the clocks involved; inference then yields nothing.
#include "ClockBuilder.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

// Inference must fail with exactly `expected` ("line: severity: message" lines).
void expectErrors(const flat::FlatModel& model, const std::string& expected) {
  ClockRun run = runClocks(model);
  EXPECT_FALSE(run.partitioning);
  EXPECT_EQ(run.messages, expected);
}

TEST(ClockErrors, TwoDifferentClocksInOnePartitionConflict) {
  ClockBuilder b("Conflict");
  VarId a = b.real("a"), c = b.real("c");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(c), add(sampleOf(time(), clockInterval(real(0.2), 4), 4), var(a)), 4);
  expectErrors(b.model,
               "4: error: conflicting clocks in one partition: Clock(0.2) and Clock(0.1)\n"
               "4: note: Clock(0.2) comes from here\n"
               "3: note: Clock(0.1) comes from here\n");
}

TEST(ClockErrors, SubClockAndItsBaseInOnePartitionConflict) {
  ClockBuilder b("Rates");
  VarId c = b.clock("c");
  VarId a = b.real("a"), d = b.real("d");
  b.equation(var(c), clockInterval(real(0.1), 2), 2);
  b.equation(var(a), sampleOf(time(), var(c), 3), 3);
  b.equation(var(d), add(sampleOf(time(), subSample(var(c), integer(2)), 4), var(a)), 4);
  expectErrors(b.model,
               "4: error: conflicting clocks in one partition: subSample(Clock(0.1), 2) here, but Clock(0.1) "
               "elsewhere\n");
}

TEST(ClockErrors, SuperSampleOfAnEventClockIsRejected) {
  ClockBuilder b("EventSuper");
  VarId x = b.real("x");
  VarId c = b.clock("c");
  VarId n = b.integer("n");
  b.equation(der(x), real(1.0), 1);
  b.equation(var(c), clockEvent(greater(var(x), real(0.5)), 0.0, 2), 2);
  b.equation(var(n), add(previous(n), integer(1)), 6, superSample(var(c), integer(2), 5));
  expectErrors(b.model,
               "5: error: non-integer sub-clock factor on an event clock: superSample(Clock(x > 0.5, 0.0), 2) "
               "(spec 16.5.2)\n"
               "2: note: the event clock is defined here\n");
}

TEST(ClockErrors, FractionalShiftOfAnEventClockIsRejected) {
  ClockBuilder b("EventShift");
  VarId x = b.real("x");
  VarId n = b.integer("n");
  b.equation(der(x), real(1.0), 1);
  b.equation(var(n), add(previous(n), integer(1)), 6,
             shiftSample(clockEvent(greater(var(x), real(0.5)), 0.0, 5), 1, 2, 5));
  expectErrors(b.model,
               "5: error: non-integer sub-clock factor on an event clock: shiftSample(Clock(x > 0.5, 0.0), 1, 2) "
               "(spec 16.5.2)\n"
               "5: note: the event clock is defined here\n");
}

// a is clocked; y = hold(a) is continuous-time, and so is z = f(y).
flat::FlatModel heldModel(ExprPtr clockedUse) {
  ClockBuilder b("Held");
  VarId a = b.real("a"), y = b.real("y"), z = b.real("z");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(y), hold(var(a), 4), 4);
  b.equation(var(z), add(clockedUse, var(y)), 5);
  (void)z;
  return b.model;
}

TEST(ClockErrors, PreviousInAContinuousTimePartitionIsRejected) {
  flat::FlatModel model = heldModel(previous(2, 5));
  expectErrors(model,
               "5: error: previous() in a continuous-time partition (spec 16.7)\n"
               "4: note: the result of this hold() makes the partition continuous-time\n");
}

TEST(ClockErrors, IntervalAndFirstTickInAContinuousTimePartitionAreRejected) {
  expectErrors(heldModel(intervalOf(5)),
               "5: error: interval() in a continuous-time partition (spec 16.7)\n"
               "4: note: the result of this hold() makes the partition continuous-time\n");
  expectErrors(heldModel(flat::makeIf(firstTick(5), real(1), real(0))),
               "5: error: firstTick() in a continuous-time partition (spec 16.7)\n"
               "4: note: the result of this hold() makes the partition continuous-time\n");
}

TEST(ClockErrors, HoldOfAContinuousTimeExpressionIsRejected) {
  ClockBuilder b("HoldContinuous");
  VarId x = b.real("x"), y = b.real("y");
  b.equation(der(x), real(1.0), 2);
  b.equation(var(y), hold(var(x), 3), 3);
  expectErrors(b.model, "3: error: hold() of a continuous-time expression: its argument must be clocked (spec 16.5.1)\n");
}

TEST(ClockErrors, SampleOfAClockedExpressionIsRejected) {
  ClockBuilder b("SampleClocked");
  VarId a = b.real("a"), c = b.real("c");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(c), sampleOf(var(a), clockInterval(real(0.2), 4), 4), 4);
  expectErrors(b.model, "4: error: sample() of a clocked expression: its argument must be continuous-time (spec 16.5.1)\n");
}

TEST(ClockErrors, PartitionWithMoreVariablesThanEquationsIsRejected) {
  ClockBuilder b("Unbalanced");
  VarId y = b.real("y"), z = b.real("z");
  b.equation(var(y), add(previous(y), var(z)), 3, clockInterval(real(0.1), 2));
  expectErrors(b.model, "3: error: the clocked partition on Clock(0.1) has 1 equation(s) for 2 variable(s) (y, z)\n");
}

// A time-varying interval must come from the clock's own partition (spec
// 16.3: a clocked expression); a continuous-time one is not supported.
TEST(ClockErrors, AClockIntervalReadFromOutsideItsOwnPartitionIsNotSupportedYet) {
  ClockBuilder b("Varying");
  VarId x = b.real("x"), y = b.integer("y");
  b.equation(der(x), real(1.0), 2);
  b.equation(var(y), add(previous(y), integer(1)), 4, clockInterval(var(x, 3), 3));
  ClockRun run = runClocks(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages,
            "3: error: not supported yet: a clock interval that is not computed from the variables of the clock's "
            "own partition (and parameters)\n")
      << run.messages;
}

// The factor of subSample(c) (0: inferred, spec 16.5.2) is fixed by
// nothing here: y's partition relates to no other clock.
TEST(ClockErrors, AnInferredSubSampleFactorThatNothingDeterminesIsAnError) {
  ClockBuilder b("Inferred");
  VarId c = b.clock("c");
  VarId y = b.integer("y");
  b.equation(var(c), clockInterval(real(0.1), 2), 2);
  b.equation(var(y), add(previous(y), integer(1)), 4, subSample(var(c), integer(0), 3));
  expectErrors(b.model,
               "3: error: cannot infer the factor of subSample(): give it, or give both its input and its output an "
               "exact clock (Clock(intervalCounter, resolution))\n");
}

TEST(ClockErrors, BackSampleBeforeTheBaseClocksFirstTickIsRejected) {
  ClockBuilder b("TooEarly");
  VarId a = b.real("a"), z = b.real("z");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(z), backSample(var(a), 1, 1, 4), 4);
  expectErrors(b.model,
               "4: error: backSample before the base clock's first tick: backSample(Clock(0.1), 1) would tick 1 "
               "interval(s) of Clock(0.1) before it\n"
               "3: note: the base clock is defined here\n");
}

TEST(ClockErrors, UnknownSolverMethodOfAClockIsRejected) {
  ClockBuilder b("Solver");
  VarId x = b.real("x", 1);
  b.equation(der(x), neg(var(x)), 4, clockSolver(clockInterval(real(0.1)), "RungeKutta4", 3));
  expectErrors(b.model,
               "3: error: unknown solverMethod \"RungeKutta4\"; supported: \"ExplicitEuler\", \"ExplicitMidPoint2\", "
               "\"ExplicitRungeKutta4\", \"ImplicitEuler\", \"ImplicitTrapezoid\" (spec 16.8.2)\n");
}

TEST(ClockErrors, UnknownSolverMethodAnnotationIsRejected) {
  ClockBuilder b("Annotated");
  b.model.solverMethod = "Trapezoid";
  expectErrors(b.model,
               "1: error: unknown solverMethod \"Trapezoid\"; supported: \"ExplicitEuler\", \"ExplicitMidPoint2\", "
               "\"ExplicitRungeKutta4\", \"ImplicitEuler\", \"ImplicitTrapezoid\" (spec 16.8.2)\n");
}

TEST(ClockErrors, ClockedWhenWithElsewhenIsRejected) {
  ClockBuilder b("Elsewhen");
  VarId y = b.integer("y");
  flat::WhenEquation when;
  when.range = at(6);
  for (ExprPtr condition : {clockInterval(real(0.1), 6), greater(time(), real(1))}) {
    flat::WhenBranch branch;
    branch.conditions = {condition};
    flat::Action action;
    action.target = y;
    action.value = integer(1);
    branch.actions = {action};
    when.branches.push_back(branch);
  }
  b.model.whenEquations.push_back(when);
  expectErrors(b.model, "6: error: a clocked when-clause cannot have elsewhen (spec 16.6)\n");
}

TEST(ClockErrors, ClockOperatorInAFunctionIsRejected) {
  ClockBuilder b("InFunction");
  flat::Function f;
  f.name = "f";
  f.range = at(8);
  flat::Variable input;
  input.name = "u";
  f.variables = {input, input};
  f.variables[1].name = "y";
  f.numInputs = 1;
  f.numOutputs = 1;
  flat::Statement s;
  s.target = 1;
  s.value = previous(0, 9);
  s.range = at(9);
  f.body = {s};
  b.model.functions.push_back(f);
  expectErrors(b.model, "8: error: clock operators cannot be used inside a function (f) (spec 12.2)\n");
}

TEST(ClockErrors, HoldResultInAClockedPartitionIsRejected) {
  ClockBuilder b("HoldInClocked");
  VarId a = b.real("a"), z = b.real("z");
  b.equation(var(a), sampleOf(time(), clockInterval(real(0.1), 3), 3), 3);
  b.equation(var(z), add(hold(var(a), 4), sampleOf(time(), clockInterval(real(0.2), 5), 5)), 4);
  expectErrors(b.model,
               "4: error: the result of hold() is continuous-time but is used in a clocked partition (spec 16.5.1)\n"
               "5: note: the partition is clocked because of this\n");
}

TEST(ClockErrors, FactorsBeyond64BitIntegersAreRejected) {
  // (2^31 - 1)^3, about 2^93, does not fit an int64_t; each factor is an
  // Integer (32 bits).
  const long long big = 2147483647;
  ClockBuilder b("Huge");
  VarId c = b.clock("c");
  VarId y = b.integer("y");
  b.equation(var(c), clockInterval(real(0.1), 2), 2);
  b.equation(var(y), add(previous(y), integer(1)), 4,
             subSample(subSample(subSample(var(c), integer(big), 3), integer(big), 3), integer(big), 3));
  expectErrors(b.model, "3: error: clock factor overflows 64-bit integers\n");
}

}  // namespace
}  // namespace smc::test

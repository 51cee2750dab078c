// The located errors of the state machine stage, each with the rule of the
// chapter it enforces (spec 17.1, 17.3.5): exactly one initialState per
// machine, distinct priorities >= 1 per from-state, parameter attributes,
// activeState() of a non-state, ticksInState()/timeInState() outside a
// machine, several definitions of a variable that can be active together,
// and state equations of an unsupported form.
#include "SmBuilder.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

namespace smc::test {
namespace {

// The first line of the messages.
std::string firstMessage(const SmRun& run) { return run.messages.substr(0, run.messages.find('\n')); }

TEST(StateMachineChecks, MachineWithoutInitialStateIsAnError) {
  SmBuilder b("NoInit");
  b.transition("a", "b", boolean(true), {}, "", 4);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.machines);
  EXPECT_EQ(firstMessage(run),
            "4:1: error: the state machine of state 'a' has no initialState(); every state machine needs "
            "exactly one (spec 17.1)");
}

TEST(StateMachineChecks, TwoInitialStatesInOneMachineIsAnError) {
  SmBuilder b("TwoInit");
  b.initialState("a", "", 3);
  b.initialState("b", "", 4);
  b.transition("a", "b", boolean(true), {}, "", 5);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.machines);
  EXPECT_EQ(firstMessage(run),
            "4:1: error: state machine has more than one initialState(): 'a' and 'b' are in the same machine "
            "(spec 17.1: exactly one)");
}

TEST(StateMachineChecks, EqualPrioritiesFromOneStateAreAnError) {
  SmBuilder b("SamePrio");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {.priority = 2}, "", 4);
  b.transition("a", "c", boolean(true), {.priority = 2}, "", 5);
  b.transition("b", "c", boolean(true), {.priority = 2}, "", 6);  // another from-state: fine
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.machines);
  EXPECT_EQ(run.messages,
            "5:1: error: two transitions leave state 'a' with priority 2; the priorities of transitions from "
            "one state must differ (spec 17.1)\n");
}

TEST(StateMachineChecks, PriorityBelowOneIsAnError) {
  SmBuilder b("ZeroPrio");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {}, "", 4, flat::makeInteger(0, at(4, 27)));
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.machines);
  EXPECT_EQ(run.messages, "4:27: error: transition priority is 0; it must be at least 1 (spec 17.1)\n");
}

TEST(StateMachineChecks, NonParameterImmediateIsAnError) {
  SmBuilder b("VarImmediate");
  VarId flag = b.booleanVariable("flag");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {}, "", 4, nullptr, flat::makeVar(flag, at(4, 33)));
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.machines);
  EXPECT_EQ(run.messages.rfind("4:33: error: transition argument 'immediate' must be a parameter expression "
                               "(spec 17.1): ",
                               0),
            0u)
      << run.messages;
}

TEST(StateMachineChecks, ActiveStateOfANonStateIsAnError) {
  SmBuilder b("NotAState");
  VarId in = b.boolean("in");
  b.initialState("a");
  b.transition("a", "b", boolean(true));
  b.equation(var(in), activeState("c", 7, 10));
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages, "7:10: error: activeState() of 'c', which is not a state of a state machine (spec 17.1)\n");
}

TEST(StateMachineChecks, ActiveStateWithoutAnyMachineIsAnError) {
  SmBuilder b("NoMachine");
  VarId in = b.boolean("in");
  b.equation(var(in), activeState("c", 2, 8));
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages, "2:8: error: activeState() of 'c', which is not a state of a state machine (spec 17.1)\n");
}

TEST(StateMachineChecks, TicksInStateOutsideAStateMachineIsAnError) {
  SmBuilder b("Outside");
  VarId n = b.integer("n");
  VarId t = b.integer("t");
  b.initialState("a");
  b.equation(var(n), ticksInState(9, 5));
  b.equation(var(t), ticksInState(10, 5), "a");  // inside state a: fine
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages,
            "9:5: error: ticksInState() can only be used in a state machine: in an equation of a state or in a "
            "transition condition (spec 17.1)\n");
}

TEST(StateMachineChecks, VariableDefinedInParallelMachinesIsAnError) {
  SmBuilder b("Parallel");
  VarId v = b.integer("v", 0);
  b.initialState("m");
  b.initialState("m.p", "m");
  b.initialState("m.q", "m");
  b.equation(var(v), integer(1), "m.p", 5);
  b.equation(var(v), integer(2), "m.q", 6);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages,
            "6:1: error: 'v' is defined in states 'm.p' and 'm.q', which can be active at the same tick "
            "(parallel state machines; spec 17: one definition per variable and tick)\n");
}

TEST(StateMachineChecks, VariableDefinedInAStateAndOutsideIsAnError) {
  SmBuilder b("Both");
  VarId v = b.integer("v", 0);
  b.initialState("a");
  b.equation(var(v), integer(1), "a", 5);
  b.equation(var(v), integer(2), "", 8);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages,
            "5:1: error: 'v' is defined in state 'a' and also by an equation outside the state machine (spec 17: "
            "one definition per variable and tick)\n8:1: note: the other definition is here\n");
}

TEST(StateMachineChecks, StateEquationNotOfTheFormVEqualsExpressionIsNotSupported) {
  SmBuilder b("Implicit");
  VarId v = b.integer("v", 0);
  b.initialState("a");
  b.equation(add(var(v), integer(1)), integer(3), "a", 5);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages,
            "5:1: error: not supported yet: an equation in state 'a' that is not of the form 'v = expression' "
            "or 'der(x) = expression' (state equations are guarded per variable)\n");
}

TEST(StateMachineChecks, StatesOfDifferentTopLevelMachinesMayNotShareAVariable) {
  // Two independent top-level machines run in parallel as well.
  SmBuilder b("TwoTop");
  VarId v = b.integer("v", 0);
  b.initialState("a");
  b.initialState("b");
  b.equation(var(v), integer(1), "a", 5);
  b.equation(var(v), integer(2), "b", 6);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(firstMessage(run),
            "6:1: error: 'v' is defined in states 'a' and 'b', which can be active at the same tick (parallel "
            "state machines; spec 17: one definition per variable and tick)");
}

// Machine m -> n, and inside m machine m.p -> m.q.
void addNestedMachines(SmBuilder& b) {
  b.initialState("m");
  b.transition("m", "n", boolean(true));
  b.initialState("m.p", "m");
  b.transition("m.p", "m.q", boolean(true), {}, "m");
}

// A variable defined in m and in m.q, written in either order.
TEST(StateMachineChecks, StatesInsideOneAnotherMayNotShareAVariable) {
  for (bool outerFirst : {true, false}) {
    SmBuilder b("Nested");
    VarId v = b.integer("v", 0);
    addNestedMachines(b);
    b.equation(var(v), integer(1), outerFirst ? "m" : "m.q", 5);
    b.equation(var(v), integer(2), outerFirst ? "m.q" : "m", 6);
    SmRun run = runStateMachines(b.model);
    EXPECT_FALSE(run.lowered);
    EXPECT_EQ(run.messages, fmt::format("6:1: error: 'v' is defined in states '{}' and '{}', which can be active "
                                        "at the same tick (parallel state machines; spec 17: one definition per "
                                        "variable and tick)\n",
                                        outerFirst ? "m" : "m.q", outerFirst ? "m.q" : "m"));
  }
}

// States of one machine, and of one machine inside a state of another, are
// exclusive: a variable may be defined in each.
TEST(StateMachineChecks, ExclusiveStatesAtSeveralLevelsShareAVariable) {
  SmBuilder b("Levels");
  VarId v = b.integer("v", 0);
  addNestedMachines(b);
  b.equation(var(v), integer(1), "m.p");
  b.equation(var(v), integer(2), "n");
  b.equation(var(v), integer(3), "m.q");
  SmRun run = runStateMachines(b.model);
  EXPECT_TRUE(run.lowered) << run.messages;
}

// The variable of a ring of many states, defined once in each state and
// once more in one of them: the error names that state.
TEST(StateMachineChecks, ASecondDefinitionAmongManyStatesIsFound) {
  const int n = 2000;
  SmBuilder b("ManyStates");
  VarId v = b.integer("v", 0);
  b.initialState("s1");
  for (int j = 1; j <= n; ++j) {
    b.transition(fmt::format("s{}", j), fmt::format("s{}", j % n + 1), boolean(true));
    b.equation(var(v), integer(j), fmt::format("s{}", j), 10);
    if (j == 1234) b.equation(var(v), integer(-j), fmt::format("s{}", j), 11);
  }
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages, "11:1: error: 'v' is defined twice in state 's1234'\n");
}

TEST(StateMachineChecks, TransitionWithoutConditionIsAnError) {
  SmBuilder b("NoCondition");
  b.initialState("a");
  b.transition("a", "b", nullptr, {}, "", 3);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.machines);
  EXPECT_EQ(run.messages, "3:1: error: transition() needs a Boolean condition as its third argument (spec 17.1)\n");
}

TEST(StateMachineChecks, OperatorInAWhenEquationIsNotSupported) {
  SmBuilder b("InWhen");
  VarId n = b.integer("n", 0);
  b.initialState("a");
  flat::WhenBranch branch;
  branch.conditions.push_back(activeState("a"));
  branch.actions.push_back({flat::ActionKind::Assign, n, integer(1), nullptr, flat::AssertLevel::Error, {}});
  branch.range = at(12, 3);
  b.model.whenEquations.push_back({{branch}, at(12, 3)});
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages,
            "12:3: error: not supported yet: activeState(), ticksInState() or timeInState() outside equations\n");
}

// Spec 17.3.6: "A start value must be given to the variable if not
// assigned in the initial state."
TEST(StateMachineChecks, MergedVariableOfNonInitialStatesWithoutStartIsAnError) {
  SmBuilder b("NoStart");
  VarId v = b.integer("v");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {}, "", 4);
  b.transition("b", "c", boolean(true), {}, "", 5);
  b.equation(var(v), integer(1), "b", 7);
  b.equation(var(v), integer(2), "c", 8);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(firstMessage(run),
            "7:1: error: 'v' is defined in states 'b' and 'c' but in no state active at the first tick, so it "
            "needs a start value (spec 17.3.6)");
}

TEST(StateMachineChecks, MergedVariableNeedsNoStartWhenTheInitialStateDefinesIt) {
  SmBuilder b("InitialDefines");
  VarId v = b.integer("v");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {}, "", 4);
  b.equation(var(v), integer(1), "a", 7);
  b.equation(var(v), integer(2), "b", 8);
  SmRun run = runStateMachines(b.model);
  EXPECT_TRUE(run.lowered) << run.messages;
}

TEST(StateMachineChecks, LocalVariableOfANonInitialStateNeedsNoStart) {
  SmBuilder b("Local");
  VarId n = b.integer("b.n");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {}, "", 4);
  b.equation(var(n), add(previous(n), integer(1)), "b", 7);
  SmRun run = runStateMachines(b.model);
  EXPECT_TRUE(run.lowered) << run.messages;
}

}  // namespace
}  // namespace smc::test

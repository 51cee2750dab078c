// The lowered equations of the state machine stage, checked against the
// StateMachineSemantics model of spec 17.3.4 (written out by hand for each
// case), the guarding and merging of state equations (17.3.5, 17.3.6), the
// reset of previous() to start values (17.3.2), ticksInState()/
// timeInState() in immediate and delayed conditions, and acceptance of the
// result by the clocks stage and the causalizer.
#include "SmBuilder.h"

#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "frontend/Diagnostics.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

// Two states a (initial) and b, both defining the top-level x; a delayed
// transition a -> b on x >= 3 and an immediate one b -> a on previous(x) == 0.
SmBuilder twoStates() {
  SmBuilder b("Two");
  VarId x = b.integer("x", 0);
  VarId y = b.integer("y");
  b.equation(var(x), add(previous(x), integer(1)), "a", 3);
  b.equation(var(x), sub(previous(x), integer(1)), "b", 4);
  b.equation(var(y), var(x), "", 5);
  b.initialState("a", "", 6);
  b.transition("a", "b", greaterEq(var(x), integer(3)), {.immediate = false}, "", 7);
  // An immediate condition reading x itself would be an algebraic loop
  // (x -> activeState(a) -> fired -> condition -> x): it reads previous(x).
  b.transition("b", "a", equal(previous(x), integer(0)), {}, "", 8);
  return b;
}

TEST(StateMachineLowering, TwoStateMachineFollowsTheSemanticsModel) {
  SmRun run = runStateMachines(twoStates().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const std::string m = "$sm.a.";
  // Transition 1 is a -> b (delayed), transition 2 is b -> a (immediate);
  // equal priorities keep source order. State a is 1, b is 2.
  std::vector<std::string> expected = {
      // x merged over the mutually exclusive states, kept while neither runs.
      "x = if activeState(a) then previous(x) + 1 else if activeState(b) then previous(x) - 1 else previous(x)",
      "y = x",
      m + "reset = firstTick()",
      m + "selectedState = if " + m + "reset then 1 else previous(" + m + "nextState)",
      m + "immediate = if " + m + "selectedState == 2 and previous(x) == 0 then 2 else 0",
      m + "delayed = if " + m + "nextState == 1 and x >= 3 then 1 else 0",
      m + "fired = if previous(" + m + "delayed) > " + m + "immediate then previous(" + m + "delayed) else " + m +
          "immediate",
      m + "activeState = if " + m + "reset then 1 else if " + m + "fired == 2 then 1 else if " + m +
          "fired == 1 then 2 else " + m + "selectedState",
      // Top level: active is always true.
      m + "nextState = " + m + "activeState",
      // No reset vectors: nothing reads a state's reset (x belongs to no
      // state, and no state holds a machine).
      "activeState(a) = " + m + "activeState == 1",
      "activeState(b) = " + m + "activeState == 2",
  };
  std::vector<std::string> actual = equationTexts(*run.lowered);
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(actual[i], expected[i]) << "equation " << i;
  EXPECT_TRUE(run.lowered->transitions.empty());
  EXPECT_TRUE(run.lowered->initialStates.empty());
}

TEST(StateMachineLowering, GeneratedVariablesAreHiddenExceptActiveStateFlags) {
  SmRun run = runStateMachines(twoStates().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const auto& vars = run.lowered->variables;
  EXPECT_FALSE(vars[idOf(*run.lowered, "activeState(a)")].isHidden);
  EXPECT_EQ(vars[idOf(*run.lowered, "activeState(b)")].type, flat::BaseType::Boolean);
  VarId delayed = idOf(*run.lowered, "$sm.a.delayed");
  EXPECT_TRUE(vars[delayed].isHidden);
  EXPECT_EQ(vars[delayed].variability, flat::Variability::Discrete);
  // previous(delayed) must read 0 at the first tick: nothing fired before it.
  EXPECT_EQ(flat::toString(*vars[delayed].attributes.start, *run.lowered), "0");
  // The equations point at the initialState() they come from, except the
  // choice among immediate transitions, which points at the (only)
  // immediate transition b -> a, for messages about its condition.
  for (const auto& eq : run.lowered->equations) {
    const std::string& name = vars[eq.lhs->var].name;
    if (name.rfind("$sm.", 0) == 0) {
      EXPECT_EQ(eq.range.begin.line, name == "$sm.a.immediate" ? 8u : 6u) << name;
    }
  }
}

// State s counts its own Integer s.n (start 10) up to 13, then idles for
// a tick: s -> idle when s.n >= 13, idle -> s at once (priority 1).
SmBuilder countingStateWithIdle() {
  SmBuilder b("Reset");
  VarId n = b.integer("s.n", 10);
  b.equation(var(n), add(previous(n), integer(1)), "s");
  b.initialState("s");
  b.transition("s", "idle", greaterEq(var(n), integer(13)), {.immediate = false});
  b.transition("idle", "s", boolean(true), {.immediate = false, .priority = 1});
  return b;
}

TEST(StateMachineLowering, VariableOfAStateReadsItsStartValueWhenTheStateIsReset) {
  SmRun run = runStateMachines(countingStateWithIdle().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  std::string resetOfS = "activeState(s) and ($sm.s.activeReset or $sm.s.activeResetStates[1])";
  std::string previousN = "if " + resetOfS + " then 10 else previous(s.n)";
  // While s is inactive it cannot be reset: n keeps previous(s.n).
  EXPECT_EQ(definitionOf(*run.lowered, "s.n"), "if activeState(s) then (" + previousN + ") + 1 else previous(s.n)");
}

// The reset vectors of the semantics model, for the one state whose reset
// something reads (s owns n): the machine's reset chain and s's pair, none
// for idle. Transition 1 is s -> idle, 2 is idle -> s, both with reset.
TEST(StateMachineLowering, ResetVectorsExistForTheStatesWhoseResetIsRead) {
  SmRun run = runStateMachines(countingStateWithIdle().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const std::string m = "$sm.s.";
  EXPECT_EQ(definitionOf(*run.lowered, m + "selectedReset"),
            "if " + m + "reset then true else previous(" + m + "nextReset)");
  EXPECT_EQ(definitionOf(*run.lowered, m + "activeReset"),
            "if " + m + "reset then true else if " + m + "fired == 2 then true else if " + m +
                "fired == 1 then true else " + m + "selectedReset");
  EXPECT_EQ(definitionOf(*run.lowered, m + "nextReset"), "false");
  EXPECT_EQ(definitionOf(*run.lowered, m + "activeResetStates[1]"),
            "if " + m + "reset then true else previous(" + m + "nextResetStates[1])");
  EXPECT_EQ(definitionOf(*run.lowered, m + "nextResetStates[1]"),
            "if " + m + "activeState == 1 then false else " + m + "activeResetStates[1]");
  for (const flat::Variable& v : run.lowered->variables)
    EXPECT_EQ(v.name.find("ResetStates[2]"), std::string::npos) << v.name;
}

// The chapter's macro state: state1 <-> state2, and inside state1 a
// machine a -> c; Integer `counter` (start 0) counts up in state1.c.
SmBuilder macroStateCounting(const std::string& counter) {
  SmBuilder b("Macro");
  VarId count = b.integer(counter, 0);
  b.equation(var(count), add(previous(count), integer(1)), "state1.c");
  b.initialState("state1");
  b.transition("state1", "state2", boolean(true), {.immediate = false});
  b.transition("state2", "state1", boolean(true), {.immediate = false});
  b.initialState("state1.a", "state1");
  b.transition("state1.a", "state1.c", boolean(true), {.immediate = false}, "state1");
  return b;
}

// A sub-machine's reset vectors hold their values while the enclosing
// state is inactive (its `active`): read here because k belongs to the
// sub-state state1.c, state 2 of the machine inside state1.
TEST(StateMachineLowering, SubMachineResetVectorsKeepTheirValuesWhileTheEnclosingStateIsInactive) {
  SmRun run = runStateMachines(macroStateCounting("state1.c.k").model);
  ASSERT_TRUE(run.lowered) << run.messages;
  const std::string m = "$sm.state1.a.";
  EXPECT_EQ(definitionOf(*run.lowered, m + "nextReset"),
            "if activeState(state1) then false else previous(" + m + "nextReset)");
  EXPECT_EQ(definitionOf(*run.lowered, m + "nextResetStates[2]"),
            "if activeState(state1) then if " + m + "activeState == 2 then false else " + m +
                "activeResetStates[2] else previous(" + m + "nextResetStates[2])");
}

TEST(StateMachineLowering, OuterVariableOfAMacroStateIsResetByTheMacroState) {
  // count belongs to state1 and is defined in state1.c, a state of the
  // machine inside state1 (the chapter's example): the reset of state1
  // resets it, whichever sub-state is active.
  SmRun run = runStateMachines(macroStateCounting("state1.count").model);
  ASSERT_TRUE(run.lowered) << run.messages;
  std::string resetOf1 = "activeState(state1) and ($sm.state1.activeReset or $sm.state1.activeResetStates[1])";
  std::string previousCount = "if " + resetOf1 + " then 0 else previous(state1.count)";
  EXPECT_EQ(definitionOf(*run.lowered, "state1.count"),
            "if activeState(state1.c) then (" + previousCount + ") + 1 else " + previousCount);
  // The sub-machine runs while state1 is active and restarts with its reset.
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.state1.a.reset"), resetOf1);
  EXPECT_EQ(definitionOf(*run.lowered, "activeState(state1.c)"),
            "activeState(state1) and $sm.state1.a.activeState == 2");
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.state1.a.nextState"),
            "if activeState(state1) then $sm.state1.a.activeState else previous($sm.state1.a.nextState)");
  // Inside state1 nothing is reset per sub-state: the sub-machine has no
  // reset vectors, and its nextState keeps its value while state1 is inactive.
  for (const flat::Variable& v : run.lowered->variables)
    EXPECT_EQ(v.name.find("$sm.state1.a.nextReset"), std::string::npos) << v.name;
}

TEST(StateMachineLowering, SynchronizeWaitsForFinalStatesOfInnerMachines) {
  SmRun run = runStateMachines(synchronizeJoinModel().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  // work -> done is transition 1, delayed; p2 and q2 (number 2) are final.
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.work.delayed"),
            "if $sm.work.nextState == 1 and (true and $sm.work.p1.activeState == 2 and "
            "$sm.work.q1.activeState == 2) then 1 else 0");
}

TEST(StateMachineLowering, TicksInStateInDelayedConditionReadsThisTicksCount) {
  SmRun run = runStateMachines(synchronizeJoinModel().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.work.p1.delayed"),
            "if $sm.work.p1.nextState == 1 and $sm.work.p1.ticks >= 2 then 1 else 0");
  // Restarted at entry (reset, fired transition, or an entry of the
  // enclosing state), counting while active, kept while work is inactive.
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.work.p1.ticks"),
            "if activeState(work) then if $sm.work.p1.reset or $sm.work.p1.fired > 0 or ($sm.work.reset or "
            "$sm.work.fired > 0) then 1 else previous($sm.work.p1.ticks) + 1 else previous($sm.work.p1.ticks)");
}

TEST(StateMachineLowering, TicksInStateInImmediateConditionCountsBeforeTheTransition) {
  SmBuilder b("Immediate");
  b.initialState("a");
  b.transition("a", "b", greaterEq(ticksInState(), integer(3)));
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  // Using $sm.a.ticks here would form a loop through fired.
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.a.immediate"),
            "if $sm.a.selectedState == 1 and (if $sm.a.reset then 1 else previous($sm.a.ticks) + 1) >= 3 "
            "then 1 else 0");
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.a.ticks"),
            "if $sm.a.reset or $sm.a.fired > 0 then 1 else previous($sm.a.ticks) + 1");
}

TEST(StateMachineLowering, TimeInStateMeasuresFromTheEntryTime) {
  SmBuilder b("Timed");
  b.initialState("a");
  b.transition("a", "b", greaterEq(timeInState(), flat::makeReal(1.5)), {.immediate = false});
  b.transition("b", "a", greaterEq(timeInState(), flat::makeReal(0.5)));
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.a.delayed"),
            "if $sm.a.nextState == 1 and time - $sm.a.entered >= 1.5 then 1 else 0");
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.a.immediate"),
            "if $sm.a.selectedState == 2 and time - (if $sm.a.reset then time else previous($sm.a.entered)) "
            ">= 0.5 then 2 else 0");
  EXPECT_EQ(definitionOf(*run.lowered, "$sm.a.entered"),
            "if $sm.a.reset or $sm.a.fired > 0 then time else previous($sm.a.entered)");
}

TEST(StateMachineLowering, ActiveStateOutsideTheMachineReadsTheStateFlag) {
  SmBuilder b = twoStates();
  VarId inB = b.boolean("inB");
  b.equation(var(inB), activeState("b"));
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionOf(*run.lowered, "inB"), "activeState(b)");
}

TEST(StateMachineLowering, StateEquationWrittenExpressionEqualsVariableIsTurnedAround) {
  SmBuilder b("Turned");
  VarId x = b.integer("x", 0);
  b.initialState("a");
  b.equation(integer(7), var(x), "a", 3);
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionOf(*run.lowered, "x"), "if activeState(a) then 7 else previous(x)");
}

// The lowered model is an ordinary clocked model: the clocks stage finds
// one partition (the default clock) and the causalizer sorts it.
TEST(StateMachineLowering, ResultIsAcceptedByClocksAndCausalizer) {
  for (SmBuilder b : {twoStates(), synchronizeJoinModel()}) {
    SmRun run = runStateMachines(b.model);
    ASSERT_TRUE(run.lowered) << run.messages;
    SourceManager sources;
    sources.addBuffer("test.mo", "");
    DiagnosticEngine diags(sources);
    diags.setOutput(nullptr);
    auto partitioning = clocks::inferClocks(*run.lowered, diags);
    ASSERT_TRUE(partitioning) << b.model.name;
    EXPECT_EQ(partitioning->baseClocks.size(), 1u);
    EXPECT_TRUE(partitioning->baseClocks[0].isDefault);
    auto lowered = clocks::lowerClocks(*run.lowered, *partitioning, diags);
    ASSERT_TRUE(lowered);
    auto causal = causal::causalize(std::move(*lowered), diags);
    std::string messages;
    for (const auto& d : diags.diagnostics()) messages += d.message + "\n";
    EXPECT_TRUE(causal) << b.model.name << ": " << messages;
  }
}

}  // namespace
}  // namespace smc::test

// Discovery of state machines (spec 17.1, 17.3): state numbering (initial
// state first, then order of appearance in transitions), transition order
// (lowest priority number last), final states, hierarchy and parallel
// machines, and which equations belong to which state.
#include "SmBuilder.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

using statemachine::StateMachines;

TEST(StateMachineDiscovery, ModelWithoutStateMachinesGivesEmptyResult) {
  SmBuilder b("Plain");
  VarId x = b.integer("x", 0);
  b.equation(var(x), add(previous(x), integer(1)));
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  EXPECT_TRUE(run.machines->empty());
  ASSERT_TRUE(run.lowered);
  EXPECT_EQ(equationTexts(*run.lowered), std::vector<std::string>{"x = previous(x) + 1"});
}

TEST(StateMachineDiscovery, InitialStateIsNumberOneThenOrderOfAppearance) {
  SmBuilder b("Order");
  b.transition("x", "y", boolean(true));
  b.transition("y", "z", boolean(true));
  b.initialState("z");
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  ASSERT_EQ(run.machines->machines.size(), 1u);
  const auto& m = run.machines->machines[0];
  EXPECT_EQ(m.name, "z");
  EXPECT_EQ(m.states, (std::vector<std::string>{"z", "x", "y"}));
  ASSERT_EQ(m.transitions.size(), 2u);
  EXPECT_EQ(m.transitions[0].from, 2);  // x
  EXPECT_EQ(m.transitions[0].to, 3);    // y
  EXPECT_EQ(m.transitions[1].from, 3);
  EXPECT_EQ(m.transitions[1].to, 1);
  // z is left by no transition.
  EXPECT_EQ(m.finalStates, (std::vector<bool>{true, false, false}));
  EXPECT_FALSE(m.parent);
}

TEST(StateMachineDiscovery, TransitionsAreSortedWithLowestPriorityNumberLast) {
  SmBuilder b("Prio");
  b.initialState("a");
  b.transition("a", "b", boolean(true), {.priority = 1});
  b.transition("a", "c", boolean(true), {.immediate = false, .priority = 3});
  b.transition("b", "a", boolean(true), {.priority = 2});
  b.transition("a", "a", boolean(true), {.reset = false, .priority = 2});
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  const auto& t = run.machines->machines[0].transitions;
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].priority, 3);
  EXPECT_FALSE(t[0].immediate);
  EXPECT_EQ(t[1].priority, 2);  // b -> a, written before a -> a
  EXPECT_EQ(t[1].from, 2);
  EXPECT_EQ(t[2].priority, 2);  // a -> a, reset = false
  EXPECT_EQ(t[2].from, 1);
  EXPECT_FALSE(t[2].reset);
  EXPECT_EQ(t[3].priority, 1);
  EXPECT_EQ(t[3].to, 2);
  // c has no outgoing transition.
  EXPECT_EQ(run.machines->machines[0].finalStates, (std::vector<bool>{false, false, true}));
}

TEST(StateMachineDiscovery, AttributesAreEvaluatedFromParameters) {
  SmBuilder b("Params");
  VarId p = b.integerParameter("p", 4);
  b.initialState("a");
  b.transition("a", "b", boolean(true), {}, "", 0, add(var(p), integer(1)));
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  EXPECT_EQ(run.machines->machines[0].transitions[0].priority, 5);
}

TEST(StateMachineDiscovery, StateWithOnlyInitialStateIsOneStateMachine) {
  SmBuilder b("Single");
  b.initialState("only");
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  ASSERT_EQ(run.machines->machines.size(), 1u);
  EXPECT_EQ(run.machines->machines[0].states, std::vector<std::string>{"only"});
  EXPECT_EQ(run.machines->machines[0].finalStates, std::vector<bool>{true});
}

TEST(StateMachineDiscovery, ParallelMachinesInsideAMacroStateHaveItAsParent) {
  SmRun run = runStateMachines(synchronizeJoinModel().model);
  ASSERT_TRUE(run.machines) << run.messages;
  const auto& ms = run.machines->machines;
  ASSERT_EQ(ms.size(), 3u);
  // Parents come first.
  EXPECT_EQ(ms[0].name, "work");
  EXPECT_EQ(ms[0].states, (std::vector<std::string>{"work", "done"}));
  EXPECT_FALSE(ms[0].parent);
  EXPECT_EQ(ms[1].name, "work.p1");
  EXPECT_EQ(ms[2].name, "work.q1");
  for (size_t m : {1u, 2u}) {
    ASSERT_TRUE(ms[m].parent);
    EXPECT_EQ(ms[m].parent->machine, 0u);
    EXPECT_EQ(ms[m].parent->state, 1);
    EXPECT_EQ(ms[m].finalStates, (std::vector<bool>{false, true}));
  }
  EXPECT_EQ(ms[0].subMachines[0], (std::vector<size_t>{1, 2}));
  EXPECT_TRUE(ms[0].subMachines[1].empty());
  EXPECT_TRUE(ms[0].transitions[0].synchronize);
}

TEST(StateMachineDiscovery, EquationsBelongToTheInnermostStateOfTheirOrigin) {
  SmRun run = runStateMachines(synchronizeJoinModel().model);
  ASSERT_TRUE(run.machines) << run.messages;
  const StateMachines& sm = *run.machines;
  ASSERT_EQ(sm.equationState.size(), 2u);
  ASSERT_TRUE(sm.equationState[0]);
  EXPECT_EQ(sm.pathOf(*sm.equationState[0]), "work.p1");
  ASSERT_TRUE(sm.equationState[1]);
  EXPECT_EQ(sm.pathOf(*sm.equationState[1]), "done");
  EXPECT_TRUE(sm.isWithin(*sm.findState("work.p2"), *sm.findState("work")));
  EXPECT_FALSE(sm.isWithin(*sm.findState("work"), *sm.findState("work.p2")));
}

TEST(StateMachineDiscovery, HierarchyFollowsTheLongestEnclosingStatePath) {
  SmBuilder b("Deep");
  b.initialState("s1");
  b.transition("s1", "s2", boolean(true));
  b.initialState("s1.a", "s1");
  b.transition("s1.a", "s1.b", boolean(true), {}, "s1");
  b.initialState("s1.a.x", "s1.a");
  b.initialState("s10.x");  // "s1" is not a path prefix of "s10"
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  const StateMachines& sm = *run.machines;
  ASSERT_EQ(sm.machines.size(), 4u);
  auto parentPath = [&](const std::string& name) -> std::string {
    for (const auto& m : sm.machines)
      if (m.name == name) return m.parent ? sm.pathOf(*m.parent) : "<top>";
    return "<missing>";
  };
  EXPECT_EQ(parentPath("s1"), "<top>");
  EXPECT_EQ(parentPath("s10.x"), "<top>");
  EXPECT_EQ(parentPath("s1.a"), "s1");
  EXPECT_EQ(parentPath("s1.a.x"), "s1.a");
  EXPECT_EQ(sm.machines.back().name, "s1.a.x");  // the deepest last
}

}  // namespace
}  // namespace smc::test

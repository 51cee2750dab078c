// Outputs of different states connected together (spec 17.3.7): the
// connection equations flattening makes (`s1.y = out`, written in the
// class holding the states) become one merged source
// `out = if activeState(s1) then s1.y elseif activeState(s2) then s2.y else
// previous(out)` with every other connected variable equal to it, the
// states' own definitions of s1.y and s2.y staying as they are; outputs of
// states that can be active together cannot be merged.
#include "SmBuilder.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace smc::test {
namespace {

// s1 and s2 alternate (s1 -> s2 on s1.y >= 2, s2 -> s1 on s2.y >= 20, both
// delayed); their outputs are connected to out, and other to s2.y.
SmBuilder connectedOutputs() {
  SmBuilder b("Merge");
  VarId y1 = b.integer("s1.y", 0);
  VarId y2 = b.integer("s2.y", 0);
  VarId out = b.integer("out");
  VarId other = b.integer("other");
  b.equation(var(y1), add(previous(y1), integer(1)), "s1", 3);
  b.equation(var(y2), add(previous(y2), integer(10)), "s2", 4);
  b.initialState("s1", "", 5);
  b.transition("s1", "s2", greaterEq(var(y1), integer(2)), {.immediate = false, .reset = false}, "", 6);
  b.transition("s2", "s1", greaterEq(var(y2), integer(20)), {.immediate = false, .reset = false}, "", 7);
  b.equation(var(y1), var(out), "", 8);
  b.equation(var(y2), var(out), "", 9);
  b.equation(var(other), var(y2), "", 10);
  return b;
}

size_t definitionsOf(const flat::FlatModel& model, const std::string& name) {
  return std::count_if(model.equations.begin(), model.equations.end(), [&](const flat::Equation& eq) {
    return eq.lhs->kind == flat::ExprKind::Var && model.variables[eq.lhs->var].name == name;
  });
}

TEST(MergedStateOutputs, ConnectedOutputsBecomeOneSourceGuardedByTheStates) {
  SmRun run = runStateMachines(connectedOutputs().model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionOf(*run.lowered, "out"),
            "if activeState(s1) then s1.y else if activeState(s2) then s2.y else previous(out)");
  EXPECT_EQ(definitionOf(*run.lowered, "other"), "out");
  // The states' outputs keep one (guarded) definition each.
  EXPECT_EQ(definitionsOf(*run.lowered, "s1.y"), 1u);
  EXPECT_EQ(definitionsOf(*run.lowered, "s2.y"), 1u);
  EXPECT_EQ(definitionsOf(*run.lowered, "out"), 1u);
  EXPECT_EQ(definitionsOf(*run.lowered, "other"), 1u);
}

TEST(MergedStateOutputs, OutputsConnectedOnlyToEachOtherKeepTheirOwnDefinitions) {
  SmBuilder b = connectedOutputs();
  // Keep the states' equations; connect s1.y and s2.y directly instead.
  b.model.equations.resize(2);
  b.equation(var(idOf(b.model, "s1.y")), var(idOf(b.model, "s2.y")), "", 8);
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionsOf(*run.lowered, "s1.y"), 1u);
  EXPECT_EQ(definitionsOf(*run.lowered, "s2.y"), 1u);
  EXPECT_EQ(definitionOf(*run.lowered, "s1.y").rfind("if activeState(s1) then ", 0), 0u);
  EXPECT_EQ(definitionOf(*run.lowered, "s2.y").rfind("if activeState(s2) then ", 0), 0u);
}

TEST(MergedStateOutputs, ASingleStateOutputIsAnOrdinaryConnection) {
  SmBuilder b = connectedOutputs();
  b.model.equations.resize(2);
  b.equation(var(idOf(b.model, "s1.y")), var(idOf(b.model, "out")), "", 8);
  b.equation(var(idOf(b.model, "other")), var(idOf(b.model, "out")), "", 9);
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  EXPECT_EQ(definitionOf(*run.lowered, "out"), "s1.y");
  EXPECT_EQ(definitionOf(*run.lowered, "other"), "s1.y");
  EXPECT_EQ(definitionsOf(*run.lowered, "s1.y"), 1u);
}

TEST(MergedStateOutputs, ConnectionsWrittenInAMacroStateMergeItsSubStatesOutputs) {
  // P holds a machine a -> b whose outputs P's class connects to P.out;
  // the connections belong to P (origin "P"), the outputs to a and b.
  SmBuilder b("Macro");
  VarId ya = b.integer("P.a.y", 0);
  VarId yb = b.integer("P.b.y", 0);
  VarId out = b.integer("P.out");
  b.equation(var(ya), add(previous(ya), integer(1)), "P.a");
  b.equation(var(yb), add(previous(yb), integer(2)), "P.b");
  b.initialState("P");
  b.transition("P", "Q", boolean(true), {.immediate = false});
  b.initialState("P.a", "P");
  b.transition("P.a", "P.b", boolean(true), {.immediate = false}, "P");
  b.equation(var(ya), var(out), "P");
  b.equation(var(yb), var(out), "P");
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  // While neither sub-state runs (P inactive), P.out keeps its value; it
  // belongs to P, so previous() reads its start value when P is reset.
  std::string resetOfP = "activeState(P) and ($sm.P.activeReset or $sm.P.activeResetStates[1])";
  EXPECT_EQ(definitionOf(*run.lowered, "P.out"),
            "if activeState(P.a) then P.a.y else if activeState(P.b) then P.b.y else if " + resetOfP +
                " then 0 else previous(P.out)");
  EXPECT_EQ(definitionsOf(*run.lowered, "P.out"), 1u);
}

TEST(MergedStateOutputs, OutputsOfParallelStatesCannotBeMerged) {
  SmBuilder b("Parallel");
  VarId ya = b.integer("a.y", 0);
  VarId yb = b.integer("b.y", 0);
  VarId out = b.integer("out");
  b.equation(var(ya), add(previous(ya), integer(1)), "a", 3);
  b.equation(var(yb), add(previous(yb), integer(1)), "b", 4);
  b.initialState("a", "", 5);
  b.initialState("b", "", 6);
  b.equation(var(ya), var(out), "", 7);
  b.equation(var(yb), var(out), "", 8);
  SmRun run = runStateMachines(b.model);
  EXPECT_FALSE(run.lowered);
  EXPECT_EQ(run.messages.substr(0, run.messages.find('\n')),
            "7:1: error: 'a.y' and 'b.y' are connected, but states 'a' and 'b' can be active at the same tick "
            "(spec 17.3.7 merges outputs of states of which only one is active)");
}

}  // namespace
}  // namespace smc::test

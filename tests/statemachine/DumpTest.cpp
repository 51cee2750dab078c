// The `--dump=sm` text: machines with numbered states, initial/final marks,
// contained machines, transitions in firing order with their attributes,
// then the lowered equations.
#include "SmBuilder.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

TEST(StateMachineDump, ListsMachinesStatesTransitionsAndHierarchy) {
  SmBuilder b = synchronizeJoinModel();
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.machines) << run.messages;
  std::string dump = statemachine::dumpStateMachines(b.model, *run.machines, nullptr);
  EXPECT_EQ(dump,
            "state machine work (top level)\n"
            "  states:\n"
            "    1: work (initial)\n"
            "       contains: work.p1, work.q1\n"
            "    2: done (final)\n"
            "  transitions (highest priority last):\n"
            "    1: work -> done if true; immediate = false, reset = true, synchronize = true, priority = 1\n"
            "state machine work.p1 inside state work\n"
            "  states:\n"
            "    1: work.p1 (initial)\n"
            "    2: work.p2 (final)\n"
            "  transitions (highest priority last):\n"
            "    1: work.p1 -> work.p2 if ticksInState() >= 2; immediate = false, reset = true, synchronize = "
            "false, priority = 1\n"
            "state machine work.q1 inside state work\n"
            "  states:\n"
            "    1: work.q1 (initial)\n"
            "    2: work.q2 (final)\n"
            "  transitions (highest priority last):\n"
            "    1: work.q1 -> work.q2 if ticksInState() >= 4; immediate = false, reset = true, synchronize = "
            "false, priority = 1\n");
}

TEST(StateMachineDump, AppendsTheLoweredEquations) {
  SmBuilder b("One");
  VarId n = b.integer("s.n", 0);
  b.equation(var(n), add(previous(n), integer(1)), "s");
  b.initialState("s");
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  std::string dump = statemachine::dumpStateMachines(b.model, *run.machines, &*run.lowered);
  std::string marker = "lowered equations:\n";
  ASSERT_NE(dump.find(marker), std::string::npos) << dump;
  std::string tail = dump.substr(dump.find(marker) + marker.size());
  // One line per lowered equation, in order, each ending with ';'.
  std::string expected;
  for (const std::string& text : equationTexts(*run.lowered)) expected += "  " + text + ";\n";
  EXPECT_EQ(tail, expected);
  EXPECT_NE(tail.find("  activeState(s) = $sm.s.activeState == 1;\n"), std::string::npos);
  EXPECT_EQ(dump.substr(0, dump.find(marker)),
            "state machine s (top level)\n  states:\n    1: s (initial final)\n  transitions (highest priority "
            "last):\n");
}

}  // namespace
}  // namespace smc::test

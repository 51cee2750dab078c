// When-equations (spec 8.3.5): roles of their targets, condition variables,
// placement in the event order, initialization activity, and the errors of
// double definitions and misused reinit().
#include "FlatBuilder.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

struct Decay {
  FlatBuilder b{"M"};
  VarId x = b.state("x", 2, true, 2);
  Decay() { b.equation(der(x), neg(var(x))); }
};

TEST(When, RealAssignedInAWhenIsDiscreteAndReadFrozenByContinuousBlocks) {
  Decay m;
  VarId held = m.b.real("held");
  VarId y = m.b.real("y");
  m.b.when({{sample(real(0), real(0.5)), {assign(held, var(m.x))}}});
  m.b.equation(var(y), add(var(held), var(m.x)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  held: discrete\n  y: algebraic\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "outputs (1 block)\n  y := held + x\nindicators")) << run.blt;
  EXPECT_TRUE(has(run.blt, "events (3 blocks)\n  der(x) := -x\n  when $sample1 then\n    held := x\n  end when\n"
                           "  y := held + x\n"))
      << run.blt;
}

TEST(When, ConditionThatIsNotAVariableGetsAConditionVariableUpdatedBeforeTheBlock) {
  Decay m;
  VarId enabled = m.b.boolean("enabled", false);
  VarId n = m.b.integer("n", 0);
  m.b.equation(var(enabled), greater(time(), integer(1)));
  m.b.when({{andOf(var(enabled), greater(var(m.x), real(0.5))), {assign(n, add(pre(n), integer(1)))}}});
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  $when1.1: discrete (hidden)\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "events (6 blocks)\n"
                           "  der(x) := -x\n"
                           "  $relation1 := time > 1\n"
                           "  enabled := $relation1\n"
                           "  $relation2 := x > 0.5\n"
                           "  $when1.1 := enabled and $relation2\n"
                           "  when $when1.1 then\n"
                           "    n := pre(n) + 1\n"
                           "  end when\n"))
      << run.blt;
}

TEST(When, VectorConditionHoldsOneVariablePerElement) {
  Decay m;
  VarId n = m.b.integer("n", 0);
  smc::flat::WhenEquation when;
  smc::flat::WhenBranch branch;
  branch.conditions = {greater(var(m.x), integer(1)), greater(time(), integer(2))};
  branch.actions = {assign(n, add(pre(n), integer(1)))};
  when.branches = {branch};
  m.b.model.whenEquations.push_back(when);
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  when {$relation1, $relation2} then\n")) << run.blt;
}

TEST(When, InitialConditionPutsTheBlockIntoInitialization) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.when({{initial(), {assign(n, integer(5))}}, {sample(real(0), real(1)), {assign(n, add(pre(n), integer(1)))}}});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "initialization (2 blocks)\n"
                           "  $when1.1 := initial()\n"
                           "  when $when1.1 (at initialization) then\n"
                           "    n := 5\n"
                           "  elsewhen $sample1 then\n"
                           "    n := pre(n) + 1\n"
                           "  end when\n"
                           "derivatives"))
      << run.blt;
}

TEST(When, EquationForAWhenTargetIsADoubleDefinition) {
  FlatBuilder b("M");
  VarId y = b.real("y");
  b.when({{sample(real(0), real(1)), {assign(y, real(1))}}}, 5);
  b.equation(var(y), real(2), 8);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "8: error: in the model, the equation 'y = 2.0' has no unknown to solve for: 'y' is already assigned by "
            "the when-equation\n"
            "5: note: 'y' is assigned here\n");
}

TEST(When, TwoWhensAssigningOneVariableIsADoubleDefinition) {
  FlatBuilder b("M");
  VarId y = b.real("y");
  b.when({{sample(real(0), real(1)), {assign(y, real(1))}}}, 4);
  b.when({{sample(real(0), real(2)), {assign(y, real(2))}}}, 6);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "6: error: in the model, 'y' is assigned twice: by the when-equation and by the when-equation\n"
            "4: note: 'y' is first assigned here\n");
}

TEST(When, ReinitOfAVariableThatIsNotAStateIsAnError) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), mul(integer(2), var(m.x)));
  m.b.when({{less(var(m.x), integer(1)), {reinit(y, real(0), 9)}}});
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_EQ(messages, "9: error: reinit() needs a state (a variable that appears in der()), but 'y' is not one\n");
}

TEST(When, AssigningAStateInAWhenEquationIsAnError) {
  Decay m;
  m.b.when({{less(var(m.x), integer(1)), {assign(m.x, real(2), 6)}}});
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_EQ(messages,
            "6: error: the when-equation assigns the state 'x' (it appears in der()); a state changes at events only "
            "through reinit(x, ...) in a when-clause\n");
}

TEST(When, AssigningAParameterInAWhenEquationIsAnError) {
  FlatBuilder b("M");
  VarId k = b.parameter("k", 1);
  b.when({{sample(real(0), real(1)), {assign(k, real(2), 3)}}});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "3: error: the when-equation assigns 'k', which is a parameter or constant and cannot change during "
            "simulation\n");
}

TEST(When, AssigningAParameterWithFixedFalseAfterInitializationIsAnError) {
  FlatBuilder b("M");
  VarId p = b.parameter("p", 1);
  b.variable(p).attributes.fixed = false;
  b.initialEquation(var(p), real(2));
  b.when({{sample(real(0), real(1)), {assign(p, real(3), 4)}}});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "4: error: the when-equation assigns 'p', a parameter (fixed = false) that only initialization may "
            "determine\n");
}

TEST(When, BlockReadsItsConditionsAndValuesButNotPreValues) {
  // The when-block reads pre(n) only, so nothing orders it after n's other
  // readers; it does come after the condition it reads.
  Decay m;
  VarId n = m.b.integer("n", 0);
  VarId twice = m.b.integer("twice", 0);
  m.b.equation(var(twice), mul(integer(2), var(n)));
  m.b.when({{less(var(m.x), integer(1)), {assign(n, add(pre(n), integer(1)))}}});
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "events (4 blocks)\n  der(x) := -x\n  $relation1 := x < 1\n  when $relation1 then\n"
                           "    n := pre(n) + 1\n  end when\n  twice := 2 * n\n"))
      << run.blt;
}

}  // namespace

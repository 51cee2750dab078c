// Algebraic loops in hybrid models: Real loops stay numeric loops; loops
// through a relation, a when-clause, or mixing Integer/Boolean with Real
// unknowns are cut where the Real equations read the discrete variables,
// which the event iteration then settles (causalize/MixedSystems.h).
#include "FlatBuilder.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

struct Decay {
  FlatBuilder b{"M"};
  VarId x = b.state("x", 2, true);
  Decay() { b.equation(der(x), neg(var(x))); }
};

TEST(HybridLoop, RelationOnTheLoopUnknownIsReadAtItsPreviousIteration) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), ifThen(greater(var(y), var(m.x)), real(1), real(2)), 5);
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "events (3 blocks)\n  der(x) := -x\n  y := if $relation1 then 1.0 else 2.0\n"
                           "  $relation1 := y > x\n"))
      << run.blt;
  ASSERT_EQ(run.model->iteratedDiscretes.size(), 1u);
  EXPECT_EQ(run.model->flat.variables[*run.model->iteratedDiscretes.begin()].name, "$relation1");
}

TEST(HybridLoop, IntegerAndRealUnknownsInOneLoopAreCutAtTheInteger) {
  Decay m;
  VarId y = m.b.real("y");
  VarId n = m.b.integer("n", 0);
  m.b.equation(var(n), smc::flat::makeCall(smc::flat::Builtin::Integer, {var(y)}), 5);
  m.b.equation(var(y), add(var(m.x), var(n)), 6);
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  y := x + n\n")) << run.blt;
  EXPECT_LT(run.blt.rfind("  y := x + n\n"), run.blt.rfind("  n := ")) << run.blt;
}

TEST(HybridLoop, WhenClauseOnTheLoopRunsAfterTheRealsItReads) {
  // y depends on d, the when-condition on y, and d on the when-clause.
  Decay m;
  VarId y = m.b.real("y");
  VarId d = m.b.real("d");
  m.b.equation(var(y), sub(var(m.x), var(d)), 4);
  m.b.when({{greater(var(y), integer(1)), {assign(d, add(pre(d), integer(1)))}}}, 5);
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  y := x - d\n  $relation1 := y > 1\n  when $relation1 then\n    d := pre(d) + 1\n"))
      << run.blt;
}

TEST(HybridLoop, LoopOfRealsWithADiscreteRealIsANumericLoop) {
  Decay m;
  VarId y = m.b.real("y");
  VarId d = m.b.real("d");
  m.b.variable(d).variability = smc::flat::Variability::Discrete;
  m.b.equation(var(d), add(var(y), integer(1)));
  m.b.equation(var(y), sub(var(m.x), mul(var(d), var(d))));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "outputs (1 block)\n  loop for {")) << run.blt;
}

}  // namespace

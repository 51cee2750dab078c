// Algebraic loops in hybrid models: Real loops stay numeric loops; loops
// through a relation, a when-clause, or mixing Integer/Boolean with Real
// unknowns are reported (event iteration handles discrete dependencies
// only outside loops).
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

TEST(HybridLoop, RelationOnTheLoopUnknownIsAMixedLoop) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), ifThen(greater(var(y), var(m.x)), real(1), real(2)), 5);
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_TRUE(has(messages, "5: error: not supported yet: mixed discrete/continuous algebraic loop: in the model, "
                            "'y', '$relation1' depend on each other\n"
                            "5: note: in the loop: 'y = if $relation1 then 1.0 else 2.0'\n"
                            "0: note: in the loop: the relation 'y > x'\n"))
      << messages;
}

TEST(HybridLoop, IntegerAndRealUnknownsInOneLoopAreAMixedLoop) {
  Decay m;
  VarId y = m.b.real("y");
  VarId n = m.b.integer("n", 0);
  m.b.equation(var(n), smc::flat::makeCall(smc::flat::Builtin::Integer, {var(y)}), 5);
  m.b.equation(var(y), add(var(m.x), var(n)), 6);
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_TRUE(has(messages, "5: error: not supported yet: mixed discrete/continuous algebraic loop")) << messages;
}

TEST(HybridLoop, WhenClauseOnTheLoopIsAMixedLoop) {
  // y depends on d, the when-condition on y, and d on the when-clause.
  Decay m;
  VarId y = m.b.real("y");
  VarId d = m.b.real("d");
  m.b.equation(var(y), sub(var(m.x), var(d)), 4);
  m.b.when({{greater(var(y), integer(1)), {assign(d, add(pre(d), integer(1)))}}}, 5);
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_TRUE(has(messages, "4: error: not supported yet: mixed discrete/continuous algebraic loop")) << messages;
  EXPECT_TRUE(has(messages, "5: note: in the loop: the when-equation\n")) << messages;
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

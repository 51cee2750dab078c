// Algorithm sections, when-statements, tuple equations and function calls
// (spec 11, 12.4): one block per algorithm defining what it assigns, and
// the structural errors of spec 11.2.7.
#include "FlatBuilder.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

namespace {

using namespace smc::test;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

struct Decay {
  FlatBuilder b{"M"};
  VarId x = b.state("x", 2, true);
};

// A function of one input named `names[0]`, then its outputs, then locals.
uint32_t addFunction(smc::flat::FlatModel& model, const char* name, std::initializer_list<const char*> names,
                     uint32_t numOutputs, std::vector<smc::flat::Statement> body) {
  smc::flat::Function f;
  f.name = name;
  for (const char* variable : names) {
    smc::flat::Variable v;
    v.name = variable;
    f.variables.push_back(v);
  }
  f.numInputs = 1;
  f.numOutputs = numOutputs;
  f.body = std::move(body);
  model.functions.push_back(f);
  return static_cast<uint32_t>(model.functions.size() - 1);
}

// f(u) = (u + 1, u * u): straight-line, its second output nonlinear.
uint32_t addFunction(smc::flat::FlatModel& model) {
  return addFunction(model, "f", {"u", "o1", "o2"}, 2,
                     {assignStatement(1, add(var(0), real(1))), assignStatement(2, mul(var(0), var(0)))});
}

// g(u) = 2 u through a local: straight-line and linear.
uint32_t addLinearFunction(smc::flat::FlatModel& model) {
  return addFunction(model, "g", {"u", "o", "t"}, 1, {assignStatement(2, mul(real(2), var(0))), assignStatement(1, var(2))});
}

TEST(Algorithm, IsOneBlockDefiningTheVariablesItAssigns) {
  Decay m;
  VarId y = m.b.real("y");
  VarId z = m.b.real("z");
  m.b.algorithm({assignStatement(y, mul(integer(2), var(m.x))), assignStatement(z, add(var(y), integer(1)))});
  m.b.equation(der(m.x), neg(var(z)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "derivatives (2 blocks)\n  algorithm for {y, z}\n    y := 2 * x\n    z := y + 1\n"
                           "  end algorithm\n  der(x) := -z\noutputs (0 blocks)\n"))
      << run.blt;
}

TEST(Algorithm, RelationOutsideWhenStatementsIsACrossing) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(der(m.x), neg(var(m.x)));
  m.b.algorithm({assignStatement(y, ifThen(greater(var(m.x), integer(1)), real(1), real(0)))});
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  $relation1: indicator x - 1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  $relation1 := x > 1\n  algorithm for {y}\n    y := if $relation1 then 1.0 else 0.0\n"))
      << run.blt;
}

TEST(Algorithm, WhenStatementConditionIsAssignedJustBeforeIt) {
  Decay m;
  VarId n = m.b.integer("n", 0);
  m.b.equation(der(m.x), neg(var(m.x)));
  m.b.algorithm({whenStatement(andOf(greater(time(), integer(1)), greater(var(m.x), integer(2))),
                               {assignStatement(n, add(pre(n), integer(1)))})});
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  n: discrete\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "outputs (0 blocks)\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "events (4 blocks)\n"
                           "  der(x) := -x\n"
                           "  $relation1 := time > 1\n"
                           "  $relation2 := x > 2\n"
                           "  algorithm for {$when1.1, n}\n"
                           "    $when1.1 := $relation1 and $relation2\n"
                           "    when $when1.1 then\n"
                           "      n := pre(n) + 1\n"
                           "    end when\n"
                           "  end algorithm\n"))
      << run.blt;
}

TEST(Algorithm, RelationOnAVariableTheAlgorithmAssignsIsUpdatedInlineInEventModeOnly) {
  Decay m;
  VarId y = m.b.real("y");
  VarId n = m.b.integer("n", 0);
  m.b.equation(der(m.x), neg(var(m.x)));
  m.b.algorithm({assignStatement(y, mul(integer(3), var(m.x))),
                 whenStatement(greater(var(y), integer(1)), {assignStatement(n, add(pre(n), integer(1)))})});
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  // The indicator reads y, which the algorithm computes in continuous mode.
  EXPECT_TRUE(has(run.blt, "  $relation1: indicator y - 1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "indicators (1 block)\n"
                           "  algorithm for {y, $relation1, n} (event mode only: $relation1)\n"
                           "    y := 3 * x\n"
                           "    $relation1 := y > 1\n"
                           "    when $relation1 then\n"
                           "      n := pre(n) + 1\n"
                           "    end when\n"
                           "  end algorithm\n"))
      << run.blt;
}

TEST(Algorithm, RelationInAWhileLoopOnAnAssignedVariableIsNotSupportedYet) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(der(m.x), neg(var(m.x)));
  smc::flat::Statement loop = ifStatement(greater(var(y), integer(1)), {assignStatement(y, sub(var(y), integer(1)))}, 6);
  loop.kind = smc::flat::StatementKind::While;
  m.b.algorithm({assignStatement(y, var(m.x)), loop});
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_EQ(messages, "6: error: not supported yet: a relation in a while loop on a variable the algorithm "
                          "assigns (write noEvent(...) around it)\n");
}

TEST(Algorithm, WhenStatementOnInitialIsMarkedActiveAtInitialization) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.algorithm({whenStatement(initial(), {assignStatement(n, integer(1))})});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "initialization (1 block)\n  algorithm for {$when1.1, n} (at initialization: $when1.1)\n"))
      << run.blt;
}

TEST(Algorithm, NestedWhenStatementIsAnError) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.algorithm({whenStatement(sample(real(0), real(1)),
                             {whenStatement(sample(real(0), real(2)), {assignStatement(n, integer(1))}, 6)}, 5)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages, "6: error: when-statements cannot be nested (spec 11.2.7)\n");
}

TEST(Algorithm, WhenStatementInsideIfIsAnError) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.algorithm({ifStatement(boolean(true), {whenStatement(sample(real(0), real(2)), {assignStatement(n, integer(1))}, 7)})});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages, "7: error: a when-statement cannot be inside an if, for or while statement (spec 11.2.7)\n");
}

TEST(Algorithm, WhenStatementInAnInitialAlgorithmIsAnError) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.equation(var(n), integer(1));
  b.initialAlgorithm({whenStatement(initial(), {assignStatement(n, integer(1))}, 3)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages, "3: error: a when-statement is not allowed in an initial algorithm (spec 11.2.7)\n");
}

TEST(Algorithm, ReinitOutsideAWhenStatementIsAnError) {
  Decay m;
  m.b.equation(der(m.x), neg(var(m.x)));
  m.b.algorithm({reinitStatement(m.x, real(0), 5)});
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_EQ(messages, "5: error: reinit() is only allowed inside a when-clause\n");
}

TEST(Algorithm, AlgorithmAndEquationAssigningOneVariableIsADoubleDefinition) {
  FlatBuilder b("M");
  VarId y = b.real("y");
  b.algorithm({assignStatement(y, real(1))}, 4);
  b.equation(var(y), real(2), 6);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "6: error: in the model, the equation 'y = 2.0' has no unknown to solve for: 'y' is already assigned by "
            "the algorithm section\n"
            "4: note: 'y' is assigned here\n");
}

TEST(Algorithm, TupleEquationIsOneBlockDefiningEachSlot) {
  Decay m;
  VarId a = m.b.real("a");
  VarId c = m.b.real("c");
  uint32_t f = addFunction(m.b.model);
  m.b.equation(smc::flat::makeTuple({var(a), var(c)}), smc::flat::makeFunctionCall(f, 0, {var(m.x)}));
  m.b.equation(der(m.x), neg(var(a)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "derivatives (2 blocks)\n  algorithm for {a, c}\n    (a, c) := f(x)\n  end algorithm\n"
                           "  der(x) := -a\n"))
      << run.blt;
}

TEST(Algorithm, TupleSlotMayBeEmpty) {
  Decay m;
  VarId a = m.b.real("a");
  uint32_t f = addFunction(m.b.model);
  m.b.equation(smc::flat::makeTuple({var(a), nullptr}), smc::flat::makeFunctionCall(f, 0, {var(m.x)}));
  m.b.equation(der(m.x), neg(var(a)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  algorithm for {a}\n    (a, ) := f(x)\n")) << run.blt;
}

TEST(Algorithm, FunctionCallIsOpaqueWithoutTheUnknownAndNonlinearWithIt) {
  Decay m;
  VarId y = m.b.real("y");
  VarId w = m.b.real("w");
  uint32_t f = addFunction(m.b.model);
  m.b.equation(der(m.x), neg(var(m.x)));
  m.b.equation(var(y), add(smc::flat::makeFunctionCall(f, 0, {var(m.x)}), integer(1)));
  m.b.equation(smc::flat::makeFunctionCall(f, 1, {var(w)}), var(m.x));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  y := f(x) + 1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  loop for {w}:\n    0 = f(w).o2 - x\n")) << run.blt;
}

// A loop over calls of a straight-line function (Complex's operators) is
// linear once the calls are inlined: solved directly, not iterated.
TEST(Algorithm, AStraightLineFunctionOfTheUnknownIsInlinedIntoALinearLoop) {
  Decay m;
  VarId w = m.b.real("w");
  uint32_t g = addLinearFunction(m.b.model);
  m.b.equation(der(m.x), neg(var(m.x)));
  m.b.equation(smc::flat::makeFunctionCall(g, 0, {var(w)}), var(m.x));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  linear loop for {w}:\n    (2.0) * w = x\n")) << run.blt;
}

}  // namespace

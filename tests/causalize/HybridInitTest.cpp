// The initialization system of hybrid models (spec 8.6): when-targets keep
// their start values unless something determines them, initial algorithms
// define their variables, pre(v) named by an initial equation is an unknown,
// and over- or under-determined problems name the equations and variables
// involved.
#include "FlatBuilder.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

TEST(HybridInit, InitialEquationDeterminesAWhenTarget) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.when({{sample(real(0), real(1)), {assign(n, add(pre(n), integer(1)))}}});
  b.initialEquation(var(n), integer(3));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "initialization (1 block)\n  n := 3\nderivatives")) << run.blt;
}

// initial equation pre(n) = 3: pre(n) is an unknown, and n keeps pre(n)
// because its when-equation cannot fire.
TEST(HybridInit, InitialEquationOnPreMakesPreAnUnknownThatAHeldTargetKeeps) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.when({{sample(real(0), real(1)), {assign(n, add(pre(n), integer(1)))}}});
  b.initialEquation(pre(n), integer(3));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  pre(n): parameter (fixed = false) (hidden)\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "initialization (2 blocks)\n  pre(n) := 3\n  n := pre(n)\nderivatives")) << run.blt;
}

// d = pre(e) + 1 reads the unknown pre(e) during initialization, so it is
// solved after the initial equation that determines pre(e).
TEST(HybridInit, AnEquationReadingPreOfSuchAVariableComesAfterIt) {
  FlatBuilder b("M");
  VarId e = b.integer("e", 0);
  VarId d = b.integer("d", 0);
  b.when({{sample(real(0), real(1)), {assign(e, add(pre(e), integer(2)))}}});
  b.equation(var(d), add(pre(e), integer(1)));
  b.initialEquation(pre(e), integer(5));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "initialization (3 blocks)\n  pre(e) := 5\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  d := pre(e) + 1\n")) << run.blt;
}

TEST(HybridInit, PreOfAFixedVariableInAnInitialEquationOverDetermines) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.variable(n).attributes.fixed = true;
  b.when({{sample(real(0), real(1)), {assign(n, add(pre(n), integer(1)))}}});
  b.initialEquation(pre(n), integer(3), 7);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "error: the initialization problem is structurally singular: 3 equation(s) for 2 "
                            "unknown(s); some equations over-determine their variables"))
      << messages;
}

TEST(HybridInit, WhenTargetWithAParameterStartIsSetToItsStart) {
  FlatBuilder b("M");
  VarId p = b.parameter("p", 4);
  VarId d = b.real("d");
  b.variable(d).variability = smc::flat::Variability::Discrete;
  b.variable(d).attributes.start = var(p);
  b.when({{sample(real(0), real(1)), {assign(d, mul(integer(2), pre(d)))}}});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "initialization (1 block)\n  d := p\nderivatives")) << run.blt;
}

TEST(HybridInit, InitialAlgorithmDefinesTheVariablesItAssigns) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, std::nullopt);
  b.equation(der(x), neg(var(x)));
  b.initialAlgorithm({assignStatement(x, real(3))});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "initialization (2 blocks)\n  algorithm for {x}\n    x := 3.0\n  end algorithm\n"
                           "  der(x) := -x\n"))
      << run.blt;
}

TEST(HybridInit, OverDeterminedInitializationNamesTheEquationAndTheFixedVariable) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true, 2);
  b.equation(der(x), neg(var(x)), 4);
  b.initialEquation(var(x), real(2), 6);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "6: error: in the initialization problem, the equation 'x = 2.0' has no unknown to solve for; it "
            "over-determines the system; it involves only 'x' (fixed = true)\n"
            "2: note: 'x' is declared here (fixed = true)\n");
}

TEST(HybridInit, UnderDeterminedInitializationNamesTheStateWithoutACondition) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, false, 2);
  b.equation(der(x), neg(var(x)), 4);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "1: error: the initialization problem is structurally singular: 1 equation(s) for 2 unknown(s); no "
            "equation determines 'x'\n"
            "2: note: 'x' is declared here\n");
}

TEST(HybridInit, ConflictingInitialEquationsAreShownAsLeftOver) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, false, 2);
  b.equation(der(x), neg(var(x)), 4);
  b.initialEquation(var(x), real(1), 6);
  b.initialEquation(var(x), real(2), 7);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "1: error: the initialization problem is structurally singular: 3 equation(s) for 2 unknown(s); some "
            "equations over-determine their variables\n"
            "7: note: this equation is left over: 'x = 2.0'\n");
}

TEST(HybridInit, InitialEquationForATargetOfAnInitialWhenIsADoubleDefinition) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.when({{initial(), {assign(n, integer(1))}}}, 3);
  b.initialEquation(var(n), integer(2), 5);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "5: error: in the initialization problem, the equation 'n = 2' has no unknown to solve for: 'n' is "
            "already assigned by the when-equation\n"
            "3: note: 'n' is assigned here\n");
}

TEST(HybridInit, InitialAlgorithmAssigningAFixedStateIsReported) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true);
  b.equation(der(x), neg(var(x)));
  b.initialAlgorithm({assignStatement(x, real(3))}, 4);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_EQ(messages,
            "4: error: in the initialization problem, the initial algorithm section assigns 'x', which is already "
            "known (fixed = true)\n");
}

TEST(HybridInit, TwoStatesWithoutFixedAndOneInitialEquationFixOnlyOneStart) {
  // x + y = 0 at the start determines one of them; the other keeps its
  // start value, so the problem is neither over- nor under-determined.
  FlatBuilder b("M");
  VarId x = b.state("x", 1, std::nullopt);
  VarId y = b.state("y", 5, std::nullopt);
  b.equation(der(x), neg(var(x)));
  b.equation(der(y), neg(var(y)));
  b.initialEquation(add(var(x), var(y)), integer(0));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  int statesSolved = 0;
  for (const smc::causal::Block& block : run.model->initialization)
    if (const auto* assign = std::get_if<smc::causal::Assign>(&block))
      statesSolved += assign->target == x || assign->target == y;
  EXPECT_EQ(statesSolved, 1) << run.blt;
}

}  // namespace

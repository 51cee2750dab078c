// Tearing of nonlinear algebraic loops (src/causalize/Tearing.h): which
// unknowns the solver iterates on, which equations are solved explicitly
// and in what order, and which loops are left as they were.
#include "FlatBuilder.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;
using smc::causal::AlgebraicLoop;
using smc::causal::Block;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

ExprPtr sinOf(ExprPtr a) { return smc::flat::makeCall(smc::flat::Builtin::Sin, {std::move(a)}); }

// The one algebraic loop of the output blocks (the tests' models have no
// states, so every loop is there).
const AlgebraicLoop* onlyLoop(const CausalizeRun& run) {
  const AlgebraicLoop* found = nullptr;
  for (const Block& block : run.model->outputBlocks)
    if (const auto* loop = std::get_if<AlgebraicLoop>(&block)) {
      if (found) return nullptr;
      found = loop;
    }
  return found;
}

// y[i] = 0.5*sin(y[i+1]) + 1 around a ring of four: each equation is
// explicit in its own unknown, and one unknown breaks the only cycle.
TEST(Tearing, RingOfExplicitEquationsIteratesOnOneUnknown) {
  FlatBuilder b("M");
  std::vector<VarId> y;
  for (int i = 1; i <= 4; ++i) y.push_back(b.real("y" + std::to_string(i)));
  for (size_t i = 0; i < 4; ++i)
    b.equation(var(y[i]), add(mul(real(0.5), sinOf(var(y[(i + 1) % 4]))), real(1)), static_cast<uint32_t>(i + 1));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  ASSERT_EQ(loop->unknowns.size(), 1u) << run.blt;
  EXPECT_EQ(loop->residuals.size(), 1u);
  EXPECT_EQ(loop->torn.size(), 3u);
  EXPECT_TRUE(loop->matrix.empty());
  // Each explicit equation comes after the one computing what it reads:
  // y4 from the iteration variable y1, then y3, then y2; the residual is
  // y1's own equation.
  EXPECT_TRUE(has(run.blt, "  loop for {y1}:\n"
                           "    y4 := 0.5 * sin(y1) + 1.0\n"
                           "    y3 := 0.5 * sin(y4) + 1.0\n"
                           "    y2 := 0.5 * sin(y3) + 1.0\n"
                           "    0 = y1 - (0.5 * sin(y2) + 1.0)\n"))
      << run.blt;
}

TEST(Tearing, UnknownWithAStartValueIsPreferredAsIterationVariable) {
  FlatBuilder b("M");
  VarId u = b.real("u");
  VarId v = b.real("v");
  VarId w = b.real("w");
  b.variable(w).attributes.start = real(2);
  b.equation(var(u), sinOf(var(v)));
  b.equation(var(v), sinOf(var(w)));
  b.equation(var(w), sinOf(var(u)));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  ASSERT_EQ(loop->unknowns.size(), 1u) << run.blt;
  EXPECT_EQ(loop->unknowns[0], w) << run.blt;
}

// p*q = 2 is linear in p and in q, but each coefficient is the other
// unknown: dividing by it could fail at a Newton iterate, so that equation
// stays the residual; p + q = 3 gives the other unknown explicitly.
TEST(Tearing, CoefficientDependingOnALoopUnknownKeepsTheEquationAResidual) {
  FlatBuilder b("M");
  VarId p = b.real("p");
  VarId q = b.real("q");
  b.equation(mul(var(p), var(q)), integer(2), 1);
  b.equation(add(var(p), var(q)), integer(3), 2);
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  ASSERT_EQ(loop->unknowns.size(), 1u) << run.blt;
  ASSERT_EQ(loop->torn.size(), 1u) << run.blt;
  EXPECT_NE(loop->unknowns[0], loop->torn[0].target);
  EXPECT_EQ(loop->ranges[0].begin.line, at(1).begin.line) << run.blt;
  EXPECT_EQ(loop->torn[0].range.begin.line, at(2).begin.line) << run.blt;
}

// u + c*w = sin(v) with parameter c = 0 mentions w, but solving it for w
// would divide by c: the equation is used for u (or kept a residual), never
// to compute w (MultiBody's FixedTranslation: t_a = -(t_b + cross(r, f_b))
// with zeros in r).
TEST(Tearing, AZeroParameterCoefficientIsNeverDividedBy) {
  FlatBuilder b("M");
  VarId w = b.real("w");
  VarId u = b.real("u");
  VarId v = b.real("v");
  VarId c = b.parameter("c", 0);
  b.equation(add(var(u), mul(var(c), var(w))), sinOf(var(v)), 1);
  b.equation(var(v), add(mul(real(0.5), sinOf(var(u))), real(1)), 2);
  b.equation(sinOf(var(w)), add(mul(real(0.5), var(v)), var(u)), 3);
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  for (const auto& assign : loop->torn)
    EXPECT_FALSE(assign.target == w && assign.range.begin.line == at(1).begin.line) << run.blt;
  EXPECT_FALSE(has(run.blt, "/ c")) << run.blt;
}

// sin(x) + cos(y) = 1 is nonlinear in both unknowns, and x*y = 0.3 has the
// other unknown as each coefficient: nothing can be solved explicitly.
TEST(Tearing, LoopWithoutExplicitEquationsIteratesOnEveryUnknown) {
  FlatBuilder b("M");
  VarId x = b.real("x");
  VarId y = b.real("y");
  b.equation(add(sinOf(var(x)), smc::flat::makeCall(smc::flat::Builtin::Cos, {var(y)})), real(1));
  b.equation(mul(var(x), var(y)), real(0.3));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  EXPECT_EQ(loop->unknowns.size(), 2u) << run.blt;
  EXPECT_TRUE(loop->torn.empty()) << run.blt;
}

TEST(Tearing, LinearLoopIsSolvedDirectlyWithoutTearing) {
  FlatBuilder b("M");
  VarId x = b.real("x");
  VarId y = b.real("y");
  b.equation(var(x), add(mul(real(0.5), var(y)), time()));
  b.equation(var(y), sub(real(1), mul(real(0.25), var(x))));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  EXPECT_EQ(loop->unknowns.size(), 2u);
  EXPECT_EQ(loop->matrix.size(), 4u);
  EXPECT_TRUE(loop->torn.empty());
}

// Two rings sharing the unknown c: tearing c alone breaks both.
TEST(Tearing, UnknownOnEveryCycleIsTheOnlyIterationVariable) {
  FlatBuilder b("M");
  VarId c = b.real("c");
  VarId a = b.real("a");
  VarId d = b.real("d");
  b.equation(var(a), sinOf(var(c)));
  b.equation(var(d), sinOf(var(c)));
  b.equation(var(c), add(sinOf(var(a)), sinOf(var(d))));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const AlgebraicLoop* loop = onlyLoop(run);
  ASSERT_NE(loop, nullptr) << run.blt;
  ASSERT_EQ(loop->unknowns.size(), 1u) << run.blt;
  EXPECT_EQ(loop->unknowns[0], c) << run.blt;
  EXPECT_EQ(loop->torn.size(), 2u);
}

}  // namespace

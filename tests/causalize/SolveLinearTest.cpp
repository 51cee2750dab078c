// The symbolic solver for equations linear in their unknown.
#include "causalize/ExprUtil.h"

#include <gtest/gtest.h>

namespace {

using namespace smc;
using flat::makeBinary;
using flat::makeReal;
using flat::makeVar;
using flat::Op;

// Variables x (0, the unknown) and k (1), for printing.
flat::FlatModel names() {
  flat::FlatModel m;
  m.variables.resize(2);
  m.variables[0].name = "x";
  m.variables[1].name = "k";
  return m;
}

std::string solved(const flat::ExprPtr& lhs, const flat::ExprPtr& rhs) {
  auto value = causal::solveLinear(lhs, rhs, 0);
  return value ? flat::toString(*value, names()) : "<not solvable>";
}

TEST(SolveLinear, VariableAloneOnEitherSideIsTakenAsIs) {
  EXPECT_EQ(solved(makeVar(0), makeBinary(Op::Mul, makeVar(1), makeReal(2))), "k * 2.0");
  EXPECT_EQ(solved(makeBinary(Op::Mul, makeVar(1), makeReal(2)), makeVar(0)), "k * 2.0");
}

TEST(SolveLinear, CoefficientIsDividedOut) {
  // k * x = 3  ->  x = 3 / k
  EXPECT_EQ(solved(makeBinary(Op::Mul, makeVar(1), makeVar(0)), makeReal(3)), "3.0 / k");
}

TEST(SolveLinear, TermsOnBothSidesAreCollected) {
  // x + 1 = k - x  ->  2 x = k - 1  ->  x = -(1 - k) / 2
  EXPECT_EQ(solved(makeBinary(Op::Add, makeVar(0), makeReal(1)), makeBinary(Op::Sub, makeVar(1), makeVar(0))),
            "(-(1.0 - k)) / 2");
}

TEST(SolveLinear, NegatedUnknownNeedsNoDivision) {
  // 5 - x = k  ->  x = 5 - k
  EXPECT_EQ(solved(makeBinary(Op::Sub, makeReal(5), makeVar(0)), makeVar(1)), "5.0 - k");
}

TEST(SolveLinear, NonlinearOccurrencesAreRefused) {
  EXPECT_EQ(solved(makeBinary(Op::Mul, makeVar(0), makeVar(0)), makeReal(4)), "<not solvable>");
  EXPECT_EQ(solved(flat::makeCall(flat::Builtin::Sin, {makeVar(0)}), makeReal(0.5)), "<not solvable>");
  EXPECT_EQ(solved(makeBinary(Op::Div, makeReal(1), makeVar(0)), makeReal(2)), "<not solvable>");
}

TEST(SolveLinear, ZeroCoefficientIsRefused) {
  // 0 * x = 1 does not determine x.
  EXPECT_EQ(solved(makeBinary(Op::Mul, makeReal(0), makeVar(0)), makeReal(1)), "<not solvable>");
}

}  // namespace

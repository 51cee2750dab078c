// floor, ceil, integer, div, mod and rem outside noEvent() generate events
// (spec 3.7.1.1): their values jump exactly where the closed form says and
// stay constant between events, so the integrator sees a piecewise-constant
// right-hand side. Expected values are computed here from the closed forms.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulationResult;
using smc::test::columnOf;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::writeScratchModel;

SimulationResult simulateText(const std::string& name, const std::string& text, double stop, double step) {
  const std::string fmu = compileModel(writeScratchModel(name + ".mo", text), name + ".fmu");
  return simulateOk(simulationOf(fmu, stop, step, true));
}

// Near a jump the reported value may be from either side.
bool nearJump(double value) { return std::fabs(value - std::round(value)) < 1e-6; }

// The silent wrong answer: integer() of a continuous expression
// stayed 30 for the whole run.
TEST(EventBuiltins, IntegerOfAContinuousExpressionFollowsIt) {
  SimulationResult result = simulateText("IntegerOfSine",
                                         "model IntegerOfSine\n"
                                         "  Integer i = integer(10*sin(10*time) + 30);\n"
                                         "end IntegerOfSine;\n",
                                         1, 0.01);
  const int i = columnOf(result, "i");
  ASSERT_GE(i, 0);
  int distinct = 0;
  double previous = -1;
  for (const auto& row : result.rows) {
    const double x = 10 * std::sin(10 * row[0]) + 30;
    if (nearJump(x)) continue;
    EXPECT_EQ(row[i], std::floor(x)) << "t=" << row[0];
    distinct += row[i] != previous;
    previous = row[i];
  }
  EXPECT_GT(distinct, 20);
}

TEST(EventBuiltins, EachBuiltinMatchesItsClosedFormBetweenJumps) {
  SimulationResult result = simulateText("Rounding",
                                         "model Rounding\n"
                                         "  Real f = floor(2*time);\n"
                                         "  Real c = ceil(-3*time);\n"
                                         "  Real d = div(5*time - 2, 1);\n"
                                         "  Real m = mod(time, 0.3);\n"
                                         "  Real r = rem(time - 1, 0.4);\n"
                                         "  Integer n = integer(-7*time);\n"
                                         "end Rounding;\n",
                                         2, 0.01);
  const int f = columnOf(result, "f"), c = columnOf(result, "c"), d = columnOf(result, "d"),
            m = columnOf(result, "m"), r = columnOf(result, "r"), n = columnOf(result, "n");
  for (const auto& row : result.rows) {
    const double t = row[0];
    if (!nearJump(2 * t)) {
      EXPECT_EQ(row[f], std::floor(2 * t)) << "t=" << t;
    }
    if (!nearJump(3 * t)) {
      EXPECT_EQ(row[c], std::ceil(-3 * t)) << "t=" << t;
    }
    if (!nearJump(5 * t)) {
      EXPECT_EQ(row[d], std::trunc(5 * t - 2)) << "t=" << t;
    }
    if (!nearJump(t / 0.3)) {
      EXPECT_NEAR(row[m], t - std::floor(t / 0.3) * 0.3, 1e-12) << "t=" << t;
    }
    if (!nearJump((t - 1) / 0.4)) {
      EXPECT_NEAR(row[r], (t - 1) - std::trunc((t - 1) / 0.4) * 0.4, 1e-12) << "t=" << t;
    }
    if (!nearJump(7 * t)) {
      EXPECT_EQ(row[n], std::floor(-7 * t)) << "t=" << t;
    }
  }
}

// der(x) = floor(time): x(t) = sum over whole seconds k < t of k, plus
// floor(t) * (t - floor(t)). Held constant between events, the right-hand
// side is integrated exactly; evaluated between events it would not be.
TEST(EventBuiltins, AStateIntegratesTheHeldValueExactly) {
  SimulationResult result = simulateText("Staircase",
                                         "model Staircase\n"
                                         "  Real x(start = 0, fixed = true);\n"
                                         "equation\n"
                                         "  der(x) = floor(time);\n"
                                         "end Staircase;\n",
                                         4.5, 0.25);
  const int x = columnOf(result, "x");
  for (const auto& row : result.rows) {
    const double t = row[0], k = std::floor(t + 1e-12);
    EXPECT_NEAR(row[x], k * (k - 1) / 2 + k * (t - k), 1e-6) << "t=" << t;
  }
}

// A value that starts exactly on an integer and leaves it downwards: the
// indicator is zero right after initialization, and the event must still
// come when it leaves zero.
TEST(EventBuiltins, AJumpRightAfterTheStartIsNotMissed) {
  SimulationResult result = simulateText("LeavesDownwards",
                                         "model LeavesDownwards\n"
                                         "  Real f = floor(-time);\n"
                                         "end LeavesDownwards;\n",
                                         2.5, 0.5);
  const int f = columnOf(result, "f");
  const double expected[] = {0, -1, -1, -2, -2, -3};
  ASSERT_EQ(result.rows.size(), 6u);
  for (size_t k = 0; k < result.rows.size(); ++k)
    EXPECT_EQ(result.rows[k][f], expected[k]) << "t=" << result.rows[k][0];
}

}  // namespace

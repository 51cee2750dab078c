// Tick choice. Each expectation follows from the rule "the smallest step
// of 1, 2 or 5 times a power of ten giving at most maxCount ticks inside
// the range": the comment on each case names the smaller step that was too
// dense.
#include "plot/Ticks.h"

#include <gtest/gtest.h>

#include <cmath>

using smc::plot::AxisTicks;
using smc::plot::niceTicks;

using Values = std::vector<double>;
using Labels = std::vector<std::string>;

TEST(NiceTicks, UnitRangeUsesStepsOfTwoTenths) {
  // Step 0.1 would give 11 ticks.
  AxisTicks ticks = niceTicks(0.0, 1.0, 8);
  EXPECT_EQ(ticks.step, 0.2);
  EXPECT_EQ(ticks.values, (Values{0.0, 0.2, 0.4, 0.6, 0.8, 1.0}));
  EXPECT_EQ(ticks.labels, (Labels{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
}

TEST(NiceTicks, ValuesAreTheNearestDoublesOfTheirDecimals) {
  // Step 0.1 gives exactly 8 ticks; 3 × 0.1 in floating point would be
  // 0.30000000000000004.
  AxisTicks ticks = niceTicks(0.0, 0.7, 8);
  ASSERT_EQ(ticks.values.size(), 8u);
  EXPECT_EQ(ticks.values[3], 0.3);
  EXPECT_EQ(ticks.values[7], 0.7);
  EXPECT_EQ(ticks.labels[3], "0.3");
}

TEST(NiceTicks, IntegerRanges) {
  // [0, 10]: step 1 would give 11.
  EXPECT_EQ(niceTicks(0, 10, 8).labels, (Labels{"0", "2", "4", "6", "8", "10"}));
  // [-3, 7]: step 1 would give 11; multiples of 2 inside are -2 ... 6.
  EXPECT_EQ(niceTicks(-3, 7, 8).values, (Values{-2, 0, 2, 4, 6}));
  // [0, 16]: step 2 would give 9.
  EXPECT_EQ(niceTicks(0, 16, 8).values, (Values{0, 5, 10, 15}));
  // [0, 100]: step 10 would give 11.
  EXPECT_EQ(niceTicks(0, 100, 8).values, (Values{0, 20, 40, 60, 80, 100}));
}

TEST(NiceTicks, LabelsShowTheDecimalsTheStepNeeds) {
  // [0.1, 0.3]: step 0.02 would give 11 (5 × 0.02 ... 15 × 0.02).
  AxisTicks ticks = niceTicks(0.1, 0.3, 8);
  EXPECT_EQ(ticks.labels, (Labels{"0.10", "0.15", "0.20", "0.25", "0.30"}));
}

TEST(NiceTicks, ZeroIsNeverNegative) {
  // [-1, 1]: step 0.2 would give 11.
  AxisTicks ticks = niceTicks(-1.0, 1.0, 8);
  EXPECT_EQ(ticks.labels, (Labels{"-1.0", "-0.5", "0.0", "0.5", "1.0"}));
  EXPECT_FALSE(std::signbit(ticks.values[2]));
}

TEST(NiceTicks, PaddedRangeKeepsTicksInside) {
  // [-0.05, 1.05] is [0, 1] with 5% headroom; step 0.1 would give 11.
  EXPECT_EQ(niceTicks(-0.05, 1.05, 8).values, (Values{0.0, 0.2, 0.4, 0.6, 0.8, 1.0}));
}

TEST(NiceTicks, LargeNumbersUseScientificNotation) {
  // [0, 5e6]: step 5e5 would give 11.
  EXPECT_EQ(niceTicks(0, 5e6, 8).labels, (Labels{"0", "1e6", "2e6", "3e6", "4e6", "5e6"}));
  // [1e6, 3.5e6]: step 2e5 would give 13 (5 ... 17 times 2e5).
  EXPECT_EQ(niceTicks(1e6, 3.5e6, 8).labels,
            (Labels{"1e6", "1.5e6", "2e6", "2.5e6", "3e6", "3.5e6"}));
}

TEST(NiceTicks, SmallNumbersUseScientificNotation) {
  // [0, 3e-5]: step 2e-6 would give 16.
  AxisTicks ticks = niceTicks(0, 3e-5, 8);
  EXPECT_EQ(ticks.labels, (Labels{"0", "5e-6", "1e-5", "1.5e-5", "2e-5", "2.5e-5", "3e-5"}));
  EXPECT_EQ(ticks.values[2], 1e-5);
}

TEST(NiceTicks, FewerTicksWhenAsked) {
  // [0, 1] with at most 4: step 0.2 would give 6.
  EXPECT_EQ(niceTicks(0, 1, 4).values, (Values{0.0, 0.5, 1.0}));
}

TEST(NiceTicks, EveryRangeGetsEvenlySpacedOneTwoFiveSteps) {
  for (double low : {-7.3, 0.0, 0.001, 42.0, 1234.5}) {
    for (double span : {1e-4, 0.37, 1.0, 2.5, 9.99, 17.0, 3e3, 7.7e7}) {
      AxisTicks ticks = niceTicks(low, low + span, 8);
      SCOPED_TRACE(testing::Message() << "[" << low << ", " << low + span << "]");
      ASSERT_GE(ticks.values.size(), 3u);
      EXPECT_LE(ticks.values.size(), 8u);
      EXPECT_EQ(ticks.labels.size(), ticks.values.size());
      double exponent = std::floor(std::log10(ticks.step));
      double mantissa = std::round(ticks.step / std::pow(10.0, exponent));
      EXPECT_TRUE(mantissa == 1 || mantissa == 2 || mantissa == 5) << ticks.step;
      for (std::size_t i = 0; i < ticks.values.size(); ++i) {
        EXPECT_GE(ticks.values[i], low - 1e-9 * span);
        EXPECT_LE(ticks.values[i], low + span + 1e-9 * span);
        if (i > 0) {
          // A difference of large values carries their rounding error.
          double rounding = 1e-15 * std::fabs(ticks.values[i]);
          EXPECT_NEAR(ticks.values[i] - ticks.values[i - 1], ticks.step, 1e-9 * ticks.step + rounding);
        }
      }
    }
  }
}

TEST(NiceTicks, DegenerateRangesGetOneTick) {
  EXPECT_EQ(niceTicks(2.0, 2.0, 8).values, (Values{2.0}));
  EXPECT_EQ(niceTicks(3.0, 1.0, 8).values, (Values{3.0}));
  EXPECT_EQ(niceTicks(0.0, INFINITY, 8).values.size(), 1u);
  EXPECT_EQ(niceTicks(NAN, 1.0, 8).values.size(), 1u);
}

// State events on the bouncing ball (models/bouncing_ball.h) against the
// closed form: impact times t_n = t1 (1 + 2 (e + ... + e^(n-1))) with
// t1 = sqrt(2 h0 / g), parabolic flights in between, exact bounce counts at
// every communication point, and a reset that reproduces a run bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "bouncing_ball.h"
#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

constexpr double kG = 9.81;
constexpr double kTolerance = 1e-10;
constexpr double kTimeAccuracy = 1e-6;

// The ball's motion from h0 at rest, derived by hand (see file comment).
// Impacts accumulate at t* = t1 (1 + 2e/(1-e)); tests stay before t*.
struct ClosedForm {
  static constexpr int kMaxImpacts = 1000;

  double h0;
  double e;

  double first_impact() const { return std::sqrt(2.0 * h0 / kG); }
  // Time of the n-th impact, n >= 1.
  double impact(int n) const {
    double sum = 0.0;
    for (int k = 1; k < n; ++k) sum += std::pow(e, k);
    return first_impact() * (1.0 + 2.0 * sum);
  }
  int bounces_until(double t) const {
    int n = 0;
    while (n < kMaxImpacts && impact(n + 1) <= t) ++n;
    return n;
  }
  // Whether t is within `margin` of an impact (the count there depends on
  // where within the margin the solver put the event).
  bool near_impact(double t, double margin) const {
    for (int n = 1; n <= kMaxImpacts && impact(n) < t + margin; ++n)
      if (std::fabs(impact(n) - t) < margin) return true;
    return false;
  }
  double height(double t) const {
    int n = bounces_until(t);
    if (n == 0) return h0 - 0.5 * kG * t * t;
    double tau = t - impact(n);
    double launch = std::pow(e, n) * kG * first_impact();
    return launch * tau - 0.5 * kG * tau * tau;
  }
  double velocity(double t) const {
    int n = bounces_until(t);
    if (n == 0) return -kG * t;
    return std::pow(e, n) * kG * first_impact() - kG * (t - impact(n));
  }
};

TEST(BouncingBall, ImpactsHappenAtClosedFormTimesWithExactCounts) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(BALL_E, 0.8), fmi2OK);
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK) << fmu.log().dump();
  const ClosedForm ball{1.0, 0.8};
  int seen = 0;
  for (int i = 1; i <= 300; ++i) {
    ASSERT_EQ(fmu.step_until(0.01 * i, 0.01), fmi2OK) << fmu.log().dump();
    double t = fmu.time();
    int bounces = fmu.integer(BALL_BOUNCES);
    if (!ball.near_impact(t, kTimeAccuracy)) {
      EXPECT_EQ(bounces, ball.bounces_until(t)) << "t=" << t;
    }
    if (bounces > seen) {
      ASSERT_EQ(bounces, seen + 1) << "two impacts within one 0.01 step at t=" << t;
      seen = bounces;
      EXPECT_NEAR(fmu.real(BALL_LAST_BOUNCE), ball.impact(bounces), kTimeAccuracy)
          << "impact " << bounces;
    }
    EXPECT_NEAR(fmu.real(BALL_H), ball.height(t), 1e-6) << "t=" << t;
    EXPECT_NEAR(fmu.real(BALL_V), ball.velocity(t), 1e-6) << "t=" << t;
  }
  // Impacts at 0.4515, 1.1739, 1.7518, 2.2141, 2.5840, 2.8799; next 3.1166.
  EXPECT_EQ(seen, 6);
  EXPECT_TRUE(fmu.log().records.empty()) << fmu.log().dump();
}

TEST(BouncingBall, SeveralImpactsInsideOneLongStepAreAllHandled) {
  Instance fmu;
  ASSERT_EQ(fmu.set_real(BALL_H, 2.0), fmi2OK);  // start value of a state
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK) << fmu.log().dump();
  const ClosedForm ball{2.0, 0.7};  // impacts accumulate at t* = 3.62
  for (double t : {1.0, 2.0, 3.0}) {
    ASSERT_EQ(fmi2DoStep(fmu.get(), t - 1.0, 1.0, fmi2True), fmi2OK) << fmu.log().dump();
    int expected = ball.bounces_until(t);
    EXPECT_EQ(fmu.integer(BALL_BOUNCES), expected) << "t=" << t;
    EXPECT_NEAR(fmu.real(BALL_LAST_BOUNCE), ball.impact(expected), kTimeAccuracy);
    EXPECT_NEAR(fmu.real(BALL_H), ball.height(t), 1e-6);
  }
  // Impacts at 0.639, 1.533, 2.158, 2.596, 2.903; the next at 3.118.
  EXPECT_EQ(fmu.integer(BALL_BOUNCES), 5);
}

// Runs to t = 3 in steps of 0.05 and returns every value at every point.
std::vector<double> record_run(Instance& fmu) {
  std::vector<double> values;
  EXPECT_EQ(fmu.set_real(BALL_E, 0.8), fmi2OK);
  EXPECT_EQ(fmu.initialize(kTolerance), fmi2OK);
  for (int i = 1; i <= 60; ++i) {
    EXPECT_EQ(fmi2DoStep(fmu.get(), 0.05 * (i - 1), 0.05, fmi2True), fmi2OK);
    for (fmi2ValueReference vr = 0; vr < BALL_NUM_REALS; ++vr) values.push_back(fmu.real(vr));
    values.push_back(fmu.integer(BALL_BOUNCES));
    values.push_back(fmu.boolean(BALL_ON_GROUND) ? 1.0 : 0.0);
  }
  return values;
}

TEST(BouncingBall, ResetAfterEventsReproducesTheRunBitForBit) {
  Instance fmu;
  std::vector<double> first = record_run(fmu);
  ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
  std::vector<double> second = record_run(fmu);
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i)
    ASSERT_EQ(std::memcmp(&first[i], &second[i], sizeof(double)), 0) << "value " << i;
  EXPECT_EQ(second[second.size() - 2], 6.0);  // bounces at t = 3
}

TEST(BouncingBall, FreedAfterEventsReleasesEveryBlock) {
  AllocationCounter counter;
  {
    Instance fmu("counted", fmi2False, &counter);
    ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
    ASSERT_EQ(fmu.step_until(2.0, 0.1), fmi2OK);
    ASSERT_EQ(fmi2Reset(fmu.get()), fmi2OK);
    ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
    ASSERT_EQ(fmu.step_until(1.0, 0.1), fmi2OK);
  }
  EXPECT_GT(counter.allocations, 0);
  EXPECT_EQ(counter.allocations, counter.releases);
}

}  // namespace
}  // namespace smc::runtime_test

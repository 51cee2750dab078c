// FMU states across state events on the bouncing ball: a restore that
// undoes an impact (the bounce counter, the reinit() of v and the discrete
// Real recording the impact time all come back), and the exactness
// property sim(tau) = sim*(tau, tau') byte for byte when tau and tau'
// cross impacts, from states taken before, just after and between them.
#include <gtest/gtest.h>

#include <cmath>

#include "bouncing_ball.h"
#include "fmu_state_support.h"

namespace smc::runtime_test {
namespace {

constexpr double kTolerance = 1e-10;
// sqrt(2 h0 / g) for h0 = 1, g = 9.81; the second impact comes after a
// flight of 2 e t1 with e = 0.7 (models/bouncing_ball.h).
const double kFirstImpact = std::sqrt(2.0 / 9.81);
const double kSecondImpact = kFirstImpact * (1.0 + 2.0 * 0.7);

TEST(FmuStateHybrid, RestoreUndoesAnImpact) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.4, 0.05), fmi2OK);
  double h = fmu.real(BALL_H), v = fmu.real(BALL_V);
  EXPECT_NEAR(h, 1.0 - 0.5 * 9.81 * 0.16, 1e-8);
  fmi2FMUstate before_impact = take_state(fmu);
  ASSERT_EQ(advance(fmu, 0.4, 0.2, 0.05), fmi2OK);
  ASSERT_EQ(fmu.integer(BALL_BOUNCES), 1);
  EXPECT_NEAR(fmu.real(BALL_LAST_BOUNCE), kFirstImpact, 1e-6);
  EXPECT_GT(fmu.real(BALL_V), 0.0);  // going up after the reinit

  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), before_impact), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.integer(BALL_BOUNCES), 0);
  EXPECT_EQ(fmu.real(BALL_LAST_BOUNCE), 0.0);
  EXPECT_EQ(fmu.real(BALL_H), h);
  EXPECT_EQ(fmu.real(BALL_V), v);
  // The impact happens again, at the same time.
  ASSERT_EQ(advance(fmu, 0.4, 0.2, 0.05), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.integer(BALL_BOUNCES), 1);
  EXPECT_NEAR(fmu.real(BALL_LAST_BOUNCE), kFirstImpact, 1e-6);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &before_impact), fmi2OK);
}

TEST(FmuStateHybrid, SimulationsAcrossImpactsAreBitForBitRepeatable) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  // States before the first impact, just after it (indicator watch and
  // restarted integrator pending) and between the first and the second.
  for (double t0 : {0.4, 0.5, 0.9}) {
    ASSERT_EQ(advance(fmu, fmu.time(), t0 - fmu.time(), 0.05), fmi2OK) << fmu.log().dump();
    fmi2FMUstate s = take_state(fmu);
    for (double tau : {0.05, 0.3, 0.8}) {
      Bytes reference = sim(fmu, s, t0, tau, 0.05);
      for (double tau_prime : {0.02, 0.3, 1.2})
        EXPECT_EQ(sim_star(fmu, s, t0, tau, tau_prime, 0.05), reference)
            << "t0=" << t0 << " tau=" << tau << " tau'=" << tau_prime;
    }
    // Leave the instance where the next state is to be taken from.
    ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
    fmu.assume_time(t0);
    EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
  }
  ASSERT_EQ(advance(fmu, 0.9, 0.3, 0.05), fmi2OK);
  EXPECT_EQ(fmu.integer(BALL_BOUNCES), 2);  // kSecondImpact = 1.08 lies in (0.9, 1.2]
  EXPECT_NEAR(fmu.real(BALL_LAST_BOUNCE), kSecondImpact, 1e-6);
}

}  // namespace
}  // namespace smc::runtime_test

// FMU states with an algebraic loop solved by KINSOL inside the right-hand
// side (models/algebraic_loop.h: x + exp(x) = s, s = 1 + t): KINSOL's
// memory is not saved, because each solve starts afresh from the unknown's
// current value, which is. This pins that: sim(tau) = sim*(tau, tau') byte
// for byte, and the restored x still solves its loop.
#include <gtest/gtest.h>

#include <cmath>

#include "algebraic_loop.h"
#include "fmu_state_support.h"

namespace smc::runtime_test {
namespace {

TEST(FmuStateAlgebraicLoop, SimulationsThroughTheLoopAreBitForBitRepeatable) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
  ASSERT_EQ(advance(fmu, 0.0, 0.5, 0.1), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  for (double tau : {0.1, 0.6}) {
    Bytes reference = sim(fmu, s, 0.5, tau, 0.1);
    for (double tau_prime : {0.05, 0.4, 1.3})
      EXPECT_EQ(sim_star(fmu, s, 0.5, tau, tau_prime, 0.1), reference)
          << "tau=" << tau << " tau'=" << tau_prime;
  }
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
  double x = fmu.real(LOOP_X);
  EXPECT_NEAR(x + std::exp(x), fmu.real(LOOP_S), 1e-9);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

}  // namespace
}  // namespace smc::runtime_test

// FMU states across sample ticks on the sampled counter (a model without
// states, stepped on time events alone): a restore brings back the tick
// counter and the next tick time, so the ticks after it come exactly when
// they did the first time; a when-clause on an input is undone too; and
// sim(tau) = sim*(tau, tau') holds byte for byte across ticks, including
// from a state taken exactly at a tick.
#include <gtest/gtest.h>

#include "fmu_state_support.h"
#include "sampled_counter.h"

namespace smc::runtime_test {
namespace {

TEST(FmuStateSampled, RestoreBringsBackTheTickCountAndTheNextTick) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.25, 0.05), fmi2OK);
  ASSERT_EQ(fmu.integer(COUNTER_COUNT), 3);  // ticks at 0, 0.1, 0.2
  fmi2FMUstate s = take_state(fmu);
  ASSERT_EQ(advance(fmu, 0.25, 0.3, 0.05), fmi2OK);
  ASSERT_EQ(fmu.integer(COUNTER_COUNT), 6);  // and 0.3, 0.4, 0.5

  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 3);
  EXPECT_EQ(fmu.integer(COUNTER_TICKS), 3);
  // Before the next tick (0.3) nothing happens; at it, one tick.
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.25, 0.04, fmi2False), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 3);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.29, 0.01, fmi2False), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_COUNT), 4);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuStateSampled, RestoreUndoesAWhenClauseOnAnInput) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.15, 0.05), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  ASSERT_EQ(fmu.set_boolean(COUNTER_TRIGGER, true), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.15, 0.05, 0.05), fmi2OK);
  ASSERT_EQ(fmu.integer(COUNTER_PRESSES), 1);
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 0);
  EXPECT_FALSE(fmu.boolean(COUNTER_TRIGGER));
  // A rising edge again after the restore counts again.
  ASSERT_EQ(fmu.set_boolean(COUNTER_TRIGGER, true), fmi2OK);
  EXPECT_EQ(fmu.integer(COUNTER_PRESSES), 1);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuStateSampled, SimulationsAcrossTicksAreBitForBitRepeatable) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-6), fmi2OK);
  // 0.3 is a tick time: the state taken there holds the tick's values.
  for (double t0 : {0.25, 0.3}) {
    ASSERT_EQ(advance(fmu, fmu.time(), t0 - fmu.time(), 0.05), fmi2OK) << fmu.log().dump();
    fmi2FMUstate s = take_state(fmu);
    for (double tau : {0.05, 0.1, 0.42}) {
      Bytes reference = sim(fmu, s, t0, tau, 0.05);
      for (double tau_prime : {0.03, 0.1, 0.77})
        EXPECT_EQ(sim_star(fmu, s, t0, tau, tau_prime, 0.05), reference)
            << "t0=" << t0 << " tau=" << tau << " tau'=" << tau_prime;
    }
    ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
    fmu.assume_time(t0);
    EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
  }
}

}  // namespace
}  // namespace smc::runtime_test

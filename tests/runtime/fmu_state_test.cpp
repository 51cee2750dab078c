// FMU state save/restore on the continuous Dahlquist model: what a restore
// brings back, the exactness property sim(tau) = sim*(tau, tau') byte for
// byte, serialization round trips, and the handling of NULL, freed and
// foreign states and of calls in the wrong FMI state.
#include <gtest/gtest.h>

#include <cmath>

#include "dahlquist.h"
#include "fmu_state_support.h"

namespace smc::runtime_test {
namespace {

constexpr double kTolerance = 1e-8;

TEST(FmuState, RestoreBringsBackValuesTimeAndInputs) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, 0.5), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.5, 0.1), fmi2OK);
  double x_saved = fmu.real(DAHLQUIST_X);
  fmi2FMUstate s = take_state(fmu);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, 0.0), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.5, 1.0, 0.1), fmi2OK);
  ASSERT_NE(fmu.real(DAHLQUIST_X), x_saved);
  ASSERT_EQ(fmu.set_boolean(DAHLQUIST_FROZEN, true), fmi2OK);

  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_X), x_saved);
  EXPECT_EQ(fmu.real(DAHLQUIST_U), 0.5);
  EXPECT_FALSE(fmu.boolean(DAHLQUIST_FROZEN));
  double time = NAN;
  ASSERT_EQ(fmi2GetRealStatus(fmu.get(), fmi2LastSuccessfulTime, &time), fmi2OK);
  EXPECT_EQ(time, 0.5);
  // The step must start at the restored time, not where the FMU was.
  EXPECT_EQ(fmi2DoStep(fmu.get(), 1.5, 0.1, fmi2False), fmi2Error);
  ASSERT_EQ(fmi2DoStep(fmu.get(), 0.5, 0.5, fmi2False), fmi2OK) << fmu.log().dump();
  // x' = -x + u from x(0.5): x(1) = u + (x(0.5) - u) e^-0.5.
  EXPECT_NEAR(fmu.real(DAHLQUIST_X), 0.5 + (x_saved - 0.5) * std::exp(-0.5), 1e-6);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
  EXPECT_EQ(s, nullptr);
}

TEST(FmuState, SimulatingAfterARestoreIsBitForBitTheSameWhateverCameBetween) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, 0.25), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.3, 0.1), fmi2OK);
  const double t0 = 0.3;
  fmi2FMUstate s = take_state(fmu);
  Bytes saved = serialize(fmu, s);
  // Straight from the state just taken, without any restore.
  ASSERT_EQ(advance(fmu, t0, 0.7, 0.1), fmi2OK);
  Bytes direct = snapshot(fmu);
  ASSERT_NE(direct, saved);  // the step changed something: the comparison can fail
  EXPECT_EQ(sim(fmu, s, t0, 0.7, 0.1), direct);
  for (double tau : {0.05, 0.7, 2.0}) {
    Bytes reference = sim(fmu, s, t0, tau, 0.1);
    for (double tau_prime : {0.0, 0.01, 0.25, 1.0, 3.7})
      EXPECT_EQ(sim_star(fmu, s, t0, tau, tau_prime, 0.1), reference)
          << "tau=" << tau << " tau'=" << tau_prime;
  }
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuState, AnInputSetAfterTheSaveDoesNotLeakIntoTheRestoredFuture) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.2, 0.1), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  Bytes reference = sim(fmu, s, 0.2, 0.5, 0.1);
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_U, 3.0), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.2, 0.3, 0.1), fmi2OK);
  EXPECT_EQ(sim(fmu, s, 0.2, 0.5, 0.1), reference);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuState, SerializedStateRestoresLikeTheOriginal) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.4, 0.1), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  Bytes bytes = serialize(fmu, s);
  fmi2FMUstate copy = nullptr;
  ASSERT_EQ(deserialize(fmu, bytes, &copy), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(serialize(fmu, copy), bytes);
  EXPECT_EQ(sim(fmu, copy, 0.4, 0.6, 0.1), sim(fmu, s, 0.4, 0.6, 0.1));
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &copy), fmi2OK);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

// The dynamic block and what follows it: the values of a serialized state
// without the image of the integrator's memory, which differs between
// instances (its identity, its addresses).
Bytes values_of(const Bytes& serialized) {
  return Bytes(serialized.begin() + static_cast<std::ptrdiff_t>(payload_offset(serialized)), serialized.end());
}

// Another instance cannot use the integrator image (its pointers are the
// first instance's): it restarts its integrator from the restored values,
// so it follows the first one within the tolerance, and any two instances
// that restore the same bytes agree bit for bit.
TEST(FmuState, AStateSerializedByOneInstanceRestoresInAnotherWithARestartedIntegrator) {
  Instance first("first");
  Instance second("second");
  Instance third("third");
  ASSERT_EQ(first.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(advance(first, 0.0, 0.4, 0.1), fmi2OK);
  Bytes bytes = snapshot(first);
  ASSERT_EQ(advance(first, 0.4, 0.6, 0.1), fmi2OK);

  std::vector<Bytes> ends;
  for (Instance* other : {&second, &third}) {
    fmi2FMUstate s = nullptr;
    ASSERT_EQ(deserialize(*other, bytes, &s), fmi2OK) << other->log().dump();
    ASSERT_EQ(fmi2SetFMUstate(other->get(), s), fmi2OK) << other->log().dump();
    // `other` was only instantiated: the restore takes it to stepComplete.
    ASSERT_EQ(advance(*other, 0.4, 0.6, 0.1), fmi2OK) << other->log().dump();
    EXPECT_NEAR(other->real(DAHLQUIST_X), first.real(DAHLQUIST_X), 1e-6);
    ends.push_back(values_of(snapshot(*other)));
    EXPECT_EQ(fmi2FreeFMUstate(other->get(), &s), fmi2OK);
  }
  EXPECT_EQ(ends[0], ends[1]);
}

// CVODE keeps its history while states are taken: a run that takes a state
// at every communication point computes bit for bit what a run without
// states computes.
TEST(FmuState, TakingStatesChangesNothingInTheRun) {
  Instance plain("plain");
  Instance observed("observed");
  for (Instance* fmu : {&plain, &observed}) {
    ASSERT_EQ(fmu->initialize(kTolerance), fmi2OK);
    ASSERT_EQ(fmu->set_real(DAHLQUIST_U, 0.25), fmi2OK);
  }
  for (int k = 0; k < 20; ++k) {
    const double t = 0.1 * k;
    if (k % 3 == 0) {  // a state taken and restored at once changes nothing either
      fmi2FMUstate s = take_state(observed);
      ASSERT_EQ(fmi2SetFMUstate(observed.get(), s), fmi2OK) << observed.log().dump();
      ASSERT_EQ(fmi2FreeFMUstate(observed.get(), &s), fmi2OK);
    } else {
      fmi2FMUstate s = take_state(observed);
      ASSERT_EQ(fmi2FreeFMUstate(observed.get(), &s), fmi2OK);
    }
    ASSERT_EQ(fmi2DoStep(plain.get(), t, 0.1, fmi2True), fmi2OK);
    ASSERT_EQ(fmi2DoStep(observed.get(), t, 0.1, fmi2True), fmi2OK);
  }
  plain.assume_time(2.0);
  observed.assume_time(2.0);
  EXPECT_EQ(values_of(snapshot(observed)), values_of(snapshot(plain)));
}

TEST(FmuState, GetWithAnExistingStateOverwritesIt) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  fmi2FMUstate same = s;
  ASSERT_EQ(advance(fmu, 0.0, 0.5, 0.1), fmi2OK);
  Bytes now = snapshot(fmu);
  ASSERT_EQ(fmi2GetFMUstate(fmu.get(), &s), fmi2OK);
  EXPECT_EQ(s, same);
  EXPECT_EQ(serialize(fmu, s), now);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuState, RestoringAnEarlierFmiStateReturnsToIt) {
  Instance fmu;
  fmi2FMUstate instantiated = take_state(fmu);
  ASSERT_EQ(fmi2SetupExperiment(fmu.get(), fmi2True, kTolerance, 0.0, fmi2True, 1.0), fmi2OK);
  ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, 2.0), fmi2OK);
  fmi2FMUstate initializing = take_state(fmu);
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 1.0, 0.25), fmi2OK);
  double x_end = fmu.real(DAHLQUIST_X);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK);

  // Back to initializationMode with k = 2: the same run again, bit for bit.
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), initializing), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_TAU), 0.5);  // calculated from the restored k
  ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2OK) << fmu.log().dump();
  ASSERT_EQ(advance(fmu, 0.0, 1.0, 0.25), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_X), x_end);
  EXPECT_NEAR(x_end, std::exp(-2.0), 1e-6);

  // Back to instantiated: the experiment can be set up anew.
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), instantiated), fmi2OK);
  EXPECT_EQ(fmi2DoStep(fmu.get(), 1.0, 0.1, fmi2False), fmi2Error);
  EXPECT_EQ(fmu.initialize(kTolerance), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &instantiated), fmi2OK);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &initializing), fmi2OK);
}

TEST(FmuState, RestoringIntoATerminatedInstanceResumesTheSimulation) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.5, 0.1), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  Bytes reference = sim(fmu, s, 0.5, 0.5, 0.1);
  ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK);  // frees the integrator
  EXPECT_EQ(sim(fmu, s, 0.5, 0.5, 0.1), reference) << fmu.log().dump();
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuState, RestoreRecoversFromTheErrorState) {
  Instance fmu;
  fmi2FMUstate before = take_state(fmu);
  ASSERT_EQ(fmu.set_real(DAHLQUIST_K, -1.0), fmi2OK);
  ASSERT_EQ(fmu.initialize(kTolerance), fmi2Error);  // initialize() refuses k <= 0
  // No state can be taken in the error state...
  fmi2FMUstate during_error = nullptr;
  EXPECT_EQ(fmi2GetFMUstate(fmu.get(), &during_error), fmi2Error);
  EXPECT_EQ(during_error, nullptr);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetFMUstate: not allowed in state error"}))
      << fmu.log().dump();
  // ...but one taken before gets the instance going again.
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), before), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.initialize(kTolerance), fmi2OK) << fmu.log().dump();
  EXPECT_EQ(fmu.real(DAHLQUIST_K), 1.0);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &before), fmi2OK);
}

TEST(FmuState, FreeingNullIsAccepted) {
  Instance fmu;
  fmi2FMUstate none = nullptr;
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &none), fmi2OK);
  EXPECT_EQ(fmu.log().count(fmi2Error), 0) << fmu.log().dump();
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), nullptr), fmi2Error);
}

TEST(FmuState, FreeingTwiceIsDetected) {
  Instance fmu;
  fmi2FMUstate s = take_state(fmu);
  fmi2FMUstate copy = s;
  ASSERT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &copy), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2FreeFMUstate", "is not a live FMU state of this instance"}))
      << fmu.log().dump();
  // The freed pointer is refused everywhere, without being read.
  size_t size = 0;
  EXPECT_EQ(fmi2SetFMUstate(fmu.get(), copy), fmi2Error);
  EXPECT_EQ(fmi2SerializedFMUstateSize(fmu.get(), copy, &size), fmi2Error);
  EXPECT_EQ(fmi2GetFMUstate(fmu.get(), &copy), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2GetFMUstate", "pass NULL to get a new state"}));
}

TEST(FmuState, AStateOfAnotherInstanceIsRejected) {
  Instance a("a");
  Instance b("b");
  fmi2FMUstate of_a = take_state(a);
  EXPECT_EQ(fmi2SetFMUstate(b.get(), of_a), fmi2Error);
  EXPECT_TRUE(b.log().contains({"fmi2SetFMUstate", "is not a live FMU state of this instance"}))
      << b.log().dump();
  Bytes buffer(4096);
  EXPECT_EQ(fmi2SerializeFMUstate(b.get(), of_a, buffer.data(), buffer.size()), fmi2Error);
  fmi2FMUstate alias = of_a;
  EXPECT_EQ(fmi2FreeFMUstate(b.get(), &alias), fmi2Error);
  EXPECT_EQ(alias, of_a);  // left alone
  EXPECT_EQ(fmi2FreeFMUstate(a.get(), &of_a), fmi2OK);
}

TEST(FmuState, SerializeNeedsTheAnnouncedSize) {
  Instance fmu;
  fmi2FMUstate s = take_state(fmu);
  size_t size = 0;
  ASSERT_EQ(fmi2SerializedFMUstateSize(fmu.get(), s, &size), fmi2OK);
  // Header (36 bytes), the GUID, then at least the six value arrays.
  EXPECT_GT(size, kGuidAt + std::string(DAHLQUIST_GUID).size() +
                      DAHLQUIST_NUM_REALS * 2 * sizeof(double));
  Bytes bytes(size - 1);
  EXPECT_EQ(fmi2SerializeFMUstate(fmu.get(), s, bytes.data(), bytes.size()), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SerializeFMUstate", "cannot hold"})) << fmu.log().dump();
  EXPECT_EQ(fmi2SerializeFMUstate(fmu.get(), s, nullptr, size), fmi2Error);
  EXPECT_EQ(fmi2SerializedFMUstateSize(fmu.get(), s, nullptr), fmi2Error);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

TEST(FmuState, CallsWithoutAnInstanceOrStateSlotAreRejected) {
  fmi2FMUstate s = nullptr;
  size_t size = 0;
  fmi2Byte byte = 0;
  EXPECT_EQ(fmi2GetFMUstate(nullptr, &s), fmi2Error);
  EXPECT_EQ(fmi2SetFMUstate(nullptr, s), fmi2Error);
  EXPECT_EQ(fmi2FreeFMUstate(nullptr, &s), fmi2Error);
  EXPECT_EQ(fmi2SerializedFMUstateSize(nullptr, s, &size), fmi2Error);
  EXPECT_EQ(fmi2SerializeFMUstate(nullptr, s, &byte, 1), fmi2Error);
  EXPECT_EQ(fmi2DeSerializeFMUstate(nullptr, &byte, 1, &s), fmi2Error);
  Instance fmu;
  EXPECT_EQ(fmi2GetFMUstate(fmu.get(), nullptr), fmi2Error);
  EXPECT_EQ(fmi2SetFMUstate(fmu.get(), nullptr), fmi2Error);
  EXPECT_TRUE(fmu.log().contains({"fmi2SetFMUstate: FMUstate is NULL"})) << fmu.log().dump();
}

TEST(FmuState, StatesLeftLiveAreFreedWithTheInstance) {
  AllocationCounter counter;
  {
    Instance fmu("counted", fmi2False, &counter);
    ASSERT_EQ(fmu.initialize(kTolerance), fmi2OK);
    take_state(fmu);
    take_state(fmu);
    fmi2FMUstate s = take_state(fmu);
    EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
  }
  EXPECT_GT(counter.allocations, 0);
  EXPECT_EQ(counter.allocations, counter.releases);
}

}  // namespace
}  // namespace smc::runtime_test

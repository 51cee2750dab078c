// delay() histories in the runtime (runtime/src/delay_buffer.h) with the
// hand-written model x' = -delay(x, 1) (models/delayed.h): the history
// follows the integrator, an FMU state holds it (sim(tau) = sim*(tau, tau')
// byte for byte, so a restored state reads the same past), and a
// deserialized history that is out of time order or too large is refused.
#include <gtest/gtest.h>

#include <cstring>

#include "delayed.h"
#include "fmu_state_support.h"

namespace smc::runtime_test {
namespace {

// The history is the last part of the payload (docs/fmu-state.md): a count
// (int32), a reserved int32, the delay time, delayMax and the spacing of
// new points (doubles), then 1024 (time, value) points.
constexpr size_t kPointsAt = 8 + 24;
constexpr size_t kHistoryBytes = kPointsAt + 1024 * 16;

double exact(double t) { return t <= 1 ? 1 - t : -2 * (t - 1) + (t * t - 1) / 2; }

TEST(DelayHistory, DelayDifferentialEquationFollowsTheMethodOfSteps) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
  double t = 0;
  for (double target : {0.5, 1.0, 1.5, 2.0}) {
    ASSERT_EQ(advance(fmu, t, target - t, 0.1), fmi2OK) << fmu.log().dump();
    t = target;
    EXPECT_NEAR(fmu.real(DELAYED_X), exact(t), 1e-6) << "t = " << t;
  }
}

TEST(DelayHistory, RestoredStateReadsTheSamePast) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.0, 0.7, 0.1), fmi2OK);
  fmi2FMUstate s = take_state(fmu);
  for (double tau : {0.2, 1.1}) {
    Bytes reference = sim(fmu, s, 0.7, tau, 0.1);
    for (double tau_prime : {0.05, 0.9})
      EXPECT_EQ(sim_star(fmu, s, 0.7, tau, tau_prime, 0.1), reference) << "tau=" << tau << " tau'=" << tau_prime;
  }
  ASSERT_EQ(fmi2SetFMUstate(fmu.get(), s), fmi2OK);
  ASSERT_EQ(advance(fmu, 0.7, 1.1, 0.1), fmi2OK);
  EXPECT_NEAR(fmu.real(DELAYED_X), exact(1.8), 1e-6);
  EXPECT_EQ(fmi2FreeFMUstate(fmu.get(), &s), fmi2OK);
}

class DelayHistoryFormat : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(fmu_.initialize(1e-8), fmi2OK);
    ASSERT_EQ(advance(fmu_, 0.0, 1.5, 0.1), fmi2OK);
    bytes_ = snapshot(fmu_);
    history_ = bytes_.size() - kHistoryBytes;
    ASSERT_GE(read_le(bytes_, history_, 4), 3u);  // several points recorded
  }

  void expect_rejected(Bytes bytes, const std::string& fragment) {
    reseal(bytes);
    fmi2FMUstate s = nullptr;
    EXPECT_EQ(deserialize(fmu_, bytes, &s), fmi2Error);
    EXPECT_EQ(s, nullptr);
    const std::string& message = fmu_.log().records.back().message;
    EXPECT_NE(message.find(fragment), std::string::npos) << message;
  }

  Instance fmu_;
  Bytes bytes_;
  size_t history_ = 0;
};

TEST_F(DelayHistoryFormat, HistoryLargerThanTheBufferIsRefused) {
  Bytes bytes = bytes_;
  write_le(bytes, history_, 1025, 4);
  expect_rejected(bytes, "a saved delay() history has an impossible size");
}

TEST_F(DelayHistoryFormat, HistoryOutOfTimeOrderIsRefused) {
  Bytes bytes = bytes_;
  const double later = 100.0;
  uint64_t bits;
  std::memcpy(&bits, &later, sizeof bits);
  write_le(bytes, history_ + kPointsAt, bits, 8);  // the first point's time
  expect_rejected(bytes, "a saved delay() history is not in time order");
}

TEST_F(DelayHistoryFormat, NegativeDelayTimeIsRefused) {
  Bytes bytes = bytes_;
  const double negative = -1.0;
  uint64_t bits;
  std::memcpy(&bits, &negative, sizeof bits);
  write_le(bytes, history_ + 8, bits, 8);
  expect_rejected(bytes, "a saved delay() history has an impossible delay time");
}

}  // namespace
}  // namespace smc::runtime_test

// Hybrid models end to end: hand-built causal models are compiled, linked
// with the runtime and simulated through dlopen; the values read at
// communication points are compared with closed-form solutions worked out
// here (bounce times of a ball, ticks of a sample, exponential relaxation
// between thermostat switches).
#include "CodegenFixture.h"
#include "FmuRun.h"
#include "HybridModels.h"
#include "codegen/Codegen.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <cmath>

namespace smc::codegen {
namespace {

using namespace testing;

class HybridFmuTest : public FmuFixture {};

// The bouncing ball in closed form: dropped from 1 m at rest, it hits the
// ground at t1 = sqrt(2/g) with speed sqrt(2 g); after bounce k it leaves
// with speed e^k sqrt(2 g) and flies 2 e^k sqrt(2 g)/g.
struct Ball {
  double height;
  int bounces;
};

Ball ballAt(double t) {
  const double g = 9.81, e = 0.7;
  double leave = std::sqrt(2 / g);  // time of the next impact
  if (t < leave) return {1 - g * t * t / 2, 0};
  double speed = e * std::sqrt(2 * g);
  int bounces = 1;
  while (true) {
    const double flight = 2 * speed / g;
    if (t < leave + flight) {
      const double s = t - leave;
      return {speed * s - g * s * s / 2, bounces};
    }
    leave += flight;
    speed *= e;
    ++bounces;
  }
}

TEST_F(HybridFmuTest, BouncingBallFollowsItsClosedForm) {
  const std::string fmu = build(bouncingBall());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "BouncingBall", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.real("height"), 1.0);
  EXPECT_EQ(run.integer("bounces"), 0);
  for (int i = 1; i <= 200; ++i) {
    ASSERT_EQ(run.step(0.01), fmi2OK) << "t = " << run.time() << "\n" << run.log();
    const double t = 0.01 * i;
    const Ball expected = ballAt(t);
    EXPECT_NEAR(run.real("height"), expected.height, 1e-6) << "t = " << t;
    EXPECT_EQ(run.integer("bounces"), expected.bounces) << "t = " << t;
  }
  EXPECT_EQ(run.integer("bounces"), 4);  // impacts at 0.452, 1.084, 1.526, 1.836
}

TEST_F(HybridFmuTest, FirstBounceIsAtSqrtOfTwoOverG) {
  const std::string fmu = build(bouncingBall());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "BouncingBall", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  const double impact = std::sqrt(2 / 9.81);
  ASSERT_EQ(run.step(impact - 1e-6), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("bounces"), 0);
  ASSERT_EQ(run.step(2e-6), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("bounces"), 1);
  // Rising again at 0.7 times the impact speed, from (almost) the ground.
  EXPECT_NEAR(run.real("v"), 0.7 * std::sqrt(2 * 9.81) - 9.81 * 1e-6, 1e-6);
  EXPECT_NEAR(run.real("height"), 0.0, 1e-5);
}

TEST_F(HybridFmuTest, DiscreteStartSetByTheImporterIsKept) {
  const std::string fmu = build(bouncingBall());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "BouncingBall", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.setInteger("bounces", 5), fmi2OK) << run.log();  // initial = exact
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("bounces"), 5);
  ASSERT_EQ(run.step(0.5), fmi2OK) << run.log();  // past the first impact
  EXPECT_EQ(run.integer("bounces"), 6);           // pre(bounces) + 1
}

// Ticks of sample(start, interval) at or before t.
int ticksUpTo(double t, double start, double interval) {
  if (t < start - 1e-12) return 0;
  return static_cast<int>(std::floor((t - start) / interval + 1e-9)) + 1;
}

TEST_F(HybridFmuTest, SampledCounterCountsEveryTick) {
  const std::string fmu = build(sampledCounter(0.5, 0.25));
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "SampledCounter", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("count"), 0);
  EXPECT_EQ(run.real("last"), -1.0);
  for (int i = 1; i <= 16; ++i) {
    ASSERT_EQ(run.step(0.125), fmi2OK) << run.log();
    const double t = 0.125 * i;
    const int n = ticksUpTo(t, 0.5, 0.25);
    // A tick on a communication point is counted when that point is read.
    EXPECT_EQ(run.integer("count"), n) << "t = " << t;
    EXPECT_DOUBLE_EQ(run.real("last"), n == 0 ? -1.0 : 0.5 + (n - 1) * 0.25) << "t = " << t;
  }
}

TEST_F(HybridFmuTest, SampleStartedLateBeginsAtTheNextTick) {
  const std::string fmu = build(sampledCounter(0.5, 0.25));
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "SampledCounter", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(0.6), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("count"), 0);
  ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();  // 0.7
  EXPECT_EQ(run.integer("count"), 0);
  ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();  // 0.8: the tick at 0.75
  EXPECT_EQ(run.integer("count"), 1);
  EXPECT_DOUBLE_EQ(run.real("last"), 0.75);
  ASSERT_EQ(run.step(0.25), fmi2OK) << run.log();  // 1.05: and 1.0
  EXPECT_EQ(run.integer("count"), 2);
  EXPECT_DOUBLE_EQ(run.real("last"), 1.0);
}

TEST_F(HybridFmuTest, SampleAtTheStartTimeTicksBeforeTheFirstRead) {
  const std::string fmu = build(sampledCounter(0.0, 0.25));
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "SampledCounter", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("count"), 1);
  EXPECT_EQ(run.real("last"), 0.0);
  ASSERT_EQ(run.step(1.0), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("count"), 5);  // 0, 0.25, 0.5, 0.75, 1
}

// sample() is true only inside the event iterations of its ticks: the
// iteration that passes a tick raises it, the next one lowers it again. A
// read between ticks, and the integration between them, see false.
TEST_F(HybridFmuTest, ASampleReadOutsideAWhenIsFalseAtEveryCommunicationPoint) {
  std::string messages;
  std::optional<causal::CausalModel> model = test::causalModelOf(R"(model Ticks
  output Boolean b = sample(0, 0.1);
end Ticks;
)",
                                                                   &messages);
  ASSERT_TRUE(model) << messages;
  std::unique_ptr<FmuRun> fmu = startFmu(*model, "Ticks");
  ASSERT_TRUE(fmu);
  EXPECT_FALSE(fmu->boolean("b"));
  for (int step = 1; step <= 7; ++step) {
    ASSERT_EQ(fmu->step(0.05), fmi2OK) << fmu->log();
    EXPECT_FALSE(fmu->boolean("b")) << "t = " << 0.05 * step;
  }
}

TEST_F(HybridFmuTest, AnIntegratorNeverSeesASampleTrueBetweenTicks) {
  std::string messages;
  std::optional<causal::CausalModel> model = test::causalModelOf(R"(model Gated
  Real x(start = 0, fixed = true);
  Boolean b = sample(0, 0.1);
equation
  der(x) = if b then 1 else 0;
end Gated;
)",
                                                                   &messages);
  ASSERT_TRUE(model) << messages;
  std::unique_ptr<FmuRun> fmu = startFmu(*model, "Gated");
  ASSERT_TRUE(fmu);
  for (int step = 1; step <= 7; ++step) {
    ASSERT_EQ(fmu->step(0.05), fmi2OK) << fmu->log();
    EXPECT_EQ(fmu->real("x"), 0.0) << "t = " << 0.05 * step;
  }
}

// The thermostat in closed form: with the heater on T relaxes to 40, off
// to 10, with time constant 1; it switches off on reaching 21 and on again
// on reaching 19.
struct Room {
  double temperature;
  bool heating;
};

Room roomAt(double t) {
  double since = 0, from = 15;
  bool heating = true;
  while (true) {
    const double target = heating ? 40 : 10, stop = heating ? 21 : 19;
    const double duration = std::log((target - from) / (target - stop));
    if (t < since + duration) return {target + (from - target) * std::exp(-(t - since)), heating};
    since += duration;
    from = stop;
    heating = !heating;
  }
}

TEST_F(HybridFmuTest, ThermostatSwitchesWithHysteresis) {
  const std::string fmu = build(thermostat());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Thermostat", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_TRUE(run.boolean("heating"));
  int switches = 0;
  bool previous = true;
  for (int i = 1; i <= 300; ++i) {
    ASSERT_EQ(run.step(0.01), fmi2OK) << "t = " << run.time() << "\n" << run.log();
    const double t = 0.01 * i;
    const Room expected = roomAt(t);
    EXPECT_NEAR(run.real("T"), expected.temperature, 1e-6) << "t = " << t;
    EXPECT_EQ(run.boolean("heating"), expected.heating) << "t = " << t;
    if (expected.heating != previous) ++switches;
    previous = expected.heating;
  }
  EXPECT_GT(switches, 10);  // the test covers many switches, both ways
}

TEST_F(HybridFmuTest, ElsewhenRunsOnlyTheFirstFiringBranch) {
  const std::string fmu = build(elsewhenPriority());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Priority", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("a"), 1);  // t = 0: both fire, the first wins
  EXPECT_EQ(run.integer("b"), 0);
  for (int i = 1; i <= 8; ++i) {
    ASSERT_EQ(run.step(0.25), fmi2OK) << run.log();
    const double t = 0.25 * i;
    EXPECT_EQ(run.integer("a"), static_cast<int>(std::floor(t)) + 1) << "t = " << t;
    EXPECT_EQ(run.integer("b"), static_cast<int>(std::floor(t + 0.5))) << "t = " << t;
  }
}

TEST_F(HybridFmuTest, WhenInitialFiresOnlyAtInitialization) {
  const std::string fmu = build(whenInitial());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "WhenInitial", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("k"), 7);
  EXPECT_EQ(run.integer("m"), 0);  // true at the start, but not active then
  ASSERT_EQ(run.step(1.0), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("k"), 7);
  EXPECT_EQ(run.integer("m"), 0);  // never became true after the start
}

TEST_F(HybridFmuTest, AlgorithmWhenStatementFiresAtEachTick) {
  const std::string fmu = build(algorithmWhen());
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "AlgorithmWhen", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  EXPECT_EQ(run.integer("n"), 0);
  EXPECT_EQ(run.real("y"), -1.0);
  EXPECT_EQ(run.integer("m"), 5);  // `when initial()` fired during initialization
  for (int i = 1; i <= 8; ++i) {
    ASSERT_EQ(run.step(0.25), fmi2OK) << run.log();
    const double t = 0.25 * i;
    const int n = 2 * ticksUpTo(t, 0.5, 0.5);
    EXPECT_EQ(run.integer("n"), n) << "t = " << t;
    EXPECT_EQ(run.real("y"), n > 2 ? 10.0 * n : -1.0) << "t = " << t;
    EXPECT_EQ(run.integer("m"), 5) << "t = " << t;
  }
}

// Dahlquist (x = exp(-1.5 t)) with assert(x > 0.5, ...) at Dahlquist.mo:9:3.
causal::CausalModel assertingDahlquist(flat::AssertLevel level) {
  causal::CausalModel model = dahlquist();
  flat::Assertion a;
  a.condition = binary(flat::Op::Greater, var(model.states[0]), real(0.5));
  a.message = binary(flat::Op::Add, string("x fell "), string("below 0.5"));
  a.level = level;
  a.range = at(9, 3);
  model.assertions = {a};
  return model;
}

TEST_F(HybridFmuTest, FailedAssertionFailsTheStepWithItsMessage) {
  const std::string fmu = build(assertingDahlquist(flat::AssertLevel::Error));
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Dahlquist", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  for (int i = 1; i <= 4; ++i) ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
  // exp(-1.5 t) = 0.5 at t = 0.462: the step to 0.5 violates the assertion.
  EXPECT_EQ(run.step(0.1), fmi2Error);
  EXPECT_NE(run.log().find("x fell below 0.5 (assert at Dahlquist.mo:9:3)"), std::string::npos)
      << run.log();
}

TEST_F(HybridFmuTest, AssertionWarningIsLoggedAndTheSimulationGoesOn) {
  const std::string fmu = build(assertingDahlquist(flat::AssertLevel::Warning));
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "Dahlquist", scratch.file(""), /*loggingOn=*/true);
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  for (int i = 1; i <= 4; ++i) ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
  EXPECT_EQ(run.log().find("below 0.5"), std::string::npos) << run.log();
  ASSERT_EQ(run.step(0.1), fmi2OK) << run.log();
  EXPECT_NE(run.log().find("x fell below 0.5"), std::string::npos) << run.log();
  EXPECT_NEAR(run.real("x"), std::exp(-0.75), 1e-6);
}

TEST_F(HybridFmuTest, TerminateInAWhenEndsTheSimulationAfterThatStep) {
  causal::CausalModel model = sampledCounter(0.5, 0.25);
  auto& when = std::get<causal::WhenBlock>(model.eventBlocks[1]);
  flat::Action stop;
  stop.kind = flat::ActionKind::Terminate;
  stop.message = string("enough ticks");
  when.branches[0].actions.push_back(stop);
  const std::string fmu = build(model);
  ASSERT_FALSE(fmu.empty());
  FmuRun run(fmu, "SampledCounter", scratch.file(""));
  ASSERT_EQ(run.error(), "");
  ASSERT_EQ(run.initialize(), fmi2OK) << run.log();
  for (int i = 1; i <= 3; ++i) ASSERT_EQ(run.step(0.125), fmi2OK) << run.log();
  EXPECT_EQ(run.step(0.125), fmi2Discard) << run.log();  // the tick at 0.5
  EXPECT_EQ(run.integer("count"), 1);
}

}  // namespace
}  // namespace smc::codegen

// Setting an input to the value it already has changes nothing: no event
// iteration, no restart of the integrator, so the trajectory is the one of
// a run without the call, bit for bit (a restart would begin again at
// order 1 with a fresh step size and land elsewhere by the tolerance).
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using smc::test::compileModel;
using smc::test::loadFmu;
using smc::test::realOf;
using smc::test::started;
using smc::test::writeScratchModel;

// x and y after 40 steps of 0.05, each step preceded, when `resetInput`,
// by fmi2SetReal of u to its unchanged value 1.
std::pair<double, double> runWith(const smc::test::LoadedFmu& loaded, bool resetInput) {
  auto instance = started(loaded, resetInput ? "resetting" : "plain");
  EXPECT_TRUE(instance);
  if (!instance) return {0, 0};
  const auto* u = loaded.md.find("u");
  EXPECT_TRUE(u);
  EXPECT_TRUE(instance->setupExperiment(std::nullopt, 0.0, 2.0));
  EXPECT_TRUE(instance->enterInitializationMode(0.0));
  EXPECT_TRUE(instance->setReal(u->valueReference, 1.0, 0.0));
  EXPECT_TRUE(instance->exitInitializationMode(0.0));
  for (int k = 0; k < 40; ++k) {
    const double t = 0.05 * k;
    if (resetInput) {
      EXPECT_TRUE(instance->setReal(u->valueReference, 1.0, t));
    }
    EXPECT_TRUE(instance->doStep(t, 0.05));
  }
  return {realOf(*instance, loaded.md, "x", 2.0), realOf(*instance, loaded.md, "y", 2.0)};
}

TEST(UnchangedInputs, SettingAnInputToItsValueLeavesTheTrajectoryBitForBit) {
  const std::string fmu = compileModel(writeScratchModel("Driven.mo", R"(model Driven
  input Real u(start = 1);
  Real x(start = 0, fixed = true);
  Real y(start = 1, fixed = true);
equation
  der(x) = u - x + 0.3 * y;
  der(y) = -2 * y + sin(10 * x);
end Driven;
)"),
                                       "Driven.fmu");
  auto loaded = loadFmu(fmu);
  ASSERT_TRUE(loaded);
  const auto plain = runWith(*loaded, false);
  const auto resetting = runWith(*loaded, true);
  EXPECT_EQ(plain.first, resetting.first);
  EXPECT_EQ(plain.second, resetting.second);
}

}  // namespace

// Entry points this Co-Simulation FMU does not offer answer fmi2Error and
// say so, naming the function, in any state.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "fmu_harness.h"

namespace smc::runtime_test {
namespace {

struct UnsupportedCall {
  std::string name;
  std::function<fmi2Status(fmi2Component)> call;
};

std::vector<UnsupportedCall> unsupported_calls() {
  static fmi2ValueReference vr = 0;
  static fmi2Real real = 0.0;
  static fmi2Integer order = 1;
  static fmi2Boolean flag = 0;
  static fmi2EventInfo info{};
  return {
      {"fmi2EnterEventMode", [](fmi2Component c) { return fmi2EnterEventMode(c); }},
      {"fmi2NewDiscreteStates", [](fmi2Component c) { return fmi2NewDiscreteStates(c, &info); }},
      {"fmi2EnterContinuousTimeMode",
       [](fmi2Component c) { return fmi2EnterContinuousTimeMode(c); }},
      {"fmi2CompletedIntegratorStep",
       [](fmi2Component c) { return fmi2CompletedIntegratorStep(c, fmi2True, &flag, &flag); }},
      {"fmi2SetTime", [](fmi2Component c) { return fmi2SetTime(c, 0.0); }},
      {"fmi2SetContinuousStates",
       [](fmi2Component c) { return fmi2SetContinuousStates(c, &real, 1); }},
      {"fmi2GetDerivatives", [](fmi2Component c) { return fmi2GetDerivatives(c, &real, 1); }},
      {"fmi2GetEventIndicators",
       [](fmi2Component c) { return fmi2GetEventIndicators(c, &real, 1); }},
      {"fmi2GetContinuousStates",
       [](fmi2Component c) { return fmi2GetContinuousStates(c, &real, 1); }},
      {"fmi2GetNominalsOfContinuousStates",
       [](fmi2Component c) { return fmi2GetNominalsOfContinuousStates(c, &real, 1); }},
      {"fmi2GetDirectionalDerivative",
       [](fmi2Component c) {
         return fmi2GetDirectionalDerivative(c, &vr, 1, &vr, 1, &real, &real);
       }},
      {"fmi2SetRealInputDerivatives",
       [](fmi2Component c) { return fmi2SetRealInputDerivatives(c, &vr, 1, &order, &real); }},
      {"fmi2GetRealOutputDerivatives",
       [](fmi2Component c) { return fmi2GetRealOutputDerivatives(c, &vr, 1, &order, &real); }},
      {"fmi2CancelStep", [](fmi2Component c) { return fmi2CancelStep(c); }},
  };
}

TEST(Unsupported, EveryUnofferedFunctionReturnsErrorAndSaysSo) {
  Instance fmu;
  ASSERT_EQ(fmu.initialize(1e-8), fmi2OK);
  std::vector<UnsupportedCall> calls = unsupported_calls();
  ASSERT_EQ(calls.size(), 14u);  // 44 functions minus the 30 this FMU offers
  for (const UnsupportedCall& unsupported : calls) {
    EXPECT_EQ(unsupported.call(fmu.get()), fmi2Error) << unsupported.name;
    EXPECT_TRUE(fmu.log().contains({unsupported.name + ": not supported by this FMU yet"}))
        << unsupported.name << "\n"
        << fmu.log().dump();
    EXPECT_EQ(unsupported.call(nullptr), fmi2Error) << unsupported.name;
  }
  // None of them disturbed the simulation.
  EXPECT_EQ(fmi2DoStep(fmu.get(), 0.0, 0.1, fmi2True), fmi2OK);
}

}  // namespace
}  // namespace smc::runtime_test

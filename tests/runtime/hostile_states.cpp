// Drives a Dahlquist instance into a given FMI state (see hostile_states.h).
#include "hostile_states.h"

#include <gtest/gtest.h>

#include "dahlquist.h"

namespace smc::runtime_test {

const char* state_name(CosimState state) {
  switch (state) {
    case CosimState::Instantiated:
      return "instantiated";
    case CosimState::InitializationMode:
      return "initializationMode";
    case CosimState::StepComplete:
      return "stepComplete";
    case CosimState::Terminated:
      return "terminated";
    case CosimState::Error:
      return "error";
  }
  return "?";
}

void drive_to(Instance& fmu, CosimState state) {
  switch (state) {
    case CosimState::Instantiated:
      return;
    case CosimState::InitializationMode:
      ASSERT_EQ(fmi2SetupExperiment(fmu.get(), fmi2True, 1e-8, 0.0, fmi2False, 0.0), fmi2OK);
      ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
      return;
    case CosimState::StepComplete:
      ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
      ASSERT_EQ(fmu.step_until(0.1, 0.1), fmi2OK) << fmu.log().dump();
      return;
    case CosimState::Terminated:
      ASSERT_EQ(fmu.initialize(1e-8), fmi2OK) << fmu.log().dump();
      ASSERT_EQ(fmu.step_until(0.1, 0.1), fmi2OK) << fmu.log().dump();
      ASSERT_EQ(fmi2Terminate(fmu.get()), fmi2OK) << fmu.log().dump();
      return;
    case CosimState::Error:
      // The model's initialize() refuses k <= 0 (dahlquist.c).
      ASSERT_EQ(fmu.set_real(DAHLQUIST_K, -1.0), fmi2OK);
      ASSERT_EQ(fmi2EnterInitializationMode(fmu.get()), fmi2OK);
      ASSERT_EQ(fmi2ExitInitializationMode(fmu.get()), fmi2Error);
      return;
  }
}

}  // namespace smc::runtime_test

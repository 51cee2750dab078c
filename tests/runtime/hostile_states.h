// Puts a Dahlquist instance (models/dahlquist.h) into each FMI 2.0
// Co-Simulation state the runtime can reach with that model, so that the
// hostile-importer tests can call every function in every state. The
// stepFailed state needs a model that calls terminate(); it is reached in
// hostile_terminating_test.cpp.
#pragma once

#include "fmu_harness.h"

namespace smc::runtime_test {

enum class CosimState { Instantiated, InitializationMode, StepComplete, Terminated, Error };

inline constexpr CosimState kDahlquistStates[] = {
    CosimState::Instantiated, CosimState::InitializationMode, CosimState::StepComplete,
    CosimState::Terminated, CosimState::Error};

// The state's name as FMI 2.0 section 4.2.4 (and the runtime's log) spells it.
const char* state_name(CosimState state);

// From a fresh instance: the sequence of calls that ends in `state`.
// StepComplete is entered after one step to t = 0.1 (fmu.time() is 0.1);
// Error after an initialization the model refuses (k = -1). Reports a
// gtest failure when a call on the way does not answer as it should.
void drive_to(Instance& fmu, CosimState state);

}  // namespace smc::runtime_test

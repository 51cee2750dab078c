// Direct dependencies of outputs on knowns (FMI 2.0 section 2.2.8,
// ModelStructure/Outputs `dependencies`), for Co-Simulation at a
// communication point: which inputs and continuous states an output's value
// can reflect right after fmi2SetXXX, without an fmi2DoStep. A co-simulation
// master reads them to tell direct feedthrough (algebraic loops between
// FMUs) from outputs that only move with time. See Dependencies.cpp for the
// rules; the answer may over-approximate, never under-approximate.
#pragma once

#include "causalize/CausalModel.h"

#include <vector>

namespace smc::causal {

// For each of `unknowns`, the knowns (variables with Role::Input or
// Role::State) its value depends on directly, ascending by VarId. A state
// listed among `unknowns` depends on itself. The independent variable
// (time) is never listed: smc does not export it as a ScalarVariable.
std::vector<std::vector<VarId>> knownDependencies(const CausalModel& model,
                                                  const std::vector<VarId>& unknowns);

}  // namespace smc::causal

// The two equation systems of a causal model (Simulation.cpp and
// Initialization.cpp): each sorts the lowered model into the block lists
// of CausalModel.
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Lowering.h"
#include "causalize/Sort.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// The discrete unknowns of `system` that a mixed loop may read at their
// previous event iteration's value (EquationSystem::discrete): Integers,
// Booleans, and Reals that when-clauses assign. A discrete Real computed
// by an equation stays an unknown of the numeric loops it sits in.
std::set<VarId> loopDiscreteVariables(const CausalModel& model, const EquationSystem& system);

// eventBlocks, derivativeBlocks, outputBlocks, indicatorBlocks.
bool buildSimulation(CausalModel& model, const LoweredModel& lowered, DiagnosticEngine& diags);

// initialization: calculated parameters, then the initialization system.
bool buildInitialization(CausalModel& model, const LoweredModel& lowered, DiagnosticEngine& diags);

}  // namespace smc::causal

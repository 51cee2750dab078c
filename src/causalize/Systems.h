// The two equation systems of a causal model (Simulation.cpp and
// Initialization.cpp): each sorts the lowered model into the block lists
// of CausalModel.
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Lowering.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// eventBlocks, derivativeBlocks, outputBlocks, indicatorBlocks.
bool buildSimulation(CausalModel& model, const LoweredModel& lowered, DiagnosticEngine& diags);

// initialization: calculated parameters, then the initialization system.
bool buildInitialization(CausalModel& model, const LoweredModel& lowered, DiagnosticEngine& diags);

}  // namespace smc::causal

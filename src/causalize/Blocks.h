// Sorted blocks -> causal blocks (see Blocks.cpp).
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Sort.h"
#include "frontend/Diagnostics.h"

#include <vector>

namespace smc::causal {

// Appends one Block per sorted block to `out`, in order; false after
// reporting a loop the run time cannot solve.
bool buildBlocks(const EquationSystem& system, const std::vector<SortedBlock>& sorted, const CausalModel& model,
                 DiagnosticEngine& diags, std::vector<Block>& out);

// The variables a block computes.
std::vector<VarId> blockOutputs(const Block& block);

}  // namespace smc::causal

// Structural analysis of one equation system: maximum bipartite matching
// of equations to unknowns, then Tarjan's strongly connected components of
// the resulting dependency graph (the BLT form).
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::causal {

struct EquationSystem {
  std::string what;  // "the model", "the initialization problem": for messages
  std::vector<flat::Equation> equations;
  std::vector<VarId> unknowns;
};

// One block: equations[i] is solved for unknowns[i] (matched pairs); the
// pairs of a block form a strongly connected component.
struct SortedBlock {
  std::vector<size_t> equations;  // indices into EquationSystem::equations
  std::vector<VarId> unknowns;
};

// Blocks in evaluation order (every block after those it depends on).
// Reports a structurally singular system, naming the equations and the
// variables involved, and returns empty.
std::optional<std::vector<SortedBlock>> sortSystem(const EquationSystem& system,
                                                   const flat::FlatModel& model,
                                                   DiagnosticEngine& diags);

}  // namespace smc::causal

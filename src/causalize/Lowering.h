// Hybrid lowering: the parts of a flat model that are not plain equations
// (when-equations, algorithms, tuple equations, relations, samples, clocked
// partitions) turned
// into what the sorter understands: equations, each solved for one unknown,
// and defining nodes, each computing a fixed set of variables as a whole.
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Sort.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <set>
#include <vector>

namespace smc::causal {

struct LoweredModel {
  // The model's equations with event-generating relations and samples
  // replaced by hidden variables (tuple equations moved to nodes).
  std::vector<flat::Equation> equations;
  // Relation and when-condition updates, when-equations, algorithms and
  // tuple equations.
  std::vector<DefiningNode> nodes;
  std::vector<flat::Equation> initialEquations;
  std::vector<DefiningNode> initialNodes;  // initial algorithms, initial tuple equations
  // Sample flags and counters: known to every equation system.
  std::set<VarId> sampleVariables;
  // Variables of clocked partitions. Each partition is one node of `nodes`
  // (its ClockedBlock); the partition does not run at initialization, where
  // its variables are known (they keep their start values).
  std::set<VarId> clockedVariables;
};

// Fills model.zeroCrossings, model.samples and model.assertions and adds
// the hidden variables (with their roles); empty after reporting an error.
// Expects classifyVariables to have run.
std::optional<LoweredModel> lowerHybrid(CausalModel& model, DiagnosticEngine& diags);

}  // namespace smc::causal

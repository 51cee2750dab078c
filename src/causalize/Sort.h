// Structural analysis of one equation system: maximum bipartite matching
// of equations to unknowns, then Tarjan's strongly connected components of
// the resulting dependency graph (the BLT form). Besides equations (each
// solved for one unknown the matching picks), a system holds defining
// nodes: when-equations, algorithms, tuple equations and relation or
// condition updates, which compute a fixed set of variables as a whole.
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace smc::causal {

// A part of the model that defines its own variables; never matched, sorted
// as one node.
struct DefiningNode {
  Block block;
  std::vector<VarId> defines;
  std::set<VarId> uses;     // current values read (pre() excluded)
  std::string description;  // for messages: "the when-equation", "the relation 'h <= 0'"
  SourceRange range;
};

struct EquationSystem {
  std::string what;  // "the model", "the initialization problem": for messages
  // Where a structurally singular system is reported; the model's range
  // when not valid (a clocked partition gives its own).
  SourceRange range;
  std::vector<flat::Equation> equations;
  // Used only for unknowns nothing else determines (`x = start` for states
  // whose `fixed` is not given); numbered after `equations`.
  std::vector<flat::Equation> optionalEquations;
  // The matching tries an equation's unknowns in this order, so an unknown
  // listed late is the one left over when a system is under-determined.
  std::vector<VarId> unknowns;
  std::vector<DefiningNode> nodes;
  // Why a variable that is not an unknown is known, for messages
  // ("fixed by its start value"); variables absent here are simply known.
  std::map<VarId, std::string> knownBecause;
  // Appended to the message for an equation without unknowns.
  std::string noUnknownHint;
  // Variables that change only at events. A loop through them and Real
  // unknowns is solved by event iteration (MixedSystems.h); with none
  // listed (clocked partitions) such a loop stays one block.
  std::set<VarId> discrete;

  // Equation i of the numbering shared by both lists.
  const flat::Equation& equation(size_t i) const {
    return i < equations.size() ? equations[i] : optionalEquations[i - equations.size()];
  }
  bool isOptional(size_t i) const { return i >= equations.size(); }
};

// One block: equations[i] is solved for unknowns[i] (matched pairs), and
// the defining nodes `nodes` compute their variables; together they form a
// strongly connected component. Unused optional equations appear nowhere.
struct SortedBlock {
  std::vector<size_t> equations;  // EquationSystem::equation() numbering
  std::vector<VarId> unknowns;
  std::vector<size_t> nodes;      // indices into EquationSystem::nodes
  // Discrete variables this block computes that earlier blocks of their
  // mixed loop read at their previous event iteration's value
  // (MixedSystems.h).
  std::vector<VarId> iterated;
  // Variables of a clocked partition whose clock's condition reads them
  // (MixedSystems.h, cutClockFeedback): earlier blocks read them as they
  // were before the partition ticked, and the next event iteration sees
  // them; compared, never guessed.
  std::vector<VarId> clockFeedback;
};

// Blocks in evaluation order (every block after those it depends on).
// Reports a structurally singular system, naming the equations and the
// variables involved, or a variable defined twice, and returns empty.
std::optional<std::vector<SortedBlock>> sortSystem(const EquationSystem& system,
                                                   const flat::FlatModel& model,
                                                   DiagnosticEngine& diags);

// The variables a sorted block reads (pre() excluded), its own included.
std::set<VarId> blockUses(const EquationSystem& system, const SortedBlock& block);

}  // namespace smc::causal

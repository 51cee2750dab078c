#include "driver/EquationCount.h"

#include "causalize/Statements.h"

#include <set>

namespace smc {

namespace {

// The distinct variables a when-equation assigns over all its branches;
// reinit() changes a state and assert()/terminate() assign nothing.
size_t whenTargets(const flat::WhenEquation& when) {
  std::set<flat::VarId> targets;
  for (const flat::WhenBranch& branch : when.branches)
    for (const flat::Action& action : branch.actions)
      if (action.kind == flat::ActionKind::Assign) targets.insert(action.target);
  return targets.size();
}

}  // namespace

size_t countScalarEquations(const flat::FlatModel& model) {
  size_t count = model.equations.size();
  for (const flat::WhenEquation& when : model.whenEquations) count += whenTargets(when);
  for (const flat::Algorithm& algorithm : model.algorithms)
    count += causal::assignedVariables(algorithm.statements).size();
  return count;
}

}  // namespace smc

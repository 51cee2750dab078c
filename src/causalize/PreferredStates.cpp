// State candidates from stateSelect (see PreferredStates.h).
#include "causalize/PreferredStates.h"

#include "causalize/ExprUtil.h"

#include <map>
#include <string>

namespace smc::causal {

std::vector<VarId> preferredAlgebraics(const CausalModel& model, const LoweredModel& lowered) {
  std::set<VarId> computed;
  for (const DefiningNode& node : lowered.nodes) computed.insert(node.defines.begin(), node.defines.end());
  std::vector<VarId> preferred;
  for (VarId v = 0; v < model.flat.variables.size(); ++v) {
    const flat::Variable& var = model.flat.variables[v];
    const flat::StateSelect select = var.attributes.stateSelect;
    if (model.roles[v] != Role::Algebraic || var.type != flat::BaseType::Real ||
        var.variability != flat::Variability::Continuous || var.isHidden || computed.count(v) ||
        lowered.sampleVariables.count(v) || lowered.clockedVariables.count(v))
      continue;
    if (select == flat::StateSelect::Prefer || select == flat::StateSelect::Always) preferred.push_back(v);
  }
  return preferred;
}

void makeStateCandidates(CausalModel& model, const std::vector<VarId>& vars) {
  for (VarId v : vars) {
    const auto id = static_cast<VarId>(model.flat.variables.size());
    model.flat.variables.push_back(derivativeVariable(model.flat.variables[v]));
    model.roles.push_back(Role::Derivative);
    model.roles[v] = Role::State;
    model.states.push_back(v);
    model.derivatives.push_back(id);
  }
}

namespace {

// The array a scalar belongs to: its name without the last subscript.
std::string arrayOf(const std::string& name) {
  if (name.empty() || name.back() != ']') return name;
  return name.substr(0, name.rfind('['));
}

}  // namespace

std::vector<VarId> withoutPartlyPromotedArrays(const CausalModel& reduced,
                                               const std::vector<VarId>& candidates) {
  std::map<std::string, std::pair<size_t, size_t>> promotedOfAll;
  for (VarId v : candidates) {
    auto& [promoted, all] = promotedOfAll[arrayOf(reduced.flat.variables[v].name)];
    promoted += reduced.roles[v] == Role::State ? 1 : 0;
    ++all;
  }
  std::vector<VarId> kept;
  for (VarId v : candidates) {
    const auto& [promoted, all] = promotedOfAll[arrayOf(reduced.flat.variables[v].name)];
    if (promoted == 0 || promoted == all) kept.push_back(v);
  }
  return kept;
}

}  // namespace smc::causal

// Text of the causalized model (`smc --dump=blt`), pinned by golden tests:
// variable roles, then each section's blocks in evaluation order.
#include "causalize/CausalModel.h"

#include <fmt/format.h>

namespace smc::causal {

namespace {

const char* roleName(Role role) {
  switch (role) {
    case Role::Constant: return "constant";
    case Role::Parameter: return "parameter";
    case Role::CalculatedParameter: return "calculated parameter";
    case Role::Input: return "input";
    case Role::State: return "state";
    case Role::Derivative: return "derivative";
    case Role::Algebraic: return "algebraic";
    case Role::Discrete: return "discrete";
  }
  return "?";
}

void dumpBlocks(const char* title, const std::vector<Block>& blocks, const flat::FlatModel& flat,
                std::string& out) {
  out += fmt::format("{} ({} block{})\n", title, blocks.size(), blocks.size() == 1 ? "" : "s");
  for (const Block& block : blocks) {
    if (const auto* assign = std::get_if<Assign>(&block)) {
      out += fmt::format("  {} := {}\n", flat.variables[assign->target].name,
                         flat::toString(*assign->value, flat));
      continue;
    }
    const auto& loop = std::get<AlgebraicLoop>(block);
    std::vector<std::string> names;
    for (VarId v : loop.unknowns) names.push_back(flat.variables[v].name);
    out += fmt::format("  loop for {{{}}}:\n", fmt::join(names, ", "));
    for (const ExprPtr& r : loop.residuals) out += fmt::format("    0 = {}\n", flat::toString(*r, flat));
  }
}

}  // namespace

std::string dumpBlt(const CausalModel& model) {
  std::string out = fmt::format("model {}\n", model.flat.name);
  out += "variables\n";
  for (size_t i = 0; i < model.flat.variables.size(); ++i)
    out += fmt::format("  {}: {}\n", model.flat.variables[i].name, roleName(model.roles[i]));
  dumpBlocks("initialization", model.initialization, model.flat, out);
  dumpBlocks("derivatives", model.derivativeBlocks, model.flat, out);
  dumpBlocks("outputs", model.outputBlocks, model.flat, out);
  return out;
}

}  // namespace smc::causal

// Matching and BLT sorting.
//
// Matching: each equation must be assigned one unknown it contains, every
// unknown exactly once (a perfect matching of the bipartite incidence
// graph). We grow the matching with augmenting paths (Kuhn's algorithm);
// when it cannot be made perfect, the unmatched equations and variables are
// what the user needs to see: too many or too few equations for them.
//
// Sorting: with the matching fixed, equation i depends on equation j when i
// uses the unknown j is solved for. Tarjan's algorithm emits the strongly
// connected components of that graph with dependencies first; a component of
// more than one equation is an algebraic loop.
#include "causalize/Sort.h"

#include "causalize/ExprUtil.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace smc::causal {

namespace {

constexpr size_t kNone = static_cast<size_t>(-1);

class Matcher {
public:
  explicit Matcher(const std::vector<std::vector<size_t>>& incidence, size_t unknownCount)
      : incidence_(incidence), unknownOf_(incidence.size(), kNone), equationOf_(unknownCount, kNone) {}

  void run() {
    for (size_t eq = 0; eq < incidence_.size(); ++eq) {
      visited_.assign(equationOf_.size(), false);
      augment(eq);
    }
  }

  const std::vector<size_t>& unknownOf() const { return unknownOf_; }
  const std::vector<size_t>& equationOf() const { return equationOf_; }

private:
  // Looks for an augmenting path from `eq`; on success flips it.
  bool augment(size_t eq) {
    for (size_t u : incidence_[eq]) {
      if (visited_[u]) continue;
      visited_[u] = true;
      if (equationOf_[u] == kNone || augment(equationOf_[u])) {
        equationOf_[u] = eq;
        unknownOf_[eq] = u;
        return true;
      }
    }
    return false;
  }

  const std::vector<std::vector<size_t>>& incidence_;
  std::vector<size_t> unknownOf_;
  std::vector<size_t> equationOf_;
  std::vector<bool> visited_;
};

class Tarjan {
public:
  explicit Tarjan(const std::vector<std::vector<size_t>>& edges)
      : edges_(edges), index_(edges.size(), kNone), low_(edges.size(), 0), onStack_(edges.size(), false) {}

  std::vector<std::vector<size_t>> run() {
    for (size_t v = 0; v < edges_.size(); ++v)
      if (index_[v] == kNone) visit(v);
    return components_;
  }

private:
  void visit(size_t v) {
    index_[v] = low_[v] = next_++;
    stack_.push_back(v);
    onStack_[v] = true;
    for (size_t w : edges_[v]) {
      if (index_[w] == kNone) {
        visit(w);
        low_[v] = std::min(low_[v], low_[w]);
      } else if (onStack_[w]) {
        low_[v] = std::min(low_[v], index_[w]);
      }
    }
    if (low_[v] != index_[v]) return;
    std::vector<size_t> component;
    size_t w;
    do {
      w = stack_.back();
      stack_.pop_back();
      onStack_[w] = false;
      component.push_back(w);
    } while (w != v);
    std::sort(component.begin(), component.end());
    components_.push_back(std::move(component));
  }

  const std::vector<std::vector<size_t>>& edges_;
  std::vector<size_t> index_, low_;
  std::vector<bool> onStack_;
  std::vector<size_t> stack_;
  size_t next_ = 0;
  std::vector<std::vector<size_t>> components_;
};

std::string equationText(const flat::Equation& eq, const flat::FlatModel& model) {
  return flat::toString(*eq.lhs, model) + " = " + flat::toString(*eq.rhs, model);
}

}  // namespace

std::optional<std::vector<SortedBlock>> sortSystem(const EquationSystem& system,
                                                   const flat::FlatModel& model,
                                                   DiagnosticEngine& diags) {
  std::map<VarId, size_t> unknownIndex;
  for (size_t i = 0; i < system.unknowns.size(); ++i) unknownIndex.emplace(system.unknowns[i], i);

  std::vector<std::vector<size_t>> incidence(system.equations.size());
  bool ok = true;
  for (size_t e = 0; e < system.equations.size(); ++e) {
    std::set<VarId> vars;
    collectVars(*system.equations[e].lhs, vars);
    collectVars(*system.equations[e].rhs, vars);
    for (VarId v : vars)
      if (auto it = unknownIndex.find(v); it != unknownIndex.end()) incidence[e].push_back(it->second);
    if (incidence[e].empty()) {
      const flat::Equation& eq = system.equations[e];
      std::vector<std::string> names;
      for (VarId v : vars) names.push_back(model.variables[v].name);
      diags.errorf(eq.range,
                   "in {}, the equation '{}' has no unknown to solve for{}; it over-determines the "
                   "system (an equation between states only would make the system high-index, "
                   "which is not supported)",
                   system.what, equationText(eq, model),
                   names.empty() ? "" : fmt::format(" (it involves only {})", fmt::join(names, ", ")));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;

  Matcher matcher(incidence, system.unknowns.size());
  matcher.run();
  std::vector<size_t> freeEquations, freeUnknowns;
  for (size_t e = 0; e < incidence.size(); ++e)
    if (matcher.unknownOf()[e] == kNone) freeEquations.push_back(e);
  for (size_t u = 0; u < system.unknowns.size(); ++u)
    if (matcher.equationOf()[u] == kNone) freeUnknowns.push_back(u);
  if (!freeEquations.empty() || !freeUnknowns.empty()) {
    std::vector<std::string> names;
    for (size_t u : freeUnknowns) names.push_back("'" + model.variables[system.unknowns[u]].name + "'");
    diags.errorf(model.range,
                 "{} is structurally singular: {} equation(s) for {} unknown(s){}{}", system.what,
                 system.equations.size(), system.unknowns.size(),
                 names.empty() ? "" : fmt::format("; no equation determines {}", fmt::join(names, ", ")),
                 freeEquations.empty() ? "" : "; some equations over-determine their variables");
    for (size_t e : freeEquations)
      diags.note(system.equations[e].range,
                 fmt::format("this equation is left over: '{}'", equationText(system.equations[e], model)));
    for (size_t u : freeUnknowns) {
      const flat::Variable& v = model.variables[system.unknowns[u]];
      diags.note(v.range, fmt::format("'{}' is declared here", v.name));
    }
    return std::nullopt;
  }

  // Dependency edges between equations through the matching.
  std::vector<std::vector<size_t>> edges(incidence.size());
  for (size_t e = 0; e < incidence.size(); ++e)
    for (size_t u : incidence[e]) {
      size_t solvedBy = matcher.equationOf()[u];
      if (solvedBy != e) edges[e].push_back(solvedBy);
    }
  std::vector<SortedBlock> blocks;
  for (const auto& component : Tarjan(edges).run()) {
    SortedBlock block;
    for (size_t e : component) {
      block.equations.push_back(e);
      block.unknowns.push_back(system.unknowns[matcher.unknownOf()[e]]);
    }
    blocks.push_back(std::move(block));
  }
  return blocks;
}

}  // namespace smc::causal

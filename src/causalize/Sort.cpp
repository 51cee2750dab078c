// Matching and BLT sorting.
//
// Matching: each equation must be assigned one unknown it contains, every
// unknown exactly once (a perfect matching of the bipartite incidence
// graph). We grow the matching with augmenting paths (Kuhn's algorithm,
// Matching.h);
// when it cannot be made perfect, the unmatched equations and variables are
// what the user needs to see: too many or too few equations for them.
//
// Defining nodes (when-equations, algorithms...) own their variables from
// the start: those are taken out of the matching, and two nodes defining
// one variable, or an equation left with only node-defined variables, are
// reported as a double definition naming both places. Optional equations
// (`x = start` fallbacks) are offered to the matching after every required
// one: Kuhn's algorithm never unmatches an equation once matched, so the
// required equations are all matched whenever that is possible, and the
// optional ones only take the unknowns left over.
//
// Sorting: with the matching fixed, a node (equation or defining node)
// depends on the node that computes a variable it reads. Tarjan's algorithm
// emits the strongly connected components of that graph with dependencies
// first; a component of more than one node is an algebraic loop.
#include "causalize/Sort.h"

#include "causalize/ExprUtil.h"
#include "causalize/Matching.h"
#include "causalize/MixedSystems.h"

#include <fmt/format.h>

#include <algorithm>

namespace smc::causal {

namespace {

constexpr size_t kNone = kUnmatched;

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

std::set<VarId> equationUses(const flat::Equation& eq) {
  std::set<VarId> uses;
  collectUses(*eq.lhs, uses);
  collectUses(*eq.rhs, uses);
  return uses;
}

// Records which node defines each variable; reports a variable defined by
// two nodes or one that is not an unknown of the system.
bool assignDefinitions(const EquationSystem& system, const std::map<VarId, size_t>& unknownIndex,
                       const flat::FlatModel& model, DiagnosticEngine& diags,
                       std::map<VarId, size_t>& definedBy) {
  bool ok = true;
  for (size_t n = 0; n < system.nodes.size(); ++n) {
    const DefiningNode& node = system.nodes[n];
    for (VarId v : node.defines) {
      const std::string& name = model.variables[v].name;
      if (!unknownIndex.count(v)) {
        auto reason = system.knownBecause.find(v);
        diags.errorf(node.range, "in {}, {} assigns '{}', which is {}", system.what, node.description, name,
                     reason != system.knownBecause.end() ? fmt::format("already known ({})", reason->second)
                                                         : std::string("not an unknown here"));
        ok = false;
        continue;
      }
      auto [it, inserted] = definedBy.emplace(v, n);
      if (!inserted) {
        const DefiningNode& first = system.nodes[it->second];
        diags.errorf(node.range, "in {}, '{}' is assigned twice: by {} and by {}", system.what, name,
                     first.description, node.description);
        diags.note(first.range, fmt::format("'{}' is first assigned here", name));
        ok = false;
      }
    }
  }
  return ok;
}

// Reports an equation in which every variable is already known or defined
// by a node.
void reportNoUnknown(const EquationSystem& system, const flat::Equation& eq, const std::set<VarId>& uses,
                     const std::map<VarId, size_t>& definedBy, const flat::FlatModel& model,
                     DiagnosticEngine& diags) {
  for (VarId v : uses) {
    auto it = definedBy.find(v);
    if (it == definedBy.end()) continue;
    const DefiningNode& node = system.nodes[it->second];
    diags.errorf(eq.range, "in {}, the equation '{}' has no unknown to solve for: '{}' is already assigned by {}",
                 system.what, equationText(eq, model), model.variables[v].name, node.description);
    diags.note(node.range, fmt::format("'{}' is assigned here", model.variables[v].name));
    return;
  }
  std::vector<std::string> names;
  for (VarId v : uses) {
    auto reason = system.knownBecause.find(v);
    names.push_back(reason == system.knownBecause.end()
                        ? fmt::format("'{}'", model.variables[v].name)
                        : fmt::format("'{}' ({})", model.variables[v].name, reason->second));
  }
  diags.errorf(eq.range, "in {}, the equation '{}' has no unknown to solve for; it over-determines the system{}{}",
               system.what, equationText(eq, model),
               system.noUnknownHint.empty() ? "" : " (" + system.noUnknownHint + ")",
               names.empty() ? "" : fmt::format("; it involves only {}", fmt::join(names, ", ")));
  for (VarId v : uses)
    if (auto reason = system.knownBecause.find(v); reason != system.knownBecause.end())
      diags.note(model.variables[v].range, fmt::format("'{}' is declared here ({})", model.variables[v].name,
                                                       reason->second));
}

// `equationCount` counts the required equations and the optional ones the
// matching used; `unknownCount` the unknowns left to the matching.
void reportSingular(const EquationSystem& system, const std::vector<std::set<VarId>>& uses,
                    const std::vector<size_t>& freeEquations, const std::vector<VarId>& freeUnknowns,
                    size_t equationCount, size_t unknownCount, const std::map<VarId, size_t>& definedBy,
                    const flat::FlatModel& model, DiagnosticEngine& diags) {
  std::vector<std::string> names;
  for (VarId v : freeUnknowns) names.push_back("'" + model.variables[v].name + "'");
  diags.errorf(system.range.valid() ? system.range : model.range,
               "{} is structurally singular: {} equation(s) for {} unknown(s){}{}", system.what,
               equationCount, unknownCount,
               names.empty() ? "" : fmt::format("; no equation determines {}", fmt::join(names, ", ")),
               freeEquations.empty() ? "" : "; some equations over-determine their variables");
  std::set<size_t> nodesNamed;
  for (size_t e : freeEquations) {
    const flat::Equation& eq = system.equation(e);
    diags.note(eq.range, fmt::format("this equation is left over: '{}'", equationText(eq, model)));
    for (VarId v : uses[e])
      if (auto it = definedBy.find(v); it != definedBy.end() && nodesNamed.insert(it->second).second)
        diags.note(system.nodes[it->second].range,
                   fmt::format("'{}' is assigned by {}", model.variables[v].name, system.nodes[it->second].description));
  }
  for (VarId u : freeUnknowns) {
    const flat::Variable& v = model.variables[u];
    diags.note(v.range, fmt::format("'{}' is declared here", v.name));
  }
}

}  // namespace

std::optional<std::vector<SortedBlock>> sortSystem(const EquationSystem& system,
                                                   const flat::FlatModel& model,
                                                   DiagnosticEngine& diags) {
  std::map<VarId, size_t> unknownIndex;
  for (size_t i = 0; i < system.unknowns.size(); ++i) unknownIndex.emplace(system.unknowns[i], i);
  std::map<VarId, size_t> definedBy;
  if (!assignDefinitions(system, unknownIndex, model, diags, definedBy)) return std::nullopt;

  // Incidence over the unknowns left to the matching.
  const size_t equationCount = system.equations.size() + system.optionalEquations.size();
  std::vector<std::set<VarId>> uses(equationCount);
  std::vector<std::vector<size_t>> incidence(equationCount);
  // Without the unknowns an equation has only zero coefficients for (a
  // parameter that is 0 at translation): the matching avoids solving for
  // them, and falls back to every mention if that leaves it imperfect.
  std::vector<std::vector<size_t>> solvableIncidence(equationCount);
  bool ok = true;
  bool anyZero = false;
  for (size_t e = 0; e < equationCount; ++e) {
    uses[e] = equationUses(system.equation(e));
    std::set<VarId> zero = zeroCoefficientVars(system.equation(e), model);
    for (VarId v : ignoredArgumentVars(system.equation(e), model)) zero.insert(v);
    anyZero = anyZero || !zero.empty();
    for (VarId v : uses[e])
      if (auto it = unknownIndex.find(v); it != unknownIndex.end() && !definedBy.count(v)) {
        incidence[e].push_back(it->second);
        if (!zero.count(v)) solvableIncidence[e].push_back(it->second);
      }
    // The matching tries unknowns in the order the system lists them.
    std::sort(incidence[e].begin(), incidence[e].end());
    std::sort(solvableIncidence[e].begin(), solvableIncidence[e].end());
    if (incidence[e].empty() && !system.isOptional(e)) {
      reportNoUnknown(system, system.equation(e), uses[e], definedBy, model, diags);
      ok = false;
    }
  }
  if (!ok) return std::nullopt;

  auto perfect = [&](const Matcher& m) {
    for (size_t e = 0; e < system.equations.size(); ++e)
      if (m.unknownOf()[e] == kNone) return false;
    for (size_t u = 0; u < system.unknowns.size(); ++u)
      if (!definedBy.count(system.unknowns[u]) && m.equationOf()[u] == kNone) return false;
    return true;
  };
  Matcher solvable(solvableIncidence, system.unknowns.size());
  Matcher full(incidence, system.unknowns.size());
  const Matcher* chosen = &full;
  if (anyZero) {
    solvable.run();
    if (perfect(solvable)) chosen = &solvable;
  }
  if (chosen == &full) full.run();
  const Matcher& matcher = *chosen;
  std::vector<size_t> freeEquations;
  std::vector<VarId> freeUnknowns;
  for (size_t e = 0; e < system.equations.size(); ++e)
    if (matcher.unknownOf()[e] == kNone) freeEquations.push_back(e);
  size_t matchable = 0;
  for (size_t u = 0; u < system.unknowns.size(); ++u) {
    if (definedBy.count(system.unknowns[u])) continue;
    ++matchable;
    if (matcher.equationOf()[u] == kNone) freeUnknowns.push_back(system.unknowns[u]);
  }
  if (!freeEquations.empty() || !freeUnknowns.empty()) {
    size_t used = system.equations.size();
    for (size_t e = system.equations.size(); e < equationCount; ++e) used += matcher.unknownOf()[e] != kNone;
    reportSingular(system, uses, freeEquations, freeUnknowns, used, matchable, definedBy, model, diags);
    return std::nullopt;
  }

  // Graph nodes: the matched equations, then the defining nodes; each
  // variable is computed by one of them.
  std::vector<size_t> matchedEquations;
  for (size_t e = 0; e < equationCount; ++e)
    if (matcher.unknownOf()[e] != kNone) matchedEquations.push_back(e);
  const size_t nodeBase = matchedEquations.size();
  std::map<VarId, size_t> computedBy;
  for (size_t g = 0; g < nodeBase; ++g)
    computedBy[system.unknowns[matcher.unknownOf()[matchedEquations[g]]]] = g;
  for (const auto& [v, n] : definedBy) computedBy[v] = nodeBase + n;
  std::vector<std::vector<size_t>> edges(nodeBase + system.nodes.size());
  for (size_t g = 0; g < edges.size(); ++g) {
    const std::set<VarId>& read = g < nodeBase ? uses[matchedEquations[g]] : system.nodes[g - nodeBase].uses;
    for (VarId v : read)
      if (auto it = computedBy.find(v); it != computedBy.end() && it->second != g) edges[g].push_back(it->second);
  }
  auto components = Tarjan(edges).run();
  std::vector<std::vector<VarId>> computes(edges.size());
  for (const auto& [v, g] : computedBy) computes[g].push_back(v);
  std::vector<bool> discreteNode(edges.size()), solvableNode(edges.size());
  for (size_t g = 0; g < edges.size(); ++g) {
    bool clocked = g >= nodeBase && std::holds_alternative<ClockedBlock>(system.nodes[g - nodeBase].block);
    discreteNode[g] = !clocked && !computes[g].empty() &&
                      std::all_of(computes[g].begin(), computes[g].end(),
                                  [&](VarId v) { return system.discrete.count(v) > 0; });
    solvableNode[g] = g < nodeBase;
  }
  std::vector<size_t> iterated;
  if (!system.discrete.empty()) {
    iterated = cutMixedLoops(components, discreteNode, solvableNode, edges);
    if (!iterated.empty()) components = Tarjan(edges).run();
  }
  std::vector<size_t> tickNode(edges.size(), kNoTick);
  for (size_t n = 0; n < system.nodes.size(); ++n)
    if (const auto* clocked = std::get_if<ClockedBlock>(&system.nodes[n].block))
      if (auto it = computedBy.find(clocked->tick); it != computedBy.end()) tickNode[nodeBase + n] = it->second;
  std::vector<size_t> ticking = cutClockFeedback(components, tickNode, edges);
  if (!ticking.empty()) components = Tarjan(edges).run();
  std::vector<bool> isIterated(edges.size(), false), isFeedback(edges.size(), false);
  for (size_t g : iterated) isIterated[g] = true;
  for (size_t g : ticking) isFeedback[g] = true;
  std::vector<SortedBlock> blocks;
  for (const auto& component : components) {
    SortedBlock block;
    for (size_t g : component) {
      if (g < nodeBase) {
        block.equations.push_back(matchedEquations[g]);
        block.unknowns.push_back(system.unknowns[matcher.unknownOf()[matchedEquations[g]]]);
      } else {
        block.nodes.push_back(g - nodeBase);
      }
      if (isIterated[g]) block.iterated.insert(block.iterated.end(), computes[g].begin(), computes[g].end());
      if (isFeedback[g])
        block.clockFeedback.insert(block.clockFeedback.end(), computes[g].begin(), computes[g].end());
    }
    blocks.push_back(std::move(block));
  }
  return blocks;
}

std::set<VarId> blockUses(const EquationSystem& system, const SortedBlock& block) {
  std::set<VarId> uses;
  for (size_t e : block.equations) {
    collectUses(*system.equation(e).lhs, uses);
    collectUses(*system.equation(e).rhs, uses);
  }
  for (size_t n : block.nodes) uses.insert(system.nodes[n].uses.begin(), system.nodes[n].uses.end());
  return uses;
}

}  // namespace smc::causal

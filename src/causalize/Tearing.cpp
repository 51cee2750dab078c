// Tearing (see Tearing.h). The greedy feedback vertex set runs in
// O(E log n) for a loop of n pairs and E dependencies: pairs that sit on no
// cycle (no predecessor or no successor left) are peeled off with a
// worklist, and the next tearing candidate comes from a heap whose stale
// entries are skipped.
#include "causalize/Tearing.h"

#include "causalize/ExprUtil.h"
#include "causalize/Matching.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <queue>
#include <set>
#include <tuple>
#include <unordered_map>

namespace smc::causal {

namespace {

// The explicit solution of `eq` (whose residual lhs - rhs is `residual`)
// for `unknown`, or null unless the equation is linear in it with a
// coefficient of constants and parameters only that is not 0 at
// translation. A coefficient that reads other variables (a rotation
// matrix's entry, a clutch's `if locked then 0 else 1`) may vanish while
// the loop as a whole stays regular: such an unknown is left to Newton.
ExprPtr explicitSolution(const flat::Equation& eq, const ExprPtr& residual, VarId unknown,
                         const flat::FlatModel& model) {
  auto parts = linearParts(residual, unknown);
  if (!parts || !parts->coefficient || isZeroAtTranslation(*parts->coefficient, model)) return nullptr;
  std::set<VarId> uses;
  collectUses(*parts->coefficient, uses);
  for (VarId v : uses) {
    const flat::Variability variability = model.variables[v].variability;
    if (variability != flat::Variability::Constant && variability != flat::Variability::Parameter) return nullptr;
  }
  return solveLinear(eq.lhs, eq.rhs, unknown);  // null for a literal zero coefficient
}

// The dependency graph of the matched pairs: pair j -> pair k when equation
// k reads the unknown matched to equation j (j != k), with each pair's live
// degree.
struct PairGraph {
  std::vector<std::vector<size_t>> predecessors, successors;
  std::vector<size_t> inDegree, outDegree;
  std::vector<bool> alive;
};

PairGraph buildGraph(const std::vector<std::vector<size_t>>& incidence, const std::vector<size_t>& equationOf,
                     const std::vector<size_t>& unknownOf) {
  const size_t n = incidence.size();
  PairGraph graph{std::vector<std::vector<size_t>>(n), std::vector<std::vector<size_t>>(n),
                  std::vector<size_t>(n, 0), std::vector<size_t>(n, 0), std::vector<bool>(n, true)};
  for (size_t k = 0; k < n; ++k)
    for (size_t u : incidence[k]) {
      if (u == unknownOf[k]) continue;
      graph.predecessors[k].push_back(equationOf[u]);
      graph.successors[equationOf[u]].push_back(k);
    }
  for (size_t k = 0; k < n; ++k) {
    graph.inDegree[k] = graph.predecessors[k].size();
    graph.outDegree[k] = graph.successors[k].size();
  }
  return graph;
}

// Greedy feedback vertex set: true for the pairs whose unknowns the solver
// iterates on.
std::vector<bool> chooseTearingSet(PairGraph& graph, const std::vector<bool>& solvable,
                                   const std::vector<bool>& hasStart) {
  const size_t n = solvable.size();
  std::vector<bool> tear(n, false);
  std::vector<size_t> peel;  // alive pairs that may have lost every predecessor or successor
  // (score, has a start value, -index): the heap's top is the candidate.
  using Candidate = std::tuple<size_t, bool, long long>;
  std::priority_queue<Candidate> candidates;
  auto score = [&](size_t k) { return graph.inDegree[k] * graph.outDegree[k]; };
  auto remove = [&](size_t k) {
    graph.alive[k] = false;
    for (size_t s : graph.successors[k])
      if (graph.alive[s] && --graph.inDegree[s] == 0) peel.push_back(s);
    for (size_t p : graph.predecessors[k])
      if (graph.alive[p] && --graph.outDegree[p] == 0) peel.push_back(p);
    for (size_t s : graph.successors[k])
      if (graph.alive[s]) candidates.emplace(score(s), hasStart[s], -static_cast<long long>(s));
    for (size_t p : graph.predecessors[k])
      if (graph.alive[p]) candidates.emplace(score(p), hasStart[p], -static_cast<long long>(p));
  };
  for (size_t k = 0; k < n; ++k)
    if (!solvable[k]) {
      tear[k] = true;
      remove(k);
    }
  for (size_t k = 0; k < n; ++k)
    if (graph.alive[k]) {
      if (graph.inDegree[k] == 0 || graph.outDegree[k] == 0) peel.push_back(k);
      candidates.emplace(score(k), hasStart[k], -static_cast<long long>(k));
    }
  while (true) {
    while (!peel.empty()) {
      const size_t k = peel.back();
      peel.pop_back();
      if (graph.alive[k]) remove(k);
    }
    std::optional<size_t> pick;
    while (!candidates.empty() && !pick) {
      auto [entryScore, start, negativeIndex] = candidates.top();
      candidates.pop();
      const auto k = static_cast<size_t>(-negativeIndex);
      if (graph.alive[k] && entryScore == score(k)) pick = k;
    }
    if (!pick) break;
    tear[*pick] = true;
    remove(*pick);
  }
  return tear;
}

// The explicit pairs in an order where each comes after the explicit pairs
// it reads (Kahn's algorithm, lowest index first among the ready ones).
std::vector<size_t> explicitOrder(const PairGraph& graph, const std::vector<bool>& tear) {
  const size_t n = tear.size();
  std::vector<size_t> pending(n, 0);
  std::priority_queue<size_t, std::vector<size_t>, std::greater<>> ready;
  for (size_t k = 0; k < n; ++k) {
    if (tear[k]) continue;
    for (size_t p : graph.predecessors[k]) pending[k] += !tear[p];
    if (pending[k] == 0) ready.push(k);
  }
  std::vector<size_t> order;
  while (!ready.empty()) {
    const size_t k = ready.top();
    ready.pop();
    order.push_back(k);
    for (size_t s : graph.successors[k])
      if (!tear[s] && --pending[s] == 0) ready.push(s);
  }
  return order;
}

// A perfect matching of the loop that solves as many equations as it can
// explicitly: first a maximum matching over the explicit edges alone, then
// completed over all edges, each equation trying its explicit unknowns
// first. (The BLT matching may pair a ring's equation y1 = f(y2) with y2.)
// Falls back to the BLT matching in the impossible case that the loop has
// no perfect matching.
std::vector<size_t> matchForTearing(const std::vector<std::vector<size_t>>& incidence,
                                    const std::vector<std::vector<size_t>>& explicitIncidence) {
  const size_t n = incidence.size();
  Matcher explicitOnly(explicitIncidence, n);
  explicitOnly.run();
  Matcher all(incidence, n);
  for (size_t k = 0; k < n; ++k)
    if (explicitOnly.unknownOf()[k] != kUnmatched) all.preset(k, explicitOnly.unknownOf()[k]);
  all.run();
  std::vector<size_t> unknownOf = all.unknownOf();
  for (size_t k = 0; k < n; ++k)
    if (unknownOf[k] == kUnmatched) {
      std::iota(unknownOf.begin(), unknownOf.end(), size_t{0});
      break;
    }
  return unknownOf;
}

}  // namespace

AlgebraicLoop tearLoop(const std::vector<const flat::Equation*>& equations, const std::vector<VarId>& unknowns,
                       const flat::FlatModel& model) {
  const size_t n = unknowns.size();
  std::unordered_map<VarId, size_t> position;
  for (size_t k = 0; k < n; ++k) position.emplace(unknowns[k], k);
  // Each equation's loop unknowns, those it gives explicitly first.
  std::vector<std::vector<size_t>> incidence(n), explicitIncidence(n);
  std::vector<std::vector<ExprPtr>> solutions(n);  // parallel to incidence
  std::vector<ExprPtr> residuals(n);
  for (size_t k = 0; k < n; ++k) {
    const flat::Equation& eq = *equations[k];
    residuals[k] = flat::makeBinary(flat::Op::Sub, eq.lhs, eq.rhs, eq.range);
    std::set<VarId> uses;
    collectUses(*residuals[k], uses);
    std::vector<std::pair<size_t, ExprPtr>> edges;
    for (VarId v : uses)
      if (auto found = position.find(v); found != position.end())
        edges.emplace_back(found->second, explicitSolution(eq, residuals[k], v, model));
    std::stable_partition(edges.begin(), edges.end(), [](const auto& edge) { return edge.second != nullptr; });
    for (auto& [u, solution] : edges) {
      if (solution) explicitIncidence[k].push_back(u);
      incidence[k].push_back(u);
      solutions[k].push_back(std::move(solution));
    }
  }
  const std::vector<size_t> unknownOf = matchForTearing(incidence, explicitIncidence);
  std::vector<size_t> equationOf(n);
  std::vector<ExprPtr> solution(n);
  std::vector<bool> solvable(n), hasStart(n);
  for (size_t k = 0; k < n; ++k) {
    equationOf[unknownOf[k]] = k;
    for (size_t i = 0; i < incidence[k].size(); ++i)
      if (incidence[k][i] == unknownOf[k]) solution[k] = solutions[k][i];
    solvable[k] = solution[k] != nullptr;
    hasStart[k] = model.variables[unknowns[unknownOf[k]]].attributes.start != nullptr;
  }
  PairGraph graph = buildGraph(incidence, equationOf, unknownOf);
  const std::vector<bool> tear = chooseTearingSet(graph, solvable, hasStart);
  const std::vector<size_t> order = explicitOrder(graph, tear);
  const auto tearCount = static_cast<size_t>(std::count(tear.begin(), tear.end(), true));
  const bool ordered = order.size() + tearCount == n;

  AlgebraicLoop loop;
  for (size_t k = 0; k < n; ++k) {
    // Every pair is in the tearing set if the explicit ones were not
    // ordered (cannot happen for a feedback vertex set; kept as a guard).
    if (!tear[k] && ordered) continue;
    loop.unknowns.push_back(unknowns[unknownOf[k]]);
    loop.residuals.push_back(residuals[k]);
    loop.ranges.push_back(equations[k]->range);
  }
  if (!ordered) return loop;
  for (size_t k : order) loop.torn.push_back(Assign{unknowns[unknownOf[k]], solution[k], equations[k]->range});
  return loop;
}

}  // namespace smc::causal

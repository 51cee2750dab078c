// The Jacobian's sparsity pattern (see JacobianPattern.h).
#include "causalize/JacobianPattern.h"

#include "causalize/ExprUtil.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <set>

namespace smc::causal {
namespace {

using StateSet = std::vector<int32_t>;  // indices into model.states, ascending

class PatternBuilder {
public:
  PatternBuilder(const CausalModel& model, size_t budget)
      : model_(model), limit_(budget), of_(model.flat.variables.size()) {
    for (size_t j = 0; j < model.states.size(); ++j) of_[model.states[j]] = {static_cast<int32_t>(j)};
  }

  std::optional<JacobianPattern> build() {
    for (const Block& block : model_.derivativeBlocks)
      if (!addBlock(block)) return std::nullopt;
    return transpose();
  }

private:
  // Unions into `out` the states that the variables e reads now depend on
  // (pre() and delays of the past are constant during integration).
  void collect(const flat::Expr& e, StateSet& out) const {
    std::set<VarId> uses;
    collectUses(e, uses);
    for (VarId v : uses)
      if (v < of_.size()) merge(of_[v], out);
  }

  void collectStatements(const std::vector<flat::Statement>& statements, StateSet& out) const {
    for (const flat::Statement& s : statements) {
      for (const ExprPtr* slot : {&s.value, &s.rangeStart, &s.rangeStep, &s.rangeStop})
        if (*slot) collect(**slot, out);
      for (const ExprPtr& c : s.conditions)
        if (c) collect(*c, out);
      for (const auto& branch : s.branches) collectStatements(branch, out);
    }
  }

  static void merge(const StateSet& from, StateSet& into) {
    if (from.empty()) return;
    StateSet merged;
    merged.reserve(from.size() + into.size());
    std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(merged));
    into = std::move(merged);
  }

  // False once the sets held for all variables outgrow the limit: the
  // derivatives' rows would too, or nearly so, and holding them all would
  // cost memory quadratic in the states.
  bool assign(VarId target, const StateSet& states) {
    held_ += states.size();
    if (held_ > limit_) return false;
    if (target < of_.size()) of_[target] = states;
    return true;
  }

  bool addBlock(const Block& block) {
    StateSet reads;
    if (const auto* a = std::get_if<Assign>(&block)) {
      collect(*a->value, reads);
      return assign(a->target, reads);
    }
    if (const auto* loop = std::get_if<AlgebraicLoop>(&block)) {
      for (const auto* list : {&loop->residuals, &loop->rhs})
        for (const ExprPtr& e : *list) collect(*e, reads);
      for (const AlgebraicLoop::Coefficient& a : loop->matrix) collect(*a.value, reads);
      for (const Assign& t : loop->torn) collect(*t.value, reads);
      for (VarId v : loop->unknowns)
        if (!assign(v, reads)) return false;
      for (const Assign& t : loop->torn)
        if (!assign(t.target, reads)) return false;
      return true;
    }
    if (const auto* algorithm = std::get_if<AlgorithmBlock>(&block)) {
      collectStatements(algorithm->statements, reads);
      for (VarId v : algorithm->outputs)
        if (!assign(v, reads)) return false;
      return true;
    }
    // When-blocks and clocked partitions do not run during integration.
    return true;
  }

  std::optional<JacobianPattern> transpose() const {
    const size_t n = model_.states.size();
    std::vector<std::vector<int32_t>> columns(n);
    size_t nonzeros = 0;
    for (size_t i = 0; i < model_.derivatives.size(); ++i) {
      StateSet row = of_[model_.derivatives[i]];
      if (!std::binary_search(row.begin(), row.end(), static_cast<int32_t>(i)))
        row.insert(std::lower_bound(row.begin(), row.end(), static_cast<int32_t>(i)),
                   static_cast<int32_t>(i));
      nonzeros += row.size();
      if (nonzeros > static_cast<size_t>(std::numeric_limits<int32_t>::max()))
        return std::nullopt;
      for (int32_t j : row) columns[static_cast<size_t>(j)].push_back(static_cast<int32_t>(i));
    }
    JacobianPattern pattern;
    pattern.columnStarts.reserve(n + 1);
    pattern.rows.reserve(nonzeros);
    pattern.columnStarts.push_back(0);
    for (const std::vector<int32_t>& column : columns) {  // rows ascend: i grew
      pattern.rows.insert(pattern.rows.end(), column.begin(), column.end());
      pattern.columnStarts.push_back(static_cast<int32_t>(pattern.rows.size()));
    }
    return pattern;
  }

  const CausalModel& model_;
  const size_t limit_;
  std::vector<StateSet> of_;  // per variable: the states its value depends on
  size_t held_ = 0;           // total size of the sets assigned so far
};

}  // namespace

std::optional<JacobianPattern> stateJacobianPattern(const CausalModel& model, size_t budget) {
  if (model.states.empty()) return std::nullopt;
  return PatternBuilder(model, budget).build();
}

std::optional<JacobianPattern> stateJacobianPattern(const CausalModel& model) {
  return stateJacobianPattern(model, 16 * (model.flat.variables.size() + model.states.size()));
}

}  // namespace smc::causal

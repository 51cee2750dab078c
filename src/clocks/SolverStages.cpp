// Stage copies of a clocked discretized partition (see SolverStages.h).
#include "clocks/SolverStages.h"

#include <memory>

namespace smc::clocks {

namespace {

using flat::Expr;
using flat::ExprKind;
using flat::ExprPtr;
using flat::Op;
using flat::VarId;

// sum_j weights[j]*terms[j], leaving out zero weights; null when all are zero.
ExprPtr weightedSum(const std::vector<double>& weights, const std::vector<ExprPtr>& terms) {
  ExprPtr sum;
  for (size_t j = 0; j < weights.size() && j < terms.size(); ++j) {
    if (weights[j] == 0.0) continue;
    ExprPtr term = weights[j] == 1.0 ? terms[j] : flat::makeBinary(Op::Mul, flat::makeReal(weights[j]), terms[j]);
    sum = sum ? flat::makeBinary(Op::Add, sum, term) : term;
  }
  return sum;
}

// `e` with each partition variable read as the stage's: states through
// `stateAt`, the others through `renamed`. pre() reads the partition's
// previous values, as the partition itself does.
ExprPtr substitute(const ExprPtr& e, const std::map<VarId, ExprPtr>& stateAt, const std::map<VarId, VarId>& renamed) {
  if (!e) return e;
  if (e->kind == ExprKind::Pre) return e;
  if (e->kind == ExprKind::Var) {
    if (auto state = stateAt.find(e->var); state != stateAt.end()) return state->second;
    if (auto copy = renamed.find(e->var); copy != renamed.end()) return flat::makeVar(copy->second, e->range);
    return e;
  }
  if (e->args.empty()) return e;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args) a = substitute(a, stateAt, renamed);
  return copy;
}

const ExplicitTableau kMidPoint2{"ExplicitMidPoint2", {{}, {0.5}}, {0.0, 1.0}};
const ExplicitTableau kRungeKutta4{"ExplicitRungeKutta4",
                                   {{}, {0.5}, {0.0, 0.5}, {0.0, 0.0, 1.0}},
                                   {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0}};

}  // namespace

const ExplicitTableau* multiStageTableau(const std::string& method) {
  if (method == kMidPoint2.name) return &kMidPoint2;
  if (method == kRungeKutta4.name) return &kRungeKutta4;
  return nullptr;
}

StageCopies buildStages(const ExplicitTableau& tableau, const std::vector<flat::Equation>& equations,
                        const std::vector<VarId>& copied, const std::map<VarId, VarId>& derivativeOf,
                        const ExprPtr& interval,
                        const std::function<VarId(VarId original, size_t stage)>& newVariable) {
  StageCopies out;
  // slopes[x][s]: k_s of state x, as read at this tick.
  std::map<VarId, std::vector<ExprPtr>> slopes;
  for (const auto& [state, derivative] : derivativeOf) slopes[state].push_back(flat::makeVar(derivative));
  for (size_t stage = 1; stage < tableau.b.size(); ++stage) {
    std::map<VarId, VarId> renamed;
    for (VarId v : copied) renamed.emplace(v, newVariable(v, stage + 1));
    std::map<VarId, ExprPtr> stateAt;
    for (const auto& [state, k] : slopes) {
      ExprPtr step = weightedSum(tableau.a[stage], k);
      stateAt[state] = step ? flat::makeBinary(Op::Add, flat::makeVar(state),
                                               flat::makeBinary(Op::Mul, interval, step))
                            : flat::makeVar(state);
    }
    for (const flat::Equation& eq : equations) {
      flat::Equation copy = eq;
      copy.lhs = substitute(eq.lhs, stateAt, renamed);
      copy.rhs = substitute(eq.rhs, stateAt, renamed);
      out.equations.push_back(std::move(copy));
    }
    for (auto& [state, k] : slopes) k.push_back(flat::makeVar(renamed.at(derivativeOf.at(state))));
  }
  for (const auto& [state, k] : slopes) out.increment[state] = weightedSum(tableau.b, k);
  return out;
}

}  // namespace smc::clocks

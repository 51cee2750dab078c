// Outputs of different states connected together (spec 17.3.7, "Merging
// Connections to Multiple Outputs"). Flattening turns connect(a, b) of
// causal signals into `a = b` written in the class that holds the connect,
// so `connect(s1.y, out); connect(s2.y, out);` arrives as `s1.y = out` and
// `s2.y = out` next to the states' own definitions of s1.y and s2.y: an
// over-determined model. The spec reads the connected outputs y_i as one
// source: v = if activeState(s1) then y1 elseif ... else previous(v), and
// every other connected variable u_j = v. Here v is the first u_j (no extra
// variable is needed); the y_i keep their own guarded equations. A set of
// state outputs alone (connect(s1.y, s2.y)) has no u_j to define, so its
// equations just go. A set with a single state output y is an ordinary
// causal connection: u_j = y, written that way round so that y is not taken
// for a variable defined both in its state and outside the machine.
#include "statemachine/Lowerer.h"

#include <fmt/format.h>
#include <algorithm>

namespace smc::statemachine {
namespace {

bool isVar(const ExprPtr& e) { return e && e->kind == ExprKind::Var; }

}  // namespace

bool Lowerer::isConnectionCandidate(size_t e) {
  const flat::Equation& eq = model_.equations[e];
  if (!isVar(eq.lhs) || !isVar(eq.rhs)) return false;
  auto state = e < sm_.equationState.size() ? sm_.equationState[e] : std::nullopt;
  if (!state) return true;
  // Written in state P: a connection only when it links a state inside P
  // (an equation of P's own class between two of P's variables is P's).
  for (VarId w : {eq.lhs->var, eq.rhs->var}) {
    auto owner = ownerOf(w);
    if (owner && !(owner->machine == state->machine && owner->state == state->state) &&
        sm_.isWithin(*owner, *state))
      return true;
  }
  return false;
}

std::map<size_t, std::vector<flat::Equation>> Lowerer::mergeConnectedOutputs() {
  const size_t count = model_.equations.size();
  std::vector<bool> candidate(count);
  for (size_t e = 0; e < count; ++e) candidate[e] = isConnectionCandidate(e);
  // The state outputs: variables defined by an equation of a state.
  std::map<VarId, StateRef> stateDefined;
  for (size_t e = 0; e < count; ++e) {
    auto state = e < sm_.equationState.size() ? sm_.equationState[e] : std::nullopt;
    if (state && !candidate[e] && isVar(model_.equations[e].lhs))
      stateDefined.emplace(model_.equations[e].lhs->var, *state);
  }

  // Connection sets: union-find over the variables of candidate equations.
  std::map<VarId, VarId> parent;
  auto find = [&](VarId v) {
    parent.try_emplace(v, v);
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (size_t e = 0; e < count; ++e)
    if (candidate[e]) parent[find(model_.equations[e].lhs->var)] = find(model_.equations[e].rhs->var);

  struct ConnectionSet {
    std::vector<size_t> equations;
    std::vector<VarId> sources, others;  // in order of first appearance
  };
  std::map<VarId, ConnectionSet> sets;
  for (size_t e = 0; e < count; ++e) {
    if (!candidate[e]) continue;
    ConnectionSet& set = sets[find(model_.equations[e].lhs->var)];
    set.equations.push_back(e);
    for (VarId w : {model_.equations[e].lhs->var, model_.equations[e].rhs->var}) {
      auto& list = stateDefined.count(w) ? set.sources : set.others;
      if (std::find(list.begin(), list.end(), w) == list.end()) list.push_back(w);
    }
  }

  std::map<size_t, std::vector<flat::Equation>> replaced;
  for (auto& [root, set] : sets) {
    if (set.sources.empty()) continue;
    const flat::Equation& first = model_.equations[set.equations.front()];
    auto equal = [&](VarId lhs, VarId rhs) {
      flat::Equation eq = first;
      eq.lhs = flat::makeVar(lhs, first.lhs->range);
      eq.rhs = flat::makeVar(rhs, first.rhs->range);
      return eq;
    };
    std::vector<flat::Equation> equations;
    if (set.sources.size() == 1) {
      for (VarId u : set.others) equations.push_back(equal(u, set.sources.front()));
      replaced[set.equations.front()] = std::move(equations);
      for (size_t j = 1; j < set.equations.size(); ++j) replaced[set.equations[j]];
      continue;
    }
    bool ok = true;
    for (size_t i = 0; i < set.sources.size() && ok; ++i)
      for (size_t j = 0; j < i && ok; ++j) {
        StateRef a = stateDefined.at(set.sources[j]), b = stateDefined.at(set.sources[i]);
        if (exclusive(a, b)) continue;
        ok = false;
        if (a.machine == b.machine && a.state == b.state)
          diags_.errorf(first.range, "'{}' and '{}' are connected, but both are defined in state '{}'",
                        model_.variables[set.sources[j]].name, model_.variables[set.sources[i]].name,
                        sm_.pathOf(a));
        else
          diags_.errorf(first.range,
                        "'{}' and '{}' are connected, but states '{}' and '{}' can be active at the same tick "
                        "(spec 17.3.7 merges outputs of states of which only one is active)",
                        model_.variables[set.sources[j]].name, model_.variables[set.sources[i]].name,
                        sm_.pathOf(a), sm_.pathOf(b));
      }
    if (!ok) {  // reported; the set's equations go so that no follow-on error repeats it
      for (size_t e : set.equations) replaced[e];
      continue;
    }
    if (!set.others.empty()) {
      VarId v = set.others.front();
      auto guard = set.equations.front() < sm_.equationState.size() ? sm_.equationState[set.equations.front()]
                                                                     : std::nullopt;
      ExprPtr chain = previousIn(v, guard, previous(v));
      for (size_t i = set.sources.size(); i-- > 0;)
        chain = flat::makeIf(var(stateActive(stateDefined.at(set.sources[i]))), var(set.sources[i]), chain,
                             first.range);
      flat::Equation merged = first;
      merged.lhs = flat::makeVar(v, first.lhs->range);
      merged.rhs = chain;
      equations.push_back(std::move(merged));
      for (size_t j = 1; j < set.others.size(); ++j) equations.push_back(equal(set.others[j], v));
    }
    replaced[set.equations.front()] = std::move(equations);
    for (size_t j = 1; j < set.equations.size(); ++j) replaced[set.equations[j]];
  }
  return replaced;
}

}  // namespace smc::statemachine

// Finding the state machines of a flat model (spec 17.1): the connected
// components of the transition graph (plus states that only appear in an
// initialState()), their state numbering and transition order as the
// semantics model of spec 17.3 wants, the evaluated transition attributes,
// the hierarchy (a machine whose states all lie inside state P runs inside
// P) and which equations belong to which state.
#include "statemachine/StateMachines.h"

#include "flatten/ConstEval.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace smc::statemachine {

void StateMachines::indexStates() {
  stateIndex.clear();
  for (size_t m = 0; m < machines.size(); ++m)
    for (size_t i = 0; i < machines[m].states.size(); ++i)
      stateIndex.emplace(machines[m].states[i], StateRef{m, int(i) + 1});
}

std::optional<StateRef> StateMachines::findState(const std::string& path) const {
  auto found = stateIndex.find(path);
  if (found == stateIndex.end()) return std::nullopt;
  return found->second;
}

std::optional<StateRef> StateMachines::stateOfOrigin(std::string origin) const {
  while (!origin.empty()) {
    if (auto state = findState(origin)) return state;
    size_t dot = origin.rfind('.');
    origin = dot == std::string::npos ? std::string() : origin.substr(0, dot);
  }
  return std::nullopt;
}

bool StateMachines::isWithin(StateRef inner, StateRef outer) const {
  std::optional<StateRef> at = inner;
  while (at) {
    if (at->machine == outer.machine && at->state == outer.state) return true;
    at = machines[at->machine].parent;
  }
  return false;
}

namespace {

bool startsWithPath(const std::string& text, const std::string& prefix) {
  return text.size() > prefix.size() && text.compare(0, prefix.size(), prefix) == 0 &&
         text[prefix.size()] == '.';
}

// Union-find over state indices.
struct Components {
  std::vector<size_t> parent;
  size_t add() {
    parent.push_back(parent.size());
    return parent.size() - 1;
  }
  size_t find(size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(size_t a, size_t b) { parent[find(a)] = find(b); }
};

class Discoverer {
public:
  Discoverer(const flat::FlatModel& model, DiagnosticEngine& diags)
      : model_(model), diags_(diags), eval_(model) {}

  std::optional<StateMachines> run() {
    StateMachines result;
    result.equationState.resize(model_.equations.size());
    if (model_.transitions.empty() && model_.initialStates.empty()) return result;
    collectStates();
    buildMachines(result);
    if (diags_.hasErrors()) return std::nullopt;
    result.indexStates();
    linkHierarchy(result);
    result.indexStates();  // the machines were reordered
    assignEquations(result);
    return result;
  }

private:
  size_t stateId(const std::string& path) {
    auto [it, added] = ids_.try_emplace(path, paths_.size());
    if (added) {
      paths_.push_back(path);
      components_.add();
    }
    return it->second;
  }

  // Machines are listed by first appearance, initialState()s first, so that
  // independent top-level machines keep the order they were written in.
  void collectStates() {
    for (const auto& init : model_.initialStates) stateId(init.state);
    for (const auto& t : model_.transitions) components_.join(stateId(t.from), stateId(t.to));
  }

  std::optional<bool> evalBoolean(const flat::ExprPtr& expr, const char* what, SourceRange at) {
    auto value = evaluate(expr, what, at);
    if (!value) return std::nullopt;
    if (value->kind != flat::Constant::Boolean) {
      diags_.errorf(at, "transition argument '{}' must be a Boolean parameter expression", what);
      return std::nullopt;
    }
    return value->boolean;
  }

  std::optional<flat::Constant> evaluate(const flat::ExprPtr& expr, const char* what, SourceRange at) {
    if (!expr) {
      diags_.errorf(at, "transition argument '{}' is missing", what);
      return std::nullopt;
    }
    SourceRange where = expr->range.valid() ? expr->range : at;
    auto value = eval_.evaluate(*expr, where);
    if (!value) {
      diags_.errorf(where,
                    "transition argument '{}' must be a parameter expression (spec 17.1): {}", what,
                    eval_.error().message);
    }
    return value;
  }

  void buildMachines(StateMachines& result) {
    std::map<size_t, size_t> machineOfRoot;
    for (size_t id = 0; id < paths_.size(); ++id) {
      size_t root = components_.find(id);
      if (machineOfRoot.try_emplace(root, result.machines.size()).second) result.machines.emplace_back();
    }
    std::vector<std::vector<size_t>> initials(result.machines.size());
    for (size_t i = 0; i < model_.initialStates.size(); ++i)
      initials[machineOfRoot[components_.find(ids_[model_.initialStates[i].state])]].push_back(i);
    std::vector<std::vector<size_t>> transitions(result.machines.size());
    for (size_t i = 0; i < model_.transitions.size(); ++i)
      transitions[machineOfRoot[components_.find(ids_[model_.transitions[i].from])]].push_back(i);

    for (size_t m = 0; m < result.machines.size(); ++m)
      buildMachine(result.machines[m], initials[m], transitions[m]);
  }

  void buildMachine(Machine& machine, const std::vector<size_t>& initials, const std::vector<size_t>& transitions) {
    // Looked up, not searched: a machine of thousands of states.
    std::vector<std::string> states;
    std::unordered_map<std::string, int> numbers;
    auto number = [&](const std::string& path) {
      auto [it, added] = numbers.try_emplace(path, int(states.size()) + 1);
      if (added) states.push_back(path);
      return it->second;
    };
    if (initials.empty()) {
      const auto& t = model_.transitions[transitions.front()];
      diags_.errorf(t.range,
                    "the state machine of state '{}' has no initialState(); every state machine "
                    "needs exactly one (spec 17.1)",
                    t.from);
      return;
    }
    if (initials.size() > 1) {
      const auto& second = model_.initialStates[initials[1]];
      diags_.errorf(second.range,
                    "state machine has more than one initialState(): '{}' and '{}' are in the same "
                    "machine (spec 17.1: exactly one)",
                    model_.initialStates[initials[0]].state, second.state);
      return;
    }
    const auto& init = model_.initialStates[initials[0]];
    number(init.state);
    machine.name = init.state;
    machine.origin = init.origin;
    machine.range = init.range;

    std::set<std::pair<int, long long>> priorities;  // (from, priority) of the transitions so far
    for (size_t i : transitions) {
      const auto& t = model_.transitions[i];
      MachineTransition mt;
      mt.from = number(t.from);
      mt.to = number(t.to);
      mt.condition = t.condition;
      if (!mt.condition) {
        diags_.error(t.range, "transition() needs a Boolean condition as its third argument (spec 17.1)");
        continue;
      }
      mt.source = i;
      mt.range = t.range;
      auto immediate = evalBoolean(t.immediate, "immediate", t.range);
      auto reset = evalBoolean(t.reset, "reset", t.range);
      auto synchronize = evalBoolean(t.synchronize, "synchronize", t.range);
      auto priority = evaluate(t.priority, "priority", t.range);
      if (!immediate || !reset || !synchronize || !priority) continue;
      SourceRange priorityAt = t.priority->range.valid() ? t.priority->range : t.range;
      if (priority->kind != flat::Constant::Integer) {
        diags_.error(priorityAt, "transition argument 'priority' must be an Integer parameter expression");
        continue;
      }
      mt.immediate = *immediate;
      mt.reset = *reset;
      mt.synchronize = *synchronize;
      mt.priority = priority->integer;
      if (mt.priority < 1) {
        diags_.errorf(priorityAt, "transition priority is {}; it must be at least 1 (spec 17.1)", mt.priority);
        continue;
      }
      if (!priorities.emplace(mt.from, mt.priority).second)
        diags_.errorf(priorityAt,
                      "two transitions leave state '{}' with priority {}; the priorities of "
                      "transitions from one state must differ (spec 17.1)",
                      t.from, mt.priority);
      machine.transitions.push_back(mt);
    }
    machine.states = std::move(states);
    // Lowest priority number last; ties (different from-states) keep source order.
    std::stable_sort(machine.transitions.begin(), machine.transitions.end(),
                     [](const MachineTransition& a, const MachineTransition& b) { return a.priority > b.priority; });
    machine.finalStates.assign(machine.states.size(), true);
    for (const auto& t : machine.transitions) machine.finalStates[t.from - 1] = false;
    machine.subMachines.resize(machine.states.size());
  }

  // A machine runs inside the innermost state of another machine whose path
  // prefixes all of its states: the longest prefix of its first state's
  // path that is such a state (looked up, so that many machines cost no
  // more than their states).
  void linkHierarchy(StateMachines& result) {
    auto& machines = result.machines;
    std::vector<std::optional<std::pair<size_t, int>>> parents(machines.size());
    for (size_t m = 0; m < machines.size(); ++m) {
      const std::string& first = machines[m].states.front();
      for (size_t dot = first.rfind('.'); dot != std::string::npos && dot > 0;
           dot = first.rfind('.', dot - 1)) {
        const std::string path = first.substr(0, dot);
        std::optional<StateRef> state = result.findState(path);
        if (!state || state->machine == m) continue;
        bool inside = std::all_of(machines[m].states.begin(), machines[m].states.end(),
                                  [&](const std::string& p) { return startsWithPath(p, path); });
        if (inside) {
          parents[m] = std::make_pair(state->machine, state->state);
          break;
        }
      }
    }
    // Order parents before children (by depth, stable).
    std::vector<int> depth(machines.size(), 0);
    for (size_t m = 0; m < machines.size(); ++m)
      for (auto p = parents[m]; p; p = parents[p->first]) ++depth[m];
    std::vector<size_t> order(machines.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return depth[a] < depth[b]; });
    std::vector<size_t> newIndex(machines.size());
    for (size_t i = 0; i < order.size(); ++i) newIndex[order[i]] = i;
    std::vector<Machine> sorted;
    for (size_t old : order) {
      sorted.push_back(std::move(machines[old]));
      if (parents[old]) sorted.back().parent = StateRef{newIndex[parents[old]->first], parents[old]->second};
    }
    machines = std::move(sorted);
    for (size_t m = 0; m < machines.size(); ++m)
      if (auto p = machines[m].parent) machines[p->machine].subMachines[p->state - 1].push_back(m);
  }

  void assignEquations(StateMachines& result) {
    for (size_t e = 0; e < model_.equations.size(); ++e)
      result.equationState[e] = result.stateOfOrigin(model_.equations[e].origin);
  }

  const flat::FlatModel& model_;
  DiagnosticEngine& diags_;
  flat::ConstantEvaluator eval_;
  std::map<std::string, size_t> ids_;
  std::vector<std::string> paths_;
  Components components_;
};

}  // namespace

std::optional<StateMachines> discoverStateMachines(const flat::FlatModel& model, DiagnosticEngine& diags) {
  return Discoverer(model, diags).run();
}

}  // namespace smc::statemachine

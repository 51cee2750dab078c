// State equations (spec 17.3.5, 17.3.6): each equation of a state runs
// only while the state is active (variables keep their values otherwise),
// the equations of one variable in mutually exclusive states merge into one
// if-chain, and previous() of a state's variable reads its start value at
// the tick the state is reset (spec 17.3.2). Also the rewriting of
// activeState(), ticksInState() and timeInState() into machine variables.
#include "statemachine/Lowerer.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace smc::statemachine {

// The innermost state whose path prefixes the variable's name.
std::optional<StateRef> Lowerer::ownerOf(VarId w) {
  if (auto it = owners_.find(w); it != owners_.end()) return it->second;
  std::string name = model_.variables[w].name;
  std::optional<StateRef> owner;
  for (size_t dot = name.rfind('.'); dot != std::string::npos && !owner; dot = name.rfind('.')) {
    name = name.substr(0, dot);
    owner = sm_.findState(name);
  }
  owners_[w] = owner;
  return owner;
}

ExprPtr Lowerer::startValue(VarId w) const {
  const flat::Variable& v = model_.variables[w];
  if (v.attributes.start) return v.attributes.start;
  switch (v.type) {
    case flat::BaseType::Integer: return integer(0);
    case flat::BaseType::Boolean: return boolean(false);
    default: return flat::makeReal(0.0);
  }
}

// previous(w) inside state `guard`: the start value when the state that
// owns w (guard or one enclosing it) is being reset at this tick.
ExprPtr Lowerer::previousIn(VarId w, const std::optional<StateRef>& guard, ExprPtr original) {
  if (!guard) return original;
  auto owner = ownerOf(w);
  if (!owner || !sm_.isWithin(*guard, *owner)) return original;
  return flat::makeIf(resetOf(*owner), startValue(w), original, original->range);
}

ExprPtr Lowerer::rewrite(const ExprPtr& e, const Context& context) {
  if (!e) return e;
  switch (e->kind) {
    case ExprKind::ActiveState: {
      auto state = sm_.findState(e->text);
      if (!state) {
        diags_.errorf(e->range,
                      "activeState() of '{}', which is not a state of a state machine (spec 17.1)", e->text);
        return e;
      }
      return flat::makeVar(stateActive(*state), e->range);
    }
    case ExprKind::TicksInState:
    case ExprKind::TimeInState: {
      bool ticks = e->kind == ExprKind::TicksInState;
      if (!context.machine) {
        diags_.errorf(e->range,
                      "{}() can only be used in a state machine: in an equation of a state or in a "
                      "transition condition (spec 17.1)",
                      ticks ? "ticksInState" : "timeInState");
        return e;
      }
      size_t m = *context.machine;
      if (ticks) {
        VarId count = ticksOf(m);
        // Before this tick's transition (no loop through fired).
        if (context.immediateCondition)
          return flat::makeIf(entryBeforeTransition(m), integer(1), binary(Op::Add, previous(count), integer(1)),
                              e->range);
        return flat::makeVar(count, e->range);
      }
      VarId entered = enteredOf(m);
      ExprPtr since = context.immediateCondition
                          ? flat::makeIf(entryBeforeTransition(m), flat::makeTime(), previous(entered))
                          : var(entered);
      return binary(Op::Sub, flat::makeTime(e->range), since);
    }
    case ExprKind::ClockOp:
      if (e->clockOp == flat::ClockOperator::Previous && e->args.size() == 1 && e->args[0] &&
          e->args[0]->kind == ExprKind::Var)
        return previousIn(e->args[0]->var, context.guard, e);
      break;
    default: break;
  }
  bool changed = false;
  std::vector<ExprPtr> args;
  args.reserve(e->args.size());
  for (const ExprPtr& a : e->args) {
    args.push_back(rewrite(a, context));
    changed |= args.back() != a;
  }
  if (!changed) return e;
  auto copy = std::make_shared<flat::Expr>(*e);
  copy->args = std::move(args);
  return copy;
}

bool Lowerer::exclusive(StateRef a, StateRef b) const {
  for (std::optional<StateRef> x = a; x; x = machine(x->machine).parent)
    for (std::optional<StateRef> y = b; y; y = machine(y->machine).parent)
      if (x->machine == y->machine) return x->state != y->state;
  return false;
}

// Two states are exclusive when, in the innermost machine both lie in, they
// lie in different states. So states are pairwise exclusive exactly when
// their paths from the top (machine, state, sub-machine, state, ...) share
// the top machine, none ends on another's path (one state inside the
// other, or the same), and none parts from another at a state, into two
// parallel machines inside it. Checking each path against what the earlier
// ones left keeps a variable defined in thousands of states linear (every
// pair compared took seconds).
std::optional<size_t> Lowerer::firstOverlapping(const std::vector<StateRef>& states) const {
  using Key = std::pair<size_t, int>;  // (machine, state)
  std::optional<size_t> top;
  std::set<Key> defining, onPaths;
  std::map<Key, size_t> machineInside;  // the machine a path takes inside the state
  for (size_t i = 0; i < states.size(); ++i) {
    std::vector<StateRef> path;  // innermost first
    for (std::optional<StateRef> x = states[i]; x; x = machine(x->machine).parent) path.push_back(*x);
    bool overlaps = (top && *top != path.back().machine) || onPaths.count({states[i].machine, states[i].state});
    for (size_t k = 0; k < path.size() && !overlaps; ++k) {
      const Key key{path[k].machine, path[k].state};
      overlaps = defining.count(key) > 0;
      if (k > 0) {
        auto inside = machineInside.find(key);
        overlaps = overlaps || (inside != machineInside.end() && inside->second != path[k - 1].machine);
      }
    }
    if (overlaps) return i;
    top = path.back().machine;
    defining.insert({states[i].machine, states[i].state});
    for (size_t k = 0; k < path.size(); ++k) {
      onPaths.insert({path[k].machine, path[k].state});
      if (k > 0) machineInside[{path[k].machine, path[k].state}] = path[k - 1].machine;
    }
  }
  return std::nullopt;
}

// The innermost state containing all of `states`.
std::optional<StateRef> Lowerer::commonState(const std::vector<StateRef>& states) const {
  for (std::optional<StateRef> x = states.front(); x; x = machine(x->machine).parent) {
    bool all = true;
    for (StateRef s : states) all = all && sm_.isWithin(s, *x);
    if (all) return x;
  }
  return std::nullopt;
}

// A state is active at the first tick when it is the initial state of its
// machine and every state enclosing it is too.
bool Lowerer::initiallyActive(StateRef s) const {
  for (std::optional<StateRef> x = s; x; x = machine(x->machine).parent)
    if (x->state != 1) return false;
  return true;
}

// Spec 17.3.6: a variable declared outside the states that define it needs
// a start value unless one of them is active at the first tick; until a
// defining state runs, the merged definition keeps the start value.
bool Lowerer::checkStartOfMerged(VarId v, const std::vector<StateRef>& states, SourceRange range) {
  const flat::Variable& variable = model_.variables[v];
  if (variable.attributes.start) return true;
  auto owner = ownerOf(v);
  for (StateRef s : states) {
    if (initiallyActive(s)) return true;
    if (owner && sm_.isWithin(*owner, s)) return true;  // declared in the state itself: starts with it
  }
  diags_.errorf(range,
                "'{}' is defined in state{} {} but in no state active at the first tick, so it needs a start "
                "value (spec 17.3.6)",
                variable.name, states.size() > 1 ? "s" : "", quotedStates(states));
  diags_.note(variable.range, "declared here; add e.g. (start = ...)");
  return false;
}

std::string Lowerer::quotedStates(const std::vector<StateRef>& states) const {
  std::string out;
  for (size_t i = 0; i < states.size(); ++i)
    out += (i == 0 ? "'" : i + 1 == states.size() ? " and '" : ", '") + sm_.pathOf(states[i]) + "'";
  return out;
}

// Non-state equations stay (with the operators rewritten); the equations
// of each variable defined in states become one guarded, merged equation
// at the place of its first definition; connected state outputs are merged
// where their first connection was (MergedOutputs.cpp).
std::vector<flat::Equation> Lowerer::lowerModelEquations() {
  std::map<size_t, std::vector<flat::Equation>> replaced = mergeConnectedOutputs();
  struct Definition {
    StateRef state;
    size_t equation;
  };
  std::map<DefinedKey, std::vector<Definition>> defined;
  std::map<VarId, size_t> definedOutside;
  std::vector<std::optional<DefinedKey>> slotOf(model_.equations.size());
  for (size_t e = 0; e < model_.equations.size(); ++e) {
    if (replaced.count(e)) continue;
    flat::Equation& eq = model_.equations[e];
    auto state = e < sm_.equationState.size() ? sm_.equationState[e] : std::nullopt;
    if (!state) {
      if (eq.lhs && eq.lhs->kind == ExprKind::Var) definedOutside.emplace(eq.lhs->var, e);
      continue;
    }
    auto key = definedBy(eq);
    if (!key) {
      diags_.unsupported(eq.range, fmt::format("an equation in state '{}' that is not of the form 'v = "
                                               "expression' or 'der(x) = expression' (state equations are "
                                               "guarded per variable)",
                                               sm_.pathOf(*state)));
      continue;
    }
    auto& defs = defined[*key];
    if (defs.empty()) slotOf[e] = *key;
    defs.push_back({*state, e});
  }

  std::map<DefinedKey, flat::Equation> merged;
  for (auto& [key, defs] : defined) {
    VarId v = key.var;
    const std::string name = key.derivative ? "der(" + model_.variables[v].name + ")" : model_.variables[v].name;
    if (auto it = definedOutside.find(v); it != definedOutside.end() && !key.derivative) {
      diags_.errorf(model_.equations[defs.front().equation].range,
                    "'{}' is defined in state '{}' and also by an equation outside the state machine "
                    "(spec 17: one definition per variable and tick)",
                    name, sm_.pathOf(defs.front().state));
      diags_.note(model_.equations[it->second].range, "the other definition is here");
      continue;
    }
    std::vector<StateRef> states;
    for (const auto& d : defs) states.push_back(d.state);
    if (std::optional<size_t> i = firstOverlapping(states)) {
      size_t j = 0;
      while (j < *i && exclusive(states[*i], states[j])) ++j;
      const auto& a = sm_.pathOf(states[j]);
      const auto& b = sm_.pathOf(states[*i]);
      if (a == b)
        diags_.errorf(model_.equations[defs[*i].equation].range, "'{}' is defined twice in state '{}'", name, a);
      else
        diags_.errorf(model_.equations[defs[*i].equation].range,
                      "'{}' is defined in states '{}' and '{}', which can be active at the same tick "
                      "(parallel state machines; spec 17: one definition per variable and tick)",
                      name, a, b);
      continue;
    }
    if (!key.derivative && !checkStartOfMerged(v, states, model_.equations[defs.front().equation].range)) continue;
    // Inactive: a variable keeps its value, and so does a discretized state
    // (its derivative reads zero; the clocks stage freezes the state and
    // restarts it with its owner's reset).
    ExprPtr chain;
    if (key.derivative) {
      chain = flat::makeReal(0.0);
      ExprPtr active;
      for (StateRef s : states)
        active = active ? binary(Op::Or, active, var(stateActive(s))) : var(stateActive(s));
      model_.variables[v].discretizedActive = active;
      if (auto owner = ownerOf(v)) model_.variables[v].discretizedRestart = resetOf(*owner);
    } else {
      // The start value after a reset matters only when the state owning v
      // can be reset while none of the defining states is active.
      auto owner = ownerOf(v);
      bool ownerDefines = owner && std::find(states.begin(), states.end(), *owner) != states.end();
      chain = ownerDefines ? previous(v) : previousIn(v, commonState(states), previous(v));
    }
    for (size_t i = defs.size(); i-- > 0;) {
      const flat::Equation& eq = model_.equations[defs[i].equation];
      Context context{defs[i].state.machine, false, defs[i].state};
      chain = flat::makeIf(var(stateActive(defs[i].state)), rewrite(eq.rhs, context), chain, eq.range);
    }
    flat::Equation out = model_.equations[defs.front().equation];
    out.rhs = chain;
    merged.emplace(key, std::move(out));
  }

  std::vector<flat::Equation> result;
  for (size_t e = 0; e < model_.equations.size(); ++e) {
    bool inState = e < sm_.equationState.size() && sm_.equationState[e];
    if (auto it = replaced.find(e); it != replaced.end()) {
      result.insert(result.end(), it->second.begin(), it->second.end());
    } else if (!inState) {
      flat::Equation eq = model_.equations[e];
      eq.lhs = rewrite(eq.lhs, {});
      eq.rhs = rewrite(eq.rhs, {});
      result.push_back(std::move(eq));
    } else if (slotOf[e]) {
      if (auto it = merged.find(*slotOf[e]); it != merged.end()) result.push_back(it->second);
    }
  }
  return result;
}

// What a state equation defines: `v = e`, `e = v` (turned around), or
// `der(x) = e` (a clocked discretized state, spec 17 and 16.8.1).
std::optional<DefinedKey> Lowerer::definedBy(flat::Equation& eq) const {
  auto isVar = [](const ExprPtr& e) { return e && e->kind == ExprKind::Var; };
  auto isDer = [&](const ExprPtr& e) { return e && e->kind == ExprKind::Der && e->args.size() == 1 && isVar(e->args[0]); };
  if (!isVar(eq.lhs) && !isDer(eq.lhs) && (isVar(eq.rhs) || isDer(eq.rhs))) std::swap(eq.lhs, eq.rhs);
  if (isVar(eq.lhs)) return DefinedKey{eq.lhs->var, false};
  if (isDer(eq.lhs)) return DefinedKey{eq.lhs->args[0]->var, true};
  return std::nullopt;
}

}  // namespace smc::statemachine

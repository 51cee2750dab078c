// Lowering state machines into clocked equations: per machine, the
// equations of the chapter's StateMachineSemantics model (spec 17.3.4) as
// scalar equations with previous(), firstTick() and if-chains in place of
// the max() over transition indices; per state a visible Boolean
// `activeState(<path>)`; the state equations guarded by their state and
// merged per variable (spec 17.3.5, 17.3.6); previous() of a state's
// variables reading the start value when the state is reset (spec 17.3.2).
// The clocks stage then gives each machine its clock like any other
// clocked partition (the default 1 s clock when nothing says otherwise).
#include "statemachine/StateMachines.h"

#include <fmt/format.h>
#include <map>

namespace smc::statemachine {
namespace {

using flat::ExprKind;
using flat::ExprPtr;
using flat::Op;
using flat::VarId;

// The variables of one machine's semantics model (names `$sm.<machine>.*`).
struct MachineVars {
  VarId reset = 0, selectedState = 0, selectedReset = 0, activeState = 0, activeReset = 0;
  VarId nextState = 0, nextReset = 0;
  std::optional<VarId> immediate, delayed, fired, ticks, entered;
  std::vector<VarId> activeResetStates, nextResetStates;
  std::vector<VarId> stateActive;  // per state: the visible `activeState(<path>)`
};

// Where an expression sits, which decides what the state machine operators
// and previous() mean in it.
struct Context {
  std::optional<size_t> machine;    // ticksInState()/timeInState() refer to this machine
  bool immediateCondition = false;  // inside an immediate transition's condition
  std::optional<StateRef> guard;    // the equation belongs to this state
};

ExprPtr var(VarId v) { return flat::makeVar(v); }
ExprPtr previous(VarId v) { return flat::makeClockOp(flat::ClockOperator::Previous, {var(v)}); }
ExprPtr integer(long long value) { return flat::makeInteger(value); }
ExprPtr boolean(bool value) { return flat::makeBoolean(value); }
ExprPtr binary(Op op, ExprPtr a, ExprPtr b) { return flat::makeBinary(op, std::move(a), std::move(b)); }
ExprPtr equals(VarId v, long long value) { return binary(Op::Equal, var(v), integer(value)); }

class Lowerer {
public:
  Lowerer(flat::FlatModel model, const StateMachines& machines, DiagnosticEngine& diags)
      : model_(std::move(model)), sm_(machines), diags_(diags) {}

  std::optional<flat::FlatModel> run() {
    if (sm_.empty()) {
      checkNoOperators();
      if (diags_.hasErrors()) return std::nullopt;
      return std::move(model_);
    }
    vars_.resize(sm_.machines.size());
    for (size_t m = 0; m < sm_.machines.size(); ++m) declareMachine(m);
    std::vector<flat::Equation> equations = lowerModelEquations();
    for (size_t m = 0; m < sm_.machines.size(); ++m) emitMachine(m, equations);
    for (size_t m = 0; m < sm_.machines.size(); ++m) emitTimers(m, equations);
    checkNoOperators();
    if (diags_.hasErrors()) return std::nullopt;
    model_.equations = std::move(equations);
    model_.transitions.clear();
    model_.initialStates.clear();
    return std::move(model_);
  }

private:
  const Machine& machine(size_t m) const { return sm_.machines[m]; }
  std::string prefix(size_t m) const { return "$sm." + machine(m).name + "."; }

  VarId addVariable(std::string name, flat::BaseType type, ExprPtr start, bool hidden, SourceRange range) {
    flat::Variable v;
    v.name = std::move(name);
    v.type = type;
    v.variability = flat::Variability::Discrete;
    v.attributes.start = std::move(start);
    v.isHidden = hidden;
    v.range = range;
    model_.variables.push_back(std::move(v));
    return VarId(model_.variables.size() - 1);
  }
  VarId addInteger(size_t m, const std::string& name, long long start) {
    return addVariable(prefix(m) + name, flat::BaseType::Integer, integer(start), true, machine(m).range);
  }
  VarId addBoolean(size_t m, const std::string& name, bool start) {
    return addVariable(prefix(m) + name, flat::BaseType::Boolean, boolean(start), true, machine(m).range);
  }

  // Start values: previous(nextState) and previous(nextReset) are never read
  // at the first tick (reset is true there), previous(delayed) must read 0
  // (no delayed transition fired before the first tick), and
  // nextResetStates start false (reset sets activeResetStates at the start).
  void declareMachine(size_t m) {
    const Machine& mc = machine(m);
    MachineVars& v = vars_[m];
    v.reset = addBoolean(m, "reset", false);
    v.selectedState = addInteger(m, "selectedState", 1);
    v.selectedReset = addBoolean(m, "selectedReset", false);
    bool anyImmediate = false, anyDelayed = false;
    for (const auto& t : mc.transitions) (t.immediate ? anyImmediate : anyDelayed) = true;
    if (anyImmediate) v.immediate = addInteger(m, "immediate", 0);
    if (anyDelayed) v.delayed = addInteger(m, "delayed", 0);
    if (!mc.transitions.empty()) v.fired = addInteger(m, "fired", 0);
    v.activeState = addInteger(m, "activeState", 1);
    v.activeReset = addBoolean(m, "activeReset", false);
    v.nextState = addInteger(m, "nextState", 1);
    v.nextReset = addBoolean(m, "nextReset", false);
    for (size_t i = 1; i <= mc.states.size(); ++i) {
      v.activeResetStates.push_back(addBoolean(m, fmt::format("activeResetStates[{}]", i), false));
      v.nextResetStates.push_back(addBoolean(m, fmt::format("nextResetStates[{}]", i), false));
    }
    for (const std::string& path : mc.states) {
      v.stateActive.push_back(
          addVariable("activeState(" + path + ")", flat::BaseType::Boolean, boolean(false), false, mc.range));
      model_.variables.back().description = "true while state " + path + " is active";
    }
  }

  VarId stateActive(StateRef s) const { return vars_[s.machine].stateActive[s.state - 1]; }

  // active of the semantics model: null for a top-level machine (always true).
  ExprPtr activeOf(size_t m) const {
    if (auto p = machine(m).parent) return var(stateActive(*p));
    return nullptr;
  }

  // True at the tick where state `s` runs after a reset (of its machine or
  // by a reset transition into it).
  ExprPtr resetOf(StateRef s) const {
    const MachineVars& v = vars_[s.machine];
    return binary(Op::And, var(stateActive(s)),
                  binary(Op::Or, var(v.activeReset), var(v.activeResetStates[s.state - 1])));
  }

  // `if active then value else previous(v)`, or just value at the top level.
  ExprPtr whenActive(size_t m, ExprPtr value, VarId v) const {
    ExprPtr active = activeOf(m);
    if (!active) return value;
    return flat::makeIf(active, std::move(value), previous(v));
  }

  void add(std::vector<flat::Equation>& out, VarId lhs, ExprPtr rhs, size_t m, SourceRange range = {}) {
    flat::Equation eq;
    eq.lhs = flat::makeVar(lhs);
    eq.rhs = std::move(rhs);
    eq.range = range.valid() ? range : machine(m).range;
    eq.origin = machine(m).origin;
    out.push_back(std::move(eq));
  }

  // The machine's stateMachineInFinalState as an expression.
  ExprPtr inFinalState(size_t m) const {
    ExprPtr result;
    for (size_t i = 0; i < machine(m).finalStates.size(); ++i) {
      if (!machine(m).finalStates[i]) continue;
      ExprPtr is = equals(vars_[m].activeState, long(i + 1));
      result = result ? binary(Op::Or, result, is) : is;
    }
    return result ? result : boolean(false);
  }

  // max over the transitions of one kind whose from-state is `state` and
  // whose condition holds: an if-chain from the highest index down.
  ExprPtr transitionChoice(size_t m, bool immediate, VarId state) {
    const Machine& mc = machine(m);
    ExprPtr chain = integer(0);
    for (size_t k = 0; k < mc.transitions.size(); ++k) {  // built inside out: highest index outermost
      const MachineTransition& t = mc.transitions[k];
      if (t.immediate != immediate) continue;
      Context context{m, immediate, std::nullopt};
      ExprPtr condition = rewrite(t.condition, context);
      if (t.synchronize)
        for (size_t sub : mc.subMachines[t.from - 1]) condition = binary(Op::And, condition, inFinalState(sub));
      chain = flat::makeIf(binary(Op::And, equals(state, t.from), condition), integer(long(k + 1)), chain,
                           t.range);
    }
    return chain;
  }

  void emitMachine(size_t m, std::vector<flat::Equation>& out) {
    const Machine& mc = machine(m);
    const MachineVars& v = vars_[m];
    if (auto p = mc.parent)
      add(out, v.reset, resetOf(*p), m);
    else
      add(out, v.reset, flat::makeClockOp(flat::ClockOperator::FirstTick, {}), m);
    add(out, v.selectedState, flat::makeIf(var(v.reset), integer(1), previous(v.nextState)), m);
    add(out, v.selectedReset, flat::makeIf(var(v.reset), boolean(true), previous(v.nextReset)), m);
    if (v.immediate) add(out, *v.immediate, transitionChoice(m, true, v.selectedState), m);
    if (v.delayed) add(out, *v.delayed, transitionChoice(m, false, v.nextState), m);
    if (v.fired) {
      ExprPtr fired;
      if (v.immediate && v.delayed)
        fired = flat::makeIf(binary(Op::Greater, previous(*v.delayed), var(*v.immediate)), previous(*v.delayed),
                             var(*v.immediate));
      else
        fired = v.immediate ? var(*v.immediate) : previous(*v.delayed);
      add(out, *v.fired, fired, m);
    }
    // activeState and activeReset: t[fired].to / t[fired].reset as if-chains.
    ExprPtr state = var(v.selectedState), reset = var(v.selectedReset);
    for (size_t k = 0; k < mc.transitions.size(); ++k) {
      const MachineTransition& t = mc.transitions[k];
      state = flat::makeIf(equals(*v.fired, long(k + 1)), integer(t.to), state);
      reset = flat::makeIf(equals(*v.fired, long(k + 1)), boolean(t.reset), reset);
    }
    add(out, v.activeState, flat::makeIf(var(v.reset), integer(1), state), m);
    add(out, v.activeReset, flat::makeIf(var(v.reset), boolean(true), reset), m);
    add(out, v.nextState, whenActive(m, var(v.activeState), v.nextState), m);
    add(out, v.nextReset, whenActive(m, boolean(false), v.nextReset), m);
    for (size_t i = 0; i < mc.states.size(); ++i) {
      add(out, v.activeResetStates[i],
          flat::makeIf(var(v.reset), boolean(true), previous(v.nextResetStates[i])), m);
      add(out, v.nextResetStates[i],
          whenActive(m,
                     flat::makeIf(equals(v.activeState, long(i + 1)), boolean(false), var(v.activeResetStates[i])),
                     v.nextResetStates[i]),
          m);
    }
    for (size_t i = 0; i < mc.states.size(); ++i) {
      ExprPtr is = equals(v.activeState, long(i + 1));
      if (ExprPtr active = activeOf(m)) is = binary(Op::And, active, is);
      add(out, v.stateActive[i], is, m);
    }
  }

  // "The active state was entered at this tick": a reset, a fired
  // transition, or (for a sub-machine) an entry into the enclosing state,
  // which interrupts the sub-state too (spec 17.1, ticksInState()).
  ExprPtr entryOf(size_t m) const {
    const MachineVars& v = vars_[m];
    ExprPtr entry = var(v.reset);
    if (v.fired) entry = binary(Op::Or, entry, binary(Op::Greater, var(*v.fired), integer(0)));
    if (auto p = machine(m).parent) entry = binary(Op::Or, entry, entryOf(p->machine));
    return entry;
  }

  // The same before this tick's transitions of `m` are known (for immediate
  // conditions, which must not depend on fired).
  ExprPtr entryBeforeTransition(size_t m) const {
    ExprPtr entry = var(vars_[m].reset);
    if (auto p = machine(m).parent) entry = binary(Op::Or, entry, entryOf(p->machine));
    return entry;
  }

  void emitTimers(size_t m, std::vector<flat::Equation>& out) {
    const MachineVars& v = vars_[m];
    if (v.ticks)
      add(out, *v.ticks,
          whenActive(m, flat::makeIf(entryOf(m), integer(1), binary(Op::Add, previous(*v.ticks), integer(1))),
                     *v.ticks),
          m);
    if (v.entered)
      add(out, *v.entered, whenActive(m, flat::makeIf(entryOf(m), flat::makeTime(), previous(*v.entered)),
                                      *v.entered),
          m);
  }

  VarId ticksOf(size_t m) {
    if (!vars_[m].ticks) vars_[m].ticks = addInteger(m, "ticks", 0);
    return *vars_[m].ticks;
  }
  VarId enteredOf(size_t m) {
    if (!vars_[m].entered)
      vars_[m].entered = addVariable(prefix(m) + "entered", flat::BaseType::Real, flat::makeReal(0.0), true,
                                     machine(m).range);
    return *vars_[m].entered;
  }

  // The innermost state whose path prefixes the variable's name.
  std::optional<StateRef> ownerOf(VarId w) {
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

  ExprPtr startValue(VarId w) const {
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
  ExprPtr previousIn(VarId w, const std::optional<StateRef>& guard, ExprPtr original) {
    if (!guard) return original;
    auto owner = ownerOf(w);
    if (!owner || !sm_.isWithin(*guard, *owner)) return original;
    return flat::makeIf(resetOf(*owner), startValue(w), original, original->range);
  }

  ExprPtr rewrite(const ExprPtr& e, const Context& context) {
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

  bool exclusive(StateRef a, StateRef b) const {
    for (std::optional<StateRef> x = a; x; x = machine(x->machine).parent)
      for (std::optional<StateRef> y = b; y; y = machine(y->machine).parent)
        if (x->machine == y->machine) return x->state != y->state;
    return false;
  }

  // The innermost state containing all of `states`.
  std::optional<StateRef> commonState(const std::vector<StateRef>& states) const {
    for (std::optional<StateRef> x = states.front(); x; x = machine(x->machine).parent) {
      bool all = true;
      for (StateRef s : states) all = all && sm_.isWithin(s, *x);
      if (all) return x;
    }
    return std::nullopt;
  }

  // Non-state equations stay (with the operators rewritten); the equations
  // of each variable defined in states become one guarded, merged equation
  // at the place of its first definition.
  std::vector<flat::Equation> lowerModelEquations() {
    struct Definition {
      StateRef state;
      size_t equation;
    };
    std::map<VarId, std::vector<Definition>> defined;
    std::map<VarId, size_t> definedOutside;
    std::vector<std::optional<VarId>> slotOf(model_.equations.size());
    for (size_t e = 0; e < model_.equations.size(); ++e) {
      const flat::Equation& eq = model_.equations[e];
      auto state = e < sm_.equationState.size() ? sm_.equationState[e] : std::nullopt;
      if (!state) {
        if (eq.lhs && eq.lhs->kind == ExprKind::Var) definedOutside.emplace(eq.lhs->var, e);
        continue;
      }
      if (!eq.lhs || eq.lhs->kind != ExprKind::Var) {
        diags_.unsupported(eq.range, fmt::format("an equation in state '{}' that is not of the form 'v = "
                                                 "expression' (state equations are guarded per variable)",
                                                 sm_.pathOf(*state)));
        continue;
      }
      auto& defs = defined[eq.lhs->var];
      if (defs.empty()) slotOf[e] = eq.lhs->var;
      defs.push_back({*state, e});
    }

    std::map<VarId, flat::Equation> merged;
    for (auto& [v, defs] : defined) {
      const std::string& name = model_.variables[v].name;
      if (auto it = definedOutside.find(v); it != definedOutside.end()) {
        diags_.errorf(model_.equations[defs.front().equation].range,
                      "'{}' is defined in state '{}' and also by an equation outside the state machine "
                      "(spec 17: one definition per variable and tick)",
                      name, sm_.pathOf(defs.front().state));
        diags_.note(model_.equations[it->second].range, "the other definition is here");
        continue;
      }
      bool ok = true;
      for (size_t i = 0; i < defs.size() && ok; ++i)
        for (size_t j = 0; j < i && ok; ++j) {
          if (exclusive(defs[i].state, defs[j].state)) continue;
          ok = false;
          const auto& a = sm_.pathOf(defs[j].state);
          const auto& b = sm_.pathOf(defs[i].state);
          if (a == b)
            diags_.errorf(model_.equations[defs[i].equation].range, "'{}' is defined twice in state '{}'", name, a);
          else
            diags_.errorf(model_.equations[defs[i].equation].range,
                          "'{}' is defined in states '{}' and '{}', which can be active at the same tick "
                          "(parallel state machines; spec 17: one definition per variable and tick)",
                          name, a, b);
        }
      if (!ok) continue;
      std::vector<StateRef> states;
      for (const auto& d : defs) states.push_back(d.state);
      ExprPtr keep = previous(v);
      ExprPtr chain = previousIn(v, commonState(states), keep);
      for (size_t i = defs.size(); i-- > 0;) {
        const flat::Equation& eq = model_.equations[defs[i].equation];
        Context context{defs[i].state.machine, false, defs[i].state};
        chain = flat::makeIf(var(stateActive(defs[i].state)), rewrite(eq.rhs, context), chain, eq.range);
      }
      flat::Equation out = model_.equations[defs.front().equation];
      out.rhs = chain;
      merged.emplace(v, std::move(out));
    }

    std::vector<flat::Equation> result;
    for (size_t e = 0; e < model_.equations.size(); ++e) {
      bool inState = e < sm_.equationState.size() && sm_.equationState[e];
      if (!inState) {
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

  bool containsOperator(const ExprPtr& e) const {
    if (!e) return false;
    if (e->kind == ExprKind::ActiveState || e->kind == ExprKind::TicksInState || e->kind == ExprKind::TimeInState)
      return true;
    for (const auto& a : e->args)
      if (containsOperator(a)) return true;
    return false;
  }

  void checkStatements(const std::vector<flat::Statement>& statements) {
    for (const auto& s : statements) {
      bool found = containsOperator(s.value);
      for (const auto& c : s.conditions) found = found || containsOperator(c);
      if (found) report(s.range);
      for (const auto& b : s.branches) checkStatements(b);
    }
  }

  void report(SourceRange range) {
    diags_.unsupported(range, "activeState(), ticksInState() or timeInState() outside equations");
  }

  // The operators are lowered in equations only; anywhere else they would
  // reach the later stages unlowered.
  void checkNoOperators() {
    if (sm_.empty())
      for (const auto& eq : model_.equations)
        if (containsOperator(eq.lhs) || containsOperator(eq.rhs)) {
          // Without any state machine every use is an error; rewrite reports it.
          rewrite(eq.lhs, {});
          rewrite(eq.rhs, {});
        }
    for (const auto& eq : model_.initialEquations)
      if (containsOperator(eq.lhs) || containsOperator(eq.rhs)) report(eq.range);
    for (const auto& a : model_.assertions)
      if (containsOperator(a.condition)) report(a.range);
    for (const auto& w : model_.whenEquations)
      for (const auto& b : w.branches) {
        bool found = false;
        for (const auto& c : b.conditions) found = found || containsOperator(c);
        for (const auto& a : b.actions) found = found || containsOperator(a.value);
        if (found) report(b.range);
      }
    for (const auto& a : model_.algorithms) checkStatements(a.statements);
    for (const auto& a : model_.initialAlgorithms) checkStatements(a.statements);
  }

  flat::FlatModel model_;
  const StateMachines& sm_;
  DiagnosticEngine& diags_;
  std::vector<MachineVars> vars_;
  std::map<VarId, std::optional<StateRef>> owners_;
};

}  // namespace

std::optional<flat::FlatModel> lowerStateMachines(flat::FlatModel model, const StateMachines& machines,
                                                  DiagnosticEngine& diags) {
  return Lowerer(std::move(model), machines, diags).run();
}

}  // namespace smc::statemachine

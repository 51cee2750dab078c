// Per machine, the equations of the chapter's StateMachineSemantics model
// (spec 17.3.4) as scalar equations with previous(), firstTick() and
// if-chains in place of the max() over transition indices, and per state a
// visible Boolean `activeState(<path>)` a user can plot. The machine's own
// variables are hidden (`$sm.<machine>.*`).
#include "statemachine/Lowerer.h"

#include <fmt/format.h>

namespace smc::statemachine {

// Start values: previous(nextState) and previous(nextReset) are never read
// at the first tick (reset is true there), previous(delayed) must read 0
// (no delayed transition fired before the first tick), and
// nextResetStates start false (reset sets activeResetStates at the start).
void Lowerer::declareMachine(size_t m) {
  const Machine& mc = machine(m);
  MachineVars& v = vars_[m];
  v.reset = addBoolean(m, "reset", false);
  v.selectedState = addInteger(m, "selectedState", 1);
  bool anyImmediate = false, anyDelayed = false;
  for (const auto& t : mc.transitions) (t.immediate ? anyImmediate : anyDelayed) = true;
  if (anyImmediate) v.immediate = addInteger(m, "immediate", 0);
  if (anyDelayed) v.delayed = addInteger(m, "delayed", 0);
  if (!mc.transitions.empty()) v.fired = addInteger(m, "fired", 0);
  v.activeState = addInteger(m, "activeState", 1);
  v.nextState = addInteger(m, "nextState", 1);
  v.activeResetStates.resize(mc.states.size());
  v.nextResetStates.resize(mc.states.size());
  for (const std::string& path : mc.states) {
    v.stateActive.push_back(
        addVariable("activeState(" + path + ")", flat::BaseType::Boolean, boolean(false), false, mc.range));
    model_.variables.back().description = "true while state " + path + " is active";
  }
}

// active of the semantics model: null for a top-level machine (always true).
ExprPtr Lowerer::activeOf(size_t m) const {
  if (auto p = machine(m).parent) return var(stateActive(*p));
  return nullptr;
}

// True at the tick where state `s` runs after a reset (of its machine or
// by a reset transition into it). Creates the reset vectors it reads.
ExprPtr Lowerer::resetOf(StateRef s) {
  const size_t m = s.machine, i = s.state - 1;
  MachineVars& v = vars_[m];
  if (!v.activeReset) {
    v.selectedReset = addBoolean(m, "selectedReset", false);
    v.activeReset = addBoolean(m, "activeReset", false);
    v.nextReset = addBoolean(m, "nextReset", false);
  }
  if (!v.activeResetStates[i]) {
    v.activeResetStates[i] = addBoolean(m, fmt::format("activeResetStates[{}]", i + 1), false);
    v.nextResetStates[i] = addBoolean(m, fmt::format("nextResetStates[{}]", i + 1), false);
  }
  return binary(Op::And, var(stateActive(s)),
                binary(Op::Or, var(*v.activeReset), var(*v.activeResetStates[i])));
}

// The equations of the reset vectors resetOf created.
void Lowerer::emitResets(size_t m, std::vector<flat::Equation>& out) {
  const Machine& mc = machine(m);
  const MachineVars& v = vars_[m];
  if (!v.activeReset) return;
  add(out, *v.selectedReset, flat::makeIf(var(v.reset), boolean(true), previous(*v.nextReset)), m);
  // t[fired].reset as an if-chain.
  ExprPtr reset = var(*v.selectedReset);
  for (size_t k = 0; k < mc.transitions.size(); ++k)
    reset = flat::makeIf(equals(*v.fired, long(k + 1)), boolean(mc.transitions[k].reset), reset);
  add(out, *v.activeReset, flat::makeIf(var(v.reset), boolean(true), reset), m);
  add(out, *v.nextReset, whenActive(m, boolean(false), *v.nextReset), m);
  for (size_t i = 0; i < mc.states.size(); ++i) {
    if (!v.activeResetStates[i]) continue;
    add(out, *v.activeResetStates[i],
        flat::makeIf(var(v.reset), boolean(true), previous(*v.nextResetStates[i])), m);
    add(out, *v.nextResetStates[i],
        whenActive(m,
                   flat::makeIf(equals(v.activeState, long(i + 1)), boolean(false), var(*v.activeResetStates[i])),
                   *v.nextResetStates[i]),
        m);
  }
}

// `if active then value else previous(v)`, or just value at the top level.
ExprPtr Lowerer::whenActive(size_t m, ExprPtr value, VarId v) const {
  ExprPtr active = activeOf(m);
  if (!active) return value;
  return flat::makeIf(active, std::move(value), previous(v));
}

// The machine's stateMachineInFinalState as an expression.
ExprPtr Lowerer::inFinalState(size_t m) const {
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
ExprPtr Lowerer::transitionChoice(size_t m, bool immediate, VarId state) {
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

void Lowerer::emitMachine(size_t m, std::vector<flat::Equation>& out) {
  const Machine& mc = machine(m);
  const MachineVars& v = vars_[m];
  if (auto p = mc.parent)
    add(out, v.reset, resetOf(*p), m);
  else
    add(out, v.reset, flat::makeClockOp(flat::ClockOperator::FirstTick, {}), m);
  add(out, v.selectedState, flat::makeIf(var(v.reset), integer(1), previous(v.nextState)), m);
  if (v.immediate) {
    // Located at the highest-priority immediate transition, for messages
    // about this choice (e.g. an algebraic loop through a condition).
    SourceRange where;
    for (const MachineTransition& t : mc.transitions)
      if (t.immediate) where = t.range;
    add(out, *v.immediate, transitionChoice(m, true, v.selectedState), m, where);
  }
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
  // activeState: t[fired].to as an if-chain (activeReset: emitResets).
  ExprPtr state = var(v.selectedState);
  for (size_t k = 0; k < mc.transitions.size(); ++k)
    state = flat::makeIf(equals(*v.fired, long(k + 1)), integer(mc.transitions[k].to), state);
  add(out, v.activeState, flat::makeIf(var(v.reset), integer(1), state), m);
  add(out, v.nextState, whenActive(m, var(v.activeState), v.nextState), m);
  for (size_t i = 0; i < mc.states.size(); ++i) {
    ExprPtr is = equals(v.activeState, long(i + 1));
    if (ExprPtr active = activeOf(m)) is = binary(Op::And, active, is);
    add(out, v.stateActive[i], is, m);
  }
}
}  // namespace smc::statemachine

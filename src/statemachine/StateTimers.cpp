// The ticksInState()/timeInState() counters (spec 17.1): per machine a
// hidden tick count and entry time of the active state, created on first
// use. Immediate conditions read them "before this tick's transition" so
// that they do not depend on which transition fires (no algebraic loop).
#include "statemachine/Lowerer.h"

#include <fmt/format.h>

namespace smc::statemachine {

// "The active state was entered at this tick": a reset, a fired
// transition, or (for a sub-machine) an entry into the enclosing state,
// which interrupts the sub-state too (spec 17.1, ticksInState()).
ExprPtr Lowerer::entryOf(size_t m) const {
  const MachineVars& v = vars_[m];
  ExprPtr entry = var(v.reset);
  if (v.fired) entry = binary(Op::Or, entry, binary(Op::Greater, var(*v.fired), integer(0)));
  if (auto p = machine(m).parent) entry = binary(Op::Or, entry, entryOf(p->machine));
  return entry;
}

// The same before this tick's transitions of `m` are known (for immediate
// conditions, which must not depend on fired).
ExprPtr Lowerer::entryBeforeTransition(size_t m) const {
  ExprPtr entry = var(vars_[m].reset);
  if (auto p = machine(m).parent) entry = binary(Op::Or, entry, entryOf(p->machine));
  return entry;
}

void Lowerer::emitTimers(size_t m, std::vector<flat::Equation>& out) {
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

VarId Lowerer::ticksOf(size_t m) {
  if (!vars_[m].ticks) vars_[m].ticks = addInteger(m, "ticks", 0);
  return *vars_[m].ticks;
}
VarId Lowerer::enteredOf(size_t m) {
  if (!vars_[m].entered)
    vars_[m].entered = addVariable(prefix(m) + "entered", flat::BaseType::Real, flat::makeReal(0.0), true,
                                   machine(m).range);
  return *vars_[m].entered;
}
}  // namespace smc::statemachine

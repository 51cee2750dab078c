// `smc --dump=sm`: the discovered state machines in a fixed text form (for
// golden tests and for users checking how their transitions were read),
// followed by the lowered equations when the lowering ran.
#include "statemachine/StateMachines.h"

#include <fmt/format.h>

namespace smc::statemachine {

std::string dumpStateMachines(const flat::FlatModel& model, const StateMachines& machines,
                              const flat::FlatModel* lowered) {
  std::string out;
  for (const Machine& m : machines.machines) {
    if (m.parent)
      out += fmt::format("state machine {} inside state {}\n", m.name, machines.pathOf(*m.parent));
    else
      out += fmt::format("state machine {} (top level)\n", m.name);
    out += "  states:\n";
    for (size_t i = 0; i < m.states.size(); ++i) {
      std::string notes;
      if (i == 0) notes += " initial";
      if (m.finalStates[i]) notes += " final";
      out += fmt::format("    {}: {}{}\n", i + 1, m.states[i], notes.empty() ? "" : " (" + notes.substr(1) + ")");
      std::string subs;
      for (size_t sub : m.subMachines[i]) subs += (subs.empty() ? "" : ", ") + machines.machines[sub].name;
      if (!subs.empty()) out += fmt::format("       contains: {}\n", subs);
    }
    out += "  transitions (highest priority last):\n";
    for (size_t k = 0; k < m.transitions.size(); ++k) {
      const MachineTransition& t = m.transitions[k];
      out += fmt::format("    {}: {} -> {} if {}; immediate = {}, reset = {}, synchronize = {}, priority = {}\n",
                         k + 1, m.states[t.from - 1], m.states[t.to - 1],
                         t.condition ? flat::toString(*t.condition, model) : "?", t.immediate, t.reset,
                         t.synchronize, t.priority);
    }
  }
  if (lowered) {
    out += "lowered equations:\n";
    for (const flat::Equation& eq : lowered->equations)
      out += fmt::format("  {} = {};\n", flat::toString(*eq.lhs, *lowered), flat::toString(*eq.rhs, *lowered));
  }
  return out;
}

}  // namespace smc::statemachine

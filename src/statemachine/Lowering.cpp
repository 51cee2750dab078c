// Lowering state machines into clocked equations (spec 17.3): the order of
// the steps and the shared helpers that add variables and equations. The
// steps themselves live in the files listed in Lowerer.h. The clocks stage
// then gives each machine its clock like any other clocked partition (the
// default 1 s clock when nothing says otherwise).
#include "statemachine/Lowerer.h"

namespace smc::statemachine {

std::optional<flat::FlatModel> Lowerer::run() {
  if (sm_.empty()) {
    checkNoOperators();
    if (diags_.hasErrors()) return std::nullopt;
    return std::move(model_);
  }
  checkSectionsInStates();
  vars_.resize(sm_.machines.size());
  for (size_t m = 0; m < sm_.machines.size(); ++m) declareMachine(m);
  std::vector<flat::Equation> equations = lowerModelEquations();
  for (size_t m = 0; m < sm_.machines.size(); ++m) emitMachine(m, equations);
  for (size_t m = 0; m < sm_.machines.size(); ++m) emitTimers(m, equations);
  // Last: every reader of a reset vector has asked for it by now.
  for (size_t m = 0; m < sm_.machines.size(); ++m) emitResets(m, equations);
  checkNoOperators();
  if (diags_.hasErrors()) return std::nullopt;
  model_.equations = std::move(equations);
  model_.transitions.clear();
  model_.initialStates.clear();
  return std::move(model_);
}

VarId Lowerer::addVariable(std::string name, flat::BaseType type, ExprPtr start, bool hidden, SourceRange range) {
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

VarId Lowerer::addInteger(size_t m, const std::string& name, long long start) {
  return addVariable(prefix(m) + name, flat::BaseType::Integer, integer(start), true, machine(m).range);
}

VarId Lowerer::addBoolean(size_t m, const std::string& name, bool start) {
  return addVariable(prefix(m) + name, flat::BaseType::Boolean, boolean(start), true, machine(m).range);
}

void Lowerer::add(std::vector<flat::Equation>& out, VarId lhs, ExprPtr rhs, size_t m, SourceRange range) {
  flat::Equation eq;
  eq.lhs = flat::makeVar(lhs);
  eq.rhs = std::move(rhs);
  eq.range = range.valid() ? range : machine(m).range;
  eq.origin = machine(m).origin;
  out.push_back(std::move(eq));
}

std::optional<flat::FlatModel> lowerStateMachines(flat::FlatModel model, const StateMachines& machines,
                                                  DiagnosticEngine& diags) {
  return Lowerer(std::move(model), machines, diags).run();
}

}  // namespace smc::statemachine

// Flat-model construction helpers for the state machine stage tests (see
// SmBuilder.h) and a run of the stage that collects its diagnostics.
#include "SmBuilder.h"

#include "frontend/Diagnostics.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace smc::test {

using flat::Op;

SourceRange at(uint32_t line, uint32_t column) { return {{0, line, column}, {0, line, column + 1}}; }

ExprPtr var(VarId v) { return flat::makeVar(v); }
ExprPtr integer(long long value) { return flat::makeInteger(value); }
ExprPtr boolean(bool value) { return flat::makeBoolean(value); }
ExprPtr add(ExprPtr a, ExprPtr b) { return flat::makeBinary(Op::Add, a, b); }
ExprPtr sub(ExprPtr a, ExprPtr b) { return flat::makeBinary(Op::Sub, a, b); }
ExprPtr greaterEq(ExprPtr a, ExprPtr b) { return flat::makeBinary(Op::GreaterEq, a, b); }
ExprPtr equal(ExprPtr a, ExprPtr b) { return flat::makeBinary(Op::Equal, a, b); }
ExprPtr previous(VarId v) { return flat::makeClockOp(flat::ClockOperator::Previous, {flat::makeVar(v)}); }

ExprPtr activeState(const std::string& path, uint32_t line, uint32_t column) {
  auto e = std::make_shared<flat::Expr>();
  e->kind = flat::ExprKind::ActiveState;
  e->text = path;
  e->range = at(line, column);
  return e;
}
ExprPtr ticksInState(uint32_t line, uint32_t column) {
  auto e = std::make_shared<flat::Expr>();
  e->kind = flat::ExprKind::TicksInState;
  e->range = at(line, column);
  return e;
}
ExprPtr timeInState(uint32_t line, uint32_t column) {
  auto e = std::make_shared<flat::Expr>();
  e->kind = flat::ExprKind::TimeInState;
  e->range = at(line, column);
  return e;
}

SmBuilder::SmBuilder(std::string name) {
  model.name = std::move(name);
  model.range = at(1);
}

VarId SmBuilder::integer(const std::string& name, std::optional<long long> start) {
  flat::Variable v;
  v.name = name;
  v.type = flat::BaseType::Integer;
  v.variability = flat::Variability::Discrete;
  if (start) v.attributes.start = flat::makeInteger(*start);
  model.variables.push_back(std::move(v));
  return VarId(model.variables.size() - 1);
}

VarId SmBuilder::boolean(const std::string& name) {
  flat::Variable v;
  v.name = name;
  v.type = flat::BaseType::Boolean;
  v.variability = flat::Variability::Discrete;
  model.variables.push_back(std::move(v));
  return VarId(model.variables.size() - 1);
}

VarId SmBuilder::booleanVariable(const std::string& name) { return boolean(name); }

VarId SmBuilder::integerParameter(const std::string& name, long long value) {
  flat::Variable v;
  v.name = name;
  v.type = flat::BaseType::Integer;
  v.variability = flat::Variability::Parameter;
  v.binding = flat::makeInteger(value);
  model.variables.push_back(std::move(v));
  return VarId(model.variables.size() - 1);
}

void SmBuilder::equation(ExprPtr lhs, ExprPtr rhs, const std::string& origin, uint32_t line) {
  flat::Equation eq;
  eq.lhs = std::move(lhs);
  eq.rhs = std::move(rhs);
  eq.range = at(line);
  eq.origin = origin;
  model.equations.push_back(std::move(eq));
}

void SmBuilder::transition(const std::string& from, const std::string& to, ExprPtr condition, TransitionSpec spec,
                           const std::string& origin, uint32_t line, ExprPtr priority, ExprPtr immediate) {
  flat::Transition t;
  t.from = from;
  t.to = to;
  t.condition = std::move(condition);
  t.immediate = immediate ? immediate : flat::makeBoolean(spec.immediate);
  t.reset = flat::makeBoolean(spec.reset);
  t.synchronize = flat::makeBoolean(spec.synchronize);
  t.priority = priority ? priority : flat::makeInteger(spec.priority);
  t.origin = origin;
  t.range = at(line);
  model.transitions.push_back(std::move(t));
}

void SmBuilder::initialState(const std::string& state, const std::string& origin, uint32_t line) {
  flat::InitialState initial;
  initial.state = state;
  initial.origin = origin;
  initial.range = at(line);
  model.initialStates.push_back(std::move(initial));
}

void SmBuilder::instance(const std::string& path) {
  flat::Instance instance;
  instance.path = path;
  instance.className = "State";
  model.instances.push_back(std::move(instance));
}

SmBuilder synchronizeJoinModel() {
  SmBuilder b("SynchronizeJoin");
  VarId x = b.integer("x", 0);
  VarId a = b.integer("work.p1.a", 0);
  b.equation(var(a), add(previous(a), integer(1)), "work.p1");
  b.equation(var(x), add(previous(x), integer(100)), "done");
  b.initialState("work.p1", "work");
  b.transition("work.p1", "work.p2", greaterEq(ticksInState(), integer(2)), {.immediate = false}, "work");
  b.initialState("work.q1", "work");
  b.transition("work.q1", "work.q2", greaterEq(ticksInState(), integer(4)), {.immediate = false}, "work");
  b.initialState("work");
  b.transition("work", "done", boolean(true), {.immediate = false, .synchronize = true});
  return b;
}

SmRun runStateMachines(const flat::FlatModel& model) {
  SourceManager sources;
  sources.addBuffer("test.mo", "");
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  SmRun run;
  run.machines = statemachine::discoverStateMachines(model, diags);
  if (run.machines) run.lowered = statemachine::lowerStateMachines(model, *run.machines, diags);
  const char* names[] = {"note", "warning", "error"};
  for (const Diagnostic& d : diags.diagnostics())
    run.messages += fmt::format("{}:{}: {}: {}\n", d.range.begin.line, d.range.begin.column,
                                names[int(d.severity)], d.message);
  return run;
}

std::vector<std::string> equationTexts(const flat::FlatModel& model) {
  std::vector<std::string> out;
  for (const auto& eq : model.equations)
    out.push_back(flat::toString(*eq.lhs, model) + " = " + flat::toString(*eq.rhs, model));
  return out;
}

std::string definitionOf(const flat::FlatModel& model, const std::string& name) {
  for (const auto& eq : model.equations)
    if (eq.lhs->kind == flat::ExprKind::Var && model.variables[eq.lhs->var].name == name)
      return flat::toString(*eq.rhs, model);
  ADD_FAILURE() << "no equation defines " << name;
  return "";
}

VarId idOf(const flat::FlatModel& model, const std::string& name) {
  for (size_t i = 0; i < model.variables.size(); ++i)
    if (model.variables[i].name == name) return VarId(i);
  ADD_FAILURE() << "no variable " << name;
  return 0;
}

}  // namespace smc::test

// Hybrid lowering driver: rewrites the model's equations (relations in
// continuous equations become zero crossings), then the when-equations,
// algorithms and clocked partitions (WhenLowering.cpp, AlgorithmLowering.cpp,
// ClockedLowering.cpp), the initial sections (relations there are evaluated
// directly: no crossings) and the assertions (relations inside them never
// generate events). Tuple equations `(a, b) = f(x)` become nodes defining a
// and b.
#include "causalize/Lowering.h"

#include "causalize/ExprUtil.h"
#include "causalize/LoweringContext.h"

#include <fmt/format.h>

namespace smc::causal {

bool Lowerer::checkAssignable(VarId v, SourceRange range, const std::string& where, bool initialization) {
  const std::string& name = model.flat.variables[v].name;
  switch (model.roles[v]) {
    case Role::Algebraic:
    case Role::Discrete: return true;
    case Role::State:
      if (initialization) return true;
      diags.errorf(range, "{} assigns the state '{}' (it appears in der()); a state changes at events only "
                   "through reinit({}, ...) in a when-clause", where, name, name);
      break;
    case Role::Derivative: diags.errorf(range, "{} assigns the derivative '{}'", where, name); break;
    case Role::InitialParameter:
      if (initialization) return true;
      diags.errorf(range, "{} assigns '{}', a parameter (fixed = false) that only initialization may determine",
                   where, name);
      break;
    case Role::Constant:
    case Role::Parameter:
    case Role::CalculatedParameter:
      diags.errorf(range, "{} assigns '{}', which is a parameter or constant and cannot change during simulation",
                   where, name);
      break;
    case Role::Input: diags.errorf(range, "{} assigns the input '{}', which is set by the importer", where, name); break;
    case Role::Alias:  // assigned variables are never eliminated (AliasElimination.cpp)
      diags.errorf(range, "internal error: {} assigns '{}', which alias elimination replaced", where, name);
      break;
  }
  ok = false;
  return false;
}

bool Lowerer::checkReinitTarget(VarId v, SourceRange range) {
  if (model.roles[v] == Role::State) return true;
  diags.errorf(range, "reinit() needs a state (a variable that appears in der()), but '{}' is not one",
               model.flat.variables[v].name);
  ok = false;
  return false;
}

VarId Lowerer::conditionVariable(const ExprPtr& condition, const std::string& name, bool& needsUpdate) {
  if (condition->kind == flat::ExprKind::Var && model.roles[condition->var] == Role::Discrete &&
      model.flat.variables[condition->var].type == flat::BaseType::Boolean) {
    needsUpdate = false;
    return condition->var;
  }
  needsUpdate = true;
  return events.addHidden(name, flat::BaseType::Boolean, condition->range);
}

std::optional<DefiningNode> Lowerer::tupleNode(const flat::Equation& eq, bool crossings, bool initialization) {
  bool tupleLeft = eq.lhs->kind == flat::ExprKind::Tuple;
  const ExprPtr& tuple = tupleLeft ? eq.lhs : eq.rhs;
  const ExprPtr& call = tupleLeft ? eq.rhs : eq.lhs;
  std::string text = flat::toString(*eq.lhs, model.flat) + " = " + flat::toString(*eq.rhs, model.flat);
  if (call->kind != flat::ExprKind::FunctionCall) {
    diags.errorf(eq.range, "the tuple in '{}' must be equated to a call of a function with several outputs", text);
    ok = false;
    return std::nullopt;
  }
  flat::Statement s;
  s.kind = flat::StatementKind::TupleAssign;
  s.value = events.rewrite(call, crossings);
  s.range = eq.range;
  AlgorithmBlock block;
  for (const ExprPtr& slot : tuple->args) {
    if (!slot) {
      s.targets.push_back(std::nullopt);
      continue;
    }
    if (slot->kind != flat::ExprKind::Var) {
      diags.errorf(slot->range, "each element of the tuple in '{}' must be a variable", text);
      ok = false;
      return std::nullopt;
    }
    s.targets.push_back(slot->var);
    if (!checkAssignable(slot->var, slot->range, fmt::format("the equation '{}'", text), initialization))
      return std::nullopt;
    block.outputs.push_back(slot->var);
  }
  block.statements.push_back(std::move(s));
  block.range = eq.range;
  DefiningNode node;
  collectUses(*block.statements[0].value, node.uses);
  node.defines = block.outputs;
  node.block = std::move(block);
  node.description = fmt::format("the equation '{}'", text);
  node.range = eq.range;
  return node;
}

bool isTupleEquation(const flat::Equation& eq) {
  return eq.lhs->kind == flat::ExprKind::Tuple || eq.rhs->kind == flat::ExprKind::Tuple;
}

std::optional<LoweredModel> lowerHybrid(CausalModel& model, DiagnosticEngine& diags) {
  Lowerer lowerer(model, diags);
  for (const flat::Equation& eq : model.flat.equations) {
    if (isTupleEquation(eq)) {
      if (auto node = lowerer.tupleNode(eq, true, false)) lowerer.out.nodes.push_back(std::move(*node));
      continue;
    }
    lowerer.out.equations.push_back(
        {lowerer.events.rewrite(eq.lhs, true), lowerer.events.rewrite(eq.rhs, true), eq.range, eq.origin});
  }
  lowerer.lowerWhenEquations();
  lowerer.lowerAlgorithms();
  lowerer.lowerClockedPartitions();
  for (const flat::Equation& eq : model.flat.initialEquations) {
    if (isTupleEquation(eq)) {
      if (auto node = lowerer.tupleNode(eq, false, true)) lowerer.out.initialNodes.push_back(std::move(*node));
      continue;
    }
    lowerer.out.initialEquations.push_back(
        {lowerer.events.rewrite(eq.lhs, false), lowerer.events.rewrite(eq.rhs, false), eq.range, eq.origin});
  }
  for (const flat::Assertion& assertion : model.flat.assertions) {
    flat::Assertion copy = assertion;
    copy.condition = lowerer.events.rewrite(copy.condition, false);
    model.assertions.push_back(std::move(copy));
  }
  for (DefiningNode& node : lowerer.events.relationNodes()) lowerer.out.nodes.push_back(std::move(node));
  lowerer.out.sampleVariables = lowerer.events.sampleVariables();
  if (!lowerer.ok || !lowerer.events.ok()) return std::nullopt;
  return std::move(lowerer.out);
}

}  // namespace smc::causal

// The causalization driver: classify variables, fold literal values, then
// sort two equation systems into blocks:
//  - the simulation system: unknowns are derivatives, algebraics and
//    discretes, knowns are time, states, inputs and parameters;
//  - the initialization system (spec 8.6): the same equations plus the
//    initial equations and `x = start` for fixed variables, with the states
//    among the unknowns. A state with a literal fixed start value keeps the
//    value set at instantiation (or by the importer) and is known instead.
//    States whose `fixed` is not given get `x = start` when the initial
//    equations leave them undetermined (as Modelica tools do by default).
// Each block becomes an assignment when its single equation is linear in
// its unknown, and an algebraic loop otherwise.
#include "causalize/Causalize.h"

#include "causalize/Classify.h"
#include "causalize/ExprUtil.h"
#include "causalize/Sort.h"
#include "flatten/ConstEval.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <set>

namespace smc::causal {

namespace {

bool isUnknownInSimulation(Role role) {
  return role == Role::Algebraic || role == Role::Discrete || role == Role::Derivative;
}

// Replaces parameter bindings, constants and start values that need no
// run-time input by literals, so they can go into modelDescription.xml.
bool foldLiterals(CausalModel& model, DiagnosticEngine& diags) {
  flat::ConstantEvaluator evaluator(model.flat);
  auto freeOfVariables = [](const flat::Expr& e) {
    std::set<VarId> vars;
    collectVars(e, vars);
    return vars.empty() && !containsDer(e);
  };
  std::vector<flat::ExprPtr> folded(model.flat.variables.size());
  for (size_t i = 0; i < model.flat.variables.size(); ++i) {
    flat::Variable& v = model.flat.variables[i];
    if (model.roles[i] == Role::Constant) {
      auto value = evaluator.evaluate(*v.binding, v.range);
      if (!value) {
        diags.error(evaluator.error().range, evaluator.error().message);
        return false;
      }
      v.binding = flat::makeLiteral(*value, v.binding->range);
      continue;
    }
    for (flat::ExprPtr* slot : {&v.binding, &v.attributes.start, &v.attributes.nominal}) {
      if (!*slot || isLiteral(**slot) || !freeOfVariables(**slot)) continue;
      auto value = evaluator.evaluate(**slot, v.range);
      if (!value) {
        diags.error(evaluator.error().range, evaluator.error().message);
        return false;
      }
      *slot = flat::makeLiteral(*value, (*slot)->range);
    }
    if (model.roles[i] == Role::CalculatedParameter && isLiteral(*v.binding)) model.roles[i] = Role::Parameter;
  }
  return true;
}

// Turns sorted blocks into assignments and loops.
bool buildBlocks(const EquationSystem& system, const std::vector<SortedBlock>& sorted,
                 const CausalModel& model, DiagnosticEngine& diags, std::vector<Block>& out) {
  for (const SortedBlock& block : sorted) {
    if (block.equations.size() == 1) {
      const flat::Equation& eq = system.equations[block.equations[0]];
      if (ExprPtr value = solveLinear(eq.lhs, eq.rhs, block.unknowns[0])) {
        out.push_back(Assign{block.unknowns[0], value, eq.range});
        continue;
      }
    }
    AlgebraicLoop loop;
    for (size_t i = 0; i < block.equations.size(); ++i) {
      const flat::Equation& eq = system.equations[block.equations[i]];
      VarId unknown = block.unknowns[i];
      if (model.flat.variables[unknown].type != flat::BaseType::Real) {
        diags.unsupported(eq.range, fmt::format("solving for the {} variable '{}' in a nonlinear "
                                                "equation or an algebraic loop",
                                                model.flat.variables[unknown].type == flat::BaseType::Integer
                                                    ? "Integer"
                                                    : "non-Real",
                                                model.flat.variables[unknown].name));
        return false;
      }
      loop.unknowns.push_back(unknown);
      loop.residuals.push_back(flat::makeBinary(flat::Op::Sub, eq.lhs, eq.rhs, eq.range));
      loop.ranges.push_back(eq.range);
    }
    out.push_back(std::move(loop));
  }
  return true;
}

// Calculated parameters in dependency order (a parameter after those its
// binding uses).
bool orderCalculatedParameters(CausalModel& model, DiagnosticEngine& diags, std::vector<Block>& out) {
  enum class Mark { None, Busy, Done };
  std::vector<Mark> marks(model.flat.variables.size(), Mark::None);
  std::function<bool(VarId)> visit = [&](VarId p) {
    if (marks[p] == Mark::Done) return true;
    const flat::Variable& v = model.flat.variables[p];
    if (marks[p] == Mark::Busy) {
      diags.errorf(v.range, "the binding of parameter '{}' depends on itself", v.name);
      return false;
    }
    marks[p] = Mark::Busy;
    std::set<VarId> uses;
    collectVars(*v.binding, uses);
    for (VarId u : uses) {
      Role role = model.roles[u];
      if (role == Role::CalculatedParameter) {
        if (!visit(u)) return false;
      } else if (role != Role::Parameter && role != Role::Constant) {
        diags.errorf(v.binding->range, "the binding of parameter '{}' uses '{}', which is not a parameter",
                     v.name, model.flat.variables[u].name);
        return false;
      }
    }
    marks[p] = Mark::Done;
    out.push_back(Assign{p, v.binding, v.binding->range});
    return true;
  };
  for (VarId p = 0; p < model.flat.variables.size(); ++p)
    if (model.roles[p] == Role::CalculatedParameter && !visit(p)) return false;
  return true;
}

bool buildInitialization(CausalModel& model, DiagnosticEngine& diags) {
  if (!orderCalculatedParameters(model, diags, model.initialization)) return false;
  EquationSystem system{"the initialization problem", model.flat.equations, {}};
  for (const flat::Equation& eq : model.flat.initialEquations) system.equations.push_back(eq);

  // fixed = true: known when the start value is literal, else x = start.
  std::vector<VarId> defaultFixed;  // states without `fixed`, fixed if needed
  for (VarId v = 0; v < model.flat.variables.size(); ++v) {
    Role role = model.roles[v];
    const flat::Variable& var = model.flat.variables[v];
    if (role == Role::State || isUnknownInSimulation(role)) {
      bool fixed = var.attributes.fixed.value_or(false);
      if (role == Role::State && !var.attributes.fixed) {
        defaultFixed.push_back(v);
        continue;
      }
      if (!fixed) {
        system.unknowns.push_back(v);
      } else if (var.attributes.start && !isLiteral(*var.attributes.start)) {
        system.unknowns.push_back(v);
        system.equations.push_back({flat::makeVar(v, var.range), var.attributes.start, var.range, ""});
      }
    }
  }
  // Try with the states of unspecified `fixed` as unknowns; if the initial
  // equations do not determine them, fix them at their start values.
  {
    EquationSystem trial = system;
    for (VarId v : defaultFixed) trial.unknowns.push_back(v);
    DiagnosticEngine quiet(diags.sources());
    quiet.setOutput(nullptr);
    if (trial.equations.size() == trial.unknowns.size())
      if (auto sorted = sortSystem(trial, model.flat, quiet))
        return buildBlocks(trial, *sorted, model, diags, model.initialization);
  }
  for (VarId v : defaultFixed) {
    const flat::Variable& var = model.flat.variables[v];
    if (var.attributes.start && !isLiteral(*var.attributes.start)) {
      system.unknowns.push_back(v);
      system.equations.push_back({flat::makeVar(v, var.range), var.attributes.start, var.range, ""});
    }
  }
  auto sorted = sortSystem(system, model.flat, diags);
  return sorted && buildBlocks(system, *sorted, model, diags, model.initialization);
}

bool buildSimulation(CausalModel& model, DiagnosticEngine& diags) {
  EquationSystem system{"the model", model.flat.equations, {}};
  for (VarId v = 0; v < model.flat.variables.size(); ++v)
    if (isUnknownInSimulation(model.roles[v])) system.unknowns.push_back(v);
  auto sorted = sortSystem(system, model.flat, diags);
  if (!sorted) return false;
  std::vector<Block> blocks;
  if (!buildBlocks(system, *sorted, model, diags, blocks)) return false;

  // The blocks the derivatives need, found backwards from the derivatives.
  std::map<VarId, size_t> blockOf;
  for (size_t b = 0; b < sorted->size(); ++b)
    for (VarId v : (*sorted)[b].unknowns) blockOf[v] = b;
  std::vector<bool> needed(blocks.size(), false);
  std::vector<size_t> work;
  for (VarId d : model.derivatives) work.push_back(blockOf.at(d));
  while (!work.empty()) {
    size_t b = work.back();
    work.pop_back();
    if (needed[b]) continue;
    needed[b] = true;
    std::set<VarId> uses;
    for (size_t e : (*sorted)[b].equations) {
      collectVars(*system.equations[e].lhs, uses);
      collectVars(*system.equations[e].rhs, uses);
    }
    for (VarId v : uses)
      if (auto it = blockOf.find(v); it != blockOf.end() && !needed[it->second]) work.push_back(it->second);
  }
  for (size_t b = 0; b < blocks.size(); ++b)
    (needed[b] ? model.derivativeBlocks : model.outputBlocks).push_back(std::move(blocks[b]));
  return true;
}

}  // namespace

std::optional<CausalModel> causalize(flat::FlatModel flat, DiagnosticEngine& diags) {
  CausalModel model;
  model.flat = std::move(flat);
  if (!classifyVariables(model, diags)) return std::nullopt;
  if (!foldLiterals(model, diags)) return std::nullopt;
  if (!buildSimulation(model, diags)) return std::nullopt;
  if (!buildInitialization(model, diags)) return std::nullopt;
  return model;
}

}  // namespace smc::causal

// The causalization driver, one pass per line:
//  0. give each delay() its history buffer and recorded variable
//     (Delays.cpp);
//  1. classify variables (states, parameters, discrete and continuous
//     unknowns) and replace der(x) by variables (Classify.cpp);
//  2. fold every String expression (StringFolding.cpp), then literal
//     parameter values and start values;
//  2b. eliminate aliases: equations a = b, a = -b, a + b = 0 between
//     continuous unknowns leave one variable of each set
//     (AliasElimination.cpp);
//  3. lower the hybrid parts: relations -> zero crossings, sample() ->
//     samples, when-equations, algorithms and tuple equations -> nodes that
//     define their variables (Lowering.cpp);
//  4. reduce the index: differentiate the equations that constrain states
//     and choose the states that stay integrated (IndexReduction.cpp);
//  5. sort the simulation system: event order, and the continuous blocks
//     for derivatives, outputs and indicators (Simulation.cpp);
//  6. sort the initialization system (Initialization.cpp).
// Each sort is a matching plus Tarjan's BLT (Sort.cpp); a block becomes an
// assignment when its single equation is linear in its unknown, an
// algebraic loop otherwise, or the block of its defining node (Blocks.cpp).
#include "causalize/Causalize.h"

#include "causalize/AliasElimination.h"
#include "causalize/Classify.h"
#include "causalize/Delays.h"
#include "causalize/ExprUtil.h"
#include "causalize/FixedValues.h"
#include "causalize/IndexReduction.h"
#include "causalize/Lowering.h"
#include "causalize/StringFolding.h"
#include "causalize/Systems.h"
#include "flatten/ConstEval.h"

#include <set>

namespace smc::causal {

namespace {

// Replaces parameter bindings, constants and start values that need no
// run-time input by literals, so they can go into modelDescription.xml.
// (A parameter bound to `time`, such as the clocks' start time, is
// computed at initialization instead.)
bool foldLiterals(CausalModel& model, DiagnosticEngine& diags) {
  flat::ConstantEvaluator evaluator(model.flat);
  // A parameter the structure was computed from keeps that value.
  evaluator.setImpureCalls(flat::ConstantEvaluator::ImpureCalls::Remembered);
  auto freeOfVariables = [](const flat::Expr& e) {
    std::set<VarId> vars;
    collectVars(e, vars);
    return vars.empty() && !containsDer(e) && !containsKind(e, flat::ExprKind::Time);
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
      if (!value && evaluator.error().needsRun) continue;  // computed by the FMU (an external function)
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

}  // namespace

std::optional<CausalModel> causalize(flat::FlatModel flat, DiagnosticEngine& diags) {
  CausalModel model;
  model.flat = std::move(flat);
  if (!separateDelays(model, diags)) return std::nullopt;
  if (!foldFixedZeros(model, diags)) return std::nullopt;
  if (!classifyVariables(model, diags)) return std::nullopt;
  if (!foldStrings(model, diags)) return std::nullopt;
  if (!foldLiterals(model, diags)) return std::nullopt;
  eliminateAliases(model);
  std::optional<LoweredModel> lowered = lowerHybrid(model, diags);
  if (!lowered) return std::nullopt;
  if (!reduceIndex(model, *lowered, diags)) return std::nullopt;
  if (!buildSimulation(model, *lowered, diags)) return std::nullopt;
  if (!buildInitialization(model, *lowered, diags)) return std::nullopt;
  return model;
}

}  // namespace smc::causal

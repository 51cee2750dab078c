// Variable classification: which flat variables are states (they appear
// under der()), which are parameters (independent or calculated), inputs,
// and which remain as algebraic unknowns. Every der(x) is replaced by a
// reference to a synthesized variable named "der(x)" (the FMI convention),
// so later passes see only variables.
#include "causalize/Classify.h"

#include "causalize/ExprUtil.h"

#include <map>

namespace smc::causal {

namespace {

// Rewrites der(v) into the derivative variable of v, creating it on first
// use. Reports der() of anything but a continuous Real variable.
class DerivativeRewriter {
public:
  DerivativeRewriter(CausalModel& model, DiagnosticEngine& diags) : model_(model), diags_(diags) {}

  ExprPtr rewrite(const ExprPtr& e) {
    if (e->kind == flat::ExprKind::Der) {
      const flat::Expr& arg = *e->args[0];
      if (arg.kind != flat::ExprKind::Var) {
        diags_.unsupported(e->range, "der() of an expression (write der() of a variable)");
        ok_ = false;
        return e;
      }
      const flat::Variable& v = model_.flat.variables[arg.var];
      if (v.type != flat::BaseType::Real || v.variability != flat::Variability::Continuous) {
        diags_.errorf(e->range, "der() needs a continuous Real variable, but '{}' is {}", v.name,
                      v.type != flat::BaseType::Real ? "not a Real" : "not continuous");
        ok_ = false;
        return e;
      }
      return flat::makeVar(derivativeOf(arg.var, e->range), e->range);
    }
    return mapChildren(e, [this](const ExprPtr& child) { return rewrite(child); });
  }

  bool ok() const { return ok_; }

private:
  VarId derivativeOf(VarId state, SourceRange range) {
    auto it = derivative_.find(state);
    if (it != derivative_.end()) return it->second;
    flat::Variable d;
    const flat::Variable& x = model_.flat.variables[state];
    d.name = "der(" + x.name + ")";
    d.type = flat::BaseType::Real;
    d.variability = flat::Variability::Continuous;
    d.isProtected = x.isProtected;
    d.range = range;
    if (!x.attributes.unit.empty()) d.attributes.unit = x.attributes.unit + "/s";
    VarId id = static_cast<VarId>(model_.flat.variables.size());
    model_.flat.variables.push_back(std::move(d));
    derivative_.emplace(state, id);
    return id;
  }

  CausalModel& model_;
  DiagnosticEngine& diags_;
  std::map<VarId, VarId> derivative_;
  bool ok_ = true;
};

}  // namespace

bool classifyVariables(CausalModel& model, DiagnosticEngine& diags) {
  DerivativeRewriter rewriter(model, diags);
  size_t declared = model.flat.variables.size();
  for (auto* equations : {&model.flat.equations, &model.flat.initialEquations})
    for (flat::Equation& eq : *equations) {
      eq.lhs = rewriter.rewrite(eq.lhs);
      eq.rhs = rewriter.rewrite(eq.rhs);
    }
  for (size_t i = 0; i < declared; ++i) {
    flat::Variable& v = model.flat.variables[i];
    if (v.binding && containsDer(*v.binding)) {
      diags.errorf(v.binding->range, "the binding of parameter '{}' cannot contain der()", v.name);
      return false;
    }
  }
  if (!rewriter.ok()) return false;

  // States in declaration order; their derivatives follow the same order.
  std::map<std::string, VarId> derivativeByName;
  for (size_t i = declared; i < model.flat.variables.size(); ++i)
    derivativeByName.emplace(model.flat.variables[i].name, static_cast<VarId>(i));
  for (size_t i = 0; i < declared; ++i) {
    auto it = derivativeByName.find("der(" + model.flat.variables[i].name + ")");
    if (it == derivativeByName.end()) continue;
    model.states.push_back(static_cast<VarId>(i));
    model.derivatives.push_back(it->second);
  }

  model.roles.assign(model.flat.variables.size(), Role::Algebraic);
  for (VarId s : model.states) model.roles[s] = Role::State;
  for (VarId d : model.derivatives) model.roles[d] = Role::Derivative;
  for (size_t i = 0; i < declared; ++i) {
    const flat::Variable& v = model.flat.variables[i];
    Role& role = model.roles[i];
    if (role == Role::State) continue;
    switch (v.variability) {
      case flat::Variability::Constant:
        role = Role::Constant;
        break;
      case flat::Variability::Parameter:
        role = v.binding && !isLiteral(*v.binding) ? Role::CalculatedParameter : Role::Parameter;
        break;
      case flat::Variability::Discrete:
      case flat::Variability::Continuous:
        role = v.causality == flat::Causality::Input ? Role::Input
               : v.variability == flat::Variability::Discrete ? Role::Discrete
                                                               : Role::Algebraic;
        break;
    }
  }
  for (size_t i = 0; i < declared; ++i) {
    const flat::Variable& v = model.flat.variables[i];
    if (model.roles[i] == Role::Constant && !v.binding) {
      diags.errorf(v.range, "constant '{}' has no value", v.name);
      return false;
    }
    if (model.roles[i] == Role::Input && v.binding) {
      diags.errorf(v.range, "input '{}' cannot have a binding equation; it is set by the importer", v.name);
      return false;
    }
  }
  return true;
}

}  // namespace smc::causal

// Variable classification: which flat variables are states (they appear
// under der()), which are parameters (independent or calculated), inputs,
// discrete unknowns (Integer and Boolean variables, `discrete` Reals and
// Reals assigned in when-clauses: spec 4.5.2, 8.3.5) and which remain as
// continuous algebraic unknowns; variables of clocked partitions are
// discrete. Every der(x) is replaced by a reference to a synthesized
// variable named "der(x)" (the FMI convention), in every part of the model,
// so later passes see only variables.
#include "causalize/Classify.h"

#include "causalize/Differentiate.h"
#include "causalize/ExprUtil.h"
#include "causalize/Statements.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace smc::causal {

namespace {

// Rewrites der(v) into the derivative variable of v, creating it on first
// use; der() of an expression into the expression's time derivative
// (Differentiate.h), whose continuous variables become states as if their
// der() were written. Reports der() of anything but a continuous Real
// variable.
class DerivativeRewriter {
public:
  DerivativeRewriter(CausalModel& model, DiagnosticEngine& diags, const std::set<VarId>& whenAssigned)
      : model_(model), diags_(diags), whenAssigned_(whenAssigned), declared_(model.flat.variables.size()) {}

  ExprPtr rewrite(const ExprPtr& e) {
    if (e->kind == flat::ExprKind::Der) {
      const flat::Expr& arg = *e->args[0];
      if (arg.kind != flat::ExprKind::Var) {
        ExprPtr expanded = timeDerivative(
            rewrite(e->args[0]), [this](VarId v, SourceRange where) { return derivativeInExpression(v, where); },
            model_.flat.functions, diags_);
        if (!expanded) {
          ok_ = false;
          return e;
        }
        return expanded;
      }
      const flat::Variable& v = model_.flat.variables[arg.var];
      if (v.isHidden && (v.type != flat::BaseType::Real || v.variability != flat::Variability::Continuous)) {
        // A hidden variable is smc's own (a clock conversion moved out of
        // its operand, say): the user wrote an expression there.
        diags_.error(e->range, "der() needs a continuous Real variable, but its argument here is not continuous "
                               "(a clocked or discrete value)");
        ok_ = false;
        return e;
      }
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
  // A variable's derivative inside der() of an expression: zero for what
  // changes only at events or never.
  ExprPtr derivativeInExpression(VarId v, SourceRange where) {
    const flat::Variable& var = model_.flat.variables[v];
    if (var.variability == flat::Variability::Parameter || var.variability == flat::Variability::Constant ||
        var.variability == flat::Variability::Discrete || var.type != flat::BaseType::Real || whenAssigned_.count(v))
      return flat::makeReal(0, where);
    if (v >= declared_) {
      diags_.unsupported(where, fmt::format("der() of an expression containing '{}' (a second derivative)",
                                            var.name));
      return nullptr;
    }
    if (var.causality == flat::Causality::Input) {
      diags_.errorf(where, "der() of an expression containing the input '{}', whose derivative is not known",
                    var.name);
      return nullptr;
    }
    return flat::makeVar(derivativeOf(v, where), where);
  }

  VarId derivativeOf(VarId state, SourceRange range) {
    auto it = derivative_.find(state);
    if (it != derivative_.end()) return it->second;
    flat::Variable d = derivativeVariable(model_.flat.variables[state]);
    d.range = range;  // the first der() of it
    VarId id = static_cast<VarId>(model_.flat.variables.size());
    model_.flat.variables.push_back(std::move(d));
    derivative_.emplace(state, id);
    return id;
  }

  CausalModel& model_;
  DiagnosticEngine& diags_;
  const std::set<VarId>& whenAssigned_;
  size_t declared_;  // variables before any derivative variable
  std::map<VarId, VarId> derivative_;
  bool ok_ = true;
};

// Targets of assignments inside when-statements, nested ones included.
void whenStatementTargets(const std::vector<flat::Statement>& statements, bool insideWhen, std::set<VarId>& out) {
  for (const flat::Statement& s : statements) {
    bool inside = insideWhen || s.kind == flat::StatementKind::When;
    if (insideWhen) {
      if (s.kind == flat::StatementKind::Assign) out.insert(s.target);
      if (s.kind == flat::StatementKind::TupleAssign)
        for (const auto& slot : s.targets)
          if (slot) out.insert(*slot);
    }
    for (const auto& branch : s.branches) whenStatementTargets(branch, inside, out);
  }
}

// Variables assigned in when-clauses: they change only at events.
std::set<VarId> assignedInWhenClauses(const flat::FlatModel& flat) {
  std::set<VarId> out;
  for (const flat::WhenEquation& when : flat.whenEquations)
    for (const flat::WhenBranch& branch : when.branches)
      for (const flat::Action& a : branch.actions)
        if (a.kind == flat::ActionKind::Assign) out.insert(a.target);
  for (const flat::Algorithm& algorithm : flat.algorithms) whenStatementTargets(algorithm.statements, false, out);
  return out;
}

// Clocked partition variables change only at their clock's ticks: they are
// discrete, whatever their type (spec 16.7). Anything else in a partition's
// variable list (a parameter, an input, a state) cannot be computed there.
bool classifyPartitionVariables(CausalModel& model, DiagnosticEngine& diags) {
  const size_t count = model.flat.variables.size();
  bool ok = true;
  for (const flat::ClockedPartition& partition : model.flat.clockedPartitions) {
    if (partition.tick >= count || model.flat.variables[partition.tick].type != flat::BaseType::Boolean) {
      diags.errorf(partition.range, "internal error: the clocked partition of clock {} has no Boolean tick variable",
                   partition.clock);
      ok = false;
      continue;
    }
    for (VarId v : partition.variables) {
      if (v >= count) {
        diags.errorf(partition.range, "internal error: the clocked partition of clock {} lists variable {}, "
                     "which does not exist", partition.clock, v);
        ok = false;
        continue;
      }
      Role& role = model.roles[v];
      if (role == Role::Algebraic || role == Role::Discrete) {
        role = Role::Discrete;
        continue;
      }
      const flat::Variable& var = model.flat.variables[v];
      const char* what = role == Role::State        ? "a continuous state (it appears in der())"
                         : role == Role::Input      ? "an input"
                         : role == Role::Derivative ? "a derivative"
                                                    : "a parameter or constant";
      diags.errorf(var.range, "'{}' is a variable of the clocked partition of clock {}, but it is {}", var.name,
                   partition.clock, what);
      ok = false;
    }
  }
  return ok;
}

}  // namespace

bool classifyVariables(CausalModel& model, DiagnosticEngine& diags) {
  const std::set<VarId> whenAssigned = assignedInWhenClauses(model.flat);
  DerivativeRewriter rewriter(model, diags, whenAssigned);
  size_t declared = model.flat.variables.size();
  mapModelExpressions(model.flat, [&](const ExprPtr& e) { return rewriter.rewrite(e); });
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
    flat::Variable& v = model.flat.variables[i];
    Role& role = model.roles[i];
    if (role == Role::State) continue;
    switch (v.variability) {
      case flat::Variability::Constant:
        role = Role::Constant;
        break;
      case flat::Variability::Parameter:
        // Every use of a String is evaluated at translation (a Clock's
        // solverMethod, a message), so a String parameter is a constant:
        // its binding, else its start value, else "" (spec 4.9.4).
        if (v.type == flat::BaseType::String) {
          role = Role::Constant;
          if (!v.binding) v.binding = v.attributes.start ? v.attributes.start : flat::makeString("", v.range);
          break;
        }
        if (v.attributes.fixed == false) {
          // Solved for during initialization (spec 8.6); its binding, if
          // any, is one of the initial equations.
          role = Role::InitialParameter;
          break;
        }
        role = v.binding && !isLiteral(*v.binding) ? Role::CalculatedParameter : Role::Parameter;
        break;
      case flat::Variability::Discrete:
      case flat::Variability::Continuous:
        role = v.causality == flat::Causality::Input ? Role::Input
               : v.variability == flat::Variability::Discrete || v.type != flat::BaseType::Real ||
                       whenAssigned.count(static_cast<VarId>(i))
                   ? Role::Discrete
                   : Role::Algebraic;
        break;
    }
  }
  if (!classifyPartitionVariables(model, diags)) return false;
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

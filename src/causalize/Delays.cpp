// The delay() pass (see Delays.h).
#include "causalize/Delays.h"

#include "causalize/ExprUtil.h"
#include "causalize/Statements.h"
#include "flatten/ConstEval.h"

#include <fmt/format.h>

namespace smc::causal {

namespace {

class DelaySeparator {
public:
  DelaySeparator(CausalModel& model, DiagnosticEngine& diags) : model_(model), diags_(diags), evaluator_(model.flat) {}

  // `e` with its delays numbered and reading a variable; new recording
  // equations go to added_ (with `origin`).
  ExprPtr rewrite(const ExprPtr& e, const std::string& origin) {
    if (!e) return e;
    ExprPtr out = mapChildren(e, [&](const ExprPtr& child) { return rewrite(child, origin); });
    if (out->kind != flat::ExprKind::Delay) return out;
    flat::Expr delay = *out;
    delay.boolean = readsOnlyThePast(delay);
    delay.args[0] = recordedVariable(delay.args[0], delay.range, origin);
    delay.integer = static_cast<long long>(model_.delayedVariables.size());
    model_.delayedVariables.push_back(delay.args[0]->var);
    return std::make_shared<const flat::Expr>(std::move(delay));
  }

  std::vector<flat::Equation>& added() { return added_; }
  bool ok() const { return ok_; }

private:
  // Whether delayTime is known to be positive now; reports a delay time
  // known to be negative or above delayMax.
  bool readsOnlyThePast(const flat::Expr& delay) {
    auto time = evaluator_.evaluate(*delay.args[1], delay.range);
    if (!time) return false;  // varies: it may reach 0, where the delay is its expression now
    auto max = evaluator_.evaluate(*delay.args[2], delay.range);
    if (time->asReal() < 0) {
      diags_.errorf(delay.args[1]->range, "the delay time of delay() is {}; it must not be negative",
                    flat::formatReal(time->asReal()));
      ok_ = false;
    } else if (max && time->asReal() > max->asReal()) {
      diags_.errorf(delay.args[1]->range, "the delay time of delay() is {}, more than delayMax = {}",
                    flat::formatReal(time->asReal()), flat::formatReal(max->asReal()));
      ok_ = false;
    }
    return time->asReal() > 0;
  }

  // A Real variable as it is; any other expression through `$delayK`.
  ExprPtr recordedVariable(const ExprPtr& value, SourceRange range, const std::string& origin) {
    if (value->kind == flat::ExprKind::Var) {
      const flat::Variable& v = model_.flat.variables[value->var];
      if (v.type == flat::BaseType::Real && (v.variability == flat::Variability::Continuous ||
                                             v.variability == flat::Variability::Discrete))
        return value;
    }
    flat::Variable v;
    v.name = fmt::format("$delay{}", model_.delayedVariables.size());
    v.type = flat::BaseType::Real;
    v.isHidden = true;
    v.range = range;
    const VarId id = static_cast<VarId>(model_.flat.variables.size());
    model_.flat.variables.push_back(std::move(v));
    ExprPtr var = flat::makeVar(id, range);
    added_.push_back(flat::Equation{var, value, range, origin});
    return var;
  }

  CausalModel& model_;
  DiagnosticEngine& diags_;
  flat::ConstantEvaluator evaluator_;
  std::vector<flat::Equation> added_;
  bool ok_ = true;
};

bool reportClockedDelays(const flat::FlatModel& flat, DiagnosticEngine& diags) {
  for (const flat::ClockedPartition& partition : flat.clockedPartitions)
    for (const flat::Equation& eq : partition.equations)
      for (const ExprPtr& side : {eq.lhs, eq.rhs})
        if (side && containsKind(*side, flat::ExprKind::Delay)) {
          diags.errorf(eq.range, "delay() in the clocked partition of {}: a clocked partition has values only "
                                 "at its ticks; use shiftSample() or previous() to delay there (spec 16.5)",
                       partition.clock);
          return false;
        }
  return true;
}

}  // namespace

ExprPtr undelayed(const ExprPtr& e) {
  if (!e) return e;
  if (e->kind == flat::ExprKind::Delay) return undelayed(e->args[0]);
  return mapChildren(e, [](const ExprPtr& child) { return undelayed(child); });
}

bool separateDelays(CausalModel& model, DiagnosticEngine& diags) {
  flat::FlatModel& flat = model.flat;
  if (!reportClockedDelays(flat, diags)) return false;
  DelaySeparator separator(model, diags);
  for (flat::Equation& eq : flat.equations) {
    eq.lhs = separator.rewrite(eq.lhs, eq.origin);
    eq.rhs = separator.rewrite(eq.rhs, eq.origin);
  }
  for (flat::WhenEquation& when : flat.whenEquations)
    for (flat::WhenBranch& branch : when.branches) {
      for (ExprPtr& c : branch.conditions) c = separator.rewrite(c, when.origin);
      for (flat::Action& a : branch.actions) {
        a.value = separator.rewrite(a.value, when.origin);
        a.message = separator.rewrite(a.message, when.origin);
      }
    }
  for (flat::Assertion& a : flat.assertions) {
    a.condition = separator.rewrite(a.condition, "");
    a.message = separator.rewrite(a.message, "");
  }
  for (flat::Algorithm& algorithm : flat.algorithms)
    mapExprs(algorithm.statements, [&](const ExprPtr& e) { return separator.rewrite(e, algorithm.origin); });
  for (flat::Equation& eq : flat.initialEquations) {
    eq.lhs = undelayed(eq.lhs);
    eq.rhs = undelayed(eq.rhs);
  }
  for (flat::Algorithm& algorithm : flat.initialAlgorithms) mapExprs(algorithm.statements, undelayed);
  flat.equations.insert(flat.equations.end(), separator.added().begin(), separator.added().end());
  return separator.ok();
}

}  // namespace smc::causal

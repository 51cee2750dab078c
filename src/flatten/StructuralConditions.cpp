// Parameter conditions decided at translation (spec 8.3.4, extended to
// if-expressions and the logical operators).
//
// An if-equation whose condition is a parameter expression keeps only the
// selected branch; this pass gives the same treatment to the Integer and
// Boolean equations of the model: `if p then a else b` with `p` a parameter
// expression that evaluates at translation becomes a or b, and `p and x` /
// `p or x` fold when p decides the result. Such equations define discrete
// variables, which the causalizer must solve as assignments in a fixed
// order; a variable that only occurs in a branch that can never be taken
// would otherwise create an algebraic loop among discrete variables that
// cannot be solved (the chapter's StateMachineSemantics reads c[i] only
// when transition i is immediate, a parameter). The parameters that decide
// such a condition (and those their bindings use) become constants: their
// values are part of the equations now.
#include "flatten/Flattener.h"

#include <set>

namespace smc::flatten {

namespace {

class ConditionFolder {
public:
  ConditionFolder(const flat::FlatModel& model, Flattener& flattener) : model_(model), flattener_(flattener) {}

  // Bottom-up, so that a condition folded to a literal decides its parent.
  flat::ExprPtr fold(const flat::ExprPtr& e) {
    if (!e) return e;
    bool changed = false;
    std::vector<flat::ExprPtr> args;
    for (const auto& arg : e->args) {
      args.push_back(fold(arg));
      changed = changed || args.back() != arg;
    }
    if (e->kind == flat::ExprKind::If && args.size() == 3) {
      if (auto decided = decide(*args[0])) return args[*decided ? 1 : 2];
    }
    if (e->kind == flat::ExprKind::Binary && (e->op == flat::Op::And || e->op == flat::Op::Or) && args.size() == 2) {
      bool isAnd = e->op == flat::Op::And;
      for (int side = 0; side < 2; ++side) {
        auto decided = decide(*args[side]);
        if (!decided) continue;
        // false and x = false, true or x = true; true and x = x, false or x = x.
        if (*decided != isAnd) return flat::makeBoolean(*decided, e->range);
        return args[1 - side];
      }
    }
    if (!changed) return e;
    auto copy = std::make_shared<flat::Expr>(*e);
    copy->args = std::move(args);
    return copy;
  }

private:
  // The value of a Boolean parameter expression, when it has one now.
  std::optional<bool> decide(const flat::Expr& condition) {
    if (condition.kind == flat::ExprKind::Boolean) return condition.boolean;
    if (!flattener_.isParameterExpression(condition, Scope{})) return std::nullopt;
    if (flat::typeOf(condition, model_) != flat::BaseType::Boolean) return std::nullopt;
    std::set<flat::VarId> parameters;
    if (!collectParameters(condition, parameters)) return std::nullopt;
    flat::ConstantEvaluator evaluator(model_);
    auto value = evaluator.evaluate(condition, condition.range);
    if (!value || value->kind != Constant::Boolean) return std::nullopt;
    decisive.insert(parameters.begin(), parameters.end());
    return value->boolean;
  }

public:
  // The parameters whose values decided a condition.
  std::set<flat::VarId> decisive;

private:
  // The parameters `e` depends on, through their bindings; false when one
  // has none (its value is then only known at initialization).
  bool collectParameters(const flat::Expr& e, std::set<flat::VarId>& out) const {
    if (e.kind == flat::ExprKind::Var) {
      if (!out.insert(e.var).second) return true;
      const flat::ExprPtr& binding = model_.variables[e.var].binding;
      return binding && collectParameters(*binding, out);
    }
    for (const auto& arg : e.args)
      if (arg && !collectParameters(*arg, out)) return false;
    return true;
  }

  const flat::FlatModel& model_;
  Flattener& flattener_;
};

}  // namespace

void Flattener::foldStructuralConditions() {
  ConditionFolder folder(model_, *this);
  for (flat::Equation& eq : model_.equations) {
    if (eq.lhs->kind != flat::ExprKind::Var) continue;
    flat::BaseType type = model_.variables[eq.lhs->var].type;
    if (type != flat::BaseType::Integer && type != flat::BaseType::Boolean) continue;
    eq.rhs = folder.fold(eq.rhs);
  }
  // Their values are now part of the equations: they cannot be changed any
  // more, so they become constants (not settable in the FMU) rather than
  // parameters whose new value would be silently ignored.
  for (flat::VarId id : folder.decisive) model_.variables[id].variability = flat::Variability::Constant;
}

}  // namespace smc::flatten

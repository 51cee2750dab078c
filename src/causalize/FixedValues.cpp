// Values fixed at translation and the derivatives they cancel; see
// FixedValues.h.
#include "causalize/FixedValues.h"

#include "causalize/ExprUtil.h"
#include "flatten/ConstEval.h"

#include <optional>
#include <set>
#include <vector>

namespace smc::causal {

namespace {

using flat::Expr;
using flat::ExprKind;
using flat::Variability;

class FixedValues {
public:
  explicit FixedValues(flat::FlatModel& model) : model_(model), state_(model.variables.size(), Unknown) {}

  // Whether `e` reads only literals and fixed variables.
  bool isFixed(const Expr& e) { return isFixedIn(e, 0); }

  bool isFixedZero(const Expr& e) {
    if (e.kind == ExprKind::Var) {
      // Once per variable: a large model reads its parameters many times.
      if (fixedZero_[e.var] == Unknown) fixedZero_[e.var] = evaluatesToZero(e) ? Fixed : Free;
      return fixedZero_[e.var] == Fixed;
    }
    return evaluatesToZero(e);
  }

  // Whether `e` is 0 whatever the values it reads: a fixed zero, a
  // variable an equation makes such a zero, and sums, products, quotients
  // and smooth()/noEvent() built on them (`cbc = smooth(1, Taur*is/vt +
  // Cjc*powlin(...))` with Taur and Cjc fixed at 0).
  bool isZero(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Var:
        if (zero_.count(e.var)) return true;
        return isFixedZero(e);
      case ExprKind::Unary: return e.op == flat::Op::Negate && isZero(*e.args[0]);
      case ExprKind::Binary:
        switch (e.op) {
          case flat::Op::Mul: return isZero(*e.args[0]) || isZero(*e.args[1]);
          case flat::Op::Div: return isZero(*e.args[0]);
          case flat::Op::Add:
          case flat::Op::Sub: return isZero(*e.args[0]) && isZero(*e.args[1]);
          default: return false;
        }
      case ExprKind::Call:
        if (e.fn == flat::Builtin::Smooth) return isZero(*e.args.back());
        if (e.fn == flat::Builtin::NoEvent) return isZero(*e.args[0]);
        return false;
      case ExprKind::If: return isZero(*e.args[1]) && isZero(*e.args[2]);
      default: return isFixedZero(e);
    }
  }

  // `v = e` with e zero: v is zero too (v not a state, so its equation
  // defines it). Repeated until nothing more is found.
  void findZeroVariables(const std::vector<flat::Equation>& equations, const std::set<flat::VarId>& states) {
    for (bool more = true; more;) {
      more = false;
      for (const flat::Equation& eq : equations)
        for (int side = 0; side < 2; ++side) {
          const flat::ExprPtr& target = side == 0 ? eq.lhs : eq.rhs;
          const flat::ExprPtr& value = side == 0 ? eq.rhs : eq.lhs;
          if (target->kind != ExprKind::Var || zero_.count(target->var) || states.count(target->var)) continue;
          if (containsDer(*value) || !isZero(*value)) continue;
          zero_.insert(target->var);
          more = true;
        }
    }
  }

private:
  enum State { Unknown, Visiting, Fixed, Free };
  // Bindings read through more parameters than this count as not fixed
  // (keeps the recursion shallow on generated chains of parameters).
  static constexpr int kMaxDepth = 256;

  bool evaluatesToZero(const Expr& e) {
    if (!isFixed(e)) return false;
    flat::ConstantEvaluator evaluator(model_);
    auto value = evaluator.evaluate(e);
    return value && value->kind != flat::Constant::String && value->kind != flat::Constant::Boolean &&
           value->asReal() == 0;
  }

  bool isFixedIn(const Expr& e, int depth) {
    if (e.kind == ExprKind::Var) return isFixedVariable(e.var, depth);
    if (e.kind == ExprKind::Der || e.kind == ExprKind::Pre || e.kind == ExprKind::Time ||
        e.kind == ExprKind::FunctionCall || e.kind == ExprKind::Element)
      return false;
    for (const auto& arg : e.args)
      if (arg && !isFixedIn(*arg, depth)) return false;
    return true;
  }

  bool isFixedVariable(flat::VarId id, int depth) {
    State& state = state_[id];
    if (state == Fixed || state == Free) return state == Fixed;
    if (state == Visiting || depth > kMaxDepth) return false;  // a binding that reads itself, or too deep
    state = Visiting;
    flat::Variable& v = model_.variables[id];
    bool fixed = v.variability == Variability::Constant;
    if (!fixed && v.variability == Variability::Parameter && v.binding && v.attributes.fixed != false &&
        v.type != flat::BaseType::String) {
      // A literal binding is a start value an importer may change, unless
      // the declaration asks for evaluation.
      const bool settable = isLiteral(*v.binding) && !v.evaluate;
      fixed = !settable && isFixedIn(*v.binding, depth + 1);
      if (fixed && v.evaluate) v.variability = Variability::Constant;
    }
    state_[id] = fixed ? Fixed : Free;
    return fixed;
  }

  flat::FlatModel& model_;
  std::vector<State> state_;
  std::vector<State> fixedZero_ = std::vector<State>(model_.variables.size(), Unknown);
  std::set<flat::VarId> zero_;
};

void collectDerivativeArguments(const Expr& e, std::set<flat::VarId>& out) {
  if (e.kind == ExprKind::Der && e.args[0]->kind == ExprKind::Var) out.insert(e.args[0]->var);
  for (const auto& arg : e.args)
    if (arg) collectDerivativeArguments(*arg, out);
}

// `e` with every product that has a factor fixed at zero and holds a der()
// replaced by 0.
flat::ExprPtr withoutVanishingDerivatives(const flat::ExprPtr& e, FixedValues& fixed) {
  if (!e || e->args.empty() || !containsDer(*e)) return e;
  if (e->kind == ExprKind::Binary && e->op == flat::Op::Mul &&
      (fixed.isZero(*e->args[0]) || fixed.isZero(*e->args[1])))
    return flat::makeReal(0, e->range);
  std::optional<Expr> copy;
  for (size_t i = 0; i < e->args.size(); ++i) {
    flat::ExprPtr arg = withoutVanishingDerivatives(e->args[i], fixed);
    if (arg == e->args[i]) continue;
    if (!copy) copy = *e;
    copy->args[i] = arg;
  }
  return copy ? std::make_shared<const Expr>(std::move(*copy)) : e;
}

}  // namespace

bool foldFixedZeros(CausalModel& model, DiagnosticEngine&) {
  flat::FlatModel& flat = model.flat;
  FixedValues fixed(flat);
  // Evaluate = true: a constant once its binding is known to be fixed.
  for (flat::VarId id = 0; id < flat.variables.size(); ++id)
    if (flat.variables[id].evaluate) fixed.isFixed(*flat::makeVar(id, flat.variables[id].range));
  std::set<flat::VarId> differentiated;
  for (const flat::Equation& eq : flat.equations) {
    collectDerivativeArguments(*eq.lhs, differentiated);
    collectDerivativeArguments(*eq.rhs, differentiated);
  }
  fixed.findZeroVariables(flat.equations, differentiated);
  for (flat::Equation& eq : flat.equations) {
    eq.lhs = withoutVanishingDerivatives(eq.lhs, fixed);
    eq.rhs = withoutVanishingDerivatives(eq.rhs, fixed);
  }
  return true;
}

}  // namespace smc::causal

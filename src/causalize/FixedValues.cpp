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
  explicit FixedValues(flat::FlatModel& model)
      : model_(model), state_(model.variables.size(), Unknown), stateWithCalls_(model.variables.size(), Unknown) {}

  // Whether `e` reads only literals and fixed variables.
  bool isFixed(const Expr& e) { return isFixedIn(e, 0, Calls::Refused); }

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

  // Whether a binding may call functions. A value fixed through a call is
  // known once the call is run at translation, which a zero test does; a
  // parameter whose value only a call gives stays a parameter of the FMU.
  enum class Calls { Refused, Evaluated };

  bool evaluatesToZero(const Expr& e) {
    if (!isFixedIn(e, 0, Calls::Evaluated)) return false;
    flat::ConstantEvaluator evaluator(model_);
    auto value = evaluator.evaluate(e);
    return value && value->kind != flat::Constant::String && value->kind != flat::Constant::Boolean &&
           value->asReal() == 0;
  }

  bool isFixedIn(const Expr& e, int depth, Calls calls) {
    if (e.kind == ExprKind::Var) return isFixedVariable(e.var, depth, calls);
    if (e.kind == ExprKind::Der || e.kind == ExprKind::Pre || e.kind == ExprKind::Time ||
        e.kind == ExprKind::Element)
      return false;
    if (e.kind == ExprKind::FunctionCall && (calls == Calls::Refused || isImpure(model_.functions[e.function])))
      return false;
    for (const auto& arg : e.args)
      if (arg && !isFixedIn(*arg, depth, calls)) return false;
    return true;
  }

  static bool isImpure(const flat::Function& f) { return f.external && f.external->impure; }

  bool isFixedVariable(flat::VarId id, int depth, Calls calls) {
    State& state = (calls == Calls::Refused ? state_ : stateWithCalls_)[id];
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
      fixed = !settable && isFixedIn(*v.binding, depth + 1, calls);
      if (fixed && v.evaluate && calls == Calls::Refused) v.variability = Variability::Constant;
    }
    (calls == Calls::Refused ? state_ : stateWithCalls_)[id] = fixed ? Fixed : Free;
    return fixed;
  }

  flat::FlatModel& model_;
  std::vector<State> state_;
  std::vector<State> stateWithCalls_;
  std::vector<State> fixedZero_ = std::vector<State>(model_.variables.size(), Unknown);
  std::set<flat::VarId> zero_;
};

void collectDerivativeArguments(const Expr& e, std::set<flat::VarId>& out) {
  if (e.kind == ExprKind::Der && e.args[0]->kind == ExprKind::Var) out.insert(e.args[0]->var);
  for (const auto& arg : e.args)
    if (arg) collectDerivativeArguments(*arg, out);
}

// Whether `e` reads something the run computes: a variable that is not
// fixed at translation, or a derivative.
bool readsUnknowns(const Expr& e, FixedValues& fixed) {
  if (e.kind == ExprKind::Der) return true;
  if (e.kind == ExprKind::Var) return !fixed.isFixed(e);
  for (const auto& arg : e.args)
    if (arg && readsUnknowns(*arg, fixed)) return true;
  return false;
}

// `e` with every product that has a factor fixed at zero and reads an
// unknown replaced by 0: the unknown does not occur there, whatever value
// it takes, so matching must not pick that equation to compute it (a
// Spice3 MOSFET's `irs * R = S.v - Sinternal` with R evaluated to 0 says
// S.v = Sinternal and nothing about irs).
flat::ExprPtr withoutVanishingProducts(const flat::ExprPtr& e, FixedValues& fixed) {
  if (!e || e->args.empty()) return e;
  if (e->kind == ExprKind::Binary && e->op == flat::Op::Mul &&
      (fixed.isZero(*e->args[0]) || fixed.isZero(*e->args[1])) && readsUnknowns(*e, fixed))
    return flat::makeReal(0, e->range);
  std::optional<Expr> copy;
  for (size_t i = 0; i < e->args.size(); ++i) {
    flat::ExprPtr arg = withoutVanishingProducts(e->args[i], fixed);
    if (arg == e->args[i]) continue;
    if (!copy) copy = *e;
    copy->args[i] = arg;
  }
  return copy ? std::make_shared<const Expr>(std::move(*copy)) : e;
}

void collectVariables(const Expr& e, std::vector<flat::VarId>& out) {
  if (e.kind == ExprKind::Var) out.push_back(e.var);
  for (const auto& arg : e.args)
    if (arg) collectVariables(*arg, out);
}

// A parameter that the binding of an evaluated one reads is evaluated too:
// its value is built into the other's, so it cannot change afterwards
// either (the spec's "not possible to change the parameter value after
// symbolic pre-processing", spec 18.3). A Spice3 MOSFET's evaluated device
// record `m` reads its plain parameter NRD.
void propagateEvaluation(flat::FlatModel& flat) {
  std::vector<flat::VarId> work;
  for (flat::VarId id = 0; id < flat.variables.size(); ++id)
    if (flat.variables[id].evaluate) work.push_back(id);
  std::vector<flat::VarId> read;
  while (!work.empty()) {
    const flat::Variable& v = flat.variables[work.back()];
    work.pop_back();
    if (!v.binding) continue;
    read.clear();
    collectVariables(*v.binding, read);
    for (flat::VarId id : read) {
      flat::Variable& r = flat.variables[id];
      if (r.evaluate || r.variability != Variability::Parameter) continue;
      r.evaluate = true;
      work.push_back(id);
    }
  }
}

}  // namespace

bool foldFixedZeros(CausalModel& model, DiagnosticEngine&) {
  flat::FlatModel& flat = model.flat;
  propagateEvaluation(flat);
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
    eq.lhs = withoutVanishingProducts(eq.lhs, fixed);
    eq.rhs = withoutVanishingProducts(eq.rhs, fixed);
  }
  return true;
}

}  // namespace smc::causal

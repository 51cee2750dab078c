// Symbolic differentiation with respect to time (see Differentiate.h).
// Piecewise-constant parts (pre(), relations, integer(), floor(), sign(),
// ...) have derivative zero between events; an if-expression differentiates
// its branches under the same condition.
#include "causalize/Differentiate.h"

#include "causalize/InlineCalls.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>

namespace smc::causal {

namespace {

using flat::Builtin;
using flat::Expr;
using flat::ExprKind;
using flat::Op;

bool isLiteralValue(const ExprPtr& e, double value) {
  return (e->kind == ExprKind::Real && e->real == value) || (e->kind == ExprKind::Integer && e->integer == value);
}

// Builders that fold the zeros and ones differentiation produces.
ExprPtr zero(SourceRange r) { return flat::makeReal(0, r); }

ExprPtr add(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (isLiteralValue(a, 0)) return b;
  if (isLiteralValue(b, 0)) return a;
  return flat::makeBinary(Op::Add, a, b, r);
}

ExprPtr sub(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (isLiteralValue(b, 0)) return a;
  if (isLiteralValue(a, 0)) return flat::makeUnary(Op::Negate, b, r);
  return flat::makeBinary(Op::Sub, a, b, r);
}

ExprPtr mul(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (isLiteralValue(a, 0) || isLiteralValue(b, 0)) return zero(r);
  if (isLiteralValue(a, 1)) return b;
  if (isLiteralValue(b, 1)) return a;
  return flat::makeBinary(Op::Mul, a, b, r);
}

ExprPtr div(const ExprPtr& a, const ExprPtr& b, SourceRange r) {
  if (isLiteralValue(a, 0)) return zero(r);
  if (isLiteralValue(b, 1)) return a;
  return flat::makeBinary(Op::Div, a, b, r);
}

ExprPtr neg(const ExprPtr& a, SourceRange r) {
  if (isLiteralValue(a, 0)) return a;
  return flat::makeUnary(Op::Negate, a, r);
}

// b - 1, computed when b is a literal (x^2 differentiates to 2 x^1).
ExprPtr exponentMinusOne(const ExprPtr& b, SourceRange r) {
  if (b->kind == ExprKind::Integer) return flat::makeInteger(b->integer - 1, r);
  if (b->kind == ExprKind::Real) return flat::makeReal(b->real - 1, r);
  return sub(b, flat::makeReal(1, r), r);
}

ExprPtr call(Builtin fn, std::vector<ExprPtr> args, SourceRange r) { return flat::makeCall(fn, std::move(args), r); }

ExprPtr square(const ExprPtr& a, SourceRange r) { return flat::makeBinary(Op::Mul, a, a, r); }

class Differentiator {
public:
  Differentiator(const VariableDerivative& derivativeOf, const std::vector<flat::Function>& functions,
                 DiagnosticEngine& diags)
      : derivativeOf_(derivativeOf), functions_(functions), diags_(diags) {}

  // Null after a report.
  ExprPtr d(const ExprPtr& e) {
    const SourceRange r = e->range;
    switch (e->kind) {
      case ExprKind::Real:
      case ExprKind::Integer:
      case ExprKind::Boolean:
      case ExprKind::Pre:
      case ExprKind::Initial:
      case ExprKind::Terminal:
      case ExprKind::Sample:
        return zero(r);
      case ExprKind::Time: return flat::makeReal(1, r);
      case ExprKind::Var: return derivativeOf_(e->var, r);
      case ExprKind::Unary: {
        if (e->op == Op::Not) return zero(r);
        ExprPtr a = d(e->args[0]);
        return a ? neg(a, r) : nullptr;
      }
      case ExprKind::Binary: return binary(*e);
      case ExprKind::If: {
        ExprPtr a = d(e->args[1]);
        ExprPtr b = a ? d(e->args[2]) : nullptr;
        if (!b) return nullptr;
        if (isLiteralValue(a, 0) && isLiteralValue(b, 0)) return zero(r);
        return flat::makeIf(e->args[0], a, b, r);
      }
      case ExprKind::Call: return builtin(*e);
      case ExprKind::FunctionCall: return functionCall(*e);
      case ExprKind::Delay: return fail(r, "der() of an expression with delay() in it");
      case ExprKind::String:
      case ExprKind::Der:
      case ExprKind::Tuple:
      case ExprKind::Element:
      case ExprKind::ClockConstructor:
      case ExprKind::ClockOp:
      case ExprKind::ActiveState:
      case ExprKind::TicksInState:
      case ExprKind::TimeInState:
        return fail(r, "der() of this kind of expression");
    }
    return fail(r, "der() of this kind of expression");
  }

private:
  ExprPtr fail(SourceRange r, const std::string& what) {
    diags_.unsupported(r, what);
    return nullptr;
  }

  // f(x) with annotation(derivative = f_der): f_der(x, der(x)), the
  // output of the same position (spec 12.7.1).
  ExprPtr functionCall(const Expr& e) {
    const flat::Function& fn = functions_[e.function];
    if (!fn.derivative) {
      // A body of straight-line assignments (Complex's operators) is its
      // output as an expression of the arguments, differentiated as such.
      if (ExprPtr inlined = inlinedOutput(fn, e.output, e.args)) return d(inlined);
      return fail(e.range, fmt::format("der() of a call of '{}', which has no derivative annotation and whose "
                                       "body is not straight-line assignments (spec 12.7.1)",
                                       fn.name));
    }
    std::vector<ExprPtr> args = e.args;
    for (size_t k = 0; k < e.args.size() && k < fn.derivative->inputs.size(); ++k) {
      const flat::InputDerivative kind = fn.derivative->inputs[k];
      if (kind == flat::InputDerivative::None) continue;
      ExprPtr dk = d(e.args[k]);
      if (!dk) return nullptr;
      if (kind == flat::InputDerivative::Differentiated) {
        args.push_back(dk);
      } else if (!isLiteralValue(dk, 0)) {
        return fail(e.range, fmt::format("der() of a call of '{}' whose derivative annotation needs input {} "
                                         "to be constant (zeroDerivative), which it is not",
                                         fn.name, fn.variables[k].name));
      }
    }
    return flat::makeFunctionCall(fn.derivative->function, e.output, args, e.range);
  }

  ExprPtr binary(const Expr& e) {
    const SourceRange r = e.range;
    const ExprPtr& a = e.args[0];
    const ExprPtr& b = e.args[1];
    switch (e.op) {
      case Op::Less: case Op::LessEq: case Op::Greater: case Op::GreaterEq:
      case Op::Equal: case Op::NotEqual: case Op::And: case Op::Or:
        return zero(r);  // Boolean: piecewise constant
      default: break;
    }
    ExprPtr da = d(a);
    ExprPtr db = da ? d(b) : nullptr;
    if (!db) return nullptr;
    switch (e.op) {
      case Op::Add: return add(da, db, r);
      case Op::Sub: return sub(da, db, r);
      case Op::Mul: return add(mul(da, b, r), mul(a, db, r), r);
      case Op::Div:
        // (a/b)' = a'/b - a b'/b^2
        return sub(div(da, b, r), div(mul(a, db, r), square(b, r), r), r);
      case Op::Pow:
        if (isLiteralValue(db, 0)) {
          // (a^b)' = b a^(b-1) a' for b constant in time
          ExprPtr lower = flat::makeBinary(Op::Pow, a, exponentMinusOne(b, r), r);
          if (isLiteralValue(b, 2)) lower = a;
          return mul(mul(b, lower, r), da, r);
        }
        // (a^b)' = a^b (b' log(a) + b a'/a)
        return mul(flat::makeBinary(Op::Pow, a, b, r),
                   add(mul(db, call(Builtin::Log, {a}, r), r), div(mul(b, da, r), a, r), r), r);
      default: return zero(r);
    }
  }

  ExprPtr builtin(const Expr& e) {
    const SourceRange r = e.range;
    switch (e.fn) {
      // Piecewise constant between events.
      case Builtin::Sign: case Builtin::Floor: case Builtin::Ceil: case Builtin::Integer: case Builtin::Div:
        return zero(r);
      case Builtin::String:
      case Builtin::StringFormat: return fail(r, "der() of String()");
      default: break;
    }
    const ExprPtr& u = e.args[0];
    ExprPtr du = d(u);
    if (!du) return nullptr;
    switch (e.fn) {
      case Builtin::Abs: return mul(call(Builtin::Sign, {u}, r), du, r);
      case Builtin::Sqrt: return div(du, mul(flat::makeReal(2, r), call(Builtin::Sqrt, {u}, r), r), r);
      case Builtin::Sin: return mul(call(Builtin::Cos, {u}, r), du, r);
      case Builtin::Cos: return neg(mul(call(Builtin::Sin, {u}, r), du, r), r);
      case Builtin::Tan: return div(du, square(call(Builtin::Cos, {u}, r), r), r);
      case Builtin::Asin:
        return div(du, call(Builtin::Sqrt, {sub(flat::makeReal(1, r), square(u, r), r)}, r), r);
      case Builtin::Acos:
        return neg(div(du, call(Builtin::Sqrt, {sub(flat::makeReal(1, r), square(u, r), r)}, r), r), r);
      case Builtin::Atan: return div(du, add(flat::makeReal(1, r), square(u, r), r), r);
      case Builtin::Sinh: return mul(call(Builtin::Cosh, {u}, r), du, r);
      case Builtin::Cosh: return mul(call(Builtin::Sinh, {u}, r), du, r);
      case Builtin::Tanh:
        return mul(sub(flat::makeReal(1, r), square(call(Builtin::Tanh, {u}, r), r), r), du, r);
      case Builtin::Exp: return mul(call(Builtin::Exp, {u}, r), du, r);
      case Builtin::Log: return div(du, u, r);
      case Builtin::Log10: return div(du, mul(u, flat::makeReal(std::log(10.0), r), r), r);
      case Builtin::NoEvent: return call(Builtin::NoEvent, {du}, r);
      case Builtin::Smooth: {
        // smooth(p, x)' = smooth(p - 1, x'): one order of continuity less.
        ExprPtr dx = d(e.args[1]);
        if (!dx) return nullptr;
        ExprPtr order = e.args[0];
        if (order->kind == ExprKind::Integer && order->integer > 0)
          order = flat::makeInteger(order->integer - 1, order->range);
        return call(Builtin::Smooth, {order, dx}, r);
      }
      default: break;
    }
    // Two-argument built-ins: u is args[0], v is args[1].
    const ExprPtr& v = e.args.size() > 1 ? e.args[1] : u;
    ExprPtr dv = d(v);
    if (!dv) return nullptr;
    switch (e.fn) {
      case Builtin::Atan2:
        // atan2(u, v)' = (v u' - u v') / (u^2 + v^2)
        return div(sub(mul(v, du, r), mul(u, dv, r), r), add(square(u, r), square(v, r), r), r);
      case Builtin::Min:
        return flat::makeIf(flat::makeBinary(Op::Less, u, v, r), du, dv, r);
      case Builtin::Max:
        return flat::makeIf(flat::makeBinary(Op::Greater, u, v, r), du, dv, r);
      case Builtin::Mod:
        // mod(u, v) = u - floor(u/v) v, floor piecewise constant
        return sub(du, mul(call(Builtin::Floor, {div(u, v, r)}, r), dv, r), r);
      case Builtin::Rem:
        return sub(du, mul(call(Builtin::Div, {u, v}, r), dv, r), r);
      case Builtin::SemiLinear: {
        // semiLinear(x, k+, k-) = if x >= 0 then k+ x else k- x
        const ExprPtr& km = e.args[2];
        ExprPtr dkm = d(km);
        if (!dkm) return nullptr;
        return flat::makeIf(flat::makeBinary(Op::GreaterEq, u, flat::makeReal(0, r), r),
                            add(mul(v, du, r), mul(u, dv, r), r), add(mul(km, du, r), mul(u, dkm, r), r), r);
      }
      default: return fail(r, fmt::format("der() of {}()", flat::toString(e.fn)));
    }
  }

  const VariableDerivative& derivativeOf_;
  const std::vector<flat::Function>& functions_;
  DiagnosticEngine& diags_;
};

}  // namespace

ExprPtr timeDerivative(const ExprPtr& e, const VariableDerivative& derivativeOf,
                       const std::vector<flat::Function>& functions, DiagnosticEngine& diags) {
  Differentiator differentiator(derivativeOf, functions, diags);
  return differentiator.d(e);
}

}  // namespace smc::causal

// Structural equality (see ExprEquality.h): same kind, same payload for the
// kind, same operands, recursively.
#include "flatten/ExprEquality.h"

namespace smc::flat {

bool sameNode(const Expr& a, const Expr& b) {
  if (a.kind != b.kind || a.args.size() != b.args.size()) return false;
  switch (a.kind) {
    case ExprKind::Real: return a.real == b.real;
    case ExprKind::Integer: return a.integer == b.integer;
    case ExprKind::Boolean: return a.boolean == b.boolean;
    case ExprKind::String: return a.text == b.text;
    case ExprKind::Var: return a.var == b.var;
    case ExprKind::Time: return true;
    case ExprKind::Unary:
    case ExprKind::Binary:
      if (a.op != b.op) return false;
      break;
    case ExprKind::Call:
      if (a.fn != b.fn) return false;
      break;
    case ExprKind::FunctionCall:
      if (a.function != b.function || a.output != b.output) return false;
      break;
    case ExprKind::Element:
      if (a.integer != b.integer) return false;
      break;
    case ExprKind::Delay:
      if (a.integer != b.integer || a.boolean != b.boolean) return false;
      break;
    case ExprKind::If:
    case ExprKind::Der:
    case ExprKind::Pre:
    case ExprKind::Initial:
    case ExprKind::Terminal:
    case ExprKind::Sample:
    case ExprKind::Tuple: break;
    case ExprKind::ClockConstructor:
      if (a.clockForm != b.clockForm) return false;
      break;
    case ExprKind::ClockOp:
      if (a.clockOp != b.clockOp) return false;
      break;
    case ExprKind::ActiveState:
      if (a.text != b.text) return false;
      break;
    case ExprKind::TicksInState:
    case ExprKind::TimeInState: break;
  }
  return true;
}

bool sameExpr(const Expr& a, const Expr& b) {
  if (!sameNode(a, b)) return false;
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (!a.args[i] || !b.args[i]) {
      if (a.args[i] != b.args[i]) return false;
    } else if (!sameExpr(*a.args[i], *b.args[i])) {
      return false;
    }
  }
  return true;
}

}  // namespace smc::flat

// Structural equality (see ExprEquality.h): same kind, same payload for the
// kind, same operands, recursively.
#include "codegen/ExprEquality.h"

namespace smc::codegen {

bool sameNode(const flat::Expr& a, const flat::Expr& b) {
  if (a.kind != b.kind || a.args.size() != b.args.size()) return false;
  switch (a.kind) {
    case flat::ExprKind::Real: return a.real == b.real;
    case flat::ExprKind::Integer: return a.integer == b.integer;
    case flat::ExprKind::Boolean: return a.boolean == b.boolean;
    case flat::ExprKind::String: return a.text == b.text;
    case flat::ExprKind::Var: return a.var == b.var;
    case flat::ExprKind::Time: return true;
    case flat::ExprKind::Unary:
    case flat::ExprKind::Binary:
      if (a.op != b.op) return false;
      break;
    case flat::ExprKind::Call:
      if (a.fn != b.fn) return false;
      break;
    case flat::ExprKind::FunctionCall:
      if (a.function != b.function || a.output != b.output) return false;
      break;
    case flat::ExprKind::Element:
      if (a.integer != b.integer) return false;
      break;
    case flat::ExprKind::Delay:
      if (a.integer != b.integer || a.boolean != b.boolean) return false;
      break;
    case flat::ExprKind::If:
    case flat::ExprKind::Der:
    case flat::ExprKind::Pre:
    case flat::ExprKind::Initial:
    case flat::ExprKind::Terminal:
    case flat::ExprKind::Sample:
    case flat::ExprKind::Tuple: break;
    case flat::ExprKind::ClockConstructor:
      if (a.clockForm != b.clockForm) return false;
      break;
    case flat::ExprKind::ClockOp:
      if (a.clockOp != b.clockOp) return false;
      break;
    case flat::ExprKind::ActiveState:
      if (a.text != b.text) return false;
      break;
    case flat::ExprKind::TicksInState:
    case flat::ExprKind::TimeInState: break;
  }
  return true;
}

bool sameExpr(const flat::Expr& a, const flat::Expr& b) {
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

bool keepsStartValue(const flat::Variable& target, flat::VarId targetId, const flat::Expr& value) {
  if (value.kind == flat::ExprKind::Var && value.var == targetId) return true;
  // During initialization pre(x) is x's start value (spec 8.6).
  if (value.kind == flat::ExprKind::Pre && value.args.size() == 1 && value.args[0] &&
      value.args[0]->kind == flat::ExprKind::Var && value.args[0]->var == targetId)
    return true;
  return target.attributes.start && sameExpr(value, *target.attributes.start);
}

}  // namespace smc::codegen

// `x := start(x)` recognised (see ExprEquality.h).
#include "codegen/ExprEquality.h"

namespace smc::codegen {

bool keepsStartValue(const flat::Variable& target, flat::VarId targetId, const flat::Expr& value) {
  if (value.kind == flat::ExprKind::Var && value.var == targetId) return true;
  // During initialization pre(x) is x's start value (spec 8.6).
  if (value.kind == flat::ExprKind::Pre && value.args.size() == 1 && value.args[0] &&
      value.args[0]->kind == flat::ExprKind::Var && value.args[0]->var == targetId)
    return true;
  return target.attributes.start && sameExpr(value, *target.attributes.start);
}

}  // namespace smc::codegen

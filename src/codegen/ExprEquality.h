// An initialization block `x := start(x)`, which the variable's start
// value satisfies without being computed, recognised by structural
// equality (flatten/ExprEquality.h).
#pragma once

#include "flatten/ExprEquality.h"

namespace smc::codegen {

using flat::sameExpr;
using flat::sameNode;

// `x := value` where value is x itself, pre(x) (the start value during
// initialization) or x's start expression.
bool keepsStartValue(const flat::Variable& target, flat::VarId targetId, const flat::Expr& value);

}  // namespace smc::codegen

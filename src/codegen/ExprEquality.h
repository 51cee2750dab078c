// Structural equality of flat expressions (source ranges ignored). The code
// generator uses it to recognise an initialization block `x := start(x)`,
// which the variable's start value satisfies without being computed.
#pragma once

#include "flatten/FlatModel.h"

namespace smc::codegen {

bool sameExpr(const flat::Expr& a, const flat::Expr& b);

// The same node, operands aside: kind, number of operands, and the payload
// of the kind (a Var's variable, a literal's value, an operator, ...).
bool sameNode(const flat::Expr& a, const flat::Expr& b);

// `x := value` where value is x itself, pre(x) (the start value during
// initialization) or x's start expression.
bool keepsStartValue(const flat::Variable& target, flat::VarId targetId, const flat::Expr& value);

}  // namespace smc::codegen

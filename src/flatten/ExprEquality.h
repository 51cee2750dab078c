// Structural equality of flat expressions (source ranges ignored):
// flattening uses it to see that two range bounds differ by a constant
// (`x[i - 2:i - 1]`), the code generator to recognise an initialization
// block `x := start(x)`.
#pragma once

#include "flatten/FlatModel.h"

namespace smc::flat {

bool sameExpr(const Expr& a, const Expr& b);

// The same node, operands aside: kind, number of operands, and the payload
// of the kind (a Var's variable, a literal's value, an operator, ...).
bool sameNode(const Expr& a, const Expr& b);

}  // namespace smc::flat

// Symbolic differentiation with respect to time (spec 3.7.4.2: der() of an
// expression is the derivative of the expression). The rules are the
// textbook ones for the operators and the built-in functions of spec 3.7;
// what a variable's derivative is comes from the caller: a state's
// derivative variable, zero for a parameter or a discrete variable. Index
// reduction will differentiate whole equations with the same rules.
#pragma once

#include "flatten/FlatModel.h"
#include "frontend/Diagnostics.h"

#include <functional>

namespace smc::causal {

using flat::ExprPtr;
using flat::VarId;

// The time derivative of variable `var` (read at `where`): an expression,
// or null after reporting why it has none.
using VariableDerivative = std::function<ExprPtr(VarId var, SourceRange where)>;

// d/dt of `e`, literal zeros and ones folded away; null after reporting a
// part that cannot be differentiated (a user function call without a
// derivative annotation, a String).
// A call of a user function differentiates through the function its
// derivative annotation names (spec 12.7.1), found in `functions`.
ExprPtr timeDerivative(const ExprPtr& e, const VariableDerivative& derivativeOf,
                       const std::vector<flat::Function>& functions, DiagnosticEngine& diags);

}  // namespace smc::causal

// Small queries and rewrites over flat expressions used by causalization.
#pragma once

#include "flatten/FlatModel.h"

#include <functional>
#include <set>

namespace smc::causal {

using flat::ExprPtr;
using flat::VarId;

// A copy of `e` with each child replaced by f(child); `e` itself when no
// child changed (keeps sharing).
ExprPtr mapChildren(const ExprPtr& e, const std::function<ExprPtr(const ExprPtr&)>& f);

bool containsDer(const flat::Expr& e);
bool containsVar(const flat::Expr& e, VarId var);
void collectVars(const flat::Expr& e, std::set<VarId>& out);
bool isLiteral(const flat::Expr& e);  // a literal, or a negated one

// Solves `lhs = rhs` for `var` when the equation is linear in it:
// returns the expression for var, or null when it is not linear (or the
// coefficient is literally zero).
ExprPtr solveLinear(const ExprPtr& lhs, const ExprPtr& rhs, VarId var);

}  // namespace smc::causal

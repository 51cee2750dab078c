// Statement walks over flat algorithm statements (spec 11): which variables
// they assign, and every expression slot of a statement (value, message,
// conditions, for-range) with nested statement lists (branches). Shared by
// the clocks stage (clocked algorithms) and causalization.
#pragma once

#include "flatten/FlatModel.h"

#include <functional>
#include <vector>

namespace smc::flat {

// Variables assigned by `statements` (assignments, tuple assignments and
// for-iterators, nested statements included; reinit targets excluded), in
// order of first assignment.
std::vector<VarId> assignedVariables(const std::vector<Statement>& statements);

// Calls f on every expression of the statements, nested ones included.
void forEachExpr(const std::vector<Statement>& statements, const std::function<void(const ExprPtr&)>& f);

// Replaces every expression e of the statements by f(e), in place.
void mapExprs(std::vector<Statement>& statements, const std::function<ExprPtr(const ExprPtr&)>& f);

}  // namespace smc::flat

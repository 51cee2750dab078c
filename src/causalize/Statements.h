// Walks over algorithm statements (spec 11) used by causalization: which
// variables an algorithm assigns and reads, and expression rewriting that
// preserves the statement structure.
#pragma once

#include "flatten/FlatModel.h"

#include <functional>
#include <set>
#include <vector>

namespace smc::causal {

// Variables assigned by `statements` (assignments, tuple assignments and
// for-iterators, nested statements included; reinit targets excluded), in
// order of first assignment.
std::vector<flat::VarId> assignedVariables(const std::vector<flat::Statement>& statements);

// Variables whose current value the statements read (pre() arguments
// excluded).
void collectStatementUses(const std::vector<flat::Statement>& statements, std::set<flat::VarId>& out);

// Calls f on every expression of the statements, nested ones included.
void forEachExpr(const std::vector<flat::Statement>& statements,
                 const std::function<void(const flat::ExprPtr&)>& f);

// Replaces every expression e of the statements by f(e), in place.
void mapExprs(std::vector<flat::Statement>& statements,
              const std::function<flat::ExprPtr(const flat::ExprPtr&)>& f);

}  // namespace smc::causal

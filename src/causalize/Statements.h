// Walks over algorithm statements (spec 11) used by causalization: which
// variables an algorithm reads (the walks themselves are in
// flatten/StatementWalk.h, shared with the clocks stage).
#pragma once

#include "flatten/FlatModel.h"
#include "flatten/StatementWalk.h"

#include <set>
#include <vector>

namespace smc::causal {

using flat::assignedVariables;
using flat::forEachExpr;
using flat::mapExprs;

// Variables whose current value the statements read (pre() arguments
// excluded).
void collectStatementUses(const std::vector<flat::Statement>& statements, std::set<flat::VarId>& out);

}  // namespace smc::causal

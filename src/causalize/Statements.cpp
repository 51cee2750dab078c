// What algorithm statements read (Statements.h).
#include "causalize/Statements.h"

#include "causalize/ExprUtil.h"

namespace smc::causal {

void collectStatementUses(const std::vector<flat::Statement>& statements, std::set<flat::VarId>& out) {
  forEachExpr(statements, [&](const flat::ExprPtr& e) { collectUses(*e, out); });
}

}  // namespace smc::causal

// Statement walks: every expression slot of a statement (value, message,
// conditions, for-range) and every nested statement list (branches).
#include "causalize/Statements.h"

#include "causalize/ExprUtil.h"

#include <algorithm>

namespace smc::causal {

namespace {

void assigned(const std::vector<flat::Statement>& statements, std::vector<flat::VarId>& out) {
  auto add = [&](flat::VarId v) {
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  for (const flat::Statement& s : statements) {
    switch (s.kind) {
      case flat::StatementKind::Assign: add(s.target); break;
      case flat::StatementKind::TupleAssign:
        for (const auto& slot : s.targets)
          if (slot) add(*slot);
        break;
      case flat::StatementKind::For: add(s.iterator); break;
      case flat::StatementKind::AssignElement:  // functions only: no model variable
      case flat::StatementKind::If:
      case flat::StatementKind::While:
      case flat::StatementKind::When:
      case flat::StatementKind::Break:
      case flat::StatementKind::Return:
      case flat::StatementKind::Reinit:
      case flat::StatementKind::Assert:
      case flat::StatementKind::Terminate: break;
    }
    for (const auto& branch : s.branches) assigned(branch, out);
  }
}

}  // namespace

std::vector<flat::VarId> assignedVariables(const std::vector<flat::Statement>& statements) {
  std::vector<flat::VarId> out;
  assigned(statements, out);
  return out;
}

void forEachExpr(const std::vector<flat::Statement>& statements,
                 const std::function<void(const flat::ExprPtr&)>& f) {
  for (const flat::Statement& s : statements) {
    for (const flat::ExprPtr* slot : {&s.value, &s.message, &s.element, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*slot) f(*slot);
    for (const flat::ExprPtr& c : s.conditions)
      if (c) f(c);
    for (const auto& branch : s.branches) forEachExpr(branch, f);
  }
}

void mapExprs(std::vector<flat::Statement>& statements,
              const std::function<flat::ExprPtr(const flat::ExprPtr&)>& f) {
  for (flat::Statement& s : statements) {
    for (flat::ExprPtr* slot : {&s.value, &s.message, &s.element, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*slot) *slot = f(*slot);
    for (flat::ExprPtr& c : s.conditions)
      if (c) c = f(c);
    for (auto& branch : s.branches) mapExprs(branch, f);
  }
}

void collectStatementUses(const std::vector<flat::Statement>& statements, std::set<flat::VarId>& out) {
  forEachExpr(statements, [&](const flat::ExprPtr& e) { collectUses(*e, out); });
}

}  // namespace smc::causal

// Statement walks (StatementWalk.h).
#include "flatten/StatementWalk.h"

#include <algorithm>

namespace smc::flat {

namespace {

void assigned(const std::vector<Statement>& statements, std::vector<VarId>& out) {
  auto add = [&](VarId v) {
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  for (const Statement& s : statements) {
    switch (s.kind) {
      case StatementKind::Assign: add(s.target); break;
      case StatementKind::TupleAssign:
        for (const auto& slot : s.targets)
          if (slot) add(*slot);
        break;
      case StatementKind::For: add(s.iterator); break;
      case StatementKind::AssignElement:  // functions only: no model variable
      case StatementKind::If:
      case StatementKind::While:
      case StatementKind::When:
      case StatementKind::Break:
      case StatementKind::Return:
      case StatementKind::Reinit:
      case StatementKind::Assert:
      case StatementKind::Terminate: break;
    }
    for (const auto& branch : s.branches) assigned(branch, out);
  }
}

}  // namespace

std::vector<VarId> assignedVariables(const std::vector<Statement>& statements) {
  std::vector<VarId> out;
  assigned(statements, out);
  return out;
}

void forEachExpr(const std::vector<Statement>& statements,
                 const std::function<void(const ExprPtr&)>& f) {
  for (const Statement& s : statements) {
    for (const ExprPtr* slot : {&s.value, &s.message, &s.element, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*slot) f(*slot);
    for (const ExprPtr& c : s.conditions)
      if (c) f(c);
    for (const auto& branch : s.branches) forEachExpr(branch, f);
  }
}

void mapExprs(std::vector<Statement>& statements,
              const std::function<ExprPtr(const ExprPtr&)>& f) {
  for (Statement& s : statements) {
    for (ExprPtr* slot : {&s.value, &s.message, &s.element, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*slot) *slot = f(*slot);
    for (ExprPtr& c : s.conditions)
      if (c) c = f(c);
    for (auto& branch : s.branches) mapExprs(branch, f);
  }
}

}  // namespace smc::flat

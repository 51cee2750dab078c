// Which functions' calls may be shared (see SharedCalls.h).
#include "codegen/SharedCalls.h"

#include "codegen/IrExternalObjects.h"

namespace smc::codegen {
namespace {

void calledIn(const flat::Expr& e, std::vector<uint32_t>& callees) {
  if (e.kind == flat::ExprKind::FunctionCall) callees.push_back(e.function);
  for (const flat::ExprPtr& arg : e.args)
    if (arg) calledIn(*arg, callees);
}

void calledIn(const std::vector<flat::Statement>& statements, std::vector<uint32_t>& callees) {
  for (const flat::Statement& s : statements) {
    for (const flat::ExprPtr* e : {&s.value, &s.message, &s.element, &s.rangeStart, &s.rangeStep, &s.rangeStop})
      if (*e) calledIn(**e, callees);
    for (const flat::ExprPtr& condition : s.conditions)
      if (condition) calledIn(*condition, callees);
    for (const std::vector<flat::Statement>& branch : s.branches) calledIn(branch, callees);
  }
}

}  // namespace

std::vector<bool> shareableFunctions(const flat::FlatModel& model) {
  const size_t count = model.functions.size();
  std::vector<std::vector<uint32_t>> callees(count);
  std::vector<bool> shareable(count, true);
  for (size_t i = 0; i < count; ++i) {
    const flat::Function& fn = model.functions[i];
    if (fn.external || takesExternalObject(fn)) shareable[i] = false;
    calledIn(fn.body, callees[i]);
    for (const flat::Variable& v : fn.variables)
      if (v.binding) calledIn(*v.binding, callees[i]);
  }
  // A function calling one that may not share may not either; repeated
  // until nothing changes, so that recursion is covered.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < count; ++i) {
      if (!shareable[i]) continue;
      for (uint32_t callee : callees[i]) {
        if (callee < count && shareable[callee]) continue;
        shareable[i] = false;
        changed = true;
        break;
      }
    }
  }
  return shareable;
}

}  // namespace smc::codegen

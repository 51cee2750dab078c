// See InlineCalls.h.
#include "causalize/InlineCalls.h"

#include <algorithm>
#include <functional>

namespace smc::causal {

using flat::Expr;
using flat::ExprKind;
using flat::ExprPtr;

ExprPtr inlinedOutput(const flat::Function& fn, uint32_t output, const std::vector<ExprPtr>& args) {
  constexpr size_t kMaxInlinedStatements = 64;  // keeps the expression small
  if (fn.external || fn.body.size() > kMaxInlinedStatements || args.size() != fn.numInputs ||
      fn.variables.size() < size_t{fn.numInputs} + fn.numOutputs)
    return nullptr;
  std::vector<ExprPtr> values(fn.variables.size());
  for (size_t k = 0; k < args.size(); ++k) values[k] = args[k];
  bool ok = true;
  std::function<ExprPtr(const ExprPtr&)> substitute = [&](const ExprPtr& x) -> ExprPtr {
    if (!ok || !x) return x;
    if (x->kind == ExprKind::Element) {
      ok = false;
      return x;
    }
    if (x->kind == ExprKind::Var) {
      if (x->var >= values.size() || !values[x->var]) ok = false;
      return ok ? values[x->var] : x;
    }
    if (x->args.empty()) return x;
    Expr copy = *x;
    for (auto& arg : copy.args) arg = substitute(arg);
    return std::make_shared<const Expr>(std::move(copy));
  };
  for (size_t k = fn.numInputs; k < fn.variables.size() && ok; ++k)
    if (fn.variables[k].binding) values[k] = substitute(fn.variables[k].binding);
  for (const flat::Statement& st : fn.body) {
    if (st.kind != flat::StatementKind::Assign || st.target < fn.numInputs) return nullptr;
    ExprPtr value = substitute(st.value);
    if (!ok) return nullptr;
    values[st.target] = value;
  }
  const size_t slot = fn.numInputs + output;
  return ok && slot < values.size() ? values[slot] : nullptr;
}

namespace {

// Bounds what inlining may build: a recursive function is never expanded
// inside itself, and the whole expansion stops growing past kMaxNodes
// (the calls beyond stay calls, solved as they were).
struct Inliner {
  static constexpr size_t kMaxNodes = 100000;
  const std::vector<flat::Function>& functions;
  std::vector<uint32_t> expanding;  // the functions whose inlined bodies are being walked
  size_t nodes = 0;

  ExprPtr inlineCalls(const ExprPtr& e) {
    if (!e || e->args.empty()) return e;
    ++nodes;
    bool changed = false;
    std::vector<ExprPtr> args;
    args.reserve(e->args.size());
    for (const ExprPtr& arg : e->args) {
      args.push_back(inlineCalls(arg));
      changed = changed || args.back() != arg;
    }
    if (e->kind == ExprKind::FunctionCall && e->function < functions.size() && nodes < kMaxNodes &&
        std::find(expanding.begin(), expanding.end(), e->function) == expanding.end())
      if (ExprPtr inlined = inlinedOutput(functions[e->function], e->output, args)) {
        expanding.push_back(e->function);
        ExprPtr result = inlineCalls(inlined);
        expanding.pop_back();
        return result;
      }
    if (!changed) return e;
    Expr copy = *e;
    copy.args = std::move(args);
    return std::make_shared<const Expr>(std::move(copy));
  }
};

}  // namespace

ExprPtr inlineStraightLineCalls(const ExprPtr& e, const std::vector<flat::Function>& functions) {
  Inliner inliner{functions, {}, 0};
  return inliner.inlineCalls(e);
}

}  // namespace smc::causal

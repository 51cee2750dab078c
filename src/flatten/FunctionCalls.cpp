// Calls of user functions (spec 12.4.1): positional arguments fill the
// inputs in declaration order, named arguments fill the input of that name,
// and every input left over takes its default. A default is written in
// terms of the function's other inputs, so it is instantiated at the call by
// replacing those inputs with the call's values (themselves possibly
// defaults). The result is a FunctionCall with one argument per input; used
// in an expression, its value is the first output.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <functional>

namespace smc::flatten {

namespace {

// `e` with every Var replaced by `replace(var)`.
flat::ExprPtr substitute(const flat::ExprPtr& e, const std::function<flat::ExprPtr(flat::VarId)>& replace) {
  if (!e) return e;
  if (e->kind == flat::ExprKind::Var) return replace(e->var);
  if (e->args.empty()) return e;
  flat::Expr copy = *e;
  for (auto& arg : copy.args) arg = substitute(arg, replace);
  return std::make_shared<const flat::Expr>(std::move(copy));
}

}  // namespace

flat::ExprPtr Flattener::lowerFunctionCall(const ast::Expr& call, ClassNode* cls, const Scope& scope,
                                           bool asStatement) {
  const SourceRange r = call.range;
  auto index = functionIndex(cls);
  if (!index) return nullptr;
  // Copied: lowering the arguments may build more functions and move the table.
  const flat::Function signature = model_.functions[*index];
  const std::string& name = signature.name;
  const uint32_t n = signature.numInputs;
  if (!call.iterators.empty()) {
    diags_.errorf(r, "'{}' does not accept an iterator ('for') argument", name);
    return nullptr;
  }
  if (signature.numOutputs == 0 && !asStatement) {
    diags_.errorf(r, "function '{}' has no output and cannot be used in an expression", name);
    return nullptr;
  }
  if (call.args.size() > n) {
    diags_.errorf(r, "function '{}' takes {} input(s), {} given", name, n, call.args.size());
    return nullptr;
  }
  std::vector<flat::ExprPtr> given(n);
  auto fill = [&](uint32_t slot, const ast::Expr& arg, const std::string& what) {
    auto value = lower(arg, scope);
    if (value && !value->isScalar() && !scope.function) {
      diags_.unsupported(arg.range, fmt::format("vectorized calls of user functions ({} is an array)", what));
      return false;
    }
    given[slot] = expectScalar(value, signature.variables[slot].type, arg.range, what, scope);
    return given[slot] != nullptr;
  };
  bool ok = true;
  for (uint32_t i = 0; i < call.args.size(); ++i)
    ok = fill(i, *call.args[i],
              fmt::format("argument {} ('{}') of '{}'", i + 1, signature.variables[i].name, name)) && ok;
  for (const ast::NamedArg& arg : call.named) {
    uint32_t slot = 0;
    while (slot < signature.variables.size() && signature.variables[slot].name != arg.name) ++slot;
    if (slot >= n) {
      if (slot < signature.variables.size())
        diags_.errorf(arg.range, "'{}' is not an input of function '{}'", arg.name, name);
      else
        diags_.errorf(arg.range, "function '{}' has no input named '{}'", name, arg.name);
      ok = false;
      continue;
    }
    if (given[slot] || slot < call.args.size()) {
      diags_.errorf(arg.range, "input '{}' of '{}' is given twice", arg.name, name);
      ok = false;
      continue;
    }
    ok = fill(slot, *arg.value, fmt::format("argument '{}' of '{}'", arg.name, name)) && ok;
  }
  if (!ok) return nullptr;

  // Defaults, each resolved once; a default that needs itself is a cycle.
  std::vector<int> state(n, 0);  // 0 = open, 1 = resolving
  std::function<flat::ExprPtr(flat::VarId)> resolve = [&](flat::VarId k) -> flat::ExprPtr {
    if (given[k]) return given[k];
    const flat::Variable& input = signature.variables[k];
    if (!input.binding) {
      diags_.errorf(r, "missing argument for input '{}' of '{}' (it has no default)", input.name, name);
      return nullptr;
    }
    if (state[k] == 1) {
      diags_.errorf(input.range, "the default of input '{}' of '{}' depends on itself", input.name, name);
      return nullptr;
    }
    state[k] = 1;
    bool failed = false;
    flat::ExprPtr value = substitute(input.binding, [&](flat::VarId j) -> flat::ExprPtr {
      flat::ExprPtr v = failed ? nullptr : resolve(j);
      if (!v) failed = true;
      return v ? v : flat::makeInteger(0);
    });
    state[k] = 0;
    if (failed) return nullptr;
    given[k] = value;
    return value;
  };
  for (flat::VarId k = 0; k < n; ++k)
    if (!resolve(k)) return nullptr;
  return flat::makeFunctionCall(*index, 0, given, r);
}

}  // namespace smc::flatten

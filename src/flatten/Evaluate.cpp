// Compile-time evaluation of the expressions that decide a model's structure
// (spec 4.5, "evaluable expressions"): array dimensions, for-equation ranges,
// conditions of if-equations over parameters, and attributes such as
// `fixed` and `unit`. Parameters are followed to their bindings (or start
// values); anything time-varying is an error that names the culprit.
#include "flatten/Flattener.h"

namespace smc::flatten {

namespace {

// Inside a function body a Var names one of the function's variables, whose
// value is only known when the function runs.
const flat::Expr* functionVariableIn(const flat::Expr& e) {
  if (e.kind == flat::ExprKind::Var) return &e;
  for (const auto& arg : e.args)
    if (arg)
      if (const flat::Expr* found = functionVariableIn(*arg)) return found;
  return nullptr;
}

bool reportFunctionVariables(const Value& value, const Scope& scope, DiagnosticEngine& diags) {
  if (!scope.function) return false;
  for (const auto& e : value.elements)
    if (const flat::Expr* var = functionVariableIn(*e)) {
      diags.errorf(var->range, "'{}' is a variable of function '{}'; a constant expression is required here",
                   scope.function->fn.variables[var->var].name, scope.function->fn.name);
      return true;
    }
  return false;
}

}  // namespace

std::optional<Constant> Flattener::evaluateFlat(const flat::Expr& expr, SourceRange where) {
  flat::ConstantEvaluator evaluator(model_);
  evaluator.setImpureCalls(flat::ConstantEvaluator::ImpureCalls::Always);  // what it evaluates fixes the structure
  auto value = evaluator.evaluate(expr, where);
  if (!value) diags_.error(evaluator.error().range, evaluator.error().message);
  return value;
}

std::optional<Constant> Flattener::evaluate(const ast::Expr& expr, const Scope& scope) {
  auto value = lower(expr, scope);
  if (!value) return std::nullopt;
  return evaluateLowered(*value, expr.range, scope);
}

std::optional<Constant> Flattener::evaluateLowered(const Value& value, SourceRange where, const Scope& scope) {
  if (reportFunctionVariables(value, scope, diags_)) return std::nullopt;
  if (!value.isScalar()) {
    diags_.error(where, "expected a scalar expression here, found an array");
    return std::nullopt;
  }
  return evaluateFlat(*value.elements[0], where);
}

std::optional<long long> Flattener::evaluateInteger(const ast::Expr& expr, const Scope& scope) {
  auto c = evaluate(expr, scope);
  if (!c) return std::nullopt;
  if (c->kind != Constant::Integer) {
    diags_.error(expr.range, "expected an Integer expression");
    return std::nullopt;
  }
  return c->integer;
}

std::optional<std::vector<long long>> Flattener::evaluateRange(const ast::Expr& expr,
                                                               const Scope& scope) {
  // `for e in E` with E an enumeration type: its literals in order (spec
  // 11.2.2.2), as their ordinals, which is how enumeration values are held.
  if (auto literals = enumerationDimension(expr, scope)) {
    if (isBooleanTypeName(expr)) {
      diags_.unsupported(expr.range, "for-loops over the type Boolean");
      return std::nullopt;
    }
    std::vector<long long> out;
    for (long long k = 1; k <= *literals; ++k) out.push_back(k);
    return out;
  }
  auto value = lower(expr, scope);
  if (!value || reportFunctionVariables(*value, scope, diags_)) return std::nullopt;
  if (value->dims.size() != 1) {
    diags_.error(expr.range, "a for-loop range must be a vector, such as 1:n");
    return std::nullopt;
  }
  std::vector<long long> out;
  for (const flat::ExprPtr& e : value->elements) {
    auto c = evaluateFlat(*e, expr.range);
    if (!c) return std::nullopt;
    if (c->kind != Constant::Integer) {
      diags_.unsupported(expr.range, "for-loop ranges that are not Integer");
      return std::nullopt;
    }
    out.push_back(c->integer);
  }
  return out;
}

std::optional<Flattener::IndexRanges> Flattener::evaluateIndexRanges(
    const std::vector<ast::ForIndex>& indices, const Scope& scope, const char* what) {
  IndexRanges ranges;
  for (const ast::ForIndex& index : indices) {
    if (!index.range) {
      diags_.unsupported(index.source, std::string(what) + " without an explicit range");
      return std::nullopt;
    }
    auto values = evaluateRange(*index.range, scope);
    if (!values) return std::nullopt;
    ranges.emplace_back(index.name, std::move(*values));
  }
  // Nested loops multiply: each range may be under the limit while all the
  // combinations together are not.
  std::vector<long long> sizes;
  for (const auto& range : ranges) sizes.push_back(static_cast<long long>(range.second.size()));
  if (!indices.empty() &&
      !withinElementLimit(sizes, {indices.front().source.begin, indices.back().source.end},
                          (std::string(what) + " index space").c_str()))
    return std::nullopt;
  return ranges;
}

bool Flattener::forEachIndexCombination(const IndexRanges& ranges, const Scope& scope,
                                        const std::function<bool(const Scope&)>& body) {
  std::map<std::string, long long> bound =
      scope.iterators ? *scope.iterators : std::map<std::string, long long>{};
  Scope inner = scope;
  inner.iterators = &bound;
  std::function<bool(size_t)> walk = [&](size_t level) {
    if (level == ranges.size()) return body(inner);
    for (long long value : ranges[level].second) {
      bound[ranges[level].first] = value;
      if (!walk(level + 1)) return false;
    }
    return true;
  };
  return walk(0);
}

bool isBooleanTypeName(const ast::Expr& expr) {
  return expr.kind == ast::ExprKind::Ref && !expr.ref.global && expr.ref.parts.size() == 1 &&
         expr.ref.parts[0].name == "Boolean";
}

}  // namespace smc::flatten

// Array subscripts (spec 10.5): constant ones select elements at translation,
// subscripts that vary during simulation select at run time.
//
// A reference such as `a[i]` with `i` an Integer variable is lowered to an
// if-chain over the legal values of i:
//   if i == 1 then a[1] elseif i == 2 then a[2] ... else <index error>(i)
// The chain keeps every later stage unchanged (it is an ordinary expression,
// compared and solved like any other), and codegen evaluates only the arm
// taken, so its cost per evaluation grows with the array's size only for the
// comparisons; the arrays that models index this way (state tables,
// transition lists) are small. Several variable subscripts (`m[i, j]`) chain
// over every combination of their values.
//
// The final arm calls a function synthesized here whose body is
// `assert(false, "...")`: an out-of-range index stops the simulation with an
// error naming the array and the subscript's source location, never a
// made-up value. The function takes the indices as inputs, so the call is
// not a parameter expression and is never folded at translation.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

std::optional<std::vector<SubscriptPick>> Flattener::lowerSubscripts(const std::vector<long long>& dims,
                                                                      const ast::RefPart& part,
                                                                      const Scope& scope) {
  if (part.subscripts.size() > dims.size()) {
    diags_.errorf(part.range, "'{}' has {} dimension(s) but {} subscript(s) are given", part.name, dims.size(),
                  part.subscripts.size());
    return std::nullopt;
  }
  std::vector<SubscriptPick> picks(dims.size());
  for (size_t d = 0; d < dims.size(); ++d) {
    SubscriptPick& pick = picks[d];
    if (d >= part.subscripts.size() || part.subscripts[d]->kind == ast::ExprKind::Colon) {
      for (long long i = 0; i < dims[d]; ++i) pick.indices.push_back(i);
      pick.kept = true;
      continue;
    }
    const ast::Expr& sub = *part.subscripts[d];
    auto saved = currentEnd_;
    currentEnd_ = dims[d];
    auto value = lower(sub, scope);
    currentEnd_ = saved;
    if (!value) return std::nullopt;
    bool varies = false;
    for (const auto& e : value->elements) varies = varies || !isParameterExpression(*e, scope);
    if (varies) {
      if (!value->isScalar() && (!scope.function || value->dims.size() != 1)) {
        diags_.unsupported(sub.range, "array-valued subscripts that vary during simulation");
        return std::nullopt;
      }
      for (const auto& e : value->elements)
        if (typeOf(*e, scope) != flat::BaseType::Integer) {
          diags_.error(sub.range, "array subscripts must be Integer");
          return std::nullopt;
        }
      if (value->isScalar()) {
        pick.variable = value->elements[0];
      } else {
        pick.variables = value->elements;
        pick.kept = true;
      }
      continue;
    }
    for (const auto& e : value->elements) {
      auto c = evaluateFlat(*e, sub.range);
      if (!c) return std::nullopt;
      if (c->kind != Constant::Integer) {
        diags_.error(sub.range, "array subscripts must be Integer");
        return std::nullopt;
      }
      if (c->integer < 1 || c->integer > dims[d]) {
        diags_.errorf(sub.range, "index {} is out of bounds for dimension {} of '{}' (size {})", c->integer,
                      d + 1, part.name, dims[d]);
        return std::nullopt;
      }
      pick.indices.push_back(c->integer - 1);
    }
    pick.kept = !value->isScalar();
  }
  return picks;
}

bool hasVariablePick(const std::vector<SubscriptPick>& picks) {
  for (const SubscriptPick& pick : picks)
    if (pick.variable || !pick.variables.empty()) return true;
  return false;
}

Value selectPicked(const Value& whole, const std::vector<SubscriptPick>& picks) {
  return selectPicked(whole.dims, picks, [&whole](size_t k) { return whole.elements[k]; });
}

Value selectPicked(const std::vector<long long>& dims, const std::vector<SubscriptPick>& picks,
                   const std::function<flat::ExprPtr(size_t)>& elementAt) {
  Value out;
  for (const SubscriptPick& pick : picks)
    if (pick.kept) out.dims.push_back(static_cast<long long>(pick.indices.size()));
  for (const SubscriptPick& pick : picks)
    if (pick.indices.empty()) return out;  // an empty slice
  // Every combination of picked indices in row-major order.
  std::vector<size_t> cursor(picks.size(), 0);
  while (true) {
    long long flatIndex = 0;
    for (size_t d = 0; d < picks.size(); ++d) flatIndex = flatIndex * dims[d] + picks[d].indices[cursor[d]];
    out.elements.push_back(elementAt(static_cast<size_t>(flatIndex)));
    size_t d = picks.size();
    while (d > 0 && ++cursor[d - 1] == picks[d - 1].indices.size()) cursor[--d] = 0;
    if (d == 0) break;
  }
  return out;
}

std::optional<Value> Flattener::chooseAtRunTime(const std::vector<long long>& dims,
                                                const std::vector<SubscriptPick>& picks,
                                                const std::string& arrayName, SourceRange where,
                                                const std::function<std::optional<Value>(const std::vector<SubscriptPick>&)>& option) {
  // The variable dimensions, and each combination of their values.
  std::vector<size_t> variableDims;
  std::vector<flat::ExprPtr> indices;
  for (size_t d = 0; d < picks.size(); ++d) {
    if (!picks[d].variables.empty()) {  // only arrays of functions choose a varying slice
      diags_.unsupported(where, fmt::format("a slice of '{}' whose bounds vary during simulation", arrayName));
      return std::nullopt;
    }
    if (picks[d].variable) {
      variableDims.push_back(d);
      indices.push_back(picks[d].variable);
    }
  }
  struct Arm {
    flat::ExprPtr condition;
    Value value;
  };
  std::vector<Arm> arms;
  std::vector<long long> cursor(variableDims.size(), 0);
  bool empty = false;
  for (size_t k = 0; k < variableDims.size(); ++k) empty = empty || dims[variableDims[k]] == 0;
  while (!empty) {
    std::vector<SubscriptPick> fixed = picks;
    flat::ExprPtr condition;
    for (size_t k = 0; k < variableDims.size(); ++k) {
      SubscriptPick& pick = fixed[variableDims[k]];
      pick.indices = {cursor[k]};
      pick.variable = nullptr;
      flat::ExprPtr test = flat::makeBinary(flat::Op::Equal, indices[k], flat::makeInteger(cursor[k] + 1, where), where);
      condition = condition ? flat::makeBinary(flat::Op::And, condition, test, where) : test;
    }
    auto value = option(fixed);
    if (!value) return std::nullopt;
    if (!arms.empty() && value->dims != arms[0].value.dims) {
      diags_.errorf(where, "the elements of '{}' differ in size, so a subscript that varies during simulation "
                           "cannot select among them", arrayName);
      return std::nullopt;
    }
    arms.push_back({condition, std::move(*value)});
    size_t k = variableDims.size();
    while (k > 0 && ++cursor[k - 1] == dims[variableDims[k - 1]]) cursor[--k] = 0;
    if (k == 0) break;
  }
  if (arms.empty()) {
    diags_.errorf(where, "'{}' is empty, so no index can select an element of it", arrayName);
    return std::nullopt;
  }
  // The chain, built from the error arm backwards so the first value is tested first.
  Value out = arms[0].value;
  std::map<flat::BaseType, flat::ExprPtr> errors;  // one error call per element type
  for (size_t j = 0; j < out.elements.size(); ++j) {
    flat::BaseType type = typeOf(*arms[0].value.elements[j], Scope{});
    auto& error = errors[type];
    if (!error) {
      error = indexErrorCall(type, arrayName, dims, indices, where);
      if (!error) return std::nullopt;
    }
    flat::ExprPtr chain = error;
    for (size_t a = arms.size(); a-- > 0;)
      chain = flat::makeIf(arms[a].condition, arms[a].value.elements[j], chain, where);
    out.elements[j] = chain;
  }
  return out;
}

flat::ExprPtr Flattener::indexErrorCall(flat::BaseType type, const std::string& arrayName,
                                        const std::vector<long long>& dims,
                                        const std::vector<flat::ExprPtr>& indices, SourceRange where) {
  if (type != flat::BaseType::Real && type != flat::BaseType::Integer && type != flat::BaseType::Boolean) {
    diags_.unsupported(where, fmt::format("subscripts that vary during simulation on an array of {} ('{}')",
                                          flat::toString(type), arrayName));
    return nullptr;
  }
  flat::Function fn;
  fn.name = fmt::format("$indexError{}", model_.functions.size());
  fn.range = where;
  for (size_t k = 0; k < indices.size(); ++k) {
    flat::Variable input;
    input.name = indices.size() == 1 ? "index" : fmt::format("index{}", k + 1);
    input.type = flat::BaseType::Integer;
    input.variability = flat::Variability::Discrete;
    input.causality = flat::Causality::Input;
    input.range = where;
    fn.variables.push_back(std::move(input));
  }
  flat::Variable output;
  output.name = "value";
  output.type = type;
  output.variability = type == flat::BaseType::Real ? flat::Variability::Continuous : flat::Variability::Discrete;
  output.causality = flat::Causality::Output;
  // Never seen by the model (the assert fails first); set so the function is complete.
  output.binding = type == flat::BaseType::Real      ? flat::makeReal(0, where)
                   : type == flat::BaseType::Integer ? flat::makeInteger(0, where)
                                                     : flat::makeBoolean(false, where);
  output.range = where;
  fn.variables.push_back(std::move(output));
  fn.numInputs = static_cast<uint32_t>(indices.size());
  fn.numOutputs = 1;
  flat::Statement check;
  check.kind = flat::StatementKind::Assert;
  check.value = flat::makeBoolean(false, where);
  check.message = flat::makeString(fmt::format("array index out of bounds: '{}' has size [{}]", arrayName,
                                                  fmt::join(dims, ", ")), where);
  check.level = flat::AssertLevel::Error;
  check.range = where;
  fn.body.push_back(std::move(check));
  auto index = static_cast<uint32_t>(model_.functions.size());
  model_.functions.push_back(std::move(fn));
  indexErrorFunctions_.insert(index);
  return flat::makeFunctionCall(index, 0, indices, where);
}

std::optional<uint32_t> Flattener::functionArray(const FunctionBuild& build, const std::string& name) const {
  // Only a name bound to its own block: one whose value the sizes read is a literal.
  auto bound = build.names.find(name);
  for (size_t i = 0; i < build.fn.declared.size(); ++i) {
    const flat::DeclaredVariable& declared = build.fn.declared[i];
    if (declared.name != name || declared.dims.empty() || bound == build.names.end()) continue;
    const Value& value = bound->second;
    if (value.elements.empty() || value.elements[0]->kind != flat::ExprKind::Var ||
        value.elements[0]->var != declared.first)
      continue;
    return static_cast<uint32_t>(i);
  }
  return std::nullopt;
}

Value Flattener::selectElements(uint32_t declared, const std::vector<SubscriptPick>& picks, SourceRange where) {
  // Every combination of the fixed subscripts' picks in row-major order; a
  // varying subscript stands as itself in each element's Element. (Not
  // through flat indices: a varying subscript may index an empty dimension,
  // which fails only if it runs.)
  // How many choices each dimension runs through: a scalar varying
  // subscript is one, a varying vector its length, a fixed pick its indices.
  auto choices = [](const SubscriptPick& pick) {
    return pick.variable ? size_t{1} : !pick.variables.empty() ? pick.variables.size() : pick.indices.size();
  };
  Value out;
  for (const SubscriptPick& pick : picks)
    if (pick.kept && !pick.variable) out.dims.push_back(static_cast<long long>(choices(pick)));
  for (const SubscriptPick& pick : picks)
    if (choices(pick) == 0) return out;
  std::vector<size_t> cursor(picks.size(), 0);
  while (true) {
    std::vector<flat::ExprPtr> subscripts;
    for (size_t d = 0; d < picks.size(); ++d) {
      const SubscriptPick& pick = picks[d];
      subscripts.push_back(pick.variable              ? pick.variable
                           : !pick.variables.empty() ? pick.variables[cursor[d]]
                                                     : flat::makeInteger(pick.indices[cursor[d]] + 1, where));
    }
    out.elements.push_back(flat::makeElement(declared, std::move(subscripts), where));
    size_t d = picks.size();
    while (d > 0 && ++cursor[d - 1] == choices(picks[d - 1])) cursor[--d] = 0;
    if (d == 0) break;
  }
  return out;
}

bool Flattener::readsVariableSubscript(const flat::Expr& e) const {
  if (e.kind == flat::ExprKind::FunctionCall && indexErrorFunctions_.count(e.function)) return true;
  for (const auto& arg : e.args)
    if (arg && readsVariableSubscript(*arg)) return true;
  return false;
}

}  // namespace smc::flatten

// AST expressions -> scalarized flat expressions (spec 10, arrays).
//
// Every expression lowers to a Value: an array (possibly 0-dimensional) of
// scalar flat expressions. Array operators are expanded here, element by
// element, so later stages only see scalars: `der(x) = A*x` becomes one
// equation per row with the dot products written out. Subscripts that vary
// during simulation select at run time (VariableSubscripts.cpp). Names resolve to
// instance components first, then to for-loop indices, then to constants of
// lexically enclosing classes (spec 5.3).
#include "flatten/ArrayConcatenation.h"
#include "flatten/ExprEquality.h"
#include "flatten/Flattener.h"
#include "flatten/IntegerRange.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>

#include <cmath>
#include <algorithm>
#include <functional>

namespace smc::flatten {

namespace {

flat::Op binaryOp(ast::Op op) {
  switch (op) {
    case ast::Op::Add: case ast::Op::ElemAdd: return flat::Op::Add;
    case ast::Op::Sub: case ast::Op::ElemSub: return flat::Op::Sub;
    case ast::Op::Mul: case ast::Op::ElemMul: return flat::Op::Mul;
    case ast::Op::Div: case ast::Op::ElemDiv: return flat::Op::Div;
    case ast::Op::Pow: case ast::Op::ElemPow: return flat::Op::Pow;
    case ast::Op::Less: return flat::Op::Less;
    case ast::Op::LessEq: return flat::Op::LessEq;
    case ast::Op::Greater: return flat::Op::Greater;
    case ast::Op::GreaterEq: return flat::Op::GreaterEq;
    case ast::Op::Equal: return flat::Op::Equal;
    case ast::Op::NotEqual: return flat::Op::NotEqual;
    case ast::Op::And: return flat::Op::And;
    case ast::Op::Or: return flat::Op::Or;
    case ast::Op::Negate: case ast::Op::Plus: case ast::Op::Not: break;
  }
  return flat::Op::Add;
}

bool isElementwise(ast::Op op) {
  return op == ast::Op::ElemAdd || op == ast::Op::ElemSub || op == ast::Op::ElemMul ||
         op == ast::Op::ElemDiv || op == ast::Op::ElemPow;
}

std::string dimsText(const std::vector<long long>& dims) {
  if (dims.empty()) return "a scalar";
  return fmt::format("an array of size [{}]", fmt::join(dims, ", "));
}

flat::ExprPtr fold(flat::Op op, const std::vector<flat::ExprPtr>& items, flat::ExprPtr empty,
                   SourceRange range) {
  if (items.empty()) return empty;
  flat::ExprPtr acc = items[0];
  for (size_t i = 1; i < items.size(); ++i) acc = flat::makeBinary(op, acc, items[i], range);
  return acc;
}

// Whether `e` is made of literals only: its value is known at translation
// without fixing any parameter, which the importer may still change.
bool isLiteral(const flat::Expr& e) {
  switch (e.kind) {
    case flat::ExprKind::Real:
    case flat::ExprKind::Integer:
    case flat::ExprKind::Boolean:
    case flat::ExprKind::String:
    case flat::ExprKind::Unary:
    case flat::ExprKind::Binary:
    case flat::ExprKind::If:
      break;
    default:
      return false;
  }
  for (const flat::ExprPtr& arg : e.args)
    if (!arg || !isLiteral(*arg)) return false;
  return true;
}


}  // namespace

bool holdsEveryElement(const Component& c) {
  size_t count = 1;
  for (long long d : c.dims) {
    if (d <= 0) return c.vars.empty();
    if (count > c.vars.size() / static_cast<size_t>(d)) return false;
    count *= static_cast<size_t>(d);
  }
  return count == c.vars.size();
}

std::string refText(const ast::ComponentRef& ref) {
  std::string out = ref.global ? "." : "";
  for (size_t i = 0; i < ref.parts.size(); ++i) {
    if (i) out += '.';
    out += ref.parts[i].name;
    if (!ref.parts[i].subscripts.empty()) out += "[...]";
  }
  return out;
}

bool Flattener::isParameterExpression(const flat::Expr& e, const Scope& scope) const {
  using flat::ExprKind;
  if (e.kind == ExprKind::Time || e.kind == ExprKind::Der || e.kind == ExprKind::Pre ||
      e.kind == ExprKind::Delay || e.kind == ExprKind::Initial || e.kind == ExprKind::Terminal || e.kind == ExprKind::Sample ||
      e.kind == ExprKind::ClockConstructor || e.kind == ExprKind::ClockOp || e.kind == ExprKind::ActiveState ||
      e.kind == ExprKind::TicksInState || e.kind == ExprKind::TimeInState)
    return false;
  if (e.kind == ExprKind::Var) {
    if (scope.function) return false;  // a function's variables vary with its inputs
    flat::Variability v = model_.variables[e.var].variability;
    return v == flat::Variability::Parameter || v == flat::Variability::Constant;
  }
  // Operators, built-ins and (pure) user functions of parameter operands.
  for (const auto& arg : e.args)
    if (arg && !isParameterExpression(*arg, scope)) return false;
  return true;
}

flat::BaseType Flattener::typeOf(const flat::Expr& e, const Scope& scope) const {
  return flat::typeOf(e, model_, scope.function ? &scope.function->fn : nullptr);
}

flat::ExprPtr Flattener::expectScalar(const std::optional<Value>& value, flat::BaseType type,
                                      SourceRange range, const std::string& what, const Scope& scope) {
  if (!value) return nullptr;
  if (!value->isScalar()) {
    if (scope.function)
      diags_.unsupported(range, fmt::format("arrays inside functions ({} is {})", what, dimsText(value->dims)));
    else
      diags_.errorf(range, "{} must be a scalar, not {}", what, dimsText(value->dims));
    return nullptr;
  }
  flat::BaseType actual = typeOf(*value->elements[0], scope);
  if (!flat::isAssignable(type, actual)) {
    diags_.errorf(range, "{} must be {}, not {}", what, flat::toString(type), flat::toString(actual));
    return nullptr;
  }
  return value->elements[0];
}

std::optional<Value> Flattener::lowerIntegerLiteral(long long value, SourceRange range) {
  if (flat::fitsInteger(value)) return Value::scalar(flat::makeInteger(value, range));
  diags_.error(range, flat::integerLiteralMessage(value));
  diags_.note(range, fmt::format("a Real number is written {}.0", value));
  return std::nullopt;
}

std::optional<Value> Flattener::lower(const ast::Expr& expr, const Scope& scope) {
  const bool outermost = loweringDepth_ == 0;
  ++loweringDepth_;
  std::optional<Value> value = lowerExpression(expr, scope);
  --loweringDepth_;
  if (outermost && value && !checkLiteralArithmetic(*value)) return std::nullopt;
  return value;
}

std::optional<Value> Flattener::lowerExpression(const ast::Expr& expr, const Scope& scope) {
  const SourceRange r = expr.range;
  switch (expr.kind) {
    case ast::ExprKind::Real: return Value::scalar(flat::makeReal(expr.real, r));
    case ast::ExprKind::Integer: return lowerIntegerLiteral(expr.integer, r);
    case ast::ExprKind::Boolean: return Value::scalar(flat::makeBoolean(expr.boolean, r));
    case ast::ExprKind::String: return Value::scalar(flat::makeString(expr.text, r));
    case ast::ExprKind::Ref: return lowerRef(expr.ref, scope);
    case ast::ExprKind::Call: return lowerCall(expr, scope);
    case ast::ExprKind::PartialApplication:
      // Parsed anywhere; only the library's nonlinear solvers and
      // quadrature take functions as arguments.
      diags_.unsupported(r, "function partial application ('function' argument, spec 12.4.2)");
      return std::nullopt;
    case ast::ExprKind::Binary:
      if (recordTypeOf(expr, scope)) return recordOperatorValue(expr, scope);
      return lowerBinary(expr, scope);
    case ast::ExprKind::Array: return lowerArray(expr, scope);
    case ast::ExprKind::Unary: {
      if (recordTypeOf(expr, scope)) return recordOperatorValue(expr, scope);
      // -2147483648: the one literal that fits in an Integer only negated.
      const ast::Expr& arg = *expr.args[0];
      if (expr.op == ast::Op::Negate && arg.kind == ast::ExprKind::Integer && arg.integer == -flat::kIntegerMin)
        return Value::scalar(flat::makeInteger(flat::kIntegerMin, r));
      auto operand = lower(arg, scope);
      if (!operand || expr.op == ast::Op::Plus) return operand;
      flat::Op op = expr.op == ast::Op::Not ? flat::Op::Not : flat::Op::Negate;
      for (auto& e : operand->elements) e = flat::makeUnary(op, e, r);
      return operand;
    }
    case ast::ExprKind::If: {
      // Leading conditions that are constant once for-loop indices are
      // substituted (`if i > 1 then x[i - 1] else ...`) select their branch
      // here, so a branch not taken - which may index out of range, or
      // differ in size - is never lowered.
      size_t open = 0;                    // the first condition not known here
      std::optional<Value> openCondition;  // ... lowered, so that it is lowered once
      for (; open + 1 < expr.args.size(); open += 2) {
        openCondition = lower(*expr.args[open], scope);
        if (!openCondition) return std::nullopt;
        std::optional<bool> choice = literalCondition(*openCondition, expr.args[open]->range);
        if (!choice) break;
        if (*choice) return lower(*expr.args[open + 1], scope);
      }
      auto result = lower(*expr.args.back(), scope);
      if (!result) return std::nullopt;
      for (size_t i = expr.args.size() - 1; i >= open + 2; i -= 2) {
        auto condition = i - 2 == open ? std::move(openCondition) : lower(*expr.args[i - 2], scope);
        auto then = lower(*expr.args[i - 1], scope);
        if (!condition || !then) return std::nullopt;
        if (!condition->isScalar()) {
          diags_.error(expr.args[i - 2]->range, "the condition of an if-expression must be a scalar Boolean");
          return std::nullopt;
        }
        if (then->dims != result->dims) {
          // Branches of different sizes need a condition known at
          // translation (a parameter expression, as the MSL's tables write
          // `if n > 0 then [...] else [0, 0]`): it picks the branch.
          flat::ConstantEvaluator evaluator(model_);
          auto known = evaluator.evaluate(*condition->elements[0], expr.args[i - 2]->range);
          if (known && known->kind == Constant::Boolean) {
            if (known->boolean) result = std::move(then);
            continue;
          }
          diags_.errorf(r, "the branches of this if-expression differ in size: {} and {}, and its "
                           "condition is not known at translation",
                        dimsText(then->dims), dimsText(result->dims));
          return std::nullopt;
        }
        for (size_t k = 0; k < then->elements.size(); ++k)
          result->elements[k] =
              flat::makeIf(condition->elements[0], then->elements[k], result->elements[k], r);
      }
      return result;
    }
    case ast::ExprKind::Range: {
      std::vector<Value> bounds;
      for (const auto& arg : expr.args) {
        auto bound = lower(*arg, scope);
        if (!bound) return std::nullopt;
        bounds.push_back(std::move(*bound));
      }
      if (scope.function && bounds.size() == 2)
        if (auto shifted = shiftedRange(bounds[0], bounds[1], scope, r)) return shifted;
      std::vector<Constant> parts;
      for (size_t i = 0; i < bounds.size(); ++i) {
        const auto& arg = expr.args[i];
        auto c = evaluateLowered(bounds[i], arg->range, scope);
        if (!c) return std::nullopt;
        if (c->kind != Constant::Integer && c->kind != Constant::Real) {
          diags_.unsupported(arg->range, "ranges that are not numeric");
          return std::nullopt;
        }
        parts.push_back(*c);
      }
      const Constant& start = parts.front();
      const Constant& stop = parts.back();
      Value v{{0}, {}};
      bool integers = true;
      for (const Constant& c : parts) integers = integers && c.kind == Constant::Integer;
      if (integers) {
        long long step = parts.size() == 3 ? parts[1].integer : 1;
        if (step == 0) {
          diags_.error(r, "range step must not be zero");
          return std::nullopt;
        }
        // The count first, in 128 bits, so a huge range is refused before
        // any element is made and `i += step` cannot overflow.
        __int128 span = static_cast<__int128>(stop.integer) - start.integer;
        __int128 count = (span >= 0) == (step > 0) ? span / step + 1 : 0;
        if (count > limits::kMaxArrayElements) {
          diags_.errorf(r, "range has {} elements, more than {} (the limit on expanded arrays)",
                        static_cast<long long>(std::min<__int128>(count, LLONG_MAX)),
                        limits::kMaxArrayElements);
          return std::nullopt;
        }
        for (long long k = 0; k < static_cast<long long>(count); ++k)
          v.elements.push_back(flat::makeInteger(start.integer + k * step, r));
      } else {
        double step = parts.size() == 3 ? parts[1].asReal() : 1.0;
        if (step == 0) {
          diags_.error(r, "range step must not be zero");
          return std::nullopt;
        }
        double count = std::floor((stop.asReal() - start.asReal()) / step + 1e-10) + 1;
        if (!(count <= static_cast<double>(limits::kMaxArrayElements))) {
          diags_.errorf(r, "range has more than {} elements (the limit on expanded arrays)",
                        limits::kMaxArrayElements);
          return std::nullopt;
        }
        long long n = static_cast<long long>(count);
        for (long long i = 0; i < n; ++i) v.elements.push_back(flat::makeReal(start.asReal() + i * step, r));
      }
      v.dims[0] = static_cast<long long>(v.elements.size());
      return v;
    }
    case ast::ExprKind::Matrix: {
      // cat(1, cat(2, row 1 entries), cat(2, row 2 entries), ...), each
      // entry promoted to max(2, ndims of every entry) dimensions (spec
      // 10.4.2): a vector entry is a column.
      std::vector<std::vector<Value>> entries;
      size_t dimensions = 2;
      for (const auto& row : expr.rows) {
        entries.emplace_back();
        for (const auto& item : row) {
          auto e = lower(*item, scope);
          if (!e) return std::nullopt;
          dimensions = std::max(dimensions, e->dims.size());
          entries.back().push_back(std::move(*e));
        }
      }
      std::vector<Value> rows;
      for (const std::vector<Value>& row : entries) {
        std::vector<Value> promoted;
        for (const Value& entry : row) promoted.push_back(promote(entry, dimensions));
        auto joined = concatenate(1, promoted);
        if (auto* message = std::get_if<std::string>(&joined)) {
          diags_.errorf(r, "the entries of a row of this matrix do not fit side by side: {}", *message);
          return std::nullopt;
        }
        rows.push_back(std::get<Value>(std::move(joined)));
      }
      auto stacked = concatenate(0, rows);
      if (auto* message = std::get_if<std::string>(&stacked)) {
        diags_.errorf(r, "the rows of this matrix do not fit one above the other: {}", *message);
        return std::nullopt;
      }
      return std::get<Value>(std::move(stacked));
    }
    case ast::ExprKind::End:
      if (currentEnd_) return Value::scalar(flat::makeInteger(*currentEnd_, r));
      diags_.error(r, "'end' is only allowed inside an array subscript");
      return std::nullopt;
    case ast::ExprKind::Colon:
      diags_.error(r, "':' is only allowed as an array subscript");
      return std::nullopt;
    case ast::ExprKind::Tuple:
      diags_.error(r, "a parenthesized list is only allowed on the left of a function-call assignment");
      return std::nullopt;
    case ast::ExprKind::Der:
      break;
  }
  diags_.unsupported(r, "this kind of expression");
  return std::nullopt;
}

std::optional<bool> Flattener::literalCondition(const Value& condition, SourceRange where) {
  if (!condition.isScalar() || !isLiteral(*condition.elements[0])) return std::nullopt;
  auto constant = evaluateFlat(*condition.elements[0], where);
  if (!constant || constant->kind != Constant::Boolean) return std::nullopt;
  return constant->boolean;
}

std::optional<Value> Flattener::selectSubscripts(const Value& whole, const ast::RefPart& part,
                                                 const Scope& scope) {
  if (part.subscripts.empty()) return whole;
  return selectSubscripts(
      whole.dims, [&whole](size_t k) { return whole.elements[k]; }, part, scope);
}

std::optional<Value> Flattener::selectSubscripts(const std::vector<long long>& dims,
                                                 const std::function<flat::ExprPtr(size_t)>& elementAt,
                                                 const ast::RefPart& part, const Scope& scope) {
  auto picks = lowerSubscripts(dims, part, scope);
  if (!picks) return std::nullopt;
  if (!hasVariablePick(*picks)) return selectPicked(dims, *picks, elementAt);
  return chooseAtRunTime(dims, *picks, part.name, part.range,
                         [&](const std::vector<SubscriptPick>& fixed) -> std::optional<Value> {
                           return selectPicked(dims, fixed, elementAt);
                         });
}

std::optional<Value> Flattener::lowerRef(const ast::ComponentRef& ref, const Scope& scope) {
  auto target = resolveRef(ref, scope);
  if (!target) return std::nullopt;
  if (target->instance) {
    diags_.unsupported(ref.range, fmt::format("using '{}' (of class type '{}') as a value",
                                              refText(ref), target->instance->cls->path()));
    return std::nullopt;
  }
  return target->value;
}

std::optional<RefTarget> Flattener::resolveRef(const ast::ComponentRef& ref, const Scope& scope,
                                               bool wholeArrays, bool connectorEnd) {
  const ast::RefPart& first = ref.parts[0];
  if (!ref.global && ref.parts.size() == 1 && first.subscripts.empty() && scope.iterators) {
    auto it = scope.iterators->find(first.name);
    if (it != scope.iterators->end())
      return RefTarget{Value::scalar(flat::makeInteger(it->second, ref.range)), nullptr};
  }
  if (!ref.global && scope.locals) {
    // A variable of the function, or a field of one of its records, whose
    // name joins the parts up to the last (`c.re`, `r.p.x[2]`).
    std::string name = first.name;
    size_t last = 0;
    ClassNode* record = nullptr;  // the class of the record variable `name` names before its last part
    // An array of records takes subscripts on its name (`v[k].re`).
    const bool recordArray = scope.function && scope.function->recordDims.count(name);
    if (scope.function && !recordArray && !first.subscripts.empty() &&
        scope.function->interface->recordTypes.count(name)) {
      diags_.errorf(first.range, "'{}' is a record, not an array", name);
      return std::nullopt;
    }
    if (scope.function && !scope.locals->count(name))
      while (last + 1 < ref.parts.size() && (ref.parts[last].subscripts.empty() || (recordArray && last == 0)) &&
             scope.function->interface->recordTypes.count(name)) {
        record = scope.function->interface->recordTypes.at(name);
        name += "." + ref.parts[++last].name;
      }
    if (record && last + 1 == ref.parts.size() && !scope.locals->count(name))
      if (auto field = recordConstantDecl(record, ref.parts[last].name)) {
        auto constant = recordClassConstant(*field, record, ref.parts[last], scope);
        if (!constant) return std::nullopt;
        return RefTarget{std::move(*constant), nullptr};
      }
    if (scope.function)
      if (auto it = scope.function->interface->stringFields.find(name); it != scope.function->interface->stringFields.end()) {
        diags_.unsupported(ref.range, fmt::format("String variables inside functions ('{}')", name));
        diags_.note(it->second, "declared here");
        return std::nullopt;
      }
    if (auto it = scope.locals->find(name); it != scope.locals->end()) {
      if (ref.parts.size() > last + 1) {
        diags_.errorf(ref.parts[last + 1].range, "'{}' is a scalar variable and has no component '{}'", name,
                      ref.parts[last + 1].name);
        return std::nullopt;
      }
      if (recordArray && last > 0) {
        auto selected = selectRecordField(name, ref, last, scope);
        if (!selected) return std::nullopt;
        return RefTarget{std::move(selected->value), nullptr};
      }
      const ast::RefPart& part = ref.parts[last];
      Value value = it->second;
      for (auto& e : value.elements)
        if (e->kind == flat::ExprKind::Var) e = flat::makeVar(e->var, ref.range);
      if (auto declared = scope.function && !part.subscripts.empty() ? functionArray(*scope.function, name)
                                                                      : std::nullopt) {
        // An array of the function: a varying subscript selects when the function runs.
        auto picks = lowerSubscripts(value.dims, part, scope);
        if (!picks) return std::nullopt;
        if (!hasVariablePick(*picks)) return RefTarget{selectPicked(value, *picks), nullptr};
        return RefTarget{selectElements(*declared, *picks, ref.range), nullptr};
      }
      auto selected = selectSubscripts(value, part, scope);
      if (!selected) return std::nullopt;
      return RefTarget{std::move(*selected), nullptr};
    }
  }
  Component* c = nullptr;
  if (!ref.global && scope.instance) c = component(*scope.instance, first.name);
  if (!c) {
    if (!ref.global && ref.parts.size() == 1 && first.name == "time" && first.subscripts.empty()) {
      if (scope.function) {
        diags_.error(ref.range, "'time' cannot be used inside a function; pass it as an input (spec 12.2)");
        return std::nullopt;
      }
      return RefTarget{Value::scalar(flat::makeTime(ref.range)), nullptr};
    }
    auto constant = lowerPackageConstant(ref, scope);
    if (!constant) return std::nullopt;
    return RefTarget{std::move(*constant), nullptr};
  }
  return resolveFrom(c, ref, 0, scope, wholeArrays, connectorEnd);
}

std::optional<RefTarget> Flattener::resolveFrom(Component* c, const ast::ComponentRef& ref, size_t from,
                                                const Scope& scope, bool wholeArrays,
                                                bool connectorEnd) {
  for (size_t i = from;; ++i) {
    const ast::RefPart& part = ref.parts[i];
    bool last = i + 1 == ref.parts.size();
    if (c->absent) {
      reportAbsentElement(*c, part.range);
      return std::nullopt;
    }
    if (c->potentiallyPresent && !expandablesElaborated_ && !c->readBeforeElaboration)
      c->readBeforeElaboration = part.range;
    if (c->disabled) {
      if (connectorEnd) {
        RefTarget gone;
        gone.disabled = c;
        return gone;
      }
      diags_.errorf(part.range,
                    "'{}' is a conditional component whose condition is false; only connect() "
                    "may refer to it (spec 4.4.5)",
                    part.name);
      diags_.note(c->condition->range, "its condition is here");
      return std::nullopt;
    }
    if (c->leaf != LeafType::None) {
      if (!last) {
        diags_.errorf(ref.parts[i + 1].range, "'{}' is a scalar variable and has no component '{}'",
                      part.name, ref.parts[i + 1].name);
        return std::nullopt;
      }
      if (part.subscripts.empty()) {
        Value whole{c->dims, {}};
        for (flat::VarId id : c->vars) whole.elements.push_back(flat::makeVar(id, ref.range));
        return RefTarget{std::move(whole), nullptr};
      }
      if (!holdsEveryElement(*c)) return std::nullopt;  // its declaration was refused; already reported
      auto variableAt = [c, &ref](size_t k) { return flat::makeVar(c->vars[k], ref.range); };
      auto selected = selectSubscripts(c->dims, variableAt, part, scope);
      if (!selected) return std::nullopt;
      return RefTarget{std::move(*selected), nullptr};
    }
    if (!c->cls) return std::nullopt;  // its declaration failed; already reported
    if (wholeArrays && last && part.subscripts.empty() && !c->dims.empty()) {
      RefTarget whole;
      whole.wholeArray = c;
      return whole;
    }
    // One element of an array of components, or a slice (`port.x` of an
    // array `port`: missing subscripts are ':').
    auto indexAt = [](size_t k) { return flat::makeInteger(static_cast<long long>(k)); };
    auto picks = lowerSubscripts(c->dims, part, scope);
    if (!picks) return std::nullopt;
    bool slice = false;
    for (const SubscriptPick& pick : *picks) slice = slice || pick.kept;
    if (slice) {
      if (last || hasVariablePick(*picks)) {
        diags_.unsupported(part.range, last ? "slices of arrays of components used as a whole"
                                            : "slices of arrays of components with a subscript that varies");
        return std::nullopt;
      }
      return resolveSlice(c, *picks, ref, i, scope);
    }
    if (hasVariablePick(*picks)) {
      // `t[k].to` with k varying: the rest of the reference for every
      // element, chosen at run time.
      if (last) {
        diags_.unsupported(part.range, fmt::format("selecting a whole element of '{}' (of class type '{}') by a "
                                                   "subscript that varies during simulation",
                                                   part.name, c->cls->path()));
        return std::nullopt;
      }
      Component* array = c;
      auto chosen = chooseAtRunTime(c->dims, *picks, part.name, part.range,
                                    [&](const std::vector<SubscriptPick>& fixed) -> std::optional<Value> {
                                      long long k = selectPicked(c->dims, fixed, indexAt).elements[0]->integer;
                                      Component* child = memberOf(*array, *array->elements[k], ref.parts[i + 1]);
                                      if (!child) return std::nullopt;
                                      auto rest = resolveFrom(child, ref, i + 1, scope);
                                      if (!rest) return std::nullopt;
                                      if (rest->instance) {
                                        diags_.unsupported(ref.range, "selecting a component of class type by a "
                                                                      "subscript that varies during simulation");
                                        return std::nullopt;
                                      }
                                      return rest->value;
                                    });
      if (!chosen) return std::nullopt;
      return RefTarget{std::move(*chosen), nullptr};
    }
    const long long k = selectPicked(c->dims, *picks, indexAt).elements[0]->integer;
    Instance* picked = elementOf(*c, k, part);
    if (!picked) return std::nullopt;
    Instance& element = *picked;
    if (last) return RefTarget{Value{}, &element};
    Component* child = memberOf(*c, element, ref.parts[i + 1]);
    if (!child) return std::nullopt;
    c = child;
  }
}

// `ports[1:2].v`: the rest of the reference for each picked element, the
// slice's dimensions followed by those of the rest.
std::optional<RefTarget> Flattener::resolveSlice(Component* c, const std::vector<SubscriptPick>& picks,
                                                 const ast::ComponentRef& ref, size_t i, const Scope& scope) {
  const ast::RefPart& part = ref.parts[i];
  Value indices =
      selectPicked(c->dims, picks, [](size_t k) { return flat::makeInteger(static_cast<long long>(k)); });
  Value out;
  out.dims = indices.dims;
  std::optional<std::vector<long long>> restDims;
  for (const flat::ExprPtr& index : indices.elements) {
    Instance* element = elementOf(*c, index->integer, part);
    if (!element) return std::nullopt;
    Component* child = memberOf(*c, *element, ref.parts[i + 1]);
    if (!child) return std::nullopt;
    auto rest = resolveFrom(child, ref, i + 1, scope);
    if (!rest) return std::nullopt;
    if (rest->instance || rest->wholeArray || rest->disabled) {
      diags_.unsupported(ref.range, "slices of arrays of components that select components of class type");
      return std::nullopt;
    }
    if (restDims && *restDims != rest->value.dims) {
      diags_.errorf(ref.range, "the elements of '{}' differ in size, so they cannot form one array", part.name);
      return std::nullopt;
    }
    restDims = rest->value.dims;
    out.elements.insert(out.elements.end(), rest->value.elements.begin(), rest->value.elements.end());
  }
  if (restDims) out.dims.insert(out.dims.end(), restDims->begin(), restDims->end());
  return RefTarget{std::move(out), nullptr};
}

Instance* Flattener::elementOf(const Component& array, long long k, const ast::RefPart& part) {
  // Fewer elements than its dimensions give: its instantiation failed
  // (reported), or this reference is reached while it is under way.
  if (k < 0 || static_cast<size_t>(k) >= array.elements.size()) {
    if (!diags_.hasErrors())
      diags_.errorf(part.range, "'{}' is used before its instantiation is complete", part.name);
    return nullptr;
  }
  return array.elements[static_cast<size_t>(k)].get();
}

Component* Flattener::memberOf(const Component& array, Instance& element, const ast::RefPart& next) {
  Component* child = component(element, next.name);
  if (!child && !element.components.count(next.name))
    diags_.errorf(next.range, "'{}' is not a component of '{}' (of class '{}')", next.name, element.path,
                  array.cls->path());
  return child;
}

// The declaration a constant reference names: a component of the longest
// class prefix of `names`, or, for a simple name, a component of an
// enclosing class or one brought in by an import there.
Flattener::ConstantDecl Flattener::findConstant(const std::vector<std::string>& names, bool global,
                                                ClassNode* lexical) {
  auto componentOf = [&](ClassNode* cls, const std::string& name, size_t used) {
    ConstantDecl found = inheritedComponent(cls, name, 0);
    found.used = used;
    return found;
  };
  if (names.size() == 1 && !global) {
    const std::string& name = names[0];
    ClassNode* moved = nullptr;  // the first view seen from a class other than its own
    for (ClassNode* s = lexical; s && s->def; s = s->parent) {
      if (!moved && s->original && s->original->parent && s->original->parent != s->parent) moved = s->original;
      // A base class seen from the class inheriting it: its components are
      // the inheritor's, with the inheritor's modifications.
      ClassNode* holder = s->original && s->parent && tree_.isOrInherits(s->parent, s->original) ? s->parent : s;
      if (ConstantDecl c = componentOf(holder, name, 0); c.decl) return c;
      for (const ast::Import& imp : s->def->imports) {
        std::vector<std::string> package = imp.path.parts;
        std::string member;
        switch (imp.kind) {
          case ast::ImportKind::Qualified:
          case ast::ImportKind::Renamed:
            if ((imp.kind == ast::ImportKind::Renamed ? imp.alias : package.back()) != name) continue;
            member = package.back();
            package.pop_back();
            break;
          case ast::ImportKind::Unqualified:
            member = name;
            break;
          case ast::ImportKind::Multiple:
            if (std::find(imp.names.begin(), imp.names.end(), name) == imp.names.end()) continue;
            member = name;
            break;
        }
        ClassNode* cls = tree_.find(package, true, tree_.root());
        if (ConstantDecl c = componentOf(cls, member, 0); c.decl) return c;
      }
    }
    // An inherited class (a `function extends`'s base seen from the class
    // that redeclares it): what is not found from where it is seen is found
    // where its text is, imports included (imports are not inherited).
    if (moved) return findConstant(names, false, moved->parent);
    return {};
  }
  for (size_t k = names.size() - 1; k >= 1; --k) {
    std::vector<std::string> prefix(names.begin(), names.begin() + k);
    ClassNode* cls = tree_.find(prefix, global, lexical ? lexical : tree_.root());
    if (!cls) continue;
    if (ConstantDecl c = componentOf(cls, names[k], k); c.decl) return c;
    return {};
  }
  // No class prefix: a field of a record constant visible here
  // (`fluidConstants[1].molarMass`).
  if (!global) return findConstant({names[0]}, false, lexical);
  return {};
}

Flattener::ConstantDecl Flattener::inheritedComponent(ClassNode* cls, const std::string& name, int depth) {
  if (!cls || !cls->def || depth > limits::kMaxExtendsDepth) return {};
  const ast::ClassDef& def = *cls->def;
  for (const ast::Component& comp : def.components)
    if (comp.name == name)
      return {&comp, cls, 0, comp.modification ? comp.modification->binding.get() : nullptr, cls};
  // A modification `name = value` of the clause that inherits it sets its value.
  auto modified = [&](ConstantDecl found, const ast::Modification* mod, ClassNode* in) {
    if (found.decl && mod)
      for (const ast::ElementModification& arg : mod->arguments)
        if (arg.path.parts.size() == 1 && arg.path.parts[0] == name && arg.modification &&
            arg.modification->binding) {
          found.binding = arg.modification->binding.get();
          found.bindingIn = in;
        }
    return found;
  };
  if (def.form == ast::ClassForm::Short) {
    ClassNode* base = tree_.find(def.shortBase.parts, def.shortBase.global, cls->parent);
    if (base == cls) return {};
    return modified(inheritedComponent(base, name, depth + 1), def.shortModification.get(), cls->parent);
  }
  // An inherited binding reads the other constants as this class has them
  // (`hasViscosity = size(tableViscosity, 1) > 0` in a base, with
  // tableViscosity given by this class's extends clause): it is evaluated
  // in the base seen from this class.
  auto seenFromHere = [&](ConstantDecl found) {
    if (found.bindingIn && found.bindingIn != cls) {
      ClassNode* own = found.bindingIn->original ? found.bindingIn->original : found.bindingIn;
      if (own->def && own->parent) found.bindingIn = tree_.view(own, cls, {});
    }
    return found;
  };
  for (const ast::Extends& ext : def.extends) {
    ClassNode* base = tree_.find(ext.base.parts, ext.base.global, cls);
    if (!base || base == cls) continue;
    if (ConstantDecl found = inheritedComponent(base, name, depth + 1); found.decl)
      return modified(seenFromHere(found), ext.modification.get(), cls);
  }
  if (def.form == ast::ClassForm::Extends)
    if (ClassNode* base = tree_.classExtendsBase(cls); base && base != cls)
      if (ConstantDecl found = inheritedComponent(base, name, depth + 1); found.decl)
        return modified(found, def.shortModification.get(), cls);
  return {};
}

ClassNode* Flattener::enumerationType(const std::vector<std::string>& names, bool global,
                                     const Scope& scope) {
  ClassNode* cls = tree_.find(names, global, scope.lexical ? scope.lexical : tree_.root());
  for (int guard = 0; cls && cls->def && cls->def->form == ast::ClassForm::Short && guard < 32; ++guard)
    cls = tree_.find(cls->def->shortBase.parts, cls->def->shortBase.global, cls->parent);
  if (!cls || !cls->def || cls->def->form != ast::ClassForm::Enumeration) return nullptr;
  return cls;
}

// `E.b` where E names an enumeration type (directly or through short
// class definitions): b's ordinal, 1 for the first literal (spec 4.9.5).
flat::ExprPtr Flattener::enumerationLiteral(const ast::ComponentRef& ref, const Scope& scope) {
  if (ref.parts.size() < 2 || !ref.parts.back().subscripts.empty()) return nullptr;
  std::vector<std::string> prefix;
  for (size_t i = 0; i + 1 < ref.parts.size(); ++i) prefix.push_back(ref.parts[i].name);
  ClassNode* cls = enumerationType(prefix, ref.global, scope);
  if (!cls) return nullptr;
  const std::vector<ast::EnumLiteral>& literals = cls->def->enumLiterals;
  for (size_t i = 0; i < literals.size(); ++i)
    if (literals[i].name == ref.parts.back().name) return flat::makeInteger(static_cast<long long>(i) + 1, ref.range);
  diags_.errorf(ref.parts.back().range, "'{}' is not a literal of enumeration '{}'", ref.parts.back().name,
                cls->path());
  return flat::makeInteger(1, ref.range);  // reported; keeps the rest of the model checkable
}

std::optional<long long> Flattener::enumerationDimension(const ast::Expr& dimension, const Scope& scope) {
  if (dimension.kind != ast::ExprKind::Ref) return std::nullopt;
  const ast::ComponentRef& ref = dimension.ref;
  std::vector<std::string> names;
  for (const ast::RefPart& part : ref.parts) {
    if (!part.subscripts.empty()) return std::nullopt;
    names.push_back(part.name);
  }
  // A component of that name wins: `Real x[n]` with a parameter n.
  if (!ref.global && scope.instance && scope.instance->components.count(names[0])) return std::nullopt;
  if (!ref.global && scope.locals && scope.locals->count(names[0])) return std::nullopt;
  if (!ref.global && names.size() == 1 && names[0] == "Boolean") return 2;
  ClassNode* cls = enumerationType(names, ref.global, scope);
  if (!cls) return std::nullopt;
  return static_cast<long long>(cls->def->enumLiterals.size());
}

// A constant declared in a lexically enclosing class or a package:
// `Modelica.Constants.pi`, or `k` declared `constant` in an enclosing package.
std::optional<Value> Flattener::lowerPackageConstant(const ast::ComponentRef& ref, const Scope& scope) {
  std::vector<std::string> names;
  for (const auto& part : ref.parts) names.push_back(part.name);
  const ConstantDecl found = findConstant(names, ref.global, scope.lexical);
  const ast::Component* decl = found.decl;
  const size_t used = found.used;
  if (!decl) {
    if (auto literal = enumerationLiteral(ref, scope)) return Value::scalar(literal);
    diags_.errorf(ref.range, "use of undeclared identifier '{}'", refText(ref));
    return std::nullopt;
  }
  if (decl->variability != ast::Variability::Constant) {
    diags_.errorf(ref.range,
                  "'{}' is declared in an enclosing class but is not a constant; only constants are "
                  "visible there (spec 5.3)",
                  refText(ref));
    return std::nullopt;
  }
  if (used + 1 != ref.parts.size()) return recordConstantField(ref, found, scope);
  if (!found.binding) {
    diags_.errorf(ref.range, "constant '{}' has no value", refText(ref));
    return std::nullopt;
  }
  if (constantsInProgress_.count(decl)) {
    diags_.errorf(decl->nameRange, "the value of constant '{}' depends on itself", decl->name);
    return std::nullopt;
  }
  constantsInProgress_.insert(decl);
  auto value = constantLiterals(*found.binding, found.bindingIn, ref.range);
  constantsInProgress_.erase(decl);
  if (!value) return std::nullopt;
  return selectSubscripts(*value, ref.parts.back(), scope);
}

// Replaced by literals, so that the flat model needs no variable for it.
std::optional<Value> Flattener::constantLiterals(const ast::Expr& binding, ClassNode* bindingIn, SourceRange at) {
  auto value = lower(binding, Scope{nullptr, bindingIn, nullptr});
  if (!value) return std::nullopt;
  for (auto& e : value->elements) {
    auto c = evaluateFlat(*e, at);
    if (!c) return std::nullopt;
    e = flat::makeLiteral(*c, at);
  }
  return value;
}

std::optional<RecordField> Flattener::recordConstantDecl(ClassNode* record, const std::string& name) {
  for (const RecordField& field : recordFields(record))
    if (field.decl->name == name && field.decl->variability == ast::Variability::Constant) return field;
  return std::nullopt;
}

std::optional<Value> Flattener::recordClassConstant(const RecordField& field, ClassNode* record,
                                                   const ast::RefPart& part, const Scope& scope) {
  // Constants are the same in every record of the class (`ex.LEVEL`), so a
  // function's records hold none: the class gives the value.
  if (!field.binding) {
    diags_.errorf(part.range, "constant '{}' of record '{}' has no value", part.name, record->path());
    return std::nullopt;
  }
  auto value = constantLiterals(*field.binding, field.bindingIn, part.range);
  if (!value) return std::nullopt;
  return selectSubscripts(*value, part, scope);
}

std::optional<Value> Flattener::recordConstantField(const ast::ComponentRef& ref, const ConstantDecl& found,
                                                   const Scope& scope) {
  // The leaf the reference names: `[2].molarMass` for `fc[2].molarMass`,
  // `data.alow[3]` for a field of a field; subscripts must be known here.
  std::string key;
  for (size_t i = found.used; i < ref.parts.size(); ++i) {
    const ast::RefPart& part = ref.parts[i];
    if (i > found.used) key += (key.empty() ? "" : ".") + part.name;
    if (part.subscripts.empty()) continue;
    std::vector<long long> indices;
    for (const auto& sub : part.subscripts) {
      auto index = sub->kind == ast::ExprKind::Colon ? std::nullopt : evaluateInteger(*sub, scope);
      if (!index) {
        diags_.unsupported(sub->range, fmt::format("this subscript of record constant '{}' (only single elements "
                                                   "known at translation)",
                                                   refText(ref)));
        return std::nullopt;
      }
      indices.push_back(*index);
    }
    key += fmt::format("[{}]", fmt::join(indices, ","));
  }
  if (++constantDepth_ > 32) {
    --constantDepth_;
    diags_.errorf(ref.range, "the value of record constant '{}' depends on itself", refText(ref));
    return std::nullopt;
  }
  auto operand = found.binding ? lowerOperand(*found.binding, Scope{nullptr, found.bindingIn, nullptr})
                 : found.decl->modification ? recordConstantOfModification(found, ref)
                                            : std::nullopt;
  --constantDepth_;
  if (!found.binding && !found.decl->modification)
    diags_.errorf(ref.range, "constant '{}' has no value", found.decl->name);
  if (!operand) return std::nullopt;
  if (!operand->isRecord) {
    diags_.errorf(ref.range, "'{}' is not a record, so '{}' names no field of it", found.decl->name, refText(ref));
    return std::nullopt;
  }
  Value value;
  for (const auto& [leaf, e] : operand->leaves)
    if (leaf == key) value = Value::scalar(e);
  if (value.elements.empty()) value = fieldValue(operand->leaves, key, true);
  if (value.elements.empty()) {
    const bool record = std::any_of(operand->leaves.begin(), operand->leaves.end(), [&](const auto& leaf) {
      return leaf.first.compare(0, key.size() + 1, key + ".") == 0;
    });
    if (record)
      diags_.unsupported(ref.range, fmt::format("'{}', a record inside a record constant, used as a value",
                                                refText(ref)));
    else
      diags_.errorf(ref.range, "record constant '{}' has no field or element '{}'", found.decl->name, key);
    return std::nullopt;
  }
  // Literals, so the flat model needs no variable for them.
  for (auto& e : value.elements) {
    auto c = evaluateFlat(*e, ref.range);
    if (!c) return std::nullopt;
    e = flat::makeLiteral(*c, ref.range);
  }
  return value;
}

std::optional<Value> Flattener::lowerBinary(const ast::Expr& expr, const Scope& scope) {
  auto a = lower(*expr.args[0], scope);
  auto b = a ? lower(*expr.args[1], scope) : std::nullopt;
  if (!a || !b) return std::nullopt;
  const SourceRange r = expr.range;
  flat::Op op = binaryOp(expr.op);
  auto elementwise = [&](const Value& x, const Value& y) {
    Value out{x.isScalar() ? y.dims : x.dims, {}};
    // A scalar against an empty array gives an empty array.
    size_t n = x.isScalar() ? y.elements.size() : x.elements.size();
    for (size_t i = 0; i < n; ++i)
      out.elements.push_back(flat::makeBinary(op, x.elements[x.isScalar() ? 0 : i],
                                              y.elements[y.isScalar() ? 0 : i], r));
    return out;
  };
  auto mismatch = [&]() -> std::optional<Value> {
    diags_.errorf(r, "operand sizes do not fit: {} and {}", dimsText(a->dims), dimsText(b->dims));
    return std::nullopt;
  };
  if (a->isScalar() && b->isScalar()) return elementwise(*a, *b);
  if (isElementwise(expr.op)) {
    if (a->isScalar() || b->isScalar() || a->dims == b->dims) return elementwise(*a, *b);
    return mismatch();
  }
  switch (expr.op) {
    case ast::Op::Add:
    case ast::Op::Sub:
    case ast::Op::And:
    case ast::Op::Or:
      if (a->dims == b->dims) return elementwise(*a, *b);
      return mismatch();
    case ast::Op::Div:
      if (b->isScalar()) return elementwise(*a, *b);
      return mismatch();
    case ast::Op::Mul: {
      if (a->isScalar() || b->isScalar()) return elementwise(*a, *b);
      // Matrix products (spec 10.6.4): vector*vector, matrix*vector,
      // vector*matrix, matrix*matrix.
      auto dot = [&](auto rowOfA, auto colOfB, long long n) {
        std::vector<flat::ExprPtr> terms;
        for (long long k = 0; k < n; ++k)
          terms.push_back(flat::makeBinary(flat::Op::Mul, rowOfA(k), colOfB(k), r));
        return fold(flat::Op::Add, terms, flat::makeReal(0, r), r);
      };
      const auto& A = a->elements;
      const auto& B = b->elements;
      if (a->dims.size() == 1 && b->dims.size() == 1 && a->dims == b->dims)
        return Value::scalar(dot([&](long long k) { return A[k]; }, [&](long long k) { return B[k]; }, a->dims[0]));
      if (a->dims.size() == 2 && b->dims.size() == 1 && a->dims[1] == b->dims[0]) {
        Value out{{a->dims[0]}, {}};
        for (long long i = 0; i < a->dims[0]; ++i)
          out.elements.push_back(dot([&](long long k) { return A[i * a->dims[1] + k]; },
                                     [&](long long k) { return B[k]; }, b->dims[0]));
        return out;
      }
      if (a->dims.size() == 1 && b->dims.size() == 2 && a->dims[0] == b->dims[0]) {
        Value out{{b->dims[1]}, {}};
        for (long long j = 0; j < b->dims[1]; ++j)
          out.elements.push_back(dot([&](long long k) { return A[k]; },
                                     [&](long long k) { return B[k * b->dims[1] + j]; }, a->dims[0]));
        return out;
      }
      if (a->dims.size() == 2 && b->dims.size() == 2 && a->dims[1] == b->dims[0]) {
        Value out{{a->dims[0], b->dims[1]}, {}};
        for (long long i = 0; i < a->dims[0]; ++i)
          for (long long j = 0; j < b->dims[1]; ++j)
            out.elements.push_back(dot([&](long long k) { return A[i * a->dims[1] + k]; },
                                       [&](long long k) { return B[k * b->dims[1] + j]; }, a->dims[1]));
        return out;
      }
      return mismatch();
    }
    default:
      diags_.errorf(r, "operator '{}' needs scalar operands here; use the element-wise form (e.g. '.^') for arrays",
                    ast::toString(expr.op));
      return std::nullopt;
  }
}

std::optional<Value> Flattener::lowerArray(const ast::Expr& expr, const Scope& scope) {
  if (!expr.iterators.empty()) return lowerReduction(expr, "array", scope);
  Value out{{static_cast<long long>(expr.args.size())}, {}};
  std::optional<std::vector<long long>> inner;
  for (const auto& arg : expr.args) {
    auto v = lower(*arg, scope);
    if (!v) return std::nullopt;
    if (inner && *inner != v->dims) {
      diags_.errorf(arg->range, "array elements differ in size: {} and {}", dimsText(*inner),
                    dimsText(v->dims));
      return std::nullopt;
    }
    inner = v->dims;
    out.elements.insert(out.elements.end(), v->elements.begin(), v->elements.end());
  }
  if (inner) out.dims.insert(out.dims.end(), inner->begin(), inner->end());
  return out;
}

// `sum(e for i in 1:n, j in 1:m)` and `{e for i in r}`: the body is lowered
// once per combination of index values (the first iterator varies slowest).
std::optional<Value> Flattener::lowerReduction(const ast::Expr& call, const std::string& name,
                                               const Scope& scope) {
  auto ranges = evaluateIndexRanges(call.iterators, scope, "iterators");
  if (!ranges) return std::nullopt;
  std::vector<Value> items;
  bool ok = forEachIndexCombination(*ranges, scope, [&](const Scope& inner) {
    auto v = lower(*call.args[0], inner);
    if (!v) return false;
    items.push_back(std::move(*v));
    return true;
  });
  if (!ok) return std::nullopt;
  const SourceRange r = call.range;
  if (name == "array") {
    Value out;
    for (const auto& [_, values] : *ranges) out.dims.push_back(static_cast<long long>(values.size()));
    if (!items.empty()) out.dims.insert(out.dims.end(), items[0].dims.begin(), items[0].dims.end());
    for (const Value& item : items) {
      if (item.dims != items[0].dims) {
        diags_.error(r, "the elements of this array comprehension differ in size");
        return std::nullopt;
      }
      out.elements.insert(out.elements.end(), item.elements.begin(), item.elements.end());
    }
    return out;
  }
  std::vector<flat::ExprPtr> scalars;
  for (const Value& item : items) {
    if (!item.isScalar()) {
      diags_.unsupported(r, "reductions over array-valued expressions");
      return std::nullopt;
    }
    scalars.push_back(item.elements[0]);
  }
  if (name == "sum") return Value::scalar(fold(flat::Op::Add, scalars, flat::makeInteger(0, r), r));
  if (name == "product") return Value::scalar(fold(flat::Op::Mul, scalars, flat::makeInteger(1, r), r));
  if (scalars.empty()) {
    diags_.errorf(r, "{}() over an empty range has no value", name);
    return std::nullopt;
  }
  flat::Builtin fn = name == "min" ? flat::Builtin::Min : flat::Builtin::Max;
  flat::ExprPtr acc = scalars[0];
  for (size_t i = 1; i < scalars.size(); ++i) acc = flat::makeCall(fn, {acc, scalars[i]}, r);
  return Value::scalar(acc);
}

namespace {

// An Integer expression as c + sum(k_i * atom_i) with literal c and k_i,
// the atoms being the subexpressions that are not sums, differences,
// negations or products with a literal (`2*(k - 1) + 1` is 2 k - 1).
struct AffineForm {
  long long constant = 0;
  std::vector<std::pair<flat::ExprPtr, long long>> terms;
};

bool addScaled(AffineForm& to, const AffineForm& from, long long scale) {
  long long product = 0;
  if (__builtin_mul_overflow(from.constant, scale, &product) ||
      __builtin_add_overflow(to.constant, product, &to.constant))
    return false;
  for (const auto& [atom, k] : from.terms) {
    if (__builtin_mul_overflow(k, scale, &product)) return false;
    auto same = std::find_if(to.terms.begin(), to.terms.end(),
                             [&](const auto& term) { return flat::sameExpr(*term.first, *atom); });
    if (same == to.terms.end()) {
      to.terms.emplace_back(atom, product);
    } else if (__builtin_add_overflow(same->second, product, &same->second)) {
      return false;
    }
  }
  return true;
}

std::optional<AffineForm> affineForm(const flat::ExprPtr& e, int depth = 0) {
  AffineForm out;
  if (depth > 64) return std::nullopt;
  if (e->kind == flat::ExprKind::Integer) {
    out.constant = e->integer;
    return out;
  }
  if (e->kind == flat::ExprKind::Unary && e->op == flat::Op::Negate) {
    auto inner = affineForm(e->args[0], depth + 1);
    if (!inner || !addScaled(out, *inner, -1)) return std::nullopt;
    return out;
  }
  if (e->kind == flat::ExprKind::Binary &&
      (e->op == flat::Op::Add || e->op == flat::Op::Sub || e->op == flat::Op::Mul)) {
    auto left = affineForm(e->args[0], depth + 1);
    auto right = affineForm(e->args[1], depth + 1);
    if (!left || !right) return std::nullopt;
    if (e->op != flat::Op::Mul) {
      if (!addScaled(out, *left, 1) || !addScaled(out, *right, e->op == flat::Op::Add ? 1 : -1)) return std::nullopt;
      return out;
    }
    if (left->terms.empty() && addScaled(out, *right, left->constant)) return out;
    if (right->terms.empty() && addScaled(out, *left, right->constant)) return out;
    if (!left->terms.empty() && !right->terms.empty()) {
      out.terms.emplace_back(e, 1);
      return out;
    }
    return std::nullopt;
  }
  out.terms.emplace_back(e, 1);
  return out;
}

// to - from when it is the same whatever the atoms' values.
std::optional<long long> constantDifference(const flat::ExprPtr& from, const flat::ExprPtr& to) {
  auto a = affineForm(from);
  auto b = affineForm(to);
  if (!a || !b) return std::nullopt;
  AffineForm difference;
  if (!addScaled(difference, *b, 1) || !addScaled(difference, *a, -1)) return std::nullopt;
  for (const auto& term : difference.terms)
    if (term.second != 0) return std::nullopt;
  return difference.constant;
}

}  // namespace

// `i:j` in a function with i and j varying when it runs but j - i fixed:
// j - i + 1 elements i, i + 1, ... (none when j < i) whose values come at
// run time (the Xorshift generators' `state[i - 2:i - 1]`, Polyphase's
// `ind[(mBase - 1)*(k - 1) + 1:(mBase - 1)*k]`). Empty when the bounds are
// not of that form, for the constant path to handle.
std::optional<Value> Flattener::shiftedRange(const Value& from, const Value& to, const Scope& scope,
                                            SourceRange where) {
  if (!from.isScalar() || !to.isScalar()) return std::nullopt;
  const flat::ExprPtr& first = from.elements[0];
  const flat::ExprPtr& last = to.elements[0];
  if (isParameterExpression(*first, scope) && isParameterExpression(*last, scope)) return std::nullopt;
  if (typeOf(*first, scope) != flat::BaseType::Integer || typeOf(*last, scope) != flat::BaseType::Integer)
    return std::nullopt;
  auto difference = constantDifference(first, last);
  if (!difference || *difference >= limits::kMaxArrayElements) return std::nullopt;
  const long long count = std::max(0LL, *difference + 1);
  if (count > limits::kMaxArrayElements) return std::nullopt;
  Value v{{count}, {}};
  for (long long k = 0; k < count; ++k)
    v.elements.push_back(k == 0 ? first : flat::makeBinary(flat::Op::Add, first, flat::makeInteger(k, where), where));
  return v;
}

}  // namespace smc::flatten

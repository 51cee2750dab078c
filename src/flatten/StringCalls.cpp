// String() of spec 3.7.1.2: String(value, significantDigits = 6,
// minimumLength = 0, leftJustified = true) of a Real, Integer or Boolean,
// String(value, format = f) of a Real or Integer, and String(E.literal) of
// an enumeration literal. The value becomes a Builtin::String call with
// every option filled in (Builtin::StringFormat with the format); when
// everything is a literal it is folded to the text at once. What is left
// the FMU computes when the model runs.
#include "flatten/Flattener.h"

#include "flatten/ConstEval.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace smc::flatten {

// The simulated model's name (its last identifier) followed by the
// instance path of the class the call is written in: "Vehicle.engine" for
// a call in the engine of model Lib.Vehicle. Inside a function the spec
// leaves the value open; it is the function's name there.
std::optional<Value> Flattener::lowerInstanceName(const ast::Expr& call, const Scope& scope) {
  if (!call.args.empty() || !call.named.empty()) {
    diags_.error(call.range, "'getInstanceName' takes no arguments");
    return std::nullopt;
  }
  if (scope.function) return Value::scalar(flat::makeString(scope.function->fn.name, call.range));
  std::string name = top_ && top_->cls ? top_->cls->name : std::string();
  if (scope.instance && !scope.instance->path.empty()) name += "." + scope.instance->path;
  return Value::scalar(flat::makeString(name, call.range));
}

std::optional<std::pair<long long, bool>> Flattener::enumerationStringOptions(const ast::Expr& call,
                                                                              const Scope& scope) {
  // String(e, minimumLength = n, leftJustified = b): options known at
  // translation pad every literal's name alike.
  std::pair<long long, bool> out{0, true};
  for (const ast::NamedArg& option : call.named) {
    if (option.name == "minimumLength") {
      auto n = evaluateInteger(*option.value, scope);
      if (!n) return std::nullopt;
      out.first = *n;
    } else if (option.name == "leftJustified") {
      auto value = lower(*option.value, scope);
      if (!value) return std::nullopt;
      std::optional<bool> known = literalCondition(*value, option.value->range);
      if (!known) {
        diags_.unsupported(option.value->range, "leftJustified of String() of an enumeration varying when it runs");
        return std::nullopt;
      }
      out.second = *known;
    } else {
      diags_.errorf(option.range, "String() of an enumeration value takes minimumLength and leftJustified, not '{}'",
                    option.name);
      return std::nullopt;
    }
  }
  return out;
}

namespace {

std::string paddedName(const std::string& name, const std::pair<long long, bool>& options) {
  flat::Constant text;
  text.kind = flat::Constant::String;
  text.text = name;
  return flat::formatStringOf(text, 6, options.first, options.second);
}

}  // namespace

std::optional<Value> Flattener::enumerationName(const ast::Expr& call, const flat::ExprPtr& x,
                                                const ast::ClassDef& type, const Scope& scope) {
  auto options = enumerationStringOptions(call, scope);
  if (!options) return std::nullopt;
  auto padded = [&](const std::string& name) { return paddedName(name, *options); };
  const SourceRange r = call.range;
  const auto& literals = type.enumLiterals;
  if (literals.empty()) {
    diags_.errorf(r, "the enumeration of this value has no literals");
    return std::nullopt;
  }
  // if e == 1 then "a" elseif e == 2 then "b" ... else the last literal's
  // name (the variable's min and max keep it among the ordinals).
  flat::ExprPtr chosen = flat::makeString(padded(literals.back().name), r);
  for (size_t k = literals.size() - 1; k-- > 0;)
    chosen = flat::makeIf(flat::makeBinary(flat::Op::Equal, x, flat::makeInteger(static_cast<long long>(k + 1), r), r),
                          flat::makeString(padded(literals[k].name), r), chosen, r);
  return Value::scalar(chosen);
}

std::optional<Value> Flattener::lowerStringCall(const ast::Expr& call, const Scope& scope) {
  const SourceRange r = call.range;
  if (call.args.size() != 1) {
    diags_.errorf(r, "'String' takes one positional argument, the value, and the named options "
                     "significantDigits, minimumLength and leftJustified ({} positional given)",
                  call.args.size());
    return std::nullopt;
  }
  const ast::Expr& argument = *call.args[0];
  if (argument.kind == ast::ExprKind::Ref)
    if (flat::ExprPtr literal = enumerationLiteral(argument.ref, scope)) {
      auto options = enumerationStringOptions(call, scope);
      if (!options) return std::nullopt;
      return Value::scalar(flat::makeString(paddedName(argument.ref.parts.back().name, *options), r));
    }

  auto value = lower(argument, scope);
  if (!value) return std::nullopt;
  if (!value->isScalar()) {
    diags_.errorf(argument.range, "String() converts a scalar; this argument is an array");
    return std::nullopt;
  }
  const flat::ExprPtr& x = value->elements[0];
  const flat::BaseType type = typeOf(*x, scope);
  if (type != flat::BaseType::Real && type != flat::BaseType::Integer && type != flat::BaseType::Boolean) {
    diags_.errorf(argument.range, "String() converts a Real, Integer or Boolean, not a {}", flat::toString(type));
    return std::nullopt;
  }
  if (x->kind == flat::ExprKind::Var && !scope.function && model_.variables[x->var].isEnumeration) {
    auto type = enumerationTypes_.find(x->var);
    if (type == enumerationTypes_.end()) {
      diags_.unsupported(argument.range, "String() of this enumeration variable");
      return std::nullopt;
    }
    return enumerationName(call, x, *type->second, scope);
  }

  if (auto format = std::find_if(call.named.begin(), call.named.end(),
                                 [](const ast::NamedArg& option) { return option.name == "format"; });
      format != call.named.end())
    return lowerFormattedString(call, x, type, *format, scope);

  flat::ExprPtr digits = flat::makeInteger(6, r), width = flat::makeInteger(0, r), left = flat::makeBoolean(true, r);
  for (const ast::NamedArg& option : call.named) {
    flat::ExprPtr* slot = option.name == "significantDigits" ? &digits
                          : option.name == "minimumLength"   ? &width
                          : option.name == "leftJustified"   ? &left
                                                             : nullptr;
    if (!slot) {
      diags_.errorf(option.range, "unexpected named argument '{}' in a call to 'String'", option.name);
      return std::nullopt;
    }
    if (slot == &digits && type != flat::BaseType::Real) {
      diags_.errorf(option.range, "significantDigits applies only to String() of a Real");
      return std::nullopt;
    }
    auto v = lower(*option.value, scope);
    if (!v) return std::nullopt;
    const flat::BaseType wanted = slot == &left ? flat::BaseType::Boolean : flat::BaseType::Integer;
    if (!v->isScalar() || typeOf(*v->elements[0], scope) != wanted) {
      diags_.errorf(option.value->range, "'{}' of String() must be a scalar {}", option.name, flat::toString(wanted));
      return std::nullopt;
    }
    *slot = v->elements[0];
  }
  return foldedString(flat::makeCall(flat::Builtin::String, {x, digits, width, left}, r));
}

std::optional<Value> Flattener::lowerFormattedString(const ast::Expr& call, const flat::ExprPtr& x,
                                                     flat::BaseType type, const ast::NamedArg& format,
                                                     const Scope& scope) {
  if (call.named.size() != 1) {
    diags_.errorf(call.range, "String() takes either format or the options significantDigits, minimumLength "
                              "and leftJustified, not both (spec 3.7.1.2)");
    return std::nullopt;
  }
  if (type == flat::BaseType::Boolean) {
    diags_.errorf(format.range, "String() of a Boolean takes no format (spec 3.7.1.2)");
    return std::nullopt;
  }
  auto f = lower(*format.value, scope);
  if (!f) return std::nullopt;
  if (!f->isScalar() || typeOf(*f->elements[0], scope) != flat::BaseType::String) {
    diags_.errorf(format.value->range, "the format of String() must be a scalar String");
    return std::nullopt;
  }
  flat::ExprPtr converted = flat::makeCall(flat::Builtin::StringFormat, {x, f->elements[0]}, call.range);
  // A literal format is checked now, even when the value varies.
  if (f->elements[0]->kind == flat::ExprKind::String) {
    flat::Constant probe;
    probe.kind = type == flat::BaseType::Integer ? flat::Constant::Integer : flat::Constant::Real;
    flat::ConstantEvaluator evaluator(model_);
    if (!evaluator.evaluate(*flat::makeCall(flat::Builtin::StringFormat,
                                            {flat::makeLiteral(probe, x->range), f->elements[0]}, call.range))) {
      diags_.error(evaluator.error().range, evaluator.error().message);
      return std::nullopt;
    }
  }
  return foldedString(converted);
}

// `converted` (a String() call), or its text when it is made of literals
// alone (not of parameters, which an importer may set).
Value Flattener::foldedString(const flat::ExprPtr& converted) {
  const SourceRange r = converted->range;
  std::function<bool(const flat::Expr&)> literalsOnly = [&](const flat::Expr& e) {
    switch (e.kind) {
      case flat::ExprKind::Real: case flat::ExprKind::Integer: case flat::ExprKind::Boolean:
      case flat::ExprKind::String: return true;
      case flat::ExprKind::Unary: case flat::ExprKind::Binary: case flat::ExprKind::Call: case flat::ExprKind::If:
        for (const auto& arg : e.args)
          if (!arg || !literalsOnly(*arg)) return false;
        return true;
      default: return false;
    }
  };
  if (literalsOnly(*converted))
    if (auto text = flat::ConstantEvaluator(model_).evaluate(*converted, r))
      return Value::scalar(flat::makeString(text->text, r));
  return Value::scalar(converted);
}

}  // namespace smc::flatten

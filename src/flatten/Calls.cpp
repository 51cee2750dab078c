// Built-in function calls (spec 3.7 and 10.3): elementwise math on scalars
// and arrays, reductions, array constructors and size queries. The
// discrete-time operators are in DiscreteOps.cpp, calls of user functions in
// FunctionCalls.cpp, the synchronous operators (Clock, previous, hold...) in
// ClockOps.cpp, the state machine operators in StateMachines.cpp. Operators
// that belong to later capabilities (spatialDistribution...) are reported as
// "not supported yet" at the call.
#include "flatten/ArrayConcatenation.h"
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <map>
#include <variant>
#include <set>

namespace smc::flatten {

namespace {

struct ElementwiseFunction {
  flat::Builtin fn;
  size_t arity;
};

const std::map<std::string, ElementwiseFunction>& elementwiseFunctions() {
  using flat::Builtin;
  static const std::map<std::string, ElementwiseFunction> table = {
      {"abs", {Builtin::Abs, 1}},     {"sign", {Builtin::Sign, 1}},   {"sqrt", {Builtin::Sqrt, 1}},
      {"sin", {Builtin::Sin, 1}},     {"cos", {Builtin::Cos, 1}},     {"tan", {Builtin::Tan, 1}},
      {"asin", {Builtin::Asin, 1}},   {"acos", {Builtin::Acos, 1}},   {"atan", {Builtin::Atan, 1}},
      {"sinh", {Builtin::Sinh, 1}},   {"cosh", {Builtin::Cosh, 1}},   {"tanh", {Builtin::Tanh, 1}},
      {"exp", {Builtin::Exp, 1}},     {"log", {Builtin::Log, 1}},     {"log10", {Builtin::Log10, 1}},
      {"floor", {Builtin::Floor, 1}}, {"ceil", {Builtin::Ceil, 1}},   {"integer", {Builtin::Integer, 1}},
      {"noEvent", {Builtin::NoEvent, 1}}, {"atan2", {Builtin::Atan2, 2}}, {"div", {Builtin::Div, 2}},
      {"mod", {Builtin::Mod, 2}},     {"rem", {Builtin::Rem, 2}},
      {"semiLinear", {Builtin::SemiLinear, 3}},
  };
  return table;
}

// Operators of the hybrid and synchronous chapters:
// recognised so the message names the capability they wait for.
const char* laterCapability(const std::string& name) {
  static const std::map<std::string, const char*> table = {
      {"spatialDistribution", "spatialDistribution()"},
  };
  auto it = table.find(name);
  return it == table.end() ? nullptr : it->second;
}

// Calls that only make sense as equations or statements.
bool isStatementLike(const std::string& name) {
  return name == "assert" || name == "terminate" || name == "reinit";
}

const std::set<std::string>& otherBuiltins() {
  static const std::set<std::string> names = {
      "der", "smooth", "min", "max", "sum", "product", "size", "ndims", "zeros", "ones", "fill", "Integer",
      "identity", "transpose", "cat", "pre", "edge", "change", "initial", "terminal", "sample", "String",
      "getInstanceName",
      "homotopy", "cardinality", "delay", "array", "inStream", "actualStream"};
  return names;
}

}  // namespace

// The built-in functions live in the global scope, so `.sin(x)` (a
// global name, spec 5.3.3) is sin(x) too.
std::string simpleCalleeName(const ast::Expr& call) {
  const ast::ComponentRef& callee = call.ref;
  return callee.parts.size() == 1 ? callee.parts[0].name : "";
}

bool isBuiltinFunctionName(const std::string& name) {
  return elementwiseFunctions().count(name) || otherBuiltins().count(name) || isArrayBuiltin(name) ||
         laterCapability(name) ||
         isStatementLike(name) || isClockOperatorName(name) || isStateMachineOperatorName(name);
}

std::string builtinOfExternal(const ast::ClassDef& function) {
  if (!function.hasExternal || function.externalLanguage != "builtin") return "";
  // `external "builtin";` alone names the function after itself.
  const std::string& name = function.externalFunction.empty() ? function.name : function.externalFunction;
  return elementwiseFunctions().count(name) ? name : "";
}

bool Flattener::callsBuiltin(const ast::Expr& call, const Scope& scope) {
  const std::string name = simpleCalleeName(call);
  if (!isBuiltinFunctionName(name)) return false;
  if (call.ref.global) return true;
  // The built-ins are in the global scope, which lexical lookup reaches
  // last (spec 5.3.1): a function of an enclosing class or an import of
  // that name hides one (ComplexMath's functions call its own `exp`, and
  // `import Modelica.ComplexMath.abs` makes abs(c) take a Complex). A
  // library's wrapper of the built-in (`external "builtin"`) is the built-in.
  ClassNode* found = calledFunction(call, scope);
  return !found || !found->def || builtinOfExternal(*found->def) == name;
}

// The dimensions of size()'s argument. An array of records or of blocks
// has a size but no value.
std::optional<std::vector<long long>> Flattener::argumentDims(const ast::Expr& arg, const Scope& scope) {
  if (arg.kind != ast::ExprKind::Ref) {
    auto array = lower(arg, scope);
    if (!array) return std::nullopt;
    return array->dims;
  }
  const ast::ComponentRef& ref = arg.ref;
  if (scope.function && !ref.global && ref.parts.size() == 1 && scope.function->recordDims.count(ref.parts[0].name)) {
    if (ref.parts[0].subscripts.empty()) return scope.function->recordDims.at(ref.parts[0].name);
    auto operand = functionRecordOperand(ref, scope);
    if (!operand) return std::nullopt;
    return recordArrayDims(operand->leaves);
  }
  auto target = resolveRef(ref, scope, true);
  if (!target) return std::nullopt;
  if (target->wholeArray) return target->wholeArray->dims;
  if (!target->instance) return target->value.dims;
  return std::vector<long long>{};
}

std::optional<Value> Flattener::lowerCall(const ast::Expr& call, const Scope& scope) {
  const SourceRange r = call.range;
  const ast::ComponentRef& callee = call.ref;
  std::string name = simpleCalleeName(call);

  if (name == "$field") return lowerFieldOf(call, scope);
  // The operators of overdetermined connectors (spec 9.4).
  if (callee.parts.size() == 2 && !callee.global && callee.parts[0].name == "Connections")
    return lowerConnectionsOperator(call, scope);
  ClassNode* function = callsBuiltin(call, scope) ? nullptr : calledFunction(call, scope);
  // A library's wrapper of a built-in (Modelica.Math.sin is `external
  // "builtin" y = sin(u)`) is that built-in.
  if (std::string builtin = function && function->def ? builtinOfExternal(*function->def) : "";
      !builtin.empty() && call.named.empty())
    name = builtin;
  else if (function) {
    return callFunction(call, function, scope);
  }
  if (!isBuiltinFunctionName(name)) {
    if (ClassNode* record = recordConstructor(call, scope)) {
      diags_.errorf(r, "'{}(...)' constructs a record, which is not allowed here (only as a side of an "
                       "equation, a binding, or a function argument)",
                    record->path());
      return std::nullopt;
    }
    std::vector<std::string> parts;
    for (const auto& p : callee.parts) parts.push_back(p.name);
    if (ClassNode* other = tree_.find(parts, callee.global, scope.lexical ? scope.lexical : tree_.root());
        other && other->def) {
      diags_.errorf(callee.range, "'{}' is a {}, not a function, and cannot be called", other->path(),
                    ast::toString(other->def->kind));
      return std::nullopt;
    }
    diags_.errorf(callee.range, "use of undeclared function '{}'", refText(callee));
    return std::nullopt;
  }
  if (isStatementLike(name)) {
    diags_.errorf(r, "'{}' is an equation or a statement and cannot be used in an expression", name);
    return std::nullopt;
  }
  if (isArrayBuiltin(name)) return lowerArrayBuiltin(call, name, scope);
  if (!call.iterators.empty()) {
    if (name == "sum" || name == "product" || name == "min" || name == "max")
      return lowerReduction(call, name, scope);
    if (name == "array") return lowerReduction(call, name, scope);
    diags_.errorf(r, "'{}' does not accept an iterator ('for') argument", refText(callee));
    return std::nullopt;
  }
  // The synchronous operators take named arguments (spec 16.3 - 16.5).
  if (isClockOperatorName(name)) return *lowerClockOperator(call, name, scope);
  if (isStateMachineOperatorName(name)) return lowerStateMachineOperator(call, name, scope);
  if (name == "String") return lowerStringCall(call, scope);
  if (name == "getInstanceName") return lowerInstanceName(call, scope);
  if (name == "homotopy") return lowerHomotopy(call, scope);
  if (name == "cardinality") return lowerCardinality(call, scope);
  if (name == "inStream" || name == "actualStream") return lowerStreamOperator(call, name, scope);
  if (name == "delay") return lowerDelay(call, scope);
  if (!call.named.empty() && name != "smooth" && name != "sample") {
    diags_.errorf(call.named[0].range, "unexpected named argument '{}' in a call to '{}'",
                  call.named[0].name, refText(callee));
    return std::nullopt;
  }
  auto arity = [&](size_t lo, size_t hi) {
    if (call.args.size() >= lo && call.args.size() <= hi) return true;
    if (lo == hi)
      diags_.errorf(r, "'{}' takes {} argument(s), {} given", name, lo, call.args.size());
    else
      diags_.errorf(r, "'{}' takes {} to {} arguments, {} given", name, lo, hi, call.args.size());
    return false;
  };
  std::vector<Value> args;
  auto lowerArgs = [&]() {
    for (const auto& arg : call.args) {
      auto v = lower(*arg, scope);
      if (!v) return false;
      args.push_back(std::move(*v));
    }
    return true;
  };
  auto integerArgs = [&](size_t from) -> std::optional<std::vector<long long>> {
    std::vector<long long> out;
    for (size_t i = from; i < call.args.size(); ++i) {
      auto n = evaluateInteger(*call.args[i], scope);
      if (!n) return std::nullopt;
      out.push_back(*n);
    }
    return out;
  };

  if (auto it = elementwiseFunctions().find(name); it != elementwiseFunctions().end()) {
    if (!arity(it->second.arity, it->second.arity) || !lowerArgs()) return std::nullopt;
    Value out{{}, {}};
    for (const Value& a : args)
      if (!a.isScalar()) {
        if (!out.dims.empty() && out.dims != a.dims) {
          diags_.errorf(r, "the arguments of '{}' differ in size", name);
          return std::nullopt;
        }
        out.dims = a.dims;
      }
    size_t n = 1;
    for (long long d : out.dims) n *= static_cast<size_t>(d);
    for (size_t i = 0; i < n; ++i) {
      std::vector<flat::ExprPtr> scalars;
      for (const Value& a : args) scalars.push_back(a.elements[a.isScalar() ? 0 : i]);
      out.elements.push_back(flat::makeCall(it->second.fn, scalars, r));
    }
    return out;
  }
  if (name == "der") {
    if (scope.function) {
      diags_.error(r, "der() cannot be used inside a function (spec 12.2)");
      return std::nullopt;
    }
    if (!arity(1, 1) || !lowerArgs()) return std::nullopt;
    for (auto& e : args[0].elements) e = flat::makeDer(e, r);
    return args[0];
  }
  if (name == "smooth") {
    if (!arity(2, 2) || !lowerArgs()) return std::nullopt;
    auto order = evaluateInteger(*call.args[0], scope);
    if (!order) return std::nullopt;
    for (auto& e : args[1].elements)
      e = flat::makeCall(flat::Builtin::Smooth, {flat::makeInteger(*order, r), e}, r);
    return args[1];
  }
  if (name == "min" || name == "max") {
    if (!arity(1, 2) || !lowerArgs()) return std::nullopt;
    flat::Builtin fn = name == "min" ? flat::Builtin::Min : flat::Builtin::Max;
    if (args.size() == 2) {
      if (!args[0].isScalar() || !args[1].isScalar()) {
        diags_.errorf(r, "'{}' with two arguments needs scalars", name);
        return std::nullopt;
      }
      return Value::scalar(flat::makeCall(fn, {args[0].elements[0], args[1].elements[0]}, r));
    }
    if (args[0].elements.empty()) {
      diags_.errorf(r, "'{}' of an empty array has no value", name);
      return std::nullopt;
    }
    flat::ExprPtr acc = args[0].elements[0];
    for (size_t i = 1; i < args[0].elements.size(); ++i)
      acc = flat::makeCall(fn, {acc, args[0].elements[i]}, r);
    return Value::scalar(acc);
  }
  if (name == "sum" || name == "product") {
    if (!arity(1, 1) || !lowerArgs()) return std::nullopt;
    flat::Op op = name == "sum" ? flat::Op::Add : flat::Op::Mul;
    const auto& items = args[0].elements;
    if (items.empty()) return Value::scalar(flat::makeInteger(name == "sum" ? 0 : 1, r));
    flat::ExprPtr acc = items[0];
    for (size_t i = 1; i < items.size(); ++i) acc = flat::makeBinary(op, acc, items[i], r);
    return Value::scalar(acc);
  }
  if (name == "Integer") {
    // Integer(e) of an enumeration value is its ordinal (spec 4.9.5), which
    // is how smc holds the value already.
    if (!arity(1, 1) || !lowerArgs()) return std::nullopt;
    if (typeOf(*args[0].elements.front(), scope) != flat::BaseType::Integer) {
      diags_.errorf(r, "Integer() takes an enumeration value; for a Real use integer()");
      return std::nullopt;
    }
    return args[0];
  }
  if (name == "size" || name == "ndims") {
    if (!arity(1, name == "size" ? 2 : 1)) return std::nullopt;
    auto dims = argumentDims(*call.args[0], scope);
    if (!dims) return std::nullopt;
    if (name == "ndims") return Value::scalar(flat::makeInteger(static_cast<long long>(dims->size()), r));
    if (call.args.size() == 2) {
      auto d = evaluateInteger(*call.args[1], scope);
      if (!d) return std::nullopt;
      if (*d < 1 || *d > static_cast<long long>(dims->size())) {
        diags_.errorf(call.args[1]->range, "dimension {} does not exist; the array has {}", *d, dims->size());
        return std::nullopt;
      }
      return Value::scalar(flat::makeInteger((*dims)[*d - 1], r));
    }
    Value out{{static_cast<long long>(dims->size())}, {}};
    for (long long d : *dims) out.elements.push_back(flat::makeInteger(d, r));
    return out;
  }
  if (name == "zeros" || name == "ones" || name == "fill") {
    bool isFill = name == "fill";
    if (call.args.size() < (isFill ? 2u : 1u)) {
      diags_.errorf(r, "'{}' needs at least {} argument(s)", name, isFill ? 2 : 1);
      return std::nullopt;
    }
    auto dims = integerArgs(isFill ? 1 : 0);
    if (!dims || !withinElementLimit(*dims, r, (name + "()").c_str())) return std::nullopt;
    // fill(s, n1, ..., nk) of an array s is the n1 x ... x nk array of
    // copies of s (spec 10.3.3): s's dimensions come last.
    Value item = Value::scalar(flat::makeInteger(name == "ones" ? 1 : 0, r));
    if (isFill) {
      auto v = lower(*call.args[0], scope);
      if (!v) return std::nullopt;
      item = std::move(*v);
    }
    Value out{*dims, {}};
    out.dims.insert(out.dims.end(), item.dims.begin(), item.dims.end());
    if (!withinElementLimit(out.dims, r, (name + "()").c_str())) return std::nullopt;
    long long n = 1;
    for (long long d : *dims) n *= d;
    for (long long i = 0; i < n; ++i) out.elements.insert(out.elements.end(), item.elements.begin(), item.elements.end());
    return out;
  }
  if (name == "identity") {
    if (!arity(1, 1)) return std::nullopt;
    auto n = evaluateInteger(*call.args[0], scope);
    if (!n || !withinElementLimit({*n, *n}, r, "identity()")) return std::nullopt;
    Value out{{*n, *n}, {}};
    for (long long i = 0; i < *n; ++i)
      for (long long j = 0; j < *n; ++j) out.elements.push_back(flat::makeInteger(i == j ? 1 : 0, r));
    return out;
  }
  if (name == "array") {
    // array(a, b, c) is {a, b, c}, array(e for i in r) is {e for i in r}
    // (spec 10.4.1): the call's arguments and iterators are the constructor's.
    if (!call.named.empty()) {
      diags_.error(r, "'array' takes no named arguments");
      return std::nullopt;
    }
    return lowerArray(call, scope);
  }
  if (name == "cat") {
    // cat(k, A, B, ...): A, B, ... joined along dimension k (spec 10.4.2).
    if (call.args.size() < 2) {
      diags_.error(r, "'cat' needs a dimension and at least one array");
      return std::nullopt;
    }
    auto k = evaluateInteger(*call.args[0], scope);
    if (!k) return std::nullopt;
    std::vector<Value> parts;
    for (size_t i = 1; i < call.args.size(); ++i) {
      auto v = lower(*call.args[i], scope);
      if (!v) return std::nullopt;
      parts.push_back(std::move(*v));
    }
    if (*k < 1) {
      diags_.errorf(call.args[0]->range, "cat() dimension must be at least 1, got {}", *k);
      return std::nullopt;
    }
    auto joined = concatenate(static_cast<size_t>(*k - 1), parts);
    if (auto* message = std::get_if<std::string>(&joined)) {
      diags_.errorf(r, "cat({}, ...): {}", *k, *message);
      return std::nullopt;
    }
    return std::get<Value>(std::move(joined));
  }
  if (name == "transpose") {
    if (!arity(1, 1) || !lowerArgs()) return std::nullopt;
    const Value& m = args[0];
    if (m.dims.size() != 2) {
      diags_.error(r, "transpose() needs a matrix");
      return std::nullopt;
    }
    Value out{{m.dims[1], m.dims[0]}, {}};
    for (long long j = 0; j < m.dims[1]; ++j)
      for (long long i = 0; i < m.dims[0]; ++i) out.elements.push_back(m.elements[i * m.dims[1] + j]);
    return out;
  }
  if (auto discrete = lowerDiscreteOperator(call, name, scope)) return *discrete;
  const char* capability = laterCapability(name);
  diags_.unsupported(r, fmt::format("'{}' ({})", name, capability ? capability : "this built-in"));
  return std::nullopt;
}

// homotopy(actual, simplified) (spec 3.7.4.4) is a hint for solving the
// initialization. In the model's equations it is
// actual + (1 - lambda) * (simplified - actual) with the homotopy parameter
// lambda (FlatModel::homotopyLambda), 1 except while the runtime continues
// from the simplified problem to the actual one after an initialization
// that failed. In functions, which cannot read lambda, it is `actual`.
std::optional<Value> Flattener::lowerHomotopy(const ast::Expr& call, const Scope& scope) {
  const ast::Expr* actual = call.args.size() > 0 ? call.args[0].get() : nullptr;
  const ast::Expr* simplified = call.args.size() > 1 ? call.args[1].get() : nullptr;
  for (const ast::NamedArg& arg : call.named) {
    const ast::Expr*& slot = arg.name == "actual" ? actual : simplified;
    if ((arg.name != "actual" && arg.name != "simplified") || slot) {
      diags_.errorf(arg.range, "unexpected named argument '{}' in a call to 'homotopy'", arg.name);
      return std::nullopt;
    }
    slot = arg.value.get();
  }
  if (!actual || !simplified || call.args.size() > 2) {
    diags_.errorf(call.range, "'homotopy' takes two arguments, actual and simplified");
    return std::nullopt;
  }
  auto value = lower(*actual, scope);
  auto other = lower(*simplified, scope);
  if (!value || !other) return std::nullopt;
  if (value->dims != other->dims) {
    diags_.errorf(call.range, "the arguments of 'homotopy' differ in size");
    return std::nullopt;
  }
  if (scope.function) return value;
  if (!model_.homotopyLambda) {
    flat::Variable lambda;
    lambda.name = "$homotopy.lambda";
    lambda.type = flat::BaseType::Real;
    lambda.variability = flat::Variability::Parameter;
    lambda.binding = flat::makeReal(1, call.range);
    lambda.isHidden = true;
    lambda.range = call.range;
    model_.homotopyLambda = static_cast<flat::VarId>(model_.variables.size());
    model_.variables.push_back(std::move(lambda));
  }
  // `actual` at lambda = 1 and `simplified` alone at 0, so that neither is
  // evaluated where it is not wanted (an actual expression the start
  // values make NaN); the conditions read a parameter, so no events.
  const flat::ExprPtr lambda = flat::makeVar(*model_.homotopyLambda, call.range);
  const flat::ExprPtr rest = flat::makeBinary(flat::Op::Sub, flat::makeReal(1, call.range), lambda, call.range);
  const flat::ExprPtr isActual =
      flat::makeBinary(flat::Op::GreaterEq, lambda, flat::makeReal(1, call.range), call.range);
  const flat::ExprPtr isSimplified =
      flat::makeBinary(flat::Op::LessEq, lambda, flat::makeReal(0, call.range), call.range);
  for (size_t i = 0; i < value->elements.size(); ++i) {
    const flat::ExprPtr& a = value->elements[i];
    const flat::ExprPtr& s = other->elements[i];
    const flat::ExprPtr blend = flat::makeBinary(
        flat::Op::Add, a,
        flat::makeBinary(flat::Op::Mul, rest, flat::makeBinary(flat::Op::Sub, s, a, call.range), call.range),
        call.range);
    value->elements[i] = flat::makeIf(isActual, a, flat::makeIf(isSimplified, s, blend, call.range), call.range);
  }
  return value;
}

}  // namespace smc::flatten

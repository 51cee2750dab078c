// The synchronous operators of spec 16.3 - 16.5: the Clock constructor,
// sample(u, c) and sample(u), hold, previous, subSample, superSample,
// shiftSample, backSample, noClock, interval and firstTick.
//
// Flattening only checks their arguments and fills in the defaults; which
// partition each expression belongs to is the clocks stage's business. The
// form of Clock(...) follows from the named arguments when there are any,
// else from the type of the first one (Integer: rational, Real: interval,
// Boolean: event, Clock: solver). Counters, factors, resolutions and
// intervals are parameter expressions so the clocks can be laid out before
// the simulation runs; a value that is already known is range-checked here,
// where the user's source is at hand. The operators apply elementwise to
// arrays; applied to a Clock they make a derived clock. None of them may
// appear in a function, whose result depends on its inputs alone (12.2).
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace smc::flatten {

namespace {

using flat::BaseType;
using flat::ClockForm;
using flat::ClockOperator;

// The arguments of `op`(...) matched to its parameter names, positional
// ones first; null for an omitted optional argument. Empty when reported.
std::optional<std::vector<const ast::Expr*>> matchArguments(const ast::Expr& call, const std::string& op,
                                                            const std::vector<const char*>& names,
                                                            size_t required, DiagnosticEngine& diags) {
  std::vector<const ast::Expr*> slots(names.size(), nullptr);
  if (call.args.size() > names.size()) {
    if (required == names.size())
      diags.errorf(call.range, "'{}' takes {} argument(s), {} given", op, names.size(), call.args.size());
    else
      diags.errorf(call.range, "'{}' takes {} to {} arguments, {} given", op, required, names.size(),
                   call.args.size());
    return std::nullopt;
  }
  for (size_t i = 0; i < call.args.size(); ++i) slots[i] = call.args[i].get();
  for (const ast::NamedArg& arg : call.named) {
    size_t slot = 0;
    while (slot < names.size() && arg.name != names[slot]) ++slot;
    if (slot == names.size()) {
      diags.errorf(arg.range, "{}() has no argument named '{}'", op, arg.name);
      return std::nullopt;
    }
    if (slots[slot]) {
      diags.errorf(arg.range, "argument '{}' of {}() is given twice", arg.name, op);
      return std::nullopt;
    }
    slots[slot] = arg.value.get();
  }
  for (size_t i = 0; i < required; ++i) {
    if (!slots[i]) {
      diags.errorf(call.range, "{}() needs its argument '{}'", op, names[i]);
      return std::nullopt;
    }
  }
  return slots;
}

struct OperatorSignature {
  ClockOperator op;
  std::vector<const char*> names;  // spec 16.4 - 16.5
  size_t required;
};

const std::map<std::string, OperatorSignature>& signatures() {
  static const std::map<std::string, OperatorSignature> table = {
      {"sample", {ClockOperator::Sample, {"u", "c"}, 1}},
      {"hold", {ClockOperator::Hold, {"u"}, 1}},
      {"previous", {ClockOperator::Previous, {"u"}, 1}},
      {"subSample", {ClockOperator::SubSample, {"u", "factor"}, 1}},
      {"superSample", {ClockOperator::SuperSample, {"u", "factor"}, 1}},
      {"shiftSample", {ClockOperator::ShiftSample, {"u", "shiftCounter", "resolution"}, 2}},
      {"backSample", {ClockOperator::BackSample, {"u", "backCounter", "resolution"}, 2}},
      {"noClock", {ClockOperator::NoClock, {"u"}, 1}},
      {"interval", {ClockOperator::Interval, {"u"}, 0}},
      {"firstTick", {ClockOperator::FirstTick, {"u"}, 0}},
  };
  return table;
}

// The Clock constructor's forms by their parameter names (spec 16.3).
struct ConstructorSignature {
  ClockForm form;
  std::vector<const char*> names;
  size_t required;
};

const ConstructorSignature& constructorSignature(ClockForm form) {
  static const ConstructorSignature rational{ClockForm::Rational, {"intervalCounter", "resolution"}, 1};
  static const ConstructorSignature interval{ClockForm::Interval, {"interval"}, 1};
  static const ConstructorSignature event{ClockForm::Event, {"condition", "startInterval"}, 1};
  static const ConstructorSignature solver{ClockForm::Solver, {"c", "solverMethod"}, 2};
  static const ConstructorSignature inferred{ClockForm::Inferred, {}, 0};
  switch (form) {
    case ClockForm::Rational: return rational;
    case ClockForm::Interval: return interval;
    case ClockForm::Event: return event;
    case ClockForm::Solver: return solver;
    case ClockForm::Inferred: return inferred;
  }
  return inferred;
}

// The form a named argument of Clock() belongs to.
std::optional<ClockForm> formOfName(const std::string& name) {
  for (ClockForm form : {ClockForm::Rational, ClockForm::Interval, ClockForm::Event, ClockForm::Solver})
    for (const char* n : constructorSignature(form).names)
      if (name == n) return form;
  return std::nullopt;
}

const char* article(BaseType type) { return type == BaseType::Integer ? "an" : "a"; }

bool isConversion(ClockOperator op) {
  switch (op) {
    case ClockOperator::Sample: case ClockOperator::Hold: case ClockOperator::SubSample:
    case ClockOperator::SuperSample: case ClockOperator::ShiftSample: case ClockOperator::BackSample:
    case ClockOperator::NoClock:
      return true;
    case ClockOperator::Previous: case ClockOperator::Interval: case ClockOperator::FirstTick:
      return false;
  }
  return false;
}

}  // namespace

// `hold(K*sample(u, c))`: the inner sample() starts a partition of its own
// inside the outer operator's operand (spec 16.7.1), which the clocks stage
// only handles at the top of an operand. Each such nested conversion moves
// into a hidden variable with its own equation, `$clockedN = sample(u, c)`,
// exactly as if the user had written the split form.
flat::ExprPtr Flattener::hoistConversions(const flat::ExprPtr& e, const Scope& scope) {
  if (e->kind == flat::ExprKind::ClockOp && isConversion(e->clockOp)) {
    if (typeOf(*e, scope) == BaseType::Clock) return e;  // a derived Clock, not a value
    flat::Variable v;
    v.name = fmt::format("$clocked{}", ++hoistedConversions_);
    v.type = typeOf(*e, scope);
    v.variability = v.type == BaseType::Real ? flat::Variability::Continuous : flat::Variability::Discrete;
    v.isHidden = true;
    v.range = e->range;
    auto id = static_cast<flat::VarId>(model_.variables.size());
    model_.variables.push_back(std::move(v));
    addEquation(flat::makeVar(id, e->range), e, e->range, false,
                scope.instance ? scope.instance->path : std::string());
    return flat::makeVar(id, e->range);
  }
  if (e->args.empty()) return e;
  auto copy = std::make_shared<flat::Expr>(*e);
  for (flat::ExprPtr& arg : copy->args)
    if (arg) arg = hoistConversions(arg, scope);
  return copy;
}

bool isClockOperatorName(const std::string& name) {
  return name == "Clock" || (name != "sample" && signatures().count(name));
}

flat::ExprPtr Flattener::clockParameter(const ast::Expr& arg, BaseType type, const std::string& what,
                                        const char* section, const Scope& scope) {
  flat::ExprPtr e = expectScalar(lower(arg, scope), type, arg.range, what, scope);
  if (!e) return nullptr;
  if (!isParameterExpression(*e, scope)) {
    diags_.errorf(arg.range, "{} must be {} {} parameter expression (spec {})", what, article(type),
                  flat::toString(type), section);
    return nullptr;
  }
  // An Integer literal where a Real is expected is written as the Real.
  if (type == BaseType::Real && e->kind == flat::ExprKind::Integer)
    return flat::makeReal(static_cast<double>(e->integer), e->range);
  return e;
}

// The interval argument of Clock(intervalCounter, resolution) or
// Clock(interval): a parameter expression, or a clocked expression that
// may change at every tick (spec 16.3), left to the clocks stage.
flat::ExprPtr Flattener::clockIntervalArgument(const ast::Expr& arg, BaseType type, const std::string& what,
                                               const Scope& scope) {
  flat::ExprPtr e = expectScalar(lower(arg, scope), type, arg.range, what, scope);
  if (!e || !isParameterExpression(*e, scope)) return e;
  return clockParameter(arg, type, what, "16.3", scope);
}

bool Flattener::checkAtLeast(const flat::ExprPtr& e, double minimum, bool strict, const std::string& what,
                             SourceRange range) {
  auto value = flat::ConstantEvaluator(model_).evaluate(*e);
  if (!value || (value->kind != Constant::Integer && value->kind != Constant::Real)) return true;
  double v = value->asReal();
  if (strict ? v > minimum : v >= minimum) return true;
  std::string shown = value->kind == Constant::Integer ? std::to_string(value->integer) : flat::formatReal(v);
  if (strict && minimum == 0)
    diags_.errorf(range, "{} must be positive, got {}", what, shown);
  else if (minimum == 0)
    diags_.errorf(range, "{} must not be negative, got {}", what, shown);
  else
    diags_.errorf(range, "{} must be at least {}, got {}", what, static_cast<long long>(minimum), shown);
  return false;
}

std::optional<Value> Flattener::lowerClockConstructor(const ast::Expr& call, const Scope& scope) {
  const SourceRange r = call.range;
  if (call.args.empty() && call.named.empty())
    return Value::scalar(flat::makeClockConstructor(ClockForm::Inferred, {}, r));
  // Named arguments name the form; otherwise the first argument's type does.
  std::optional<ClockForm> form;
  for (const ast::NamedArg& arg : call.named) {
    auto named = formOfName(arg.name);
    if (!named) {
      diags_.errorf(arg.range, "Clock() has no argument named '{}'", arg.name);
      return std::nullopt;
    }
    if (form && *form != *named) {
      diags_.errorf(arg.range, "argument '{}' belongs to another form of Clock() than the arguments before it",
                    arg.name);
      return std::nullopt;
    }
    form = named;
  }
  if (!form) {
    const ast::Expr& first = *call.args[0];
    auto value = lower(first, scope);
    if (!value) return std::nullopt;
    if (!value->isScalar()) {
      diags_.errorf(first.range, "the first argument of Clock() must be a scalar, not an array");
      return std::nullopt;
    }
    BaseType type = typeOf(*value->elements[0], scope);
    switch (type) {
      case BaseType::Integer: form = ClockForm::Rational; break;
      case BaseType::Real: form = ClockForm::Interval; break;
      case BaseType::Boolean: form = ClockForm::Event; break;
      case BaseType::Clock: form = ClockForm::Solver; break;
      case BaseType::ExternalObject:
      case BaseType::String:
        diags_.errorf(first.range,
                      "the first argument of Clock() must be an Integer counter, a Real interval, a Boolean "
                      "condition or a Clock, not {} (spec 16.3)",
                      type == BaseType::String ? "a String" : "an external object");
        return std::nullopt;
    }
  }
  const ConstructorSignature& signature = constructorSignature(*form);
  auto slots = matchArguments(call, "Clock", signature.names, signature.required, diags_);
  if (!slots) return std::nullopt;
  const auto& s = *slots;
  std::vector<flat::ExprPtr> args;
  switch (*form) {
    case ClockForm::Rational: {
      const std::string what = "the intervalCounter of Clock()";
      flat::ExprPtr counter = clockIntervalArgument(*s[0], BaseType::Integer, what, scope);
      if (!counter || !checkAtLeast(counter, 0, true, what, s[0]->range)) return std::nullopt;
      flat::ExprPtr resolution = flat::makeInteger(1, r);
      if (s[1]) {
        resolution = clockParameter(*s[1], BaseType::Integer, "the resolution of Clock()", "16.3", scope);
        if (!resolution || !checkAtLeast(resolution, 1, false, "the resolution of Clock()", s[1]->range))
          return std::nullopt;
      }
      args = {counter, resolution};
      break;
    }
    case ClockForm::Interval: {
      flat::ExprPtr interval = clockIntervalArgument(*s[0], BaseType::Real, "the interval of Clock()", scope);
      if (!interval || !checkAtLeast(interval, 0, true, "the interval of Clock()", s[0]->range))
        return std::nullopt;
      args = {interval};
      break;
    }
    case ClockForm::Event: {
      // The condition may vary in time: the clock ticks when it becomes true.
      flat::ExprPtr condition =
          expectScalar(lower(*s[0], scope), BaseType::Boolean, s[0]->range, "the condition of Clock()", scope);
      if (!condition) return std::nullopt;
      flat::ExprPtr startInterval = flat::makeReal(0.0, r);
      if (s[1]) {
        const std::string what = "the startInterval of Clock()";
        startInterval = clockParameter(*s[1], BaseType::Real, what, "16.3", scope);
        if (!startInterval || !checkAtLeast(startInterval, 0, false, what, s[1]->range)) return std::nullopt;
      }
      args = {condition, startInterval};
      break;
    }
    case ClockForm::Solver: {
      flat::ExprPtr clock = expectScalar(lower(*s[0], scope), BaseType::Clock, s[0]->range,
                                         "the first argument of Clock(c, solverMethod)", scope);
      if (!clock) return std::nullopt;
      flat::ExprPtr method = expectScalar(lower(*s[1], scope), BaseType::String, s[1]->range,
                                          "the solverMethod of Clock()", scope);
      if (!method) return std::nullopt;
      // The method picks the integration formula at translation time.
      std::optional<Constant> text;
      if (isParameterExpression(*method, scope)) text = flat::ConstantEvaluator(model_).evaluate(*method);
      if (!text || text->kind != Constant::String) {
        diags_.error(s[1]->range, "the solverMethod of Clock() must be a String constant (spec 16.8.2)");
        return std::nullopt;
      }
      args = {clock, flat::makeString(text->text, s[1]->range)};
      break;
    }
    case ClockForm::Inferred: break;  // handled above
  }
  return Value::scalar(flat::makeClockConstructor(*form, std::move(args), r));
}

std::optional<std::optional<Value>> Flattener::lowerClockOperator(const ast::Expr& call,
                                                                  const std::string& name, const Scope& scope) {
  auto found = signatures().find(name);
  if (name != "Clock" && found == signatures().end()) return std::nullopt;
  const std::optional<Value> failed;
  const SourceRange r = call.range;
  if (scope.function) {
    diags_.errorf(r, "{}() cannot be used inside a function (spec 12.2)", name);
    return failed;
  }
  if (name == "Clock") return lowerClockConstructor(call, scope);

  const OperatorSignature& signature = found->second;
  auto slots = matchArguments(call, name, signature.names, signature.required, diags_);
  if (!slots) return failed;
  const auto& s = *slots;
  ClockOperator op = signature.op;

  // interval() and firstTick() without an argument: of the equation's own clock.
  if (!s[0]) return Value::scalar(flat::makeClockOp(op, {}, r));

  auto operand = lower(*s[0], scope);
  if (!operand) return failed;
  bool clockOperand = false;
  for (const flat::ExprPtr& e : operand->elements)
    if (typeOf(*e, scope) == BaseType::Clock) clockOperand = true;
  bool mayBeClock = op == ClockOperator::SubSample || op == ClockOperator::SuperSample ||
                    op == ClockOperator::ShiftSample || op == ClockOperator::BackSample ||
                    op == ClockOperator::Interval || op == ClockOperator::FirstTick;
  if (clockOperand && !mayBeClock) {
    diags_.errorf(s[0]->range, "the first argument of {}() cannot be a Clock (spec 16.4)", name);
    return failed;
  }
  if ((op == ClockOperator::Interval || op == ClockOperator::FirstTick) && !operand->isScalar()) {
    diags_.errorf(s[0]->range, "the argument of {}() must be a scalar or a Clock", name);
    return failed;
  }

  // The arguments after u, defaults filled in.
  std::vector<flat::ExprPtr> extra;
  switch (op) {
    case ClockOperator::Sample:
      if (s[1]) {
        flat::ExprPtr clock =
            expectScalar(lower(*s[1], scope), BaseType::Clock, s[1]->range, "the clock of sample(u, c)", scope);
        if (!clock) return failed;
        extra.push_back(clock);
      }
      break;
    case ClockOperator::SubSample:
    case ClockOperator::SuperSample: {
      flat::ExprPtr factor = flat::makeInteger(0, r);  // 0: inferred by the clocks stage
      if (s[1]) {
        std::string what = fmt::format("the factor of {}()", name);
        factor = clockParameter(*s[1], BaseType::Integer, what, "16.5", scope);
        if (!factor || !checkAtLeast(factor, 0, false, what, s[1]->range)) return failed;
      }
      extra.push_back(factor);
      break;
    }
    case ClockOperator::ShiftSample:
    case ClockOperator::BackSample: {
      std::string what = fmt::format("the {} of {}()", signature.names[1], name);
      flat::ExprPtr counter = clockParameter(*s[1], BaseType::Integer, what, "16.5", scope);
      if (!counter || !checkAtLeast(counter, 0, false, what, s[1]->range)) return failed;
      flat::ExprPtr resolution = flat::makeInteger(1, r);
      if (s[2]) {
        std::string resolutionWhat = fmt::format("the resolution of {}()", name);
        resolution = clockParameter(*s[2], BaseType::Integer, resolutionWhat, "16.5", scope);
        if (!resolution || !checkAtLeast(resolution, 1, false, resolutionWhat, s[2]->range)) return failed;
      }
      extra = {counter, resolution};
      break;
    }
    case ClockOperator::Previous:
      // previous() reads a stored value: its argument names a variable.
      for (const flat::ExprPtr& e : operand->elements) {
        const flat::Variable* v = e->kind == flat::ExprKind::Var ? &model_.variables[e->var] : nullptr;
        if (!v) {
          diags_.error(s[0]->range, "the argument of previous() must be a variable reference (spec 16.4)");
          return failed;
        }
        if (v->variability == flat::Variability::Parameter || v->variability == flat::Variability::Constant) {
          diags_.errorf(s[0]->range, "the argument of previous() must be a clocked variable, and '{}' is a {}",
                        v->name, v->variability == flat::Variability::Parameter ? "parameter" : "constant");
          return failed;
        }
      }
      break;
    case ClockOperator::Hold:
    case ClockOperator::NoClock:
    case ClockOperator::Interval:
    case ClockOperator::FirstTick:
      break;
  }

  Value out{operand->dims, {}};
  for (flat::ExprPtr e : operand->elements) {
    if (isConversion(op) && !scope.function) e = hoistConversions(e, scope);
    std::vector<flat::ExprPtr> args{e};
    args.insert(args.end(), extra.begin(), extra.end());
    out.elements.push_back(flat::makeClockOp(op, std::move(args), r));
  }
  return out;
}

}  // namespace smc::flatten

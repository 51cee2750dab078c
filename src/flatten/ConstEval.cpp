// See ConstEval.h. Integer arithmetic stays Integer except '/' and '^'
// (spec 3.4), and is exact: its operands fit in 32 bits (IntegerRange.h),
// so it is computed in 64 and a result beyond 32 bits is an overflow error;
// relations compare numerically.
#include "flatten/ConstEval.h"

#include "flatten/IntegerRange.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace smc::flat {

namespace {

}  // namespace

std::string formatStringOf(const Constant& value, long long significantDigits, long long minimumLength,
                           bool leftJustified) {
  // The runtime formats String() of run-time values alike (model_strings.c).
  char buffer[64];
  switch (value.kind) {
    case Constant::Real:
      std::snprintf(buffer, sizeof buffer, "%.*g", static_cast<int>(std::clamp(significantDigits, 1LL, 17LL)),
                    value.real);
      break;
    case Constant::Integer: std::snprintf(buffer, sizeof buffer, "%lld", value.integer); break;
    case Constant::Boolean: std::snprintf(buffer, sizeof buffer, "%s", value.boolean ? "true" : "false"); break;
    case Constant::String: buffer[0] = '\0'; break;  // an enumeration literal's name, padded alike
  }
  std::string text = value.kind == Constant::String ? value.text : std::string(buffer);
  const auto width = static_cast<size_t>(std::clamp(minimumLength, 0LL, kMaxStringMinimumLength));
  if (text.size() < width) {
    std::string pad(width - text.size(), ' ');
    text = leftJustified ? text + pad : pad + text;
  }
  return text;
}

std::optional<std::string> formatStringWith(const Constant& value, const std::string& format) {
  if (value.kind != Constant::Real && value.kind != Constant::Integer) return std::nullopt;
  size_t at = 0;
  while (at < format.size() && std::string_view("-+ #0").find(format[at]) != std::string_view::npos) ++at;
  auto number = [&] {  // at most kMaxStringMinimumLength, digits as many as it takes
    long long n = 0;
    while (at < format.size() && format[at] >= '0' && format[at] <= '9') {
      n = std::min(n * 10 + (format[at++] - '0'), kMaxStringMinimumLength + 1);
    }
    return n;
  };
  if (number() > kMaxStringMinimumLength) return std::nullopt;
  if (at < format.size() && format[at] == '.') {
    ++at;
    if (number() > kMaxStringMinimumLength) return std::nullopt;
  }
  if (at + 1 != format.size()) return std::nullopt;
  const char conversion = format[at];
  const bool real = std::string_view("eEfFgG").find(conversion) != std::string_view::npos;
  const bool integer = std::string_view("diouxXc").find(conversion) != std::string_view::npos;
  if (!real && !(integer && value.kind == Constant::Integer)) return std::nullopt;
  const std::string spec = "%" + format;
  // The spec is checked above to hold one conversion of the argument's type.
  std::string text(2 * static_cast<size_t>(kMaxStringMinimumLength) + 400, '\0');
  int length = real ? std::snprintf(text.data(), text.size(), spec.c_str(), value.asReal())
                    : std::snprintf(text.data(), text.size(), spec.c_str(), static_cast<int>(value.integer));
  if (length < 0) return std::nullopt;
  text.resize(std::min(static_cast<size_t>(length), text.size() - 1));
  return text;
}

namespace {

Constant makeIntegerConstant(long long v) {
  Constant c;
  c.kind = Constant::Integer;
  c.integer = v;
  return c;
}

Constant makeRealConstant(double v) {
  Constant c;
  c.kind = Constant::Real;
  c.real = v;
  return c;
}

Constant makeBooleanConstant(bool v) {
  Constant c;
  c.kind = Constant::Boolean;
  c.boolean = v;
  return c;
}

Constant makeStringConstant(std::string text) {
  Constant c;
  c.kind = Constant::String;
  c.text = std::move(text);
  return c;
}

// Strings concatenate with `+` and compare lexicographically by their
// bytes (spec 3.5, 3.6.3); nothing else applies to them.
std::optional<Constant> stringOperation(Op op, const std::string& a, const std::string& b) {
  switch (op) {
    case Op::Add: return makeStringConstant(a + b);
    case Op::Less: return makeBooleanConstant(a < b);
    case Op::LessEq: return makeBooleanConstant(a <= b);
    case Op::Greater: return makeBooleanConstant(a > b);
    case Op::GreaterEq: return makeBooleanConstant(a >= b);
    case Op::Equal: return makeBooleanConstant(a == b);
    case Op::NotEqual: return makeBooleanConstant(a != b);
    default: return std::nullopt;
  }
}

bool isNumber(const Constant& c) { return c.kind == Constant::Real || c.kind == Constant::Integer; }

// How an Integer operation reads in an overflow message: "'+'" and
// "2147483647 + 1", "unary '-'" and "-(-2147483648)", "'div'" and
// "div(-2147483648, -1)".
std::pair<std::string, std::string> describeOperation(std::string_view symbol,
                                                      std::initializer_list<long long> operands) {
  const std::vector<long long> values(operands);
  if (values.size() == 2 && (symbol == "+" || symbol == "-" || symbol == "*"))
    return {fmt::format("'{}'", symbol), fmt::format("{} {} {}", values[0], symbol, values[1])};
  if (values.size() == 1 && symbol == "-")
    return {"unary '-'", fmt::format("-({})", values[0])};
  return {fmt::format("'{}'", symbol), fmt::format("{}({})", symbol, fmt::join(values, ", "))};
}

}  // namespace

std::optional<Constant> ConstantEvaluator::integerResult(long long value, SourceRange at,
                                                         std::string_view symbol,
                                                         std::initializer_list<long long> operands) {
  if (fitsInteger(value)) return makeIntegerConstant(value);
  auto [operation, computation] = describeOperation(symbol, operands);
  return fail(at, integerOverflowMessage(operation, computation, std::to_string(value)));
}

ExprPtr makeLiteral(const Constant& value, SourceRange range) {
  switch (value.kind) {
    case Constant::Real: return makeReal(value.real, range);
    case Constant::Integer: return makeInteger(value.integer, range);
    case Constant::Boolean: return makeBoolean(value.boolean, range);
    case Constant::String: return makeString(value.text, range);
  }
  return makeReal(value.real, range);
}

std::optional<Constant> ConstantEvaluator::evaluate(const Expr& e, SourceRange where) {
  SourceRange at = e.range.valid() ? e.range : where;
  switch (e.kind) {
    case ExprKind::Real: return makeRealConstant(e.real);
    case ExprKind::Integer:
      // Lowering refuses such literals; a later stage must not make one.
      if (!fitsInteger(e.integer)) return fail(at, integerLiteralMessage(e.integer));
      return makeIntegerConstant(e.integer);
    case ExprKind::Boolean: return makeBooleanConstant(e.boolean);
    case ExprKind::String: {
      Constant c;
      c.kind = Constant::String;
      c.text = e.text;
      return c;
    }
    case ExprKind::Time:
      return fail(at, "'time' varies during simulation; a constant or parameter expression is required here");
    case ExprKind::Der:
      return fail(at, "der() varies during simulation; a constant or parameter expression is required here");
    case ExprKind::Delay:
      return fail(at, "delay() varies during simulation; a constant or parameter expression is required here");
    case ExprKind::Pre:
    case ExprKind::Initial:
    case ExprKind::Terminal:
    case ExprKind::Sample:
      return fail(at, fmt::format("{}() varies during simulation; a constant or parameter expression is required here",
                                  e.kind == ExprKind::Pre ? "pre" : e.kind == ExprKind::Initial ? "initial"
                                  : e.kind == ExprKind::Terminal ? "terminal" : "sample"));
    case ExprKind::FunctionCall:
      return evaluateFunctionCall(e, at);
    case ExprKind::Tuple:
      return fail(at, "a list of function outputs has no single value");
    case ExprKind::Element: {
      auto var = elementVariable(e, at);
      if (!var) return std::nullopt;
      return readLocal(*var, at);
    }
    case ExprKind::ClockConstructor:
      return fail(at, "a clock has no constant value; a constant or parameter expression is required here");
    case ExprKind::ActiveState:
    case ExprKind::TicksInState:
    case ExprKind::TimeInState:
      return fail(at, "a state machine operator varies during simulation; a constant or parameter expression is required here");
    case ExprKind::ClockOp:
      return fail(at, fmt::format("{}() is a clocked operator; a constant or parameter expression is required here",
                                  toString(e.clockOp)));
    case ExprKind::Var: {
      if (frame_) return readLocal(e.var, at);
      const Variable& v = model_.variables[e.var];
      const bool variable = v.variability != Variability::Parameter && v.variability != Variability::Constant;
      if (variable && startValues_ && !v.attributes.start) {
        if (v.type == BaseType::Real) return makeRealConstant(0);  // the default start value
        return fail(at, fmt::format("'{}' has no start value", v.name));
      }
      if (variable && !startValues_) {
        return fail(at, fmt::format("'{}' is not a parameter or constant; a constant or parameter expression is required here", v.name));
      }
      for (VarId id : evaluating_)
        if (id == e.var) {
          return fail(v.range, fmt::format("the value of '{}' depends on itself", v.name));
        }
      const ExprPtr& source = v.binding && !variable ? v.binding : v.attributes.start;
      if (!source) {
        return fail(at, fmt::format("parameter '{}' has no value (no binding and no start value)", v.name));
      }
      evaluating_.push_back(e.var);
      auto result = evaluate(*source, v.range);
      evaluating_.pop_back();
      return result;
    }
    case ExprKind::Unary: {
      auto a = evaluate(*e.args[0], at);
      if (!a) return std::nullopt;
      if (e.op == Op::Not) {
        if (a->kind != Constant::Boolean) break;
        return makeBooleanConstant(!a->boolean);
      }
      if (a->kind == Constant::Integer) return integerResult(-a->integer, at, "-", {a->integer});
      if (a->kind == Constant::Real) return makeRealConstant(-a->real);
      break;
    }
    case ExprKind::Binary: {
      auto a = evaluate(*e.args[0], at);
      // `false and x`, `true or x`: x is not needed, and may be something
      // only the FMU can compute (spec 3.3 lets a tool skip it).
      if (a && a->kind == Constant::Boolean && ((e.op == Op::And && !a->boolean) || (e.op == Op::Or && a->boolean)))
        return *a;
      auto b = a ? evaluate(*e.args[1], at) : std::nullopt;
      if (!a || !b) return std::nullopt;
      if (e.op == Op::And || e.op == Op::Or) {
        if (a->kind != Constant::Boolean || b->kind != Constant::Boolean) break;
        return makeBooleanConstant(e.op == Op::And ? a->boolean && b->boolean : a->boolean || b->boolean);
      }
      if (a->kind == Constant::Boolean && b->kind == Constant::Boolean &&
          (e.op == Op::Equal || e.op == Op::NotEqual))
        return makeBooleanConstant((a->boolean == b->boolean) == (e.op == Op::Equal));
      if (a->kind == Constant::String && b->kind == Constant::String) {
        if (e.op == Op::Add && a->text.size() + b->text.size() > kMaxTranslationStringLength)
          return fail(e.range, fmt::format("a String longer than {} MiB at translation", kMaxTranslationStringLength >> 20),
                      true);
        if (auto result = stringOperation(e.op, a->text, b->text)) return result;
        break;
      }
      if (!isNumber(*a) || !isNumber(*b)) break;
      bool integers = a->kind == Constant::Integer && b->kind == Constant::Integer;
      double x = a->asReal(), y = b->asReal();
      switch (e.op) {
        case Op::Add:
          if (integers) return integerResult(a->integer + b->integer, at, "+", {a->integer, b->integer});
          return makeRealConstant(x + y);
        case Op::Sub:
          if (integers) return integerResult(a->integer - b->integer, at, "-", {a->integer, b->integer});
          return makeRealConstant(x - y);
        case Op::Mul:
          if (integers) return integerResult(a->integer * b->integer, at, "*", {a->integer, b->integer});
          return makeRealConstant(x * y);
        case Op::Div:
          if (y == 0) {
            return fail(at, "division by zero in a constant expression");
          }
          return makeRealConstant(x / y);
        case Op::Pow: return makeRealConstant(std::pow(x, y));
        case Op::Less: return makeBooleanConstant(x < y);
        case Op::LessEq: return makeBooleanConstant(x <= y);
        case Op::Greater: return makeBooleanConstant(x > y);
        case Op::GreaterEq: return makeBooleanConstant(x >= y);
        case Op::Equal: return makeBooleanConstant(x == y);
        case Op::NotEqual: return makeBooleanConstant(x != y);
        default: break;
      }
      break;
    }
    case ExprKind::If: {
      auto condition = evaluate(*e.args[0], at);
      if (!condition) return std::nullopt;
      if (condition->kind != Constant::Boolean) break;
      return evaluate(*e.args[condition->boolean ? 1 : 2], at);
    }
    case ExprKind::Call: {
      if (e.fn == Builtin::StringFormat && e.args.size() == 2) {
        auto value = evaluate(*e.args[0], at);
        if (!value) return std::nullopt;
        auto format = evaluate(*e.args[1], at);
        if (!format) return std::nullopt;
        if (format->kind != Constant::String) break;
        auto text = formatStringWith(*value, format->text);
        if (!text)
          return fail(e.args[1]->range,
                      fmt::format("\"{}\" is not a format String() can use for a{} {}: [flags][width][.precision] "
                                  "followed by one of e E f F g G{} (spec 3.7.1.2)",
                                  format->text, value->kind == Constant::Integer ? "n" : "",
                                  value->kind == Constant::Integer ? "Integer" : "Real",
                                  value->kind == Constant::Integer ? " d i o u x X c" : ""));
        return makeStringConstant(std::move(*text));
      }
      if (e.fn == Builtin::String) {
        std::vector<Constant> args;
        for (const auto& arg : e.args) {
          auto c = evaluate(*arg, at);
          if (!c) return std::nullopt;
          args.push_back(*c);
        }
        if (args.size() != 4 || args[0].kind == Constant::String || args[1].kind != Constant::Integer ||
            args[2].kind != Constant::Integer || args[3].kind != Constant::Boolean)
          break;
        Constant text;
        text.kind = Constant::String;
        text.text = formatStringOf(args[0], args[1].integer, args[2].integer, args[3].boolean);
        return text;
      }
      std::vector<Constant> args;
      for (const auto& arg : e.args) {
        auto c = evaluate(*arg, at);
        if (!c) return std::nullopt;
        if (!isNumber(*c)) break;
        args.push_back(*c);
      }
      if (args.size() != e.args.size()) break;
      
      auto real1 = [&](double (*f)(double)) { return makeRealConstant(f(args[0].asReal())); };
      bool ints = true;
      for (const Constant& c : args) ints = ints && c.kind == Constant::Integer;
      switch (e.fn) {
        case Builtin::Abs:
          if (ints) return integerResult(std::llabs(args[0].integer), at, "abs", {args[0].integer});
          return real1(std::fabs);
        case Builtin::Sign: {
          double x = args[0].asReal();
          return makeIntegerConstant(x > 0 ? 1 : x < 0 ? -1 : 0);
        }
        case Builtin::Sqrt: return real1(std::sqrt);
        case Builtin::Sin: return real1(std::sin);
        case Builtin::Cos: return real1(std::cos);
        case Builtin::Tan: return real1(std::tan);
        case Builtin::Asin: return real1(std::asin);
        case Builtin::Acos: return real1(std::acos);
        case Builtin::Atan: return real1(std::atan);
        case Builtin::Sinh: return real1(std::sinh);
        case Builtin::Cosh: return real1(std::cosh);
        case Builtin::Tanh: return real1(std::tanh);
        case Builtin::Exp: return real1(std::exp);
        case Builtin::Log: return real1(std::log);
        case Builtin::Log10: return real1(std::log10);
        case Builtin::Atan2: return makeRealConstant(std::atan2(args[0].asReal(), args[1].asReal()));
        case Builtin::Min:
          return ints ? makeIntegerConstant(std::min(args[0].integer, args[1].integer))
                      : makeRealConstant(std::fmin(args[0].asReal(), args[1].asReal()));
        case Builtin::Max:
          return ints ? makeIntegerConstant(std::max(args[0].integer, args[1].integer))
                      : makeRealConstant(std::fmax(args[0].asReal(), args[1].asReal()));
        case Builtin::Floor: return real1(std::floor);
        case Builtin::Ceil: return real1(std::ceil);
        case Builtin::Integer: {
          const double floor = std::floor(args[0].asReal());
          if (fitsInteger(floor)) return makeIntegerConstant(static_cast<long long>(floor));
          if (std::isnan(floor)) return fail(at, "integer() of NaN has no Integer value");
          return fail(at, integerOverflowMessage("'integer'", fmt::format("integer({})", args[0].asReal()),
                                                 fmt::format("{}", floor)));
        }
        case Builtin::NoEvent: return args[0];
        case Builtin::Smooth: return args[1];
        case Builtin::String:
        case Builtin::StringFormat: break;  // handled above
        case Builtin::SemiLinear: {
          double x = args[0].asReal();
          return makeRealConstant(x >= 0 ? args[1].asReal() * x : args[2].asReal() * x);
        }
        case Builtin::Div:
        case Builtin::Mod:
        case Builtin::Rem: {
          if (args[1].asReal() == 0) {
            return fail(at, "division by zero in a constant expression");
          }
          if (ints) {
            long long x = args[0].integer, y = args[1].integer;
            if (e.fn == Builtin::Div) return integerResult(x / y, at, "div", {x, y});
            if (e.fn == Builtin::Rem) return makeIntegerConstant(x % y);
            long long m = x % y;
            return makeIntegerConstant(m != 0 && ((m < 0) != (y < 0)) ? m + y : m);
          }
          double x = args[0].asReal(), y = args[1].asReal();
          if (e.fn == Builtin::Div) return makeRealConstant(std::trunc(x / y));
          if (e.fn == Builtin::Rem) return makeRealConstant(x - std::trunc(x / y) * y);
          return makeRealConstant(x - std::floor(x / y) * y);
        }
      }
      break;
    }
  }
  return fail(at, "cannot evaluate this expression at compile time (operand types do not fit)");
}

}  // namespace smc::flat

// Constructors and text form of the flat model. The text is flat Modelica
// (what `--dump=flat` prints and golden tests pin): declarations in variable
// order, then equations, then initial equations. Expressions are printed with
// the fewest parentheses that keep Modelica's precedence.
#include "flatten/FlatModel.h"

#include <fmt/format.h>

#include <charconv>

namespace smc::flat {

namespace {

ExprPtr make(Expr expr) { return std::make_shared<const Expr>(std::move(expr)); }

// Modelica precedence, higher binds tighter (spec 3.2).
int precedence(const Expr& e) {
  switch (e.kind) {
    case ExprKind::If: return 0;
    case ExprKind::Binary:
      switch (e.op) {
        case Op::Or: return 1;
        case Op::And: return 2;
        case Op::Less: case Op::LessEq: case Op::Greater: case Op::GreaterEq:
        case Op::Equal: case Op::NotEqual: return 4;
        case Op::Add: case Op::Sub: return 5;
        case Op::Mul: case Op::Div: return 6;
        case Op::Pow: return 8;
        case Op::Negate: case Op::Not: return 7;
      }
      return 0;
    case ExprKind::Unary: return e.op == Op::Not ? 3 : 5;
    default: return 10;
  }
}

const char* opText(Op op) {
  switch (op) {
    case Op::Negate: return "-";
    case Op::Not: return "not ";
    case Op::Add: return " + ";
    case Op::Sub: return " - ";
    case Op::Mul: return " * ";
    case Op::Div: return " / ";
    case Op::Pow: return " ^ ";
    case Op::Less: return " < ";
    case Op::LessEq: return " <= ";
    case Op::Greater: return " > ";
    case Op::GreaterEq: return " >= ";
    case Op::Equal: return " == ";
    case Op::NotEqual: return " <> ";
    case Op::And: return " and ";
    case Op::Or: return " or ";
  }
  return " ? ";
}

}  // namespace

std::string formatReal(double value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  // Keep a Real recognisable as Real in flat Modelica: 2 -> 2.0.
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

ExprPtr makeReal(double value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Real;
  e.real = value;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeInteger(long long value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Integer;
  e.integer = value;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeBoolean(bool value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Boolean;
  e.boolean = value;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeString(std::string value, SourceRange range) {
  Expr e;
  e.kind = ExprKind::String;
  e.text = std::move(value);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeVar(VarId var, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Var;
  e.var = var;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeTime(SourceRange range) {
  Expr e;
  e.kind = ExprKind::Time;
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeUnary(Op op, ExprPtr operand, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Unary;
  e.op = op;
  e.args = {std::move(operand)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Binary;
  e.op = op;
  e.args = {std::move(lhs), std::move(rhs)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeCall(Builtin fn, std::vector<ExprPtr> args, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Call;
  e.fn = fn;
  e.args = std::move(args);
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeIf(ExprPtr condition, ExprPtr then, ExprPtr otherwise, SourceRange range) {
  Expr e;
  e.kind = ExprKind::If;
  e.args = {std::move(condition), std::move(then), std::move(otherwise)};
  e.range = range;
  return make(std::move(e));
}

ExprPtr makeDer(ExprPtr operand, SourceRange range) {
  Expr e;
  e.kind = ExprKind::Der;
  e.args = {std::move(operand)};
  e.range = range;
  return make(std::move(e));
}

const char* toString(Builtin fn) {
  switch (fn) {
    case Builtin::Abs: return "abs";
    case Builtin::Sign: return "sign";
    case Builtin::Sqrt: return "sqrt";
    case Builtin::Sin: return "sin";
    case Builtin::Cos: return "cos";
    case Builtin::Tan: return "tan";
    case Builtin::Asin: return "asin";
    case Builtin::Acos: return "acos";
    case Builtin::Atan: return "atan";
    case Builtin::Atan2: return "atan2";
    case Builtin::Sinh: return "sinh";
    case Builtin::Cosh: return "cosh";
    case Builtin::Tanh: return "tanh";
    case Builtin::Exp: return "exp";
    case Builtin::Log: return "log";
    case Builtin::Log10: return "log10";
    case Builtin::Min: return "min";
    case Builtin::Max: return "max";
    case Builtin::Floor: return "floor";
    case Builtin::Ceil: return "ceil";
    case Builtin::Integer: return "integer";
    case Builtin::Div: return "div";
    case Builtin::Mod: return "mod";
    case Builtin::Rem: return "rem";
    case Builtin::NoEvent: return "noEvent";
    case Builtin::Smooth: return "smooth";
  }
  return "?";
}

namespace {

std::string quoteString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void print(const Expr& e, const FlatModel& model, std::string& out);

void printOperand(const Expr& child, int parentPrecedence, bool rightAssoc, const FlatModel& model,
                  std::string& out) {
  int p = precedence(child);
  bool parens = p < parentPrecedence || (rightAssoc && p == parentPrecedence);
  if (parens) out += '(';
  print(child, model, out);
  if (parens) out += ')';
}

void print(const Expr& e, const FlatModel& model, std::string& out) {
  switch (e.kind) {
    case ExprKind::Real: out += formatReal(e.real); return;
    case ExprKind::Integer: out += std::to_string(e.integer); return;
    case ExprKind::Boolean: out += e.boolean ? "true" : "false"; return;
    case ExprKind::String: out += quoteString(e.text); return;
    case ExprKind::Var:
      out += e.var < model.variables.size() ? model.variables[e.var].name
                                            : fmt::format("<var {}>", e.var);
      return;
    case ExprKind::Time: out += "time"; return;
    case ExprKind::Unary:
      out += opText(e.op);
      printOperand(*e.args[0], precedence(e) + 1, false, model, out);
      return;
    case ExprKind::Binary: {
      int p = precedence(e);
      // '-' and '/' are left-associative: a - (b - c) keeps its parentheses.
      // '^' is non-associative in Modelica: parenthesize both sides on ties.
      bool pow = e.op == Op::Pow;
      printOperand(*e.args[0], pow ? p + 1 : p, false, model, out);
      out += opText(e.op);
      printOperand(*e.args[1], p, true, model, out);
      return;
    }
    case ExprKind::Call:
      out += toString(e.fn);
      out += '(';
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i) out += ", ";
        print(*e.args[i], model, out);
      }
      out += ')';
      return;
    case ExprKind::If:
      out += "if ";
      print(*e.args[0], model, out);
      out += " then ";
      print(*e.args[1], model, out);
      out += " else ";
      print(*e.args[2], model, out);
      return;
    case ExprKind::Der:
      out += "der(";
      print(*e.args[0], model, out);
      out += ')';
      return;
  }
}

const char* typeName(BaseType type) {
  switch (type) {
    case BaseType::Real: return "Real";
    case BaseType::Integer: return "Integer";
    case BaseType::Boolean: return "Boolean";
    case BaseType::String: return "String";
  }
  return "?";
}

std::string declaration(const Variable& v, const FlatModel& model) {
  std::string out = "  ";
  if (v.isProtected) out += "protected ";
  switch (v.variability) {
    case Variability::Constant: out += "constant "; break;
    case Variability::Parameter: out += "parameter "; break;
    case Variability::Discrete: out += "discrete "; break;
    case Variability::Continuous: break;
  }
  if (v.causality == Causality::Input) out += "input ";
  if (v.causality == Causality::Output) out += "output ";
  out += typeName(v.type);
  out += ' ';
  out += v.name;
  std::vector<std::string> attributes;
  const Attributes& a = v.attributes;
  auto attr = [&](const char* name, const ExprPtr& value) {
    if (value) attributes.push_back(fmt::format("{} = {}", name, toString(*value, model)));
  };
  attr("start", a.start);
  if (a.fixed) attributes.push_back(fmt::format("fixed = {}", *a.fixed ? "true" : "false"));
  attr("min", a.min);
  attr("max", a.max);
  attr("nominal", a.nominal);
  if (!a.unit.empty()) attributes.push_back("unit = " + quoteString(a.unit));
  if (!a.displayUnit.empty()) attributes.push_back("displayUnit = " + quoteString(a.displayUnit));
  if (!a.quantity.empty()) attributes.push_back("quantity = " + quoteString(a.quantity));
  if (!attributes.empty()) out += "(" + fmt::format("{}", fmt::join(attributes, ", ")) + ")";
  if (v.binding) out += " = " + toString(*v.binding, model);
  if (!v.description.empty()) out += " " + quoteString(v.description);
  return out + ";\n";
}

}  // namespace

std::string toString(const Expr& expr, const FlatModel& model) {
  std::string out;
  print(expr, model, out);
  return out;
}

std::string dumpFlat(const FlatModel& model) {
  std::string out = "class " + model.name;
  if (!model.description.empty()) out += " " + quoteString(model.description);
  out += "\n";
  for (const Variable& v : model.variables) out += declaration(v, model);
  auto section = [&](const char* title, const std::vector<Equation>& equations) {
    if (equations.empty()) return;
    out += title;
    for (const Equation& eq : equations)
      out += "  " + toString(*eq.lhs, model) + " = " + toString(*eq.rhs, model) + ";\n";
  };
  section("initial equation\n", model.initialEquations);
  section("equation\n", model.equations);
  const Experiment& x = model.experiment;
  if (x.startTime || x.stopTime || x.interval || x.tolerance) {
    std::vector<std::string> parts;
    if (x.startTime) parts.push_back("StartTime = " + formatReal(*x.startTime));
    if (x.stopTime) parts.push_back("StopTime = " + formatReal(*x.stopTime));
    if (x.interval) parts.push_back("Interval = " + formatReal(*x.interval));
    if (x.tolerance) parts.push_back("Tolerance = " + formatReal(*x.tolerance));
    out += fmt::format("  annotation(experiment({}));\n", fmt::join(parts, ", "));
  }
  out += "end " + model.name + ";\n";
  return out;
}

}  // namespace smc::flat

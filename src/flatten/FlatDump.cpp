// Text form of the flat model (`smc --dump=flat`, pinned by golden tests):
// flat Modelica. User functions come first, each as `function Name ... end
// Name;` (inputs, outputs, protected locals, algorithm); then the class:
// declarations in variable order, initial equations, initial algorithms,
// equations (ordinary, then when-equations, then assertions, then the
// transitions and initial states of state machines), algorithms.
// Equations of clocked when-clauses (spec 16.6) print as `when <clock> then
// ... end when;` around each run of consecutive equations that share one
// clock expression; Clock variables print as `Clock c;` (they are discrete
// by nature, so the prefix is left out).
// Expressions are printed with the fewest parentheses that keep Modelica's
// precedence. Everything is printed in the order of the IR's vectors, so the
// text is deterministic.
#include "flatten/FlatModel.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace smc::flat {

namespace {

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

std::string quoteString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Prints expressions whose Vars index `variables` (the model's, or one
// function's).
class Printer {
public:
  Printer(const FlatModel& model, const std::vector<Variable>& variables, const Function* function = nullptr)
      : model_(model), variables_(variables), function_(function) {}

  std::string text(const Expr& e) const {
    std::string out;
    print(e, out);
    return out;
  }

  std::string varName(VarId id) const {
    return id < variables_.size() ? variables_[id].name : fmt::format("<var {}>", id);
  }

private:
  void list(const std::vector<ExprPtr>& args, std::string& out) const {
    for (size_t i = 0; i < args.size(); ++i) {
      if (i) out += ", ";
      if (args[i]) print(*args[i], out);
    }
  }

  // String(value, significantDigits, minimumLength, leftJustified) as
  // Modelica writes it: the options named, those at their defaults left out.
  void stringOptions(const Expr& e, std::string& out) const {
    print(*e.args[0], out);
    auto isInteger = [](const Expr& x, long long v) { return x.kind == ExprKind::Integer && x.integer == v; };
    const char* names[] = {"significantDigits", "minimumLength", "leftJustified"};
    const bool defaulted[] = {isInteger(*e.args[1], 6), isInteger(*e.args[2], 0),
                              e.args[3]->kind == ExprKind::Boolean && e.args[3]->boolean};
    for (size_t i = 0; i < 3; ++i) {
      if (defaulted[i]) continue;
      out += fmt::format(", {} = ", names[i]);
      print(*e.args[i + 1], out);
    }
  }

  void operand(const Expr& child, int parentPrecedence, bool rightAssoc, std::string& out) const {
    int p = precedence(child);
    bool parens = p < parentPrecedence || (rightAssoc && p == parentPrecedence);
    if (parens) out += '(';
    print(child, out);
    if (parens) out += ')';
  }

  void print(const Expr& e, std::string& out) const {
    switch (e.kind) {
      case ExprKind::Real: out += formatReal(e.real); return;
      case ExprKind::Integer: out += std::to_string(e.integer); return;
      case ExprKind::Boolean: out += e.boolean ? "true" : "false"; return;
      case ExprKind::String: out += quoteString(e.text); return;
      case ExprKind::Var: out += varName(e.var); return;
      case ExprKind::Time: out += "time"; return;
      case ExprKind::Unary:
        out += opText(e.op);
        operand(*e.args[0], precedence(e) + 1, false, out);
        return;
      case ExprKind::Binary: {
        int p = precedence(e);
        // '-' and '/' are left-associative: a - (b - c) keeps its parentheses.
        // '^' is non-associative in Modelica: parenthesize both sides on ties.
        bool pow = e.op == Op::Pow;
        operand(*e.args[0], pow ? p + 1 : p, false, out);
        out += opText(e.op);
        operand(*e.args[1], p, true, out);
        return;
      }
      case ExprKind::Call:
        out += toString(e.fn);
        out += '(';
        if (e.fn == Builtin::String && e.args.size() == 4) {
          stringOptions(e, out);
        } else if (e.fn == Builtin::StringFormat && e.args.size() == 2) {
          print(*e.args[0], out);
          out += ", format = ";
          print(*e.args[1], out);
        } else {
          list(e.args, out);
        }
        out += ')';
        return;
      case ExprKind::If:
        out += "if ";
        print(*e.args[0], out);
        out += " then ";
        print(*e.args[1], out);
        out += " else ";
        print(*e.args[2], out);
        return;
      case ExprKind::Der:
      case ExprKind::Pre:
        out += e.kind == ExprKind::Der ? "der(" : "pre(";
        print(*e.args[0], out);
        out += ')';
        return;
      case ExprKind::Delay:
        out += "delay(";
        list(e.args, out);
        out += ')';
        return;
      case ExprKind::Initial: out += "initial()"; return;
      case ExprKind::Terminal: out += "terminal()"; return;
      case ExprKind::Sample:
        out += "sample(";
        list(e.args, out);
        out += ')';
        return;
      case ExprKind::FunctionCall: {
        const Function* callee =
            e.function < model_.functions.size() ? &model_.functions[e.function] : nullptr;
        out += callee ? callee->name : fmt::format("<function {}>", e.function);
        out += '(';
        list(e.args, out);
        out += ')';
        // A later output than the first is named like a record field.
        if (callee && e.output > 0 && callee->numInputs + e.output < callee->variables.size())
          out += "." + callee->variables[callee->numInputs + e.output].name;
        return;
      }
      case ExprKind::Tuple:
        out += '(';
        list(e.args, out);
        out += ')';
        return;
      case ExprKind::Element: {
        auto declared = static_cast<size_t>(e.integer);
        out += function_ && declared < function_->declared.size() ? function_->declared[declared].name
                                                                  : fmt::format("<array {}>", declared);
        out += '[';
        list(e.args, out);
        out += ']';
        return;
      }
      case ExprKind::ActiveState: out += "activeState(" + e.text + ")"; return;
      case ExprKind::TicksInState: out += "ticksInState()"; return;
      case ExprKind::TimeInState: out += "timeInState()"; return;
      case ExprKind::ClockConstructor:
      case ExprKind::ClockOp:
        out += e.kind == ExprKind::ClockOp ? toString(e.clockOp) : "Clock";
        out += '(';
        list(e.args, out);
        out += ')';
        return;
    }
  }

  const FlatModel& model_;
  const std::vector<Variable>& variables_;
  const Function* function_;  // whose arrays an Element names; null for the model
};

std::string declaration(const Variable& v, const Printer& printer) {
  std::string out = "  ";
  if (v.isProtected) out += "protected ";
  switch (v.variability) {
    case Variability::Constant: out += "constant "; break;
    case Variability::Parameter: out += "parameter "; break;
    case Variability::Discrete:
      if (v.type != BaseType::Clock) out += "discrete ";
      break;
    case Variability::Continuous: break;
  }
  if (v.causality == Causality::Input) out += "input ";
  if (v.causality == Causality::Output) out += "output ";
  out += toString(v.type);
  out += ' ';
  out += v.name;
  std::vector<std::string> attributes;
  const Attributes& a = v.attributes;
  auto attr = [&](const char* name, const ExprPtr& value) {
    if (value) attributes.push_back(fmt::format("{} = {}", name, printer.text(*value)));
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
  if (v.binding) out += " = " + printer.text(*v.binding);
  if (!v.description.empty()) out += " " + quoteString(v.description);
  return out + ";\n";
}

std::string assertText(const Printer& printer, const Expr& condition, const Expr& message,
                       AssertLevel level) {
  std::string out = "assert(" + printer.text(condition) + ", " + printer.text(message);
  if (level == AssertLevel::Warning) out += ", AssertionLevel.warning";
  return out + ");";
}

// A when-statement branch's condition: `c`, or `{a, b}` for a vector.
std::string whenConditionText(const Statement& when, std::pair<size_t, size_t> range,
                              const Printer& printer) {
  if (range.second - range.first == 1) return printer.text(*when.conditions[range.first]);
  std::vector<std::string> parts;
  for (size_t k = range.first; k < range.second; ++k) parts.push_back(printer.text(*when.conditions[k]));
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

void printStatements(const std::vector<Statement>& statements, const Printer& printer,
                     const std::string& indent, std::string& out);

void printStatement(const Statement& s, const Printer& printer, const std::string& indent,
                    std::string& out) {
  const std::string inner = indent + "  ";
  switch (s.kind) {
    case StatementKind::Assign:
      out += indent + printer.varName(s.target) + " := " + printer.text(*s.value) + ";\n";
      return;
    case StatementKind::AssignElement:
      out += indent + printer.text(*s.element) + " := " + printer.text(*s.value) + ";\n";
      return;
    case StatementKind::TupleAssign: {
      std::vector<std::string> slots;
      for (const auto& target : s.targets) slots.push_back(target ? printer.varName(*target) : "");
      out += indent;
      if (!slots.empty()) out += fmt::format("({}) := ", fmt::join(slots, ", "));
      out += printer.text(*s.value) + ";\n";
      return;
    }
    case StatementKind::If:
    case StatementKind::When: {
      bool isIf = s.kind == StatementKind::If;
      const auto whenRanges = isIf ? std::vector<std::pair<size_t, size_t>>{} : whenConditionRanges(s);
      for (size_t i = 0; i < s.branches.size(); ++i) {
        out += indent;
        if (isIf && i >= s.conditions.size()) out += "else\n";
        else
          out += fmt::format("{}{} then\n", i == 0 ? (isIf ? "if " : "when ") : (isIf ? "elseif " : "elsewhen "),
                             isIf ? printer.text(*s.conditions[i])
                                  : whenConditionText(s, whenRanges[i], printer));
        printStatements(s.branches[i], printer, inner, out);
      }
      out += indent + (isIf ? "end if;\n" : "end when;\n");
      return;
    }
    case StatementKind::For: {
      std::string range = printer.text(*s.rangeStart);
      bool unitStep = s.rangeStep->kind == ExprKind::Integer && s.rangeStep->integer == 1;
      if (!unitStep) range += ":" + printer.text(*s.rangeStep);
      range += ":" + printer.text(*s.rangeStop);
      out += indent + "for " + printer.varName(s.iterator) + " in " + range + " loop\n";
      printStatements(s.branches[0], printer, inner, out);
      out += indent + "end for;\n";
      return;
    }
    case StatementKind::While:
      out += indent + "while " + printer.text(*s.conditions[0]) + " loop\n";
      printStatements(s.branches[0], printer, inner, out);
      out += indent + "end while;\n";
      return;
    case StatementKind::Break: out += indent + "break;\n"; return;
    case StatementKind::Return: out += indent + "return;\n"; return;
    case StatementKind::Reinit:
      out += indent + "reinit(" + printer.varName(s.target) + ", " + printer.text(*s.value) + ");\n";
      return;
    case StatementKind::Assert:
      out += indent + assertText(printer, *s.value, *s.message, s.level) + "\n";
      return;
    case StatementKind::Terminate:
      out += indent + "terminate(" + printer.text(*s.message) + ");\n";
      return;
  }
}

void printStatements(const std::vector<Statement>& statements, const Printer& printer,
                     const std::string& indent, std::string& out) {
  for (const Statement& s : statements) printStatement(s, printer, indent, out);
}

void printAction(const Action& a, const Printer& printer, std::string& out) {
  switch (a.kind) {
    case ActionKind::Assign:
      out += "    " + printer.varName(a.target) + " = " + printer.text(*a.value) + ";\n";
      return;
    case ActionKind::Reinit:
      out += "    reinit(" + printer.varName(a.target) + ", " + printer.text(*a.value) + ");\n";
      return;
    case ActionKind::Assert:
      out += "    " + assertText(printer, *a.value, *a.message, a.level) + "\n";
      return;
    case ActionKind::Terminate:
      out += "    terminate(" + printer.text(*a.message) + ");\n";
      return;
  }
}

void printWhen(const WhenEquation& when, const Printer& printer, std::string& out) {
  for (size_t i = 0; i < when.branches.size(); ++i) {
    const WhenBranch& branch = when.branches[i];
    std::vector<std::string> conditions;
    for (const ExprPtr& c : branch.conditions) conditions.push_back(printer.text(*c));
    std::string condition = conditions.size() == 1
                                ? conditions[0]
                                : fmt::format("{{{}}}", fmt::join(conditions, ", "));
    out += fmt::format("  {} {} then\n", i == 0 ? "when" : "elsewhen", condition);
    for (const Action& a : branch.actions) printAction(a, printer, out);
  }
  out += "  end when;\n";
}

std::string functionText(const Function& f, const FlatModel& model) {
  Printer printer(model, f.variables, &f);
  std::string out = "function " + f.name + "\n";
  for (size_t i = 0; i < f.variables.size(); ++i) {
    const Variable& v = f.variables[i];
    if (i == f.numInputs + f.numOutputs) out += "protected\n";
    std::string prefix = i < f.numInputs ? "input " : i < f.numInputs + f.numOutputs ? "output " : "";
    if (v.variability == Variability::Constant) prefix = "constant " + prefix;
    out += "  " + prefix + toString(v.type) + " " + v.name;
    if (v.binding) out += " = " + printer.text(*v.binding);
    out += ";\n";
  }
  if (!f.body.empty()) {
    out += "algorithm\n";
    printStatements(f.body, printer, "  ", out);
  }
  if (f.external) {
    // `external "C" y = f(x, &z, a[], size_t 3)`: & marks an address, [] an array.
    std::vector<std::string> args;
    for (const ExternalArg& arg : f.external->args) {
      switch (arg.kind) {
        case ExternalArgKind::Value: args.push_back(printer.text(*arg.value)); break;
        case ExternalArgKind::Size: args.push_back("size_t " + printer.text(*arg.value)); break;
        case ExternalArgKind::Array: args.push_back(f.declared[arg.declared].name + "[]"); break;
        case ExternalArgKind::OutputAddress: args.push_back("&" + f.variables[arg.variable].name); break;
      }
    }
    out += "external \"C\" ";
    if (f.external->result) out += f.variables[*f.external->result].name + " = ";
    out += fmt::format("{}({});\n", f.external->symbol, fmt::join(args, ", "));
  }
  return out + "end " + f.name + ";\n\n";
}

}  // namespace

std::string toString(const Expr& expr, const FlatModel& model) {
  return Printer(model, model.variables).text(expr);
}

std::string toString(const Expr& expr, const FlatModel& model, const Function& function) {
  return Printer(model, function.variables, &function).text(expr);
}

std::string dumpFlat(const FlatModel& model) {
  Printer printer(model, model.variables);
  std::string out;
  for (const Function& f : model.functions) out += functionText(f, model);
  out += "class " + model.name;
  if (!model.description.empty()) out += " " + quoteString(model.description);
  out += "\n";
  for (const Variable& v : model.variables) out += declaration(v, printer);
  auto equations = [&](const std::vector<Equation>& list) {
    for (size_t i = 0; i < list.size(); ++i) {
      const Equation& eq = list[i];
      if (!eq.clock) {
        out += "  " + printer.text(*eq.lhs) + " = " + printer.text(*eq.rhs) + ";\n";
        continue;
      }
      // The run of equations of the same clocked when-clause.
      out += "  when " + printer.text(*eq.clock) + " then\n";
      size_t end = i;
      for (; end < list.size() && list[end].clock == eq.clock; ++end)
        out += "    " + printer.text(*list[end].lhs) + " = " + printer.text(*list[end].rhs) + ";\n";
      out += "  end when;\n";
      i = end - 1;
    }
  };
  auto algorithms = [&](const char* title, const std::vector<Algorithm>& list) {
    for (const Algorithm& algorithm : list) {
      out += title;
      printStatements(algorithm.statements, printer, "  ", out);
    }
  };
  if (!model.initialEquations.empty()) {
    out += "initial equation\n";
    equations(model.initialEquations);
  }
  algorithms("initial algorithm\n", model.initialAlgorithms);
  if (!model.equations.empty() || !model.whenEquations.empty() || !model.assertions.empty() ||
      !model.transitions.empty() || !model.initialStates.empty()) {
    out += "equation\n";
    equations(model.equations);
    for (const WhenEquation& when : model.whenEquations) printWhen(when, printer, out);
    for (const Assertion& a : model.assertions)
      out += "  " + assertText(printer, *a.condition, *a.message, a.level) + "\n";
    // State machines as written (spec 17.1), with every default filled in.
    for (const Transition& t : model.transitions)
      out += fmt::format("  transition({}, {}, {}, immediate = {}, reset = {}, synchronize = {}, priority = {});\n",
                         t.from, t.to, printer.text(*t.condition), printer.text(*t.immediate),
                         printer.text(*t.reset), printer.text(*t.synchronize), printer.text(*t.priority));
    for (const InitialState& s : model.initialStates) out += "  initialState(" + s.state + ");\n";
  }
  algorithms("algorithm\n", model.algorithms);
  const Experiment& x = model.experiment;
  if (x.startTime || x.stopTime || x.interval || x.tolerance) {
    std::vector<std::string> parts;
    if (x.startTime) parts.push_back("StartTime = " + formatReal(*x.startTime));
    if (x.stopTime) parts.push_back("StopTime = " + formatReal(*x.stopTime));
    if (x.interval) parts.push_back("Interval = " + formatReal(*x.interval));
    if (x.tolerance) parts.push_back("Tolerance = " + formatReal(*x.tolerance));
    out += fmt::format("  annotation(experiment({}));\n", fmt::join(parts, ", "));
  }
  if (!model.solverMethod.empty()) out += "  annotation(solverMethod = " + quoteString(model.solverMethod) + ");\n";
  out += "end " + model.name + ";\n";
  return out;
}

}  // namespace smc::flat

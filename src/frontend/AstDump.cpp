// dumpAst(): the AST as indented text, one node per line, two spaces per
// level: `<Kind> <line>:<column> <details>`. Details read like Modelica
// (`parameter Real k = 1.5 "gain"`); expressions are infix, with an operand
// parenthesised whenever it is itself an operator, if or range expression,
// so the tree shape is visible without precedence rules. The children of a
// class are listed in source order. Golden tests pin this format.
#include "frontend/Parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace smc {

namespace {

using namespace ast;

std::string location(const SourceRange& range) {
  return fmt::format("{}:{}", range.begin.line, range.begin.column);
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

std::string described(const std::string& description) {
  return description.empty() ? "" : " " + quoted(description);
}

std::string expr(const Expr& e);

std::string operand(const Expr& e) {
  bool compound = e.kind == ExprKind::Unary || e.kind == ExprKind::Binary ||
                  e.kind == ExprKind::If || e.kind == ExprKind::Range;
  return compound ? "(" + expr(e) + ")" : expr(e);
}

std::string list(const std::vector<ExprPtr>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    if (items[i]) out += expr(*items[i]);
  }
  return out;
}

std::string subscripts(const std::vector<ExprPtr>& items) {
  return items.empty() ? "" : "[" + list(items) + "]";
}

std::string ref(const ComponentRef& r) {
  std::string out = r.global ? "." : "";
  for (size_t i = 0; i < r.parts.size(); ++i) {
    if (i > 0) out += '.';
    out += r.parts[i].name + subscripts(r.parts[i].subscripts);
  }
  return out;
}

std::string iterators(const std::vector<ForIndex>& indices) {
  std::string out;
  for (size_t i = 0; i < indices.size(); ++i) {
    if (i > 0) out += ", ";
    out += indices[i].name;
    if (indices[i].range) out += " in " + expr(*indices[i].range);
  }
  return out;
}

std::string expr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Real: return e.text;
    case ExprKind::Integer: return std::to_string(e.integer);
    case ExprKind::String: return quoted(e.text);
    case ExprKind::Boolean: return e.boolean ? "true" : "false";
    case ExprKind::Ref: return ref(e.ref);
    case ExprKind::PartialApplication:
    case ExprKind::Call: {
      std::string out = (e.kind == ExprKind::PartialApplication ? "function " : "") + ref(e.ref) + "(" + list(e.args);
      for (const NamedArg& named : e.named)
        out += (out.back() == '(' ? "" : ", ") + named.name + " = " + expr(*named.value);
      if (!e.iterators.empty()) out += " for " + iterators(e.iterators);
      return out + ")";
    }
    case ExprKind::Unary:
      return std::string(toString(e.op)) + (e.op == Op::Not ? " " : "") + operand(*e.args[0]);
    case ExprKind::Binary:
      return operand(*e.args[0]) + " " + toString(e.op) + " " + operand(*e.args[1]);
    case ExprKind::If: {
      std::string out;
      for (size_t i = 0; i + 1 < e.args.size(); i += 2)
        out += (i == 0 ? "if " : " elseif ") + expr(*e.args[i]) + " then " + expr(*e.args[i + 1]);
      return out + " else " + expr(*e.args.back());
    }
    case ExprKind::Range: {
      std::string out;
      for (size_t i = 0; i < e.args.size(); ++i) out += (i > 0 ? ":" : "") + operand(*e.args[i]);
      return out;
    }
    case ExprKind::Array:
      if (!e.iterators.empty()) return "{" + list(e.args) + " for " + iterators(e.iterators) + "}";
      return "{" + list(e.args) + "}";
    case ExprKind::Matrix: {
      std::string out = "[";
      for (size_t i = 0; i < e.rows.size(); ++i) out += (i > 0 ? "; " : "") + list(e.rows[i]);
      return out + "]";
    }
    case ExprKind::Tuple: return "(" + list(e.args) + ")";
    case ExprKind::End: return "end";
    case ExprKind::Colon: return ":";
    case ExprKind::Der: return "der";
  }
  return "?";
}

std::string modification(const Modification& m);

std::string argument(const ElementModification& a) {
  std::string out = std::string(a.each ? "each " : "") + (a.final ? "final " : "");
  if (a.redeclaredComponent) {
    const Component& c = *a.redeclaredComponent;
    out += "redeclare " + c.typeName.str() + " " + c.name;
    return c.modification ? out + modification(*c.modification) : out;
  }
  if (a.redeclaredClass) {
    const ClassDef& c = *a.redeclaredClass;
    out += std::string("redeclare ") + toString(c.kind) + " " + c.name;
    if (c.form != ClassForm::Short) return out;
    out += " = " + c.shortBase.str();
    return c.shortModification ? out + modification(*c.shortModification) : out;
  }
  out += a.path.str();
  if (a.modification) out += modification(*a.modification);
  return out + described(a.description);
}

std::string arguments(const Modification& m) {
  std::string out;
  for (size_t i = 0; i < m.arguments.size(); ++i)
    out += (i > 0 ? ", " : "") + argument(m.arguments[i]);
  return out;
}

std::string modification(const Modification& m) {
  std::string out = m.arguments.empty() ? "" : "(" + arguments(m) + ")";
  if (m.binding) out += (m.assignStyle ? " := " : " = ") + expr(*m.binding);
  return out;
}

std::string optionalModification(const std::unique_ptr<Modification>& m) {
  return m ? modification(*m) : "";
}

// The prefixes classes and components share, in the order they are written.
template <typename Element>
std::string elementPrefixes(const Element& e) {
  std::string text;
  auto flag = [&](bool on, const char* word) { if (on) text += std::string(word) + " "; };
  flag(e.visibility == Visibility::Protected, "protected");
  flag(e.isRedeclare, "redeclare");
  flag(e.isFinal, "final");
  flag(e.isInner, "inner");
  flag(e.isOuter, "outer");
  flag(e.isReplaceable, "replaceable");
  return text;
}

// Prefixes, type, name and dimensions of a declaration.
std::string declarationStart(const ast::Component& c) {
  std::string text = elementPrefixes(c);
  auto flag = [&](bool on, const char* word) { if (on) text += std::string(word) + " "; };
  flag(c.connectorKind == ConnectorKind::Flow, "flow");
  flag(c.connectorKind == ConnectorKind::Stream, "stream");
  flag(c.variability == Variability::Discrete, "discrete");
  flag(c.variability == Variability::Parameter, "parameter");
  flag(c.variability == Variability::Constant, "constant");
  flag(c.causality == Causality::Input, "input");
  flag(c.causality == Causality::Output, "output");
  text += c.typeName.str() + subscripts(c.typeSubscripts) + " " + c.name + subscripts(c.subscripts);
  return text;
}

std::string condition(const ast::Component& c) { return c.condition ? " if " + expr(*c.condition) : ""; }

}  // namespace

std::string declarationText(const ast::Component& c) {
  return declarationStart(c) + optionalModification(c.modification) + condition(c);
}

std::string declarationHeadText(const ast::Component& c) { return declarationStart(c) + condition(c); }

std::string expressionText(const ast::Expr& e) { return expr(e); }

namespace {

class Dumper {
public:
  std::string take() { return std::move(out_); }

  void storedDefinition(const StoredDefinition& definition) {
    line("StoredDefinition");
    Nested nested(*this);
    if (definition.within)
      line("Within" + (definition.within->parts.empty() ? "" : " " + definition.within->str()));
    for (const auto& cls : definition.classes) classDef(*cls);
  }

private:
  struct Nested {
    explicit Nested(Dumper& d) : dumper(d) { ++dumper.depth_; }
    ~Nested() { --dumper.depth_; }
    Dumper& dumper;
  };

  void line(const std::string& text) {
    out_.append(2 * depth_, ' ');
    out_ += text;
    out_ += '\n';
  }

  void annotation(const std::unique_ptr<Annotation>& a) {
    if (a) line("Annotation " + location(a->range) + " " + arguments(a->modification));
  }

  static std::string classHeader(const ClassDef& c) {
    std::string flags = elementPrefixes(c);
    auto flag = [&](bool on, const char* word) { if (on) flags += std::string(word) + " "; };
    flag(c.isEncapsulated, "encapsulated");
    flag(c.isPartial, "partial");
    flag(c.isPure, "pure");
    flag(c.isImpure, "impure");
    std::string out = "Class " + location(c.range) + " " + flags + toString(c.kind) + " ";
    switch (c.form) {
      case ClassForm::Long: return out + c.name;
      case ClassForm::Extends:
        return out + "extends " + c.name + optionalModification(c.shortModification);
      case ClassForm::Short: {
        out += c.name + " = ";
        if (c.shortCausality == Causality::Input) out += "input ";
        if (c.shortCausality == Causality::Output) out += "output ";
        return out + c.shortBase.str() + subscripts(c.shortSubscripts) +
               optionalModification(c.shortModification);
      }
      case ClassForm::Enumeration:
        return out + c.name + (c.enumColon ? " = enumeration(:)" : " = enumeration");
      case ClassForm::Derivative: return out + c.name + " = der(" + c.shortBase.str() + ", ...)";
    }
    return out + c.name;
  }

  // A class's children in source order, whatever their kind.
  void classDef(const ClassDef& c) {
    line(classHeader(c) + described(c.description));
    Nested nested(*this);
    std::vector<std::pair<SourceLocation, std::function<void()>>> children;
    auto add = [&](const SourceRange& range, std::function<void()> print) {
      children.emplace_back(range.begin, std::move(print));
    };
    for (const EnumLiteral& literal : c.enumLiterals)
      add(literal.range, [this, &literal] {
        line("Literal " + location(literal.range) + " " + literal.name +
             described(literal.description));
      });
    for (const Import& i : c.imports) add(i.range, [this, &i] { import(i); });
    for (const Extends& e : c.extends) add(e.range, [this, &e] { extends(e); });
    for (const auto& inner : c.classes) add(inner->range, [this, &inner] { classDef(*inner); });
    for (const Component& item : c.components) add(item.range, [this, &item] { component(item); });
    for (const EquationSection& section : c.equationSections)
      add(section.range, [this, &section] {
        line("EquationSection " + location(section.range) + (section.initial ? " initial" : ""));
        Nested inner(*this);
        for (const Equation& e : section.equations) equation(e);
      });
    for (const AlgorithmSection& section : c.algorithmSections)
      add(section.range, [this, &section] {
        line("AlgorithmSection " + location(section.range) + (section.initial ? " initial" : ""));
        Nested inner(*this);
        for (const Statement& s : section.statements) statement(s);
      });
    if (c.hasExternal)
      add(c.externalRange, [this, &c] {
        std::string call = c.externalFunction.empty() ? "" : " " + c.externalFunction + "/" + std::to_string(c.externalArgs.size());
        if (c.externalOutput) call = " " + c.externalOutput->parts.front().name + " =" + call;
        line("External " + location(c.externalRange) + " \"" + c.externalLanguage + "\"" + call);
        if (c.externalAnnotation) {
          Nested inner(*this);
          annotation(c.externalAnnotation);
        }
      });
    if (c.annotation) add(c.annotation->range, [this, &c] { annotation(c.annotation); });
    std::stable_sort(children.begin(), children.end(), [](const auto& a, const auto& b) {
      return std::pair(a.first.line, a.first.column) < std::pair(b.first.line, b.first.column);
    });
    for (const auto& child : children) child.second();
  }

  void extends(const Extends& e) {
    line("Extends " + location(e.range) + " " +
         (e.visibility == Visibility::Protected ? "protected " : "") + e.base.str() +
         optionalModification(e.modification));
    Nested inner(*this);
    annotation(e.annotation);
  }

  void import(const Import& i) {
    std::string text = "Import " + location(i.range) + " " +
                       (i.visibility == Visibility::Protected ? "protected " : "");
    switch (i.kind) {
      case ImportKind::Qualified: text += i.path.str(); break;
      case ImportKind::Renamed: text += i.alias + " = " + i.path.str(); break;
      case ImportKind::Unqualified: text += i.path.str() + ".*"; break;
      case ImportKind::Multiple: {
        text += i.path.str() + ".{";
        for (size_t k = 0; k < i.names.size(); ++k) text += (k > 0 ? ", " : "") + i.names[k];
        text += "}";
        break;
      }
    }
    line(text);
  }

  void component(const Component& c) {
    line("Component " + location(c.range) + " " + declarationText(c) + described(c.description));
    Nested nested(*this);
    annotation(c.annotation);
  }

  template <typename Item, typename Print>
  void branches(const std::vector<ExprPtr>& conditions,
                const std::vector<std::vector<Item>>& bodies, Print print) {
    for (size_t i = 0; i < bodies.size(); ++i) {
      line(i < conditions.size() ? "Branch " + expr(*conditions[i]) : std::string("Else"));
      Nested nested(*this);
      for (const Item& item : bodies[i]) print(item);
    }
  }

  void equation(const Equation& e) {
    std::string where = location(e.range);
    auto body = [this](const Equation& item) { equation(item); };
    switch (e.kind) {
      case EquationKind::Simple:
        line("Simple " + where + " " + expr(*e.lhs) + " = " + expr(*e.rhs) +
             described(e.description));
        break;
      case EquationKind::Connect:
        line("Connect " + where + " " + ref(e.connectA) + ", " + ref(e.connectB) +
             described(e.description));
        break;
      case EquationKind::Call:
        line("Call " + where + " " + expr(*e.lhs) + described(e.description));
        break;
      case EquationKind::If:
        line("If " + where + described(e.description));
        break;
      case EquationKind::For:
        line("For " + where + " " + iterators(e.iterators) + described(e.description));
        break;
      case EquationKind::When:
        line("When " + where + described(e.description));
        break;
    }
    Nested nested(*this);
    annotation(e.annotation);
    if (e.kind == EquationKind::For) {
      for (const Equation& item : e.branches[0]) equation(item);
    } else if (e.kind == EquationKind::If || e.kind == EquationKind::When) {
      branches(e.conditions, e.branches, body);
    }
  }

  void statement(const Statement& s) {
    std::string where = location(s.range);
    auto body = [this](const Statement& item) { statement(item); };
    switch (s.kind) {
      case StatementKind::Assign:
        line("Assign " + where + " " + expr(*s.lhs) + " := " + expr(*s.rhs) +
             described(s.description));
        break;
      case StatementKind::Call:
        line("Call " + where + " " + expr(*s.rhs) + described(s.description));
        break;
      case StatementKind::If: line("If " + where + described(s.description)); break;
      case StatementKind::For:
        line("For " + where + " " + iterators(s.iterators) + described(s.description));
        break;
      case StatementKind::While:
        line("While " + where + " " + expr(*s.conditions[0]) + described(s.description));
        break;
      case StatementKind::When: line("When " + where + described(s.description)); break;
      case StatementKind::Break: line("Break " + where + described(s.description)); break;
      case StatementKind::Return: line("Return " + where + described(s.description)); break;
    }
    Nested nested(*this);
    annotation(s.annotation);
    if (s.kind == StatementKind::For || s.kind == StatementKind::While) {
      for (const Statement& item : s.branches[0]) statement(item);
    } else if (s.kind == StatementKind::If || s.kind == StatementKind::When) {
      branches(s.conditions, s.branches, body);
    }
  }

  std::string out_;
  int depth_ = 0;
};

}  // namespace

std::string dumpAst(const StoredDefinition& definition) {
  Dumper dumper;
  dumper.storedDefinition(definition);
  return dumper.take();
}

}  // namespace smc

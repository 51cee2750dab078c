// See Goal.h: a recursive-descent parser over a hand-written tokenizer,
// then a tree evaluated with the values read from the FMU.
#include "importer/Goal.h"

#include "importer/NameSuggestions.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <map>

namespace smc::importer {

struct Goal::Node {
  enum class Kind { Number, Variable, Negate, Not, Binary } kind = Kind::Number;
  double number = 0;
  std::size_t variable = 0;  // index into Goal::variables_
  std::string op;            // Binary: + - * / < <= > >= == <> and or
  std::shared_ptr<const Node> a, b;
};

namespace {

using NodePtr = std::shared_ptr<const Goal::Node>;
using Kind = Goal::Node::Kind;

struct Token {
  enum class Type { Number, Name, Symbol, End } type = Type::End;
  std::string text;
  std::size_t column = 0;  // 1-based
};

bool startsName(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool continuesName(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

// A name goes on through `[...]` and `(...)` groups, so that `x[1]`,
// `der(x)` and `activeState(a.b)` are single names.
std::size_t nameEnd(const std::string& s, std::size_t i) {
  std::size_t start = i;
  while (i < s.size() && continuesName(s[i])) ++i;
  std::string_view word(s.data() + start, i - start);
  if (word == "not" || word == "and" || word == "or") return i;  // `not(x > 1)`
  while (i < s.size()) {
    if (continuesName(s[i])) {
      ++i;
    } else if (s[i] == '[' || s[i] == '(') {
      char open = s[i], close = open == '[' ? ']' : ')';
      int depth = 0;
      std::size_t j = i;
      for (; j < s.size(); ++j) {
        if (s[j] == open) ++depth;
        if (s[j] == close && --depth == 0) break;
      }
      if (j == s.size()) return i;  // unbalanced: the parser reports what follows
      i = j + 1;
    } else {
      break;
    }
  }
  return i;
}

Result<std::vector<Token>> tokenize(const std::string& s) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < s.size();) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    Token t;
    t.column = i + 1;
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      char* end = nullptr;
      std::strtod(s.c_str() + i, &end);
      std::size_t n = static_cast<std::size_t>(end - (s.c_str() + i));
      t.type = Token::Type::Number;
      t.text = s.substr(i, n);
      i += n;
    } else if (startsName(c)) {
      std::size_t end = nameEnd(s, i);
      t.type = Token::Type::Name;
      t.text = s.substr(i, end - i);
      i = end;
    } else {
      static const char* const symbols[] = {"<=", ">=", "==", "<>", "<", ">", "+", "-", "*", "/", "(", ")"};
      for (const char* sym : symbols) {
        std::string_view v(sym);
        if (s.compare(i, v.size(), v) == 0) {
          t.type = Token::Type::Symbol;
          t.text = std::string(v);
          break;
        }
      }
      if (t.type != Token::Type::Symbol) return Error{fmt::format("goal: unexpected '{}' at column {}", c, t.column)};
      i += t.text.size();
    }
    tokens.push_back(std::move(t));
  }
  tokens.push_back({Token::Type::End, "", s.size() + 1});
  return tokens;
}

class Parser {
public:
  Parser(std::vector<Token> tokens, const ModelDescription& md, std::vector<const ScalarVariable*>& variables)
      : tokens_(std::move(tokens)), md_(md), variables_(variables) {}

  Result<NodePtr> parseAll() {
    Result<NodePtr> e = parseOr();
    if (!e) return e;
    if (peek().type != Token::Type::End) return unexpected();
    return e;
  }

private:
  const Token& peek() const { return tokens_[pos_]; }
  bool accept(const char* word) {
    if ((peek().type == Token::Type::Symbol || peek().type == Token::Type::Name) && peek().text == word) {
      ++pos_;
      return true;
    }
    return false;
  }
  Error unexpected() const {
    if (peek().type == Token::Type::End) return Error{fmt::format("goal: unexpected end at column {}", peek().column)};
    return Error{fmt::format("goal: unexpected '{}' at column {}", peek().text, peek().column)};
  }
  static NodePtr binary(std::string op, NodePtr a, NodePtr b) {
    auto n = std::make_shared<Goal::Node>();
    n->kind = Kind::Binary;
    n->op = std::move(op);
    n->a = std::move(a);
    n->b = std::move(b);
    return n;
  }
  static NodePtr unary(Kind kind, NodePtr a) {
    auto n = std::make_shared<Goal::Node>();
    n->kind = kind;
    n->a = std::move(a);
    return n;
  }

  // One level of left-associative binary operators.
  template <typename Next>
  Result<NodePtr> leftAssociative(std::initializer_list<const char*> ops, Next next) {
    Result<NodePtr> lhs = (this->*next)();
    if (!lhs) return lhs;
    NodePtr result = *lhs;
    for (;;) {
      const char* matched = nullptr;
      for (const char* op : ops)
        if (!matched && accept(op)) matched = op;
      if (!matched) return result;
      Result<NodePtr> rhs = (this->*next)();
      if (!rhs) return rhs;
      result = binary(matched, result, *rhs);
    }
  }

  Result<NodePtr> parseOr() { return leftAssociative({"or"}, &Parser::parseAnd); }
  Result<NodePtr> parseAnd() { return leftAssociative({"and"}, &Parser::parseNot); }
  Result<NodePtr> parseNot() {
    if (accept("not")) {
      Result<NodePtr> a = parseNot();
      if (!a) return a;
      return unary(Kind::Not, *a);
    }
    return parseComparison();
  }
  Result<NodePtr> parseComparison() {
    Result<NodePtr> lhs = parseSum();
    if (!lhs) return lhs;
    for (const char* op : {"<=", ">=", "==", "<>", "<", ">"})
      if (accept(op)) {
        Result<NodePtr> rhs = parseSum();
        if (!rhs) return rhs;
        return binary(op, *lhs, *rhs);
      }
    return lhs;
  }
  Result<NodePtr> parseSum() { return leftAssociative({"+", "-"}, &Parser::parseTerm); }
  Result<NodePtr> parseTerm() { return leftAssociative({"*", "/"}, &Parser::parseUnary); }
  Result<NodePtr> parseUnary() {
    if (accept("-")) {
      Result<NodePtr> a = parseUnary();
      if (!a) return a;
      return unary(Kind::Negate, *a);
    }
    const Token t = peek();
    auto n = std::make_shared<Goal::Node>();
    if (t.type == Token::Type::Number) {
      ++pos_;
      n->number = std::strtod(t.text.c_str(), nullptr);
      return NodePtr(n);
    }
    if (accept("(")) {
      Result<NodePtr> inner = parseOr();
      if (!inner) return inner;
      if (!accept(")")) return unexpected();
      return inner;
    }
    if (t.type != Token::Type::Name || t.text == "and" || t.text == "or" || t.text == "not") return unexpected();
    ++pos_;
    if (t.text == "true" || t.text == "false") {
      n->number = t.text == "true" ? 1 : 0;
      return NodePtr(n);
    }
    const ScalarVariable* v = md_.find(t.text);
    if (!v) return Error{fmt::format("goal: at column {}: {}", t.column, unknownVariableMessage(t.text, md_))};
    if (v->type == VariableType::String)
      return Error{fmt::format("goal: at column {}: '{}' is a String, which a goal cannot compare", t.column, t.text)};
    auto found = indexOf_.find(v);
    if (found == indexOf_.end()) {
      found = indexOf_.emplace(v, variables_.size()).first;
      variables_.push_back(v);
    }
    n->kind = Kind::Variable;
    n->variable = found->second;
    return NodePtr(n);
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  const ModelDescription& md_;
  std::vector<const ScalarVariable*>& variables_;
  std::map<const ScalarVariable*, std::size_t> indexOf_;
};

double evaluate(const Goal::Node& n, const std::vector<double>& values) {
  switch (n.kind) {
  case Kind::Number: return n.number;
  case Kind::Variable: return values[n.variable];
  case Kind::Negate: return -evaluate(*n.a, values);
  case Kind::Not: return evaluate(*n.a, values) == 0 ? 1 : 0;
  case Kind::Binary: break;
  }
  double a = evaluate(*n.a, values);
  const std::string& op = n.op;
  if (op == "and") return a != 0 && evaluate(*n.b, values) != 0 ? 1 : 0;
  if (op == "or") return a != 0 || evaluate(*n.b, values) != 0 ? 1 : 0;
  double b = evaluate(*n.b, values);
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "*") return a * b;
  if (op == "/") return a / b;
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  if (op == ">=") return a >= b;
  if (op == "==") return a == b;
  return a != b;  // <>
}

}  // namespace

Result<Goal> Goal::parse(const std::string& text, const ModelDescription& description) {
  Result<std::vector<Token>> tokens = tokenize(text);
  if (!tokens) return tokens.error();
  Goal goal;
  goal.text_ = text;
  Parser parser(std::move(tokens).value(), description, goal.variables_);
  Result<NodePtr> root = parser.parseAll();
  if (!root) return root.error();
  goal.root_ = *root;
  return goal;
}

bool Goal::holdsFor(const std::vector<double>& values) const { return evaluate(*root_, values) != 0; }

Result<bool> Goal::holds(FmuInstance& instance, double time) const {
  std::vector<double> values(variables_.size());
  for (std::size_t i = 0; i < variables_.size(); ++i) {
    const ScalarVariable& v = *variables_[i];
    fmi2::ValueReference ref[1] = {v.valueReference};
    Result<fmi2::Status> status = fmi2::Status::OK;
    if (v.type == VariableType::Real) {
      double value[1] = {0};
      status = instance.getReal(ref, value, time);
      values[i] = value[0];
    } else {
      int value[1] = {0};
      status = v.type == VariableType::Boolean ? instance.getBoolean(ref, value, time) : instance.getInteger(ref, value, time);
      values[i] = value[0];
    }
    if (!status) return status.error();
  }
  return holdsFor(values);
}

}  // namespace smc::importer

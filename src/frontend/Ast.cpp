// Spelling of AST names and enumerators, as a Modelica user would write them
// (used by dumps and diagnostics).
#include "frontend/Ast.h"

namespace smc::ast {

std::string Name::str() const {
  std::string out = global ? "." : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += '.';
    out += parts[i];
  }
  return out;
}

const char* toString(ClassKind kind) {
  switch (kind) {
    case ClassKind::Class: return "class";
    case ClassKind::Model: return "model";
    case ClassKind::Record: return "record";
    case ClassKind::OperatorRecord: return "operator record";
    case ClassKind::Block: return "block";
    case ClassKind::Connector: return "connector";
    case ClassKind::ExpandableConnector: return "expandable connector";
    case ClassKind::Type: return "type";
    case ClassKind::Package: return "package";
    case ClassKind::Function: return "function";
    case ClassKind::OperatorFunction: return "operator function";
    case ClassKind::Operator: return "operator";
  }
  return "class";
}

const char* toString(Op op) {
  switch (op) {
    case Op::Negate: return "-";
    case Op::Plus: return "+";
    case Op::Not: return "not";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Pow: return "^";
    case Op::ElemAdd: return ".+";
    case Op::ElemSub: return ".-";
    case Op::ElemMul: return ".*";
    case Op::ElemDiv: return "./";
    case Op::ElemPow: return ".^";
    case Op::Less: return "<";
    case Op::LessEq: return "<=";
    case Op::Greater: return ">";
    case Op::GreaterEq: return ">=";
    case Op::Equal: return "==";
    case Op::NotEqual: return "<>";
    case Op::And: return "and";
    case Op::Or: return "or";
  }
  return "?";
}

}  // namespace smc::ast

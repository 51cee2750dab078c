// Parse tree -> AST: expressions, component references, names and literals
// (specification A.2.7). Operator chains (`a + b - c`) fold to the left, as
// the specification's `{ add-operator term }` repetition implies; a leading
// sign applies to the first term only (`-a*b + c` is `(-(a*b)) + c`).
#include "frontend/AstBuilder.h"
#include "frontend/ExpressionDepth.h"
#include "frontend/ResourceLimits.h"

#include <charconv>

namespace smc::frontend {

using grammar::ModelicaParser;

namespace {

using limits::kMaxOperands;  // see ResourceLimits.h

size_t tokenType(antlr4::ParserRuleContext* operatorContext) {
  return operatorContext->getStart()->getType();
}

ast::Op binaryOperator(size_t type) {
  switch (type) {
    case ModelicaParser::PLUS: return ast::Op::Add;
    case ModelicaParser::MINUS: return ast::Op::Sub;
    case ModelicaParser::DOT_PLUS: return ast::Op::ElemAdd;
    case ModelicaParser::DOT_MINUS: return ast::Op::ElemSub;
    case ModelicaParser::STAR: return ast::Op::Mul;
    case ModelicaParser::SLASH: return ast::Op::Div;
    case ModelicaParser::DOT_STAR: return ast::Op::ElemMul;
    case ModelicaParser::DOT_SLASH: return ast::Op::ElemDiv;
    case ModelicaParser::POWER: return ast::Op::Pow;
    case ModelicaParser::DOT_POWER: return ast::Op::ElemPow;
    case ModelicaParser::LESS: return ast::Op::Less;
    case ModelicaParser::LESS_EQ: return ast::Op::LessEq;
    case ModelicaParser::GREATER: return ast::Op::Greater;
    case ModelicaParser::GREATER_EQ: return ast::Op::GreaterEq;
    case ModelicaParser::EQUAL_EQ: return ast::Op::Equal;
    case ModelicaParser::NOT_EQUAL: return ast::Op::NotEqual;
    default: return ast::Op::Add;  // unreachable: the grammar admits no other token here
  }
}

ast::ExprPtr unary(ast::Op op, SourceLocation begin, ast::ExprPtr operand) {
  ast::ExprPtr out = makeExpr(ast::ExprKind::Unary, {begin, operand->range.end});
  out->op = op;
  out->args.push_back(std::move(operand));
  return out;
}

ast::ComponentRef singlePartRef(std::string name, SourceRange range) {
  ast::ComponentRef out;
  out.parts.push_back(ast::RefPart{std::move(name), {}, range});
  out.range = range;
  return out;
}

}  // namespace

ast::ExprPtr makeExpr(ast::ExprKind kind, SourceRange range) {
  auto out = std::make_unique<ast::Expr>();
  out->kind = kind;
  out->range = range;
  return out;
}

ast::ExprPtr AstBuilder::binary(ast::Op op, ast::ExprPtr left, ast::ExprPtr right) {
  ast::ExprPtr out = makeExpr(ast::ExprKind::Binary, {left->range.begin, right->range.end});
  out->op = op;
  out->args.push_back(std::move(left));
  out->args.push_back(std::move(right));
  return out;
}

bool AstBuilder::tooManyOperands(antlr4::ParserRuleContext* context, size_t operands) {
  if (operands <= kMaxOperands) return false;
  diags_.errorf(range(context), "expression has {} operands in one operator chain (limit {})",
                operands, kMaxOperands);
  return true;
}

namespace {

// The sole child of a rule context, as the one rule the grammar allows
// there, or null when it has more children. Most operands pass through
// ten rules of one child each (expression down to primary): reading them
// so skips the generated accessors' dynamic_cast over every child, which
// was a sixth of parsing.
template <typename Rule>
Rule* soleChild(antlr4::ParserRuleContext* context) {
  return context->children.size() == 1 ? static_cast<Rule*>(context->children[0]) : nullptr;
}

}  // namespace

ast::ExprPtr AstBuilder::expression(P::ExpressionContext* context) {
  // Only the outermost expression is measured: the nested ones are inside it,
  // and measuring each would cost the tree's size once per nesting level.
  ++expressionNesting_;
  ast::ExprPtr out = nestedExpression(context);
  --expressionNesting_;
  if (expressionNesting_ > 0) return out;
  size_t depth = expressionDepth(*out);
  if (depth <= limits::kMaxExpressionDepth) return out;
  diags_.errorf(out->range, "expression nested {} levels deep (limit {})", depth,
                limits::kMaxExpressionDepth);
  SourceRange where = out->range;
  destroyIteratively(std::move(out));
  return makeExpr(ast::ExprKind::Integer, where);  // the file is refused anyway
}

ast::ExprPtr AstBuilder::nestedExpression(P::ExpressionContext* context) {
  // The if-expression alternative has six children or more.
  if (auto* only = soleChild<P::Simple_expressionContext>(context)) return simpleExpression(only);
  if (auto* simple = dynamic_cast<P::SimpleExpressionContext*>(context))
    return simpleExpression(simple->simple_expression());
  // if c1 then e1 elseif c2 then e2 else e3: operands in source order.
  auto* conditional = dynamic_cast<P::IfExpressionContext*>(context);
  ast::ExprPtr out = makeExpr(ast::ExprKind::If, range(context));
  for (P::ExpressionContext* part : conditional->expression())
    out->args.push_back(expression(part));
  return out;
}

ast::ExprPtr AstBuilder::simpleExpression(P::Simple_expressionContext* context) {
  if (auto* only = soleChild<P::Logical_expressionContext>(context)) return logicalExpression(only);
  std::vector<P::Logical_expressionContext*> parts = context->logical_expression();
  if (parts.size() == 1) return logicalExpression(parts[0]);
  ast::ExprPtr out = makeExpr(ast::ExprKind::Range, range(context));
  for (P::Logical_expressionContext* part : parts) out->args.push_back(logicalExpression(part));
  return out;
}

ast::ExprPtr AstBuilder::logicalExpression(P::Logical_expressionContext* context) {
  if (auto* only = soleChild<P::Logical_termContext>(context)) return logicalTerm(only);
  std::vector<P::Logical_termContext*> terms = context->logical_term();
  if (tooManyOperands(context, terms.size())) return logicalTerm(terms[0]);
  ast::ExprPtr out = logicalTerm(terms[0]);
  for (size_t i = 1; i < terms.size(); ++i)
    out = binary(ast::Op::Or, std::move(out), logicalTerm(terms[i]));
  return out;
}

ast::ExprPtr AstBuilder::logicalTerm(P::Logical_termContext* context) {
  if (auto* only = soleChild<P::Logical_factorContext>(context)) return logicalFactor(only);
  std::vector<P::Logical_factorContext*> factors = context->logical_factor();
  if (tooManyOperands(context, factors.size())) return logicalFactor(factors[0]);
  ast::ExprPtr out = logicalFactor(factors[0]);
  for (size_t i = 1; i < factors.size(); ++i)
    out = binary(ast::Op::And, std::move(out), logicalFactor(factors[i]));
  return out;
}

ast::ExprPtr AstBuilder::logicalFactor(P::Logical_factorContext* context) {
  if (auto* only = soleChild<P::RelationContext>(context)) return relation(only);
  ast::ExprPtr operand = relation(context->relation());
  if (!context->NOT()) return operand;
  return unary(ast::Op::Not, range(context->NOT()).begin, std::move(operand));
}

ast::ExprPtr AstBuilder::relation(P::RelationContext* context) {
  if (auto* only = soleChild<P::Arithmetic_expressionContext>(context)) return arithmeticExpression(only);
  ast::ExprPtr left = arithmeticExpression(context->arithmetic_expression(0));
  if (!context->relational_operator()) return left;
  return binary(binaryOperator(tokenType(context->relational_operator())), std::move(left),
                arithmeticExpression(context->arithmetic_expression(1)));
}

ast::ExprPtr AstBuilder::arithmeticExpression(P::Arithmetic_expressionContext* context) {
  if (auto* only = soleChild<P::TermContext>(context)) return term(only);
  if (tooManyOperands(context, context->term().size())) return term(context->term(0));
  ast::ExprPtr out;
  P::Add_operatorContext* pending = nullptr;
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* op = dynamic_cast<P::Add_operatorContext*>(child)) {
      pending = op;
      continue;
    }
    ast::ExprPtr operand = term(dynamic_cast<P::TermContext*>(child));
    if (!out) {
      if (pending) {
        size_t type = tokenType(pending);
        bool negate = type == ModelicaParser::MINUS || type == ModelicaParser::DOT_MINUS;
        operand = unary(negate ? ast::Op::Negate : ast::Op::Plus, range(pending).begin,
                        std::move(operand));
      }
      out = std::move(operand);
    } else {
      out = binary(binaryOperator(tokenType(pending)), std::move(out), std::move(operand));
    }
    pending = nullptr;
  }
  return out;
}

ast::ExprPtr AstBuilder::term(P::TermContext* context) {
  if (auto* only = soleChild<P::FactorContext>(context)) return factor(only);
  std::vector<P::FactorContext*> factors = context->factor();
  if (tooManyOperands(context, factors.size())) return factor(factors[0]);
  ast::ExprPtr out = factor(factors[0]);
  for (size_t i = 1; i < factors.size(); ++i)
    out = binary(binaryOperator(tokenType(context->mul_operator(i - 1))), std::move(out),
                 factor(factors[i]));
  return out;
}

ast::ExprPtr AstBuilder::factor(P::FactorContext* context) {
  if (auto* only = soleChild<P::PrimaryContext>(context)) return primary(only);
  ast::ExprPtr base = primary(context->primary(0));
  if (context->primary().size() == 1) return base;
  ast::Op op = context->POWER() ? ast::Op::Pow : ast::Op::ElemPow;
  return binary(op, std::move(base), primary(context->primary(1)));
}

ast::ExprPtr AstBuilder::primary(P::PrimaryContext* context) {
  if (auto* literal = dynamic_cast<P::NumberPrimaryContext*>(context))
    return number(literal->UNSIGNED_NUMBER()->getSymbol());
  if (auto* literal = dynamic_cast<P::StringPrimaryContext*>(context)) {
    ast::ExprPtr out = makeExpr(ast::ExprKind::String, range(context));
    out->text = stringLiteral(literal->STRING()->getSymbol());
    return out;
  }
  if (dynamic_cast<P::FalsePrimaryContext*>(context) ||
      dynamic_cast<P::TruePrimaryContext*>(context)) {
    ast::ExprPtr out = makeExpr(ast::ExprKind::Boolean, range(context));
    out->boolean = dynamic_cast<P::TruePrimaryContext*>(context) != nullptr;
    return out;
  }
  if (auto* invocation = dynamic_cast<P::CallPrimaryContext*>(context)) {
    // der(x), initial() and pure(f(x)) are calls of keyword-named functions.
    ast::ComponentRef callee;
    if (invocation->component_reference())
      callee = componentReference(invocation->component_reference());
    else if (invocation->DER())
      callee = singlePartRef("der", range(invocation->DER()));
    else if (invocation->INITIAL())
      callee = singlePartRef("initial", range(invocation->INITIAL()));
    else
      callee = singlePartRef("pure", range(invocation->PURE()));
    return call(std::move(callee), invocation->function_call_args(), range(context));
  }
  if (auto* ref = dynamic_cast<P::ReferencePrimaryContext*>(context))
    return reference(ref->component_reference());
  if (auto* group = dynamic_cast<P::ParenthesisPrimaryContext*>(context))
    return outputExpressionList(group->output_expression_list(), range(context));
  if (auto* matrix = dynamic_cast<P::MatrixPrimaryContext*>(context)) {
    ast::ExprPtr out = makeExpr(ast::ExprKind::Matrix, range(context));
    for (P::Expression_listContext* row : matrix->expression_list()) {
      std::vector<ast::ExprPtr> items;
      for (P::ExpressionContext* item : row->expression()) items.push_back(expression(item));
      out->rows.push_back(std::move(items));
    }
    return out;
  }
  if (auto* array = dynamic_cast<P::ArrayPrimaryContext*>(context)) {
    ast::ExprPtr out = makeExpr(ast::ExprKind::Array, range(context));
    P::Array_argumentsContext* arguments = array->array_arguments();
    if (!arguments) return out;
    out->args.push_back(expression(arguments->expression()));
    if (arguments->FOR()) {
      out->iterators = forIndices(arguments->for_indices());
    } else if (auto* rest = arguments->array_arguments_non_first()) {
      for (P::ExpressionContext* item : rest->expression()) out->args.push_back(expression(item));
    }
    return out;
  }
  return makeExpr(ast::ExprKind::End, range(context));
}

ast::ExprPtr AstBuilder::number(antlr4::Token* token) {
  std::string_view text = locator_.text(token);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  bool isReal = text.find_first_of(".eE") != std::string_view::npos;
  ast::ExprPtr out = makeExpr(isReal ? ast::ExprKind::Real : ast::ExprKind::Integer,
                              locator_.range(token));
  out->text = std::string(text);
  std::errc error = isReal ? std::from_chars(first, last, out->real).ec
                           : std::from_chars(first, last, out->integer).ec;
  if (error == std::errc::result_out_of_range)
    diags_.errorf(out->range, "{} literal '{}' is out of range", isReal ? "real" : "integer",
                  text);
  return out;
}

ast::ExprPtr AstBuilder::call(ast::ComponentRef callee, P::Function_call_argsContext* args,
                              SourceRange range) {
  ast::ExprPtr out = makeExpr(ast::ExprKind::Call, range);
  out->ref = std::move(callee);
  P::Function_argumentsContext* arguments = args->function_arguments();
  if (!arguments) return out;
  if (auto* first = arguments->expression()) {
    out->args.push_back(expression(first));
    if (arguments->FOR()) out->iterators = forIndices(arguments->for_indices());
  } else if (auto* partial = arguments->function_partial_application()) {
    out->args.push_back(partialApplication(partial));
  } else {
    namedArguments(arguments->named_arguments(), *out);
  }
  if (auto* rest = arguments->function_arguments_non_first()) functionArgumentsNonFirst(rest, *out);
  return out;
}

void AstBuilder::functionArgumentsNonFirst(P::Function_arguments_non_firstContext* context,
                                           ast::Expr& callExpr) {
  for (P::Function_argumentContext* item : context->function_argument())
    if (ast::ExprPtr value = functionArgument(item)) callExpr.args.push_back(std::move(value));
  if (context->named_arguments()) namedArguments(context->named_arguments(), callExpr);
}

void AstBuilder::namedArguments(P::Named_argumentsContext* context, ast::Expr& callExpr) {
  for (P::Named_argumentContext* item : context->named_argument()) {
    ast::NamedArg named;
    named.name = identifier(item->IDENT());
    named.value = functionArgument(item->function_argument());
    named.range = range(item);
    if (named.value) callExpr.named.push_back(std::move(named));
  }
}

ast::ExprPtr AstBuilder::functionArgument(P::Function_argumentContext* context) {
  if (auto* partial = context->function_partial_application()) return partialApplication(partial);
  return expression(context->expression());
}

ast::ExprPtr AstBuilder::partialApplication(P::Function_partial_applicationContext* context) {
  ast::ExprPtr out = makeExpr(ast::ExprKind::PartialApplication, range(context));
  ast::Name function = typeSpecifier(context->type_specifier());
  out->ref.global = function.global;
  out->ref.range = function.range;
  for (const std::string& part : function.parts) {
    ast::RefPart refPart;
    refPart.name = part;
    refPart.range = function.range;
    out->ref.parts.push_back(std::move(refPart));
  }
  if (context->named_arguments()) namedArguments(context->named_arguments(), *out);
  return out;
}

ast::ExprPtr AstBuilder::outputExpressionList(P::Output_expression_listContext* context,
                                              SourceRange range) {
  // `(e)` is e itself (its range widened to the parentheses); anything with
  // a comma is a Tuple whose empty slots are null.
  std::vector<ast::ExprPtr> slots(1);
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* item = dynamic_cast<P::ExpressionContext*>(child))
      slots.back() = expression(item);
    else
      slots.emplace_back();  // a comma
  }
  if (slots.size() == 1 && slots[0]) {
    slots[0]->range = range;
    return std::move(slots[0]);
  }
  ast::ExprPtr out = makeExpr(ast::ExprKind::Tuple, range);
  if (slots.size() == 1) return out;  // `()`
  out->args = std::move(slots);
  return out;
}

ast::ComponentRef AstBuilder::componentReference(P::Component_referenceContext* context) {
  ast::ComponentRef out;
  out.range = range(context);
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(child)) {
      if (terminal->getSymbol()->getType() == ModelicaParser::IDENT)
        out.parts.push_back(ast::RefPart{identifier(terminal), {}, range(terminal)});
      else if (out.parts.empty())
        out.global = true;  // a leading '.'
    } else if (auto* subscripts = dynamic_cast<P::Array_subscriptsContext*>(child)) {
      out.parts.back().subscripts = arraySubscripts(subscripts);
      out.parts.back().range.end = range(subscripts).end;
    }
  }
  if (out.parts.size() > limits::kMaxNameParts) {
    diags_.errorf(out.range, "name has {} parts (limit {})", out.parts.size(), limits::kMaxNameParts);
    out.parts.resize(1);
  }
  return out;
}

ast::ExprPtr AstBuilder::reference(P::Component_referenceContext* context) {
  ast::ExprPtr out = makeExpr(ast::ExprKind::Ref, range(context));
  out->ref = componentReference(context);
  return out;
}

std::vector<ast::ExprPtr> AstBuilder::arraySubscripts(P::Array_subscriptsContext* context) {
  std::vector<ast::ExprPtr> out;
  if (!context) return out;
  for (P::SubscriptContext* item : context->subscript()) {
    if (item->COLON())
      out.push_back(makeExpr(ast::ExprKind::Colon, range(item)));
    else
      out.push_back(expression(item->expression()));
  }
  return out;
}

ast::Name AstBuilder::name(P::NameContext* context) {
  ast::Name out;
  out.range = range(context);
  for (antlr4::tree::TerminalNode* part : context->IDENT()) out.parts.push_back(identifier(part));
  if (out.parts.size() > limits::kMaxNameParts) {
    diags_.errorf(out.range, "name has {} parts (limit {})", out.parts.size(), limits::kMaxNameParts);
    out.parts.resize(1);
  }
  return out;
}

ast::Name AstBuilder::typeSpecifier(P::Type_specifierContext* context) {
  ast::Name out = name(context->name());
  out.global = context->DOT() != nullptr;
  out.range = range(context);
  return out;
}

std::string AstBuilder::identifier(antlr4::tree::TerminalNode* node) const {
  // A quoted identifier keeps its quotes ('x' and x differ); its redundant
  // escapes \? and \" mean the plain characters (specification A.1).
  std::string_view text = locator_.text(node->getSymbol());
  if (text.empty() || text[0] != '\'') return std::string(text);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '?' || text[i + 1] == '"'))
      ++i;
    out += text[i];
  }
  return out;
}

std::string AstBuilder::stringLiteral(antlr4::Token* token) {
  std::string_view text = locator_.text(token);
  text = text.substr(1, text.size() - 2);  // the quotes
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    char escaped = text[++i];  // the lexer guarantees a character follows
    switch (escaped) {
      case '\'': case '"': case '?': case '\\': out += escaped; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      default: {
        size_t offset = token->getStartIndex() + 1 + i - 1;  // the backslash
        unsigned char byte = static_cast<unsigned char>(escaped);
        std::string shown = byte > 0x20 && byte < 0x7F ? std::string(1, escaped)
                                                        : fmt::format("\\x{:02X}", byte);
        diags_.errorf({locator_.at(offset), locator_.at(offset + 2)},
                      "unknown escape sequence '\\{}' in string", shown);
        out += escaped;
      }
    }
  }
  return out;
}

}  // namespace smc::frontend

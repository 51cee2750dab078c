// Wording of syntax errors; see SyntaxErrors.h.
#include "frontend/SyntaxErrors.h"

#include "ModelicaLexer.h"
#include "ModelicaParser.h"

#include <cctype>

namespace smc::frontend {

using grammar::ModelicaParser;

namespace {

// Tokens that can start an expression: when both IDENT and UNSIGNED_NUMBER
// are expected, the whole group is summarised as "expression".
bool startsExpression(ssize_t type) {
  switch (type) {
    case ModelicaParser::UNSIGNED_NUMBER: case ModelicaParser::STRING:
    case ModelicaParser::IDENT: case ModelicaParser::FALSE: case ModelicaParser::TRUE:
    case ModelicaParser::DER: case ModelicaParser::INITIAL: case ModelicaParser::PURE:
    case ModelicaParser::END_SUBSCRIPT: case ModelicaParser::NOT: case ModelicaParser::IF:
    case ModelicaParser::LPAREN: case ModelicaParser::LBRACKET: case ModelicaParser::LBRACE:
    case ModelicaParser::DOT: case ModelicaParser::PLUS: case ModelicaParser::MINUS:
    case ModelicaParser::DOT_PLUS: case ModelicaParser::DOT_MINUS:
      return true;
    default:
      return false;
  }
}

std::string tokenTypeName(ssize_t type, const antlr4::dfa::Vocabulary& vocabulary) {
  switch (type) {
    case -1: return "end of file";
    case ModelicaParser::IDENT: return "identifier";
    case ModelicaParser::STRING: return "string";
    case ModelicaParser::UNSIGNED_NUMBER: return "number";
    case ModelicaParser::END_SUBSCRIPT: return "'end'";
    default: break;
  }
  std::string literal = vocabulary.getLiteralName(static_cast<size_t>(type));
  return literal.empty() ? vocabulary.getSymbolicName(static_cast<size_t>(type)) : literal;
}

// "';'", "';' or ','", "';', ',' or ')'"; empty when more than four
// alternatives would have to be listed.
std::string describeExpected(const antlr4::misc::IntervalSet& expected,
                             const antlr4::dfa::Vocabulary& vocabulary) {
  std::vector<std::string> names;
  bool expression = expected.contains(static_cast<size_t>(ModelicaParser::IDENT)) &&
                    expected.contains(static_cast<size_t>(ModelicaParser::UNSIGNED_NUMBER));
  if (expression) names.push_back("expression");
  for (ssize_t type : expected.toList()) {
    if (expression && startsExpression(type)) continue;
    names.push_back(tokenTypeName(type, vocabulary));
  }
  if (names.empty() || names.size() > 4) return {};
  std::string out = names[0];
  for (size_t i = 1; i < names.size(); ++i)
    out += (i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

// Keywords are the literal tokens spelled with letters.
bool isKeyword(antlr4::Token* token, const antlr4::dfa::Vocabulary& vocabulary) {
  std::string literal = vocabulary.getLiteralName(token->getType());
  return literal.size() > 2 && std::isalpha(static_cast<unsigned char>(literal[1]));
}

}  // namespace

void SyntaxErrorReporter::syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offendingSymbol,
                                      size_t, size_t, const std::string& message, std::exception_ptr) {
  SourceRange range;
  if (offendingSymbol) {
    range = locator_.range(offendingSymbol);
  } else if (auto* lexer = dynamic_cast<antlr4::Lexer*>(recognizer)) {
    // Lexer errors carry no token. ANTLR's own line count knows only LF, so
    // the place comes from the byte offset.
    SourceLocation at = locator_.at(lexer->tokenStartCharIndex);
    range = {at, at};
  }
  diags_.error(range, message);
  if (diags_.errorLimitReached()) throw TooManySyntaxErrors{};
}

std::string ReadableErrorStrategy::display(antlr4::Token* token) const {
  if (token->getType() == antlr4::Token::EOF) return "end of file";
  std::string_view text = locator_.text(token);
  size_t newline = text.find_first_of("\r\n");
  bool cut = newline != std::string_view::npos || text.size() > 24;
  text = text.substr(0, std::min<size_t>(newline, 24));
  return "'" + std::string(text) + (cut ? "...'" : "'");
}

std::string ReadableErrorStrategy::expectedBefore(antlr4::Parser* parser,
                                                  const antlr4::misc::IntervalSet& expected,
                                                  antlr4::Token* offending) const {
  const antlr4::dfa::Vocabulary& vocabulary = parser->getVocabulary();
  std::string wanted = describeExpected(expected, vocabulary);
  if (wanted.empty()) return "unexpected " + display(offending);
  std::string message = "expected " + wanted + " before " + display(offending);
  // A keyword where a name is expected is a likely mistake worth naming;
  // where a whole expression is expected it is more likely a missing operand.
  bool nameExpected = expected.contains(static_cast<size_t>(ModelicaParser::IDENT)) &&
                      wanted.find("expression") == std::string::npos;
  if (nameExpected && isKeyword(offending, vocabulary))
    message += " (" + display(offending) + " is a reserved word)";
  return message;
}

void ReadableErrorStrategy::reportNoViableAlternative(antlr4::Parser* parser,
                                                      const antlr4::NoViableAltException& error) {
  antlr4::Token* offending = error.getOffendingToken();
  // The expected set describes the start of the failed decision; it only
  // applies when the decision failed on its very first token.
  std::string message = error.getStartToken() == offending
                            ? expectedBefore(parser, error.getExpectedTokens(), offending)
                            : "unexpected " + display(offending);
  parser->notifyErrorListeners(offending, message, std::make_exception_ptr(error));
}

void ReadableErrorStrategy::reportInputMismatch(antlr4::Parser* parser,
                                                const antlr4::InputMismatchException& error) {
  antlr4::Token* offending = error.getOffendingToken();
  parser->notifyErrorListeners(offending,
                               expectedBefore(parser, error.getExpectedTokens(), offending),
                               std::make_exception_ptr(error));
}

void ReadableErrorStrategy::reportFailedPredicate(antlr4::Parser* parser,
                                                  const antlr4::FailedPredicateException& error) {
  antlr4::Token* offending = error.getOffendingToken();
  parser->notifyErrorListeners(offending, "unexpected " + display(offending),
                               std::make_exception_ptr(error));
}

void ReadableErrorStrategy::reportUnwantedToken(antlr4::Parser* parser) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  antlr4::Token* offending = parser->getCurrentToken();
  parser->notifyErrorListeners(offending,
                               expectedBefore(parser, getExpectedTokens(parser), offending),
                               nullptr);
}

void ReadableErrorStrategy::reportMissingToken(antlr4::Parser* parser) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  antlr4::Token* offending = parser->getCurrentToken();
  parser->notifyErrorListeners(offending,
                               expectedBefore(parser, getExpectedTokens(parser), offending),
                               nullptr);
}

antlr4::Token* ReadableErrorStrategy::singleTokenDeletion(antlr4::Parser* parser) {
  if (parser->getCurrentToken()->getType() == ModelicaParser::SEMICOLON) return nullptr;
  return DefaultErrorStrategy::singleTokenDeletion(parser);
}

}  // namespace smc::frontend

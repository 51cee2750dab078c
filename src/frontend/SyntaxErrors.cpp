// Wording of syntax errors; see SyntaxErrors.h.
#include "frontend/SyntaxErrors.h"

#include "frontend/Utf8.h"

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

// Characters in UTF-8 text: every byte except continuation bytes.
size_t characterCount(std::string_view text) {
  size_t count = 0;
  for (unsigned char c : text) count += !isContinuationByte(c);
  return count;
}

// Control bytes would garble a terminal: show them as \xNN.
std::string printable(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7F)
      out += fmt::format("\\x{:02X}", c);
    else
      out += static_cast<char>(c);
  }
  return out;
}

// Reports the first byte of `token` that is not UTF-8, if any; `where`
// names the token ("in string").
void reportInvalidUtf8(antlr4::Token* token, const char* where, const TokenLocator& locator,
                       DiagnosticEngine& diags) {
  std::string_view text = locator.text(token);
  const size_t bad = firstInvalidUtf8(text);
  if (bad == std::string_view::npos) return;
  const size_t offset = token->getStartIndex() + bad;
  diags.errorf({locator.at(offset), locator.at(offset + 1)},
               "invalid UTF-8 byte 0x{:02X} {}; Modelica files are UTF-8", static_cast<unsigned char>(text[bad]),
               where);
}

// Characters no token can start with, from `first` to `last`: bytes that
// are not UTF-8, a byte order mark inside the file, or characters such as
// '#', 'é' outside quotes, and invisible ones, which are named by code point.
void reportInvalidCharacters(antlr4::Token* first, antlr4::Token* last, const TokenLocator& locator,
                             DiagnosticEngine& diags) {
  const size_t begin = first->getStartIndex();
  const std::string_view text = locator.text(first, last);
  const size_t bad = firstInvalidUtf8(text);
  if (bad != std::string_view::npos) {
    diags.errorf({locator.at(begin + bad), locator.at(begin + bad + 1)},
                 "invalid UTF-8 byte 0x{:02X}; Modelica files are UTF-8", static_cast<unsigned char>(text[bad]));
    return;
  }
  const SourceRange range = locator.range(first, last);
  const bool oneCharacter = utf8SequenceLength(text, 0) == text.size();
  const char32_t code = decodeUtf8(text, 0);
  if (oneCharacter && code == 0xFEFF) {
    diags.error(range, "stray byte order mark (U+FEFF): only the start of a file may have one");
  } else if (oneCharacter && code >= 0x80) {
    diags.errorf(range, "unexpected character '{}' (U+{:04X})", printable(text), static_cast<uint32_t>(code));
  } else {
    diags.errorf(range, "unexpected character{} '{}'", characterCount(text) == 1 ? "" : "s", printable(text));
  }
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

void reportMalformedTokens(antlr4::CommonTokenStream& tokens, const TokenLocator& locator,
                           DiagnosticEngine& diags) {
  const std::vector<antlr4::Token*>& all = tokens.getTokens();
  for (size_t i = 0; i < all.size(); ++i) {
    antlr4::Token* token = all[i];
    switch (token->getType()) {
      case grammar::ModelicaLexer::IDENT:
        if (locator.text(token).front() == '\'') reportInvalidUtf8(token, "in quoted identifier", locator, diags);
        break;
      case grammar::ModelicaLexer::STRING:
        reportInvalidUtf8(token, "in string", locator, diags);
        break;
      case grammar::ModelicaLexer::UNTERMINATED_STRING:
        diags.error(locator.range(token), "unterminated string literal");
        break;
      case grammar::ModelicaLexer::UNTERMINATED_COMMENT:
        diags.error(locator.range(token), "unterminated comment: missing '*/'");
        break;
      case grammar::ModelicaLexer::UNTERMINATED_QIDENT:
        diags.error(locator.range(token), "unterminated quoted identifier: missing \"'\"");
        break;
      case grammar::ModelicaLexer::INVALID_CHARACTER: {
        // One message for a run of adjacent bad bytes (a UTF-8 sequence is
        // several of them).
        antlr4::Token* last = token;
        while (i + 1 < all.size() &&
               all[i + 1]->getType() == grammar::ModelicaLexer::INVALID_CHARACTER &&
               all[i + 1]->getStartIndex() == last->getStopIndex() + 1)
          last = all[++i];
        reportInvalidCharacters(token, last, locator, diags);
        break;
      }
      default:
        break;
    }
  }
}

}  // namespace smc::frontend

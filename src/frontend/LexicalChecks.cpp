// See LexicalChecks.h.
#include "frontend/LexicalChecks.h"

#include "frontend/ResourceLimits.h"
#include "frontend/Scanner.h"
#include "frontend/Utf8.h"

#include "ModelicaLexer.h"

#include <memory>
#include <optional>

namespace smc::frontend {

namespace {

using grammar::ModelicaLexer;

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
void reportInvalidUtf8(const antlr4::Token& token, const char* where, const TokenLocator& locator,
                       DiagnosticEngine& diags) {
  std::string_view text = locator.text(&token);
  const size_t bad = firstInvalidUtf8(text);
  if (bad == std::string_view::npos) return;
  const size_t offset = token.getStartIndex() + bad;
  diags.errorf({locator.at(offset), locator.at(offset + 1)},
               "invalid UTF-8 byte 0x{:02X} {}; Modelica files are UTF-8", static_cast<unsigned char>(text[bad]),
               where);
}

// Characters no token can start with, the bytes [begin, end): bytes that
// are not UTF-8, a byte order mark inside the file, or characters such as
// '#', or 'é' outside quotes, non-ASCII ones (maybe invisible) named by
// their code point.
void reportInvalidCharacters(size_t begin, size_t end, const TokenLocator& locator, DiagnosticEngine& diags) {
  const std::string_view text = locator.text(begin, end);
  const size_t bad = firstInvalidUtf8(text);
  if (bad != std::string_view::npos) {
    diags.errorf({locator.at(begin + bad), locator.at(begin + bad + 1)},
                 "invalid UTF-8 byte 0x{:02X}; Modelica files are UTF-8", static_cast<unsigned char>(text[bad]));
    return;
  }
  const SourceRange range{locator.at(begin), locator.at(end)};
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

bool opensBracket(size_t type) {
  return type == ModelicaLexer::LPAREN || type == ModelicaLexer::LBRACKET || type == ModelicaLexer::LBRACE;
}

bool closesBracket(size_t type) {
  return type == ModelicaLexer::RPAREN || type == ModelicaLexer::RBRACKET || type == ModelicaLexer::RBRACE;
}

}  // namespace

bool checkTokens(std::string_view text, const TokenLocator& locator, DiagnosticEngine& diags) {
  Scanner lexer(text);
  // A run of adjacent stray bytes is one message (a UTF-8 sequence is
  // several of them): [strayBegin, strayEnd) while one is open.
  size_t strayBegin = 0, strayEnd = 0;
  size_t depth = 0;
  std::optional<SourceRange> tooDeep;  // the first bracket beyond the limit
  for (std::unique_ptr<antlr4::Token> token = lexer.nextToken();; token = lexer.nextToken()) {
    const size_t type = token->getType();
    if (strayEnd > strayBegin && (type != ModelicaLexer::INVALID_CHARACTER || token->getStartIndex() != strayEnd)) {
      reportInvalidCharacters(strayBegin, strayEnd, locator, diags);
      strayBegin = strayEnd = 0;
    }
    if (type == antlr4::Token::EOF) break;
    switch (type) {
      case ModelicaLexer::IDENT:
        if (locator.text(token.get()).front() == '\'') reportInvalidUtf8(*token, "in quoted identifier", locator, diags);
        break;
      case ModelicaLexer::STRING: reportInvalidUtf8(*token, "in string", locator, diags); break;
      case ModelicaLexer::UNTERMINATED_STRING: diags.error(locator.range(token.get()), "unterminated string literal"); break;
      case ModelicaLexer::UNTERMINATED_COMMENT:
        diags.error(locator.range(token.get()), "unterminated comment: missing '*/'");
        break;
      case ModelicaLexer::UNTERMINATED_QIDENT:
        diags.error(locator.range(token.get()), "unterminated quoted identifier: missing \"'\"");
        break;
      case ModelicaLexer::INVALID_CHARACTER:
        if (strayEnd == strayBegin) strayBegin = token->getStartIndex();
        strayEnd = token->getStopIndex() + 1;
        break;
      default:
        if (opensBracket(type) && ++depth > limits::kMaxBracketDepth && !tooDeep) tooDeep = locator.range(token.get());
        if (closesBracket(type) && depth > 0) --depth;
        break;
    }
  }
  if (!tooDeep) return true;
  diags.errorf(*tooDeep, "nesting is too deep here (brackets nested more than {} levels)", limits::kMaxBracketDepth);
  return false;
}

}  // namespace smc::frontend

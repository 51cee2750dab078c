// See Scanner.h. Each branch below follows one lexer rule of
// grammar/Modelica.g4; where rules compete, the longest match wins and a
// keyword beats IDENT on a tie, as in ANTLR.
#include "frontend/Scanner.h"

#include "ModelicaLexer.h"
#include "ModelicaParser.h"

#include <array>
#include <cstring>
#include <string>
#include <unordered_map>

namespace smc::frontend {

namespace {

using grammar::ModelicaLexer;

bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool isNondigit(unsigned char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isWhitespace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Q_CHAR: letters, digits, the listed punctuation and space, and any byte
// 0x80-0xFF.
bool isQuotedChar(unsigned char c) {
  if (isNondigit(c) || isDigit(c) || c >= 0x80) return true;
  return c != 0 && std::strchr("!#$%&()*+,-./:;<>=?@[]^{}|~ ", c) != nullptr;
}

// The character after a backslash in S_ESCAPE.
bool isEscapeChar(unsigned char c) { return c != 0 && std::strchr("'\"?\\abfnrtv", c) != nullptr; }

const std::unordered_map<std::string_view, size_t>& keywords() {
  static const std::unordered_map<std::string_view, size_t> table = {
      {"algorithm", ModelicaLexer::ALGORITHM},       {"and", ModelicaLexer::AND},
      {"annotation", ModelicaLexer::ANNOTATION},     {"block", ModelicaLexer::BLOCK},
      {"break", ModelicaLexer::BREAK},               {"class", ModelicaLexer::CLASS},
      {"connect", ModelicaLexer::CONNECT},           {"connector", ModelicaLexer::CONNECTOR},
      {"constant", ModelicaLexer::CONSTANT},         {"constrainedby", ModelicaLexer::CONSTRAINEDBY},
      {"der", ModelicaLexer::DER},                   {"discrete", ModelicaLexer::DISCRETE},
      {"each", ModelicaLexer::EACH},                 {"else", ModelicaLexer::ELSE},
      {"elseif", ModelicaLexer::ELSEIF},             {"elsewhen", ModelicaLexer::ELSEWHEN},
      {"encapsulated", ModelicaLexer::ENCAPSULATED}, {"end", ModelicaLexer::END},
      {"enumeration", ModelicaLexer::ENUMERATION},   {"equation", ModelicaLexer::EQUATION},
      {"expandable", ModelicaLexer::EXPANDABLE},     {"extends", ModelicaLexer::EXTENDS},
      {"external", ModelicaLexer::EXTERNAL},         {"false", ModelicaLexer::FALSE},
      {"final", ModelicaLexer::FINAL},               {"flow", ModelicaLexer::FLOW},
      {"for", ModelicaLexer::FOR},                   {"function", ModelicaLexer::FUNCTION},
      {"if", ModelicaLexer::IF},                     {"import", ModelicaLexer::IMPORT},
      {"impure", ModelicaLexer::IMPURE},             {"in", ModelicaLexer::IN},
      {"initial", ModelicaLexer::INITIAL},           {"inner", ModelicaLexer::INNER},
      {"input", ModelicaLexer::INPUT},               {"loop", ModelicaLexer::LOOP},
      {"model", ModelicaLexer::MODEL},               {"not", ModelicaLexer::NOT},
      {"operator", ModelicaLexer::OPERATOR},         {"or", ModelicaLexer::OR},
      {"outer", ModelicaLexer::OUTER},               {"output", ModelicaLexer::OUTPUT},
      {"package", ModelicaLexer::PACKAGE},           {"parameter", ModelicaLexer::PARAMETER},
      {"partial", ModelicaLexer::PARTIAL},           {"protected", ModelicaLexer::PROTECTED},
      {"public", ModelicaLexer::PUBLIC},             {"pure", ModelicaLexer::PURE},
      {"record", ModelicaLexer::RECORD},             {"redeclare", ModelicaLexer::REDECLARE},
      {"replaceable", ModelicaLexer::REPLACEABLE},   {"return", ModelicaLexer::RETURN},
      {"stream", ModelicaLexer::STREAM},             {"then", ModelicaLexer::THEN},
      {"true", ModelicaLexer::TRUE},                 {"type", ModelicaLexer::TYPE},
      {"when", ModelicaLexer::WHEN},                 {"while", ModelicaLexer::WHILE},
      {"within", ModelicaLexer::WITHIN},
  };
  return table;
}

constexpr size_t kErrorChannel = 2;  // the channel of the malformed-input rules

}  // namespace

antlr4::TokenFactory<antlr4::CommonToken>* Scanner::getTokenFactory() {
  return antlr4::CommonTokenFactory::DEFAULT.get();
}

void Scanner::advanceTo(size_t end) {
  for (size_t i = position_; i < end; ++i)
    if (text_[i] == '\n') {
      ++line_;
      lineStart_ = i + 1;
    }
  position_ = end;
}

std::unique_ptr<antlr4::Token> Scanner::make(size_t type, size_t channel, size_t end) {
  auto token = std::make_unique<antlr4::CommonToken>(std::make_pair(this, &input_), type, channel, position_, end - 1);
  token->setLine(line_);
  token->setCharPositionInLine(position_ - lineStart_);
  advanceTo(end);
  return token;
}

// UNSIGNED_INTEGER ('.' UNSIGNED_INTEGER?)? EXPONENT? | '.' UNSIGNED_INTEGER
// EXPONENT?, from `from` (a digit, or a '.' before a digit).
size_t Scanner::numberEnd(size_t from) const {
  const size_t n = text_.size();
  size_t i = from;
  while (i < n && isDigit(text_[i])) ++i;
  if (i < n && text_[i] == '.') {
    ++i;
    while (i < n && isDigit(text_[i])) ++i;
  }
  if (i < n && (text_[i] == 'e' || text_[i] == 'E')) {
    size_t j = i + 1;
    if (j < n && (text_[j] == '+' || text_[j] == '-')) ++j;
    if (j < n && isDigit(text_[j])) {
      while (j < n && isDigit(text_[j])) ++j;
      i = j;
    }
  }
  return i;
}

size_t Scanner::identifierEnd() const {
  size_t i = position_ + 1;
  while (i < text_.size() && (isNondigit(text_[i]) || isDigit(text_[i]))) ++i;
  return i;
}

// STRING, or UNTERMINATED_STRING (to the end of the text) when no closing
// quote comes.
size_t Scanner::stringEnd(bool& terminated) const {
  const size_t n = text_.size();
  size_t i = position_ + 1;
  while (i < n) {
    if (text_[i] == '"') {
      terminated = true;
      return i + 1;
    }
    i += text_[i] == '\\' && i + 1 < n ? 2 : 1;
  }
  terminated = false;
  return n;
}

// Q_IDENT, or UNTERMINATED_QIDENT: the run of quoted characters, escapes
// and '"' after the quote (a Q_IDENT may not start with '"').
size_t Scanner::quotedIdentifierEnd(bool& terminated) const {
  const size_t n = text_.size();
  size_t i = position_ + 1;
  while (i < n) {
    const unsigned char c = text_[i];
    if (isQuotedChar(c) || c == '"')
      ++i;
    else if (c == '\\' && i + 1 < n && isEscapeChar(text_[i + 1]))
      i += 2;
    else
      break;
  }
  terminated = i < n && text_[i] == '\'' && i > position_ + 1 && text_[position_ + 1] != '"';
  return terminated ? i + 1 : i;
}

// BLOCK_COMMENT up to the first "*/" after the opening "/*", or
// UNTERMINATED_COMMENT to the end of the text.
size_t Scanner::blockCommentEnd(bool& terminated) const {
  const size_t close = text_.find("*/", position_ + 2);
  terminated = close != std::string_view::npos;
  return terminated ? close + 2 : text_.size();
}

size_t Scanner::punctuation(size_t& length) const {
  const char c = text_[position_];
  const char next = position_ + 1 < text_.size() ? text_[position_ + 1] : '\0';
  length = 2;
  switch (c) {
    case ':':
      if (next == '=') return ModelicaLexer::ASSIGN;
      break;
    case '.':
      switch (next) {
        case '*': return ModelicaLexer::DOT_STAR;
        case '/': return ModelicaLexer::DOT_SLASH;
        case '+': return ModelicaLexer::DOT_PLUS;
        case '-': return ModelicaLexer::DOT_MINUS;
        case '^': return ModelicaLexer::DOT_POWER;
        default: break;
      }
      break;
    case '<':
      if (next == '=') return ModelicaLexer::LESS_EQ;
      if (next == '>') return ModelicaLexer::NOT_EQUAL;
      break;
    case '>':
      if (next == '=') return ModelicaLexer::GREATER_EQ;
      break;
    case '=':
      if (next == '=') return ModelicaLexer::EQUAL_EQ;
      break;
    default: break;
  }
  length = 1;
  switch (c) {
    case '(': return ModelicaLexer::LPAREN;
    case ')': return ModelicaLexer::RPAREN;
    case '[': return ModelicaLexer::LBRACKET;
    case ']': return ModelicaLexer::RBRACKET;
    case '{': return ModelicaLexer::LBRACE;
    case '}': return ModelicaLexer::RBRACE;
    case ';': return ModelicaLexer::SEMICOLON;
    case ',': return ModelicaLexer::COMMA;
    case ':': return ModelicaLexer::COLON;
    case '=': return ModelicaLexer::EQUALS;
    case '.': return ModelicaLexer::DOT;
    case '+': return ModelicaLexer::PLUS;
    case '-': return ModelicaLexer::MINUS;
    case '*': return ModelicaLexer::STAR;
    case '/': return ModelicaLexer::SLASH;
    case '^': return ModelicaLexer::POWER;
    case '<': return ModelicaLexer::LESS;
    case '>': return ModelicaLexer::GREATER;
    default: return 0;
  }
}

std::unique_ptr<antlr4::Token> Scanner::nextToken() {
  const size_t n = text_.size();
  for (;;) {
    if (position_ >= n) {
      auto eof = std::make_unique<antlr4::CommonToken>(std::make_pair(this, &input_), antlr4::Token::EOF,
                                                       antlr4::Token::DEFAULT_CHANNEL, n, n - 1);
      eof->setLine(line_);
      eof->setCharPositionInLine(position_ - lineStart_);
      return eof;
    }
    const unsigned char c = text_[position_];
    const unsigned char next = position_ + 1 < n ? text_[position_ + 1] : '\0';
    if (isWhitespace(c)) {  // WHITESPACE -> skip
      size_t end = position_ + 1;
      while (end < n && isWhitespace(text_[end])) ++end;
      advanceTo(end);
      continue;
    }
    if (c == '/' && next == '/') {  // LINE_COMMENT -> skip
      size_t end = position_ + 2;
      while (end < n && text_[end] != '\r' && text_[end] != '\n') ++end;
      advanceTo(end);
      continue;
    }
    if (c == '/' && next == '*') {
      bool terminated = false;
      const size_t end = blockCommentEnd(terminated);
      if (terminated) {  // BLOCK_COMMENT -> skip
        advanceTo(end);
        continue;
      }
      return make(ModelicaLexer::UNTERMINATED_COMMENT, kErrorChannel, end);
    }
    if (isNondigit(c)) {
      const size_t end = identifierEnd();
      const auto& table = keywords();
      auto keyword = table.find(text_.substr(position_, end - position_));
      size_t type = keyword == table.end() ? static_cast<size_t>(ModelicaLexer::IDENT) : keyword->second;
      if (type == ModelicaLexer::END && bracketDepth_ > 0) type = grammar::ModelicaParser::END_SUBSCRIPT;
      return make(type, antlr4::Token::DEFAULT_CHANNEL, end);
    }
    if (isDigit(c) || (c == '.' && isDigit(next)))
      return make(ModelicaLexer::UNSIGNED_NUMBER, antlr4::Token::DEFAULT_CHANNEL, numberEnd(position_));
    if (c == '"') {
      bool terminated = false;
      const size_t end = stringEnd(terminated);
      return terminated ? make(ModelicaLexer::STRING, antlr4::Token::DEFAULT_CHANNEL, end)
                        : make(ModelicaLexer::UNTERMINATED_STRING, kErrorChannel, end);
    }
    if (c == '\'') {
      bool terminated = false;
      const size_t end = quotedIdentifierEnd(terminated);
      return terminated ? make(ModelicaLexer::IDENT, antlr4::Token::DEFAULT_CHANNEL, end)
                        : make(ModelicaLexer::UNTERMINATED_QIDENT, kErrorChannel, end);
    }
    size_t length = 0;
    if (const size_t type = punctuation(length)) {
      if (type == ModelicaLexer::LBRACKET) ++bracketDepth_;
      if (type == ModelicaLexer::RBRACKET && bracketDepth_ > 0) --bracketDepth_;
      return make(type, antlr4::Token::DEFAULT_CHANNEL, position_ + length);
    }
    return make(ModelicaLexer::INVALID_CHARACTER, kErrorChannel, position_ + 1);
  }
}

}  // namespace smc::frontend

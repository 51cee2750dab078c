// The Modelica lexer, written by hand. It gives exactly the tokens of the
// lexer rules of grammar/Modelica.g4 (types, channels, offsets, lines and
// columns; tests/frontend/ScannerTest.cpp compares the two on every test
// model and on mutated text), so the ANTLR parser reads it unchanged. Why by
// hand: ANTLR 4.9's generated lexer simulates its automaton character by
// character, taking a lock at every step, and was a third of the parse
// time, which itself dominated compiling models written as scalar
// equations; this one looks at each byte about once.
#pragma once

#include "frontend/ByteCharStream.h"

#include <antlr4-runtime.h>

#include <memory>
#include <string_view>

namespace smc::frontend {

class Scanner : public antlr4::TokenSource {
public:
  // `text` must outlive the scanner and the tokens it makes.
  explicit Scanner(std::string_view text) : text_(text), input_(text) {}

  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override { return line_; }
  size_t getCharPositionInLine() override { return position_ - lineStart_; }
  antlr4::CharStream* getInputStream() override { return &input_; }
  std::string getSourceName() override { return input_.getSourceName(); }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override;

private:
  // Moves past [position_, end), counting lines.
  void advanceTo(size_t end);
  std::unique_ptr<antlr4::Token> make(size_t type, size_t channel, size_t end);
  // Ends of the longest match of each kind starting at position_.
  size_t numberEnd(size_t from) const;
  size_t identifierEnd() const;
  size_t stringEnd(bool& terminated) const;
  size_t quotedIdentifierEnd(bool& terminated) const;
  size_t blockCommentEnd(bool& terminated) const;
  // The token type of the operator or punctuation at position_ and its
  // length, or 0 when none starts there.
  size_t punctuation(size_t& length) const;

  std::string_view text_;
  ByteCharStream input_;
  size_t position_ = 0;
  size_t line_ = 1;
  size_t lineStart_ = 0;     // offset of the current line's first byte
  size_t bracketDepth_ = 0;  // '[' ... ']' nesting: `end` there is END_SUBSCRIPT
};

}  // namespace smc::frontend

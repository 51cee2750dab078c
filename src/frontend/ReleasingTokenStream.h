// The parser's token stream. ANTLR's CommonTokenStream keeps every token of
// the file until the parse ends, some 130 bytes each, or about 35 times the
// size of a file of short equations. This one hands the parser the tokens
// of the default channel (the lexer's malformed tokens on channel 2 are
// reported before parsing) and lets go of a stretch of tokens when told to:
// ChunkedParser.h discards the tokens of each element, equation and
// statement once its AST is built. Tokens before a discarded stretch that
// are still held (the enclosing class's header, say) are kept aside.
#pragma once

#include <antlr4-runtime.h>

#include <deque>
#include <map>
#include <memory>

namespace smc::frontend {

class ReleasingTokenStream : public antlr4::TokenStream {
public:
  explicit ReleasingTokenStream(antlr4::TokenSource& source) : source_(source) {}

  // Frees the tokens with an index in [from, to), all before the current
  // one; the parser must not ask for them again.
  void discard(size_t from, size_t to);

  antlr4::Token* LT(ssize_t k) override;
  antlr4::Token* get(size_t index) const override;
  antlr4::TokenSource* getTokenSource() const override { return &source_; }
  std::string getText(const antlr4::misc::Interval& interval) override;
  std::string getText() override;
  std::string getText(antlr4::RuleContext* context) override;
  std::string getText(antlr4::Token* start, antlr4::Token* stop) override;

  void consume() override;
  size_t LA(ssize_t i) override;
  ssize_t mark() override { return 0; }  // nothing is discarded behind the parser's back
  void release(ssize_t) override {}
  size_t index() override { return position_; }
  void seek(size_t index) override { position_ = index; }
  size_t size() override { return base_ + window_.size(); }
  std::string getSourceName() const override { return source_.getSourceName(); }

private:
  // The token with `index`, reading the source as far as needed; the end of
  // file token for any index beyond it.
  antlr4::Token* fetch(size_t index) const;

  antlr4::TokenSource& source_;
  // Tokens [base_, base_ + window_.size()) as read; mutable because get()
  // is const and reads on demand.
  mutable std::deque<std::unique_ptr<antlr4::Token>> window_;
  mutable size_t base_ = 0;
  std::map<size_t, std::unique_ptr<antlr4::Token>> kept_;  // tokens before base_ still held
  size_t position_ = 0;                                    // the current token
};

}  // namespace smc::frontend

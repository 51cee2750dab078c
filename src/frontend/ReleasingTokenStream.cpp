// See ReleasingTokenStream.h. Semantics follow ANTLR's BufferedTokenStream
// for a stream of one channel: LT(1) is the current token, LT(-1) the one
// before, and every index at or beyond the end of file gives the EOF token.
#include "frontend/ReleasingTokenStream.h"

#include <algorithm>
#include <stdexcept>

namespace smc::frontend {

antlr4::Token* ReleasingTokenStream::fetch(size_t index) const {
  if (index < base_) {
    // Only tokens of constructs still being parsed are asked for again.
    throw std::logic_error("the parser asked for token " + std::to_string(index) + ", which was discarded");
  }
  while (index >= base_ + window_.size()) {
    if (!window_.empty() && window_.back()->getType() == antlr4::Token::EOF) return window_.back().get();
    std::unique_ptr<antlr4::Token> token = source_.nextToken();
    if (token->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
    if (auto* writable = dynamic_cast<antlr4::WritableToken*>(token.get()))
      writable->setTokenIndex(base_ + window_.size());
    window_.push_back(std::move(token));
  }
  return window_[index - base_].get();
}

void ReleasingTokenStream::discard(size_t from, size_t to) {
  to = std::min(to, position_);
  kept_.erase(kept_.lower_bound(from), kept_.lower_bound(to));
  while (base_ < to && !window_.empty()) {
    if (base_ < from) kept_.emplace(base_, std::move(window_.front()));
    window_.pop_front();
    ++base_;
  }
}

antlr4::Token* ReleasingTokenStream::get(size_t index) const {
  if (index < base_) {
    auto kept = kept_.find(index);
    if (kept != kept_.end()) return kept->second.get();
  }
  return fetch(index);
}

antlr4::Token* ReleasingTokenStream::LT(ssize_t k) {
  if (k == 0) return nullptr;
  if (k < 0) {
    const size_t back = static_cast<size_t>(-k);
    return back > position_ ? nullptr : get(position_ - back);
  }
  return get(position_ + static_cast<size_t>(k) - 1);
}

size_t ReleasingTokenStream::LA(ssize_t i) {
  antlr4::Token* token = LT(i);
  return token ? token->getType() : antlr4::Token::INVALID_TYPE;
}

void ReleasingTokenStream::consume() {
  if (LA(1) == antlr4::Token::EOF) throw antlr4::IllegalStateException("cannot consume EOF");
  ++position_;
}

std::string ReleasingTokenStream::getText(const antlr4::misc::Interval& interval) {
  if (interval.a < 0 || interval.b < interval.a) return {};
  return getText(get(static_cast<size_t>(interval.a)), get(static_cast<size_t>(interval.b)));
}

std::string ReleasingTokenStream::getText() {
  return source_.getInputStream()->getText(antlr4::misc::Interval(size_t{0}, source_.getInputStream()->size()));
}

std::string ReleasingTokenStream::getText(antlr4::RuleContext* context) {
  return getText(context->getSourceInterval());
}

std::string ReleasingTokenStream::getText(antlr4::Token* start, antlr4::Token* stop) {
  if (!start || !stop || start->getType() == antlr4::Token::EOF) return {};
  return source_.getInputStream()->getText(antlr4::misc::Interval(start->getStartIndex(), stop->getStopIndex()));
}

}  // namespace smc::frontend

// Byte-offset bookkeeping for tokens; see TokenLocator.h.
#include "frontend/TokenLocator.h"

#include <algorithm>

namespace smc::frontend {

TokenLocator::TokenLocator(const SourceManager& sources, FileId file)
    : sources_(sources), contents_(sources.contents(file)), file_(file) {}

SourceLocation TokenLocator::at(size_t offset) const { return sources_.locate(file_, offset); }

SourceLocation TokenLocator::begin(const antlr4::Token* token) const {
  return at(token->getStartIndex());
}

SourceLocation TokenLocator::end(const antlr4::Token* token) const {
  if (token->getType() == antlr4::Token::EOF) return begin(token);
  return at(token->getStopIndex() + 1);
}

SourceRange TokenLocator::range(const antlr4::Token* token) const {
  return {begin(token), end(token)};
}

SourceRange TokenLocator::range(const antlr4::Token* first, const antlr4::Token* last) const {
  return {begin(first), end(last)};
}

SourceRange TokenLocator::range(antlr4::ParserRuleContext* context) const {
  const antlr4::Token* first = context->getStart();
  const antlr4::Token* last = context->getStop();
  if (!first) return {};
  if (!last || last->getTokenIndex() < first->getTokenIndex())
    return {begin(first), begin(first)};
  return range(first, last);
}

std::string_view TokenLocator::text(const antlr4::Token* token) const {
  if (token->getType() == antlr4::Token::EOF) return {};
  size_t start = token->getStartIndex();
  size_t stop = token->getStopIndex();
  if (start >= contents_.size() || stop < start) return {};
  return contents_.substr(start, std::min(stop + 1, contents_.size()) - start);
}

std::string_view TokenLocator::text(size_t begin, size_t end) const {
  begin = std::min(begin, contents_.size());
  end = std::min(end, contents_.size());
  return contents_.substr(begin, end > begin ? end - begin : 0);
}

}  // namespace smc::frontend

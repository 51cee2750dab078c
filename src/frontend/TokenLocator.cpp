// Byte-offset bookkeeping for tokens; see TokenLocator.h.
#include "frontend/TokenLocator.h"

#include <algorithm>

namespace smc::frontend {

ByteCharStream::ByteCharStream(std::string_view bytes) {
  _data.reserve(bytes.size());
  for (char c : bytes) _data.push_back(static_cast<unsigned char>(c));
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF")
    for (size_t i = 0; i < 3; ++i) _data[i] = U' ';
}

TokenLocator::TokenLocator(const SourceManager& sources, FileId file)
    : contents_(sources.contents(file)), file_(file) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < contents_.size(); ++i)
    if (contents_[i] == '\n') lineStarts_.push_back(i + 1);
}

SourceLocation TokenLocator::at(size_t offset) const {
  offset = std::min(offset, contents_.size());
  // The last line starting at or before `offset`.
  auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  size_t line = static_cast<size_t>(next - lineStarts_.begin());
  size_t column = offset - lineStarts_[line - 1] + 1;
  return {file_, static_cast<uint32_t>(line), static_cast<uint32_t>(column)};
}

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

}  // namespace smc::frontend

// The bridge between ANTLR's token positions and our SourceLocations.
//
// ANTLR reads each file as raw bytes (ByteCharStream.h), so a token's
// start/stop index is a byte offset, which is what SourceLocation's column
// counts. Token text is always taken from the original buffer.
#pragma once

#include "frontend/Source.h"

#include <antlr4-runtime.h>

#include <string_view>

namespace smc::frontend {

class TokenLocator {
public:
  TokenLocator(const SourceManager& sources, FileId file);

  FileId file() const { return file_; }
  // The location of a byte offset (an offset past the end maps to the end).
  SourceLocation at(size_t offset) const;
  SourceLocation begin(const antlr4::Token* token) const;
  // The position just after the token's last byte.
  SourceLocation end(const antlr4::Token* token) const;
  SourceRange range(const antlr4::Token* token) const;
  SourceRange range(const antlr4::Token* first, const antlr4::Token* last) const;
  // A rule's range; an empty rule (no token consumed) is a point at the
  // token that follows it.
  SourceRange range(antlr4::ParserRuleContext* context) const;
  // The token's bytes as written; empty for EOF.
  std::string_view text(const antlr4::Token* token) const;
  // The bytes [begin, end) of the file.
  std::string_view text(size_t begin, size_t end) const;

private:
  const SourceManager& sources_;
  std::string_view contents_;
  FileId file_;
};

}  // namespace smc::frontend

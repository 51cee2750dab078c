// The checks made on a file's tokens before it is parsed, in one pass of
// the lexer that keeps no token: malformed tokens (which the lexer sets
// aside on channel 2, so that the parser never sees them), bytes that are
// not UTF-8, and brackets nested too deep for ANTLR's lookahead.
#pragma once

#include "frontend/Diagnostics.h"
#include "frontend/TokenLocator.h"

#include <antlr4-runtime.h>

#include <string_view>

namespace smc::frontend {

// Lexes `text`, reporting unterminated strings, comments and quoted
// identifiers, characters no token starts with, and bytes that are not
// UTF-8 in quoted identifiers and strings (every byte starts some token, so
// the lexer itself has no error to report).
// Returns false, after reporting it, when brackets, parentheses and braces
// nest deeper than limits::kMaxBracketDepth: ANTLR's prediction looks ahead
// across a whole nest at every level, quadratic time, so such a file is not
// parsed.
bool checkTokens(std::string_view text, const TokenLocator& locator, DiagnosticEngine& diags);

}  // namespace smc::frontend

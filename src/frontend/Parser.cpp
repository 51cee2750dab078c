// parseFile(): Modelica text -> AST.
//
// A file too large, or in UTF-16 or UTF-32, is refused at its start. One
// pass of the lexer then reports malformed tokens (LexicalChecks.h). Parsing
// is two-stage, as ANTLR recommends for speed: a fast SLL prediction pass
// that bails out at the first problem, then, only if that failed, a full LL
// pass with ANTLR's error recovery, which reports every syntax error it
// meets in readable words (SyntaxErrors.h), up to the diagnostics' error
// limit. Each pass has its own lexer and token stream, since the tokens of
// the items already parsed are gone (ChunkedParser.h); the items' AST is
// built as they are read, the rest of the AST once the file is parsed
// (AstBuilder.h), and only for a file without any error.
#include "frontend/Parser.h"

#include "frontend/AstBuilder.h"
#include "frontend/ChunkedParser.h"
#include "frontend/LexicalChecks.h"
#include "frontend/ResourceLimits.h"
#include "frontend/Scanner.h"
#include "frontend/SyntaxErrors.h"
#include "frontend/TokenLocator.h"
#include "frontend/Utf8.h"


namespace smc {

namespace {

using frontend::TokenLocator;

// One pass of the parser over the text, with a lexer and token stream of
// its own.
struct ParseAttempt {
  ParseAttempt(std::string_view text, frontend::ChunkedParser::ItemHandler onItem)
      : lexer(text), tokens(lexer), parser(tokens, std::move(onItem)) {
    parser.removeErrorListeners();
  }

  frontend::Scanner lexer;  // LexicalChecks reported its errors
  frontend::ReleasingTokenStream tokens;
  frontend::ChunkedParser parser;
};

// Why the file is not parsed at all, reported at its start; false if none.
bool refuseWholeFile(std::string_view text, const TokenLocator& locator, DiagnosticEngine& diags) {
  const SourceRange start{locator.at(0), locator.at(0)};
  if (text.size() > limits::kMaxSourceBytes) {
    diags.errorf(start, "the file has {} bytes, more than {} (the limit on one source file)", text.size(),
                 limits::kMaxSourceBytes);
    return true;
  }
  if (std::string_view encoding = frontend::wideEncodingOf(text); !encoding.empty()) {
    // Lexed as bytes it would only give a stream of baffling errors.
    diags.errorf(start,
                 "this file looks like {} text, but Modelica files are UTF-8 (convert it, e.g. with "
                 "'iconv -f {} -t UTF-8')",
                 encoding, encoding);
    return true;
  }
  return false;
}

}  // namespace

std::optional<ast::StoredDefinition> parseFile(const SourceManager& sources, FileId file,
                                               DiagnosticEngine& diags) {
  const unsigned errorsBefore = diags.errorReports();
  const std::string_view text = sources.contents(file);
  TokenLocator locator(sources, file);
  if (refuseWholeFile(text, locator, diags)) return std::nullopt;
  frontend::SyntaxErrorReporter reporter(locator, diags);
  frontend::AstBuilder builder(locator, diags);
  // After an error there will be no AST: items are then only freed.
  auto buildItem = [&](antlr4::ParserRuleContext* list, antlr4::ParserRuleContext* item) {
    if (diags.errorReports() == errorsBefore) builder.buildItem(list, item);
  };
  // The AST of a tree parsed without errors; the parse must still be alive.
  auto astOf = [&](grammar::ModelicaParser::Stored_definitionContext* tree) -> std::optional<ast::StoredDefinition> {
    if (diags.errorReports() != errorsBefore) return std::nullopt;
    ast::StoredDefinition definition = builder.build(tree);
    if (diags.errorReports() != errorsBefore) return std::nullopt;
    return definition;
  };
  try {
    if (!frontend::checkTokens(text, locator, diags)) return std::nullopt;
    {
      ParseAttempt sll(text, buildItem);
      sll.parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
      sll.parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
          antlr4::atn::PredictionMode::SLL);
      try {
        return astOf(sll.parser.stored_definition());
      } catch (const antlr4::ParseCancellationException&) {
        // Either a real syntax error or a decision SLL cannot make: redo it
        // all with full LL prediction and error recovery.
      }
    }
    builder.forgetBuiltItems();
    ParseAttempt ll(text, buildItem);
    ll.parser.addErrorListener(&reporter);
    ll.parser.setErrorHandler(std::make_shared<frontend::ReadableErrorStrategy>(locator));
    ll.parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
    return astOf(ll.parser.stored_definition());
  } catch (const frontend::TooManySyntaxErrors&) {
    // Already reported; the rest of the file is not parsed.
  } catch (const frontend::NestingTooDeep& error) {
    diags.errorf({locator.at(error.begin), locator.at(error.end)},
                 "nesting is too deep here (more than {} grammar rules)", limits::kMaxRuleDepth);
  } catch (const std::exception& error) {
    diags.errorf(SourceRange{{file, 1, 1}, {file, 1, 1}}, "internal error while parsing: {}",
                 error.what());
  }
  return std::nullopt;
}

}  // namespace smc

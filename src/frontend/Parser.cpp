// parseFile(): Modelica text -> AST.
//
// Lexing reads the file as bytes (TokenLocator.h) and reports malformed
// tokens first. Parsing is two-stage, as ANTLR recommends for speed: a fast
// SLL prediction pass that bails out at the first problem, then, only if
// that failed, a full LL pass with ANTLR's error recovery, which reports
// every syntax error it meets in readable words (SyntaxErrors.h), up to the
// diagnostics' error limit. Only a
// file without any error is turned into an AST (AstBuilder.h).
#include "frontend/Parser.h"

#include "frontend/AstBuilder.h"
#include "frontend/ResourceLimits.h"
#include "frontend/SyntaxErrors.h"
#include "frontend/TokenLocator.h"
#include "frontend/Utf8.h"

#include "ModelicaLexer.h"
#include "ModelicaParser.h"

namespace smc {

namespace {

using frontend::TokenLocator;

using limits::kMaxRuleDepth;  // see ResourceLimits.h

// Thrown from inside the parse; carries byte offsets because the token
// stream is gone by the time it is caught.
struct NestingTooDeep {
  size_t begin, end;
};

class DepthLimitedParser : public grammar::ModelicaParser {
public:
  using ModelicaParser::ModelicaParser;

  void enterRule(antlr4::ParserRuleContext* context, size_t state, size_t ruleIndex) override {
    size_t depth = 0;
    for (antlr4::tree::ParseTree* node = context; node && depth <= kMaxRuleDepth;
         node = node->parent)
      ++depth;
    if (depth > kMaxRuleDepth) {
      antlr4::Token* token = getCurrentToken();
      throw NestingTooDeep{token->getStartIndex(), token->getStopIndex() + 1};
    }
    ModelicaParser::enterRule(context, state, ruleIndex);
  }
};

// The first bracket, parenthesis or brace nested deeper than the limit, if
// any. Checked on the tokens before parsing: ANTLR's prediction looks ahead
// across a whole nest (is `x[x[x[...]]]` followed by '('?) at every level,
// which takes quadratic time long before the rule depth limit is reached.
antlr4::Token* tooDeeplyBracketed(antlr4::CommonTokenStream& tokens) {
  size_t depth = 0;
  for (antlr4::Token* token : tokens.getTokens()) {
    switch (token->getType()) {
      case grammar::ModelicaLexer::LPAREN:
      case grammar::ModelicaLexer::LBRACKET:
      case grammar::ModelicaLexer::LBRACE:
        if (++depth > limits::kMaxBracketDepth) return token;
        break;
      case grammar::ModelicaLexer::RPAREN:
      case grammar::ModelicaLexer::RBRACKET:
      case grammar::ModelicaLexer::RBRACE:
        if (depth > 0) --depth;
        break;
      default: break;
    }
  }
  return nullptr;
}

grammar::ModelicaParser::Stored_definitionContext* parseTwoStage(
    DepthLimitedParser& parser, const TokenLocator& locator,
    frontend::SyntaxErrorReporter& reporter) {
  auto* simulator = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  parser.removeErrorListeners();
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  simulator->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  try {
    return parser.stored_definition();
  } catch (const antlr4::ParseCancellationException&) {
    // Either a real syntax error or a decision SLL cannot make: redo it all
    // with full LL prediction and error recovery.
  }
  parser.reset();
  parser.addErrorListener(&reporter);
  parser.setErrorHandler(std::make_shared<frontend::ReadableErrorStrategy>(locator));
  simulator->setPredictionMode(antlr4::atn::PredictionMode::LL);
  return parser.stored_definition();
}

}  // namespace

std::optional<ast::StoredDefinition> parseFile(const SourceManager& sources, FileId file,
                                               DiagnosticEngine& diags) {
  const unsigned errorsBefore = diags.errorCount();
  TokenLocator locator(sources, file);
  if (std::string_view encoding = frontend::wideEncodingOf(sources.contents(file)); !encoding.empty()) {
    // Lexed as bytes it would only give a stream of baffling errors.
    diags.errorf({locator.at(0), locator.at(0)},
                 "this file looks like {} text, but Modelica files are UTF-8 (convert it, e.g. with "
                 "'iconv -f {} -t UTF-8')",
                 encoding, encoding);
    return std::nullopt;
  }
  frontend::SyntaxErrorReporter reporter(locator, diags);
  try {
    frontend::ByteCharStream input(sources.contents(file));
    grammar::ModelicaLexer lexer(&input);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&reporter);
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    frontend::reportMalformedTokens(tokens, locator, diags);
    if (antlr4::Token* deep = tooDeeplyBracketed(tokens)) {
      diags.errorf({locator.at(deep->getStartIndex()), locator.at(deep->getStopIndex() + 1)},
                   "nesting is too deep here (brackets nested more than {} levels)",
                   limits::kMaxBracketDepth);
      return std::nullopt;
    }

    DepthLimitedParser parser(&tokens);
    auto* tree = parseTwoStage(parser, locator, reporter);
    if (diags.errorCount() != errorsBefore) return std::nullopt;

    frontend::AstBuilder builder(locator, diags);
    ast::StoredDefinition definition = builder.build(tree);
    if (diags.errorCount() != errorsBefore) return std::nullopt;
    return definition;
  } catch (const frontend::TooManySyntaxErrors&) {
    // Already reported; the rest of the file is not parsed.
  } catch (const NestingTooDeep& error) {
    diags.errorf({locator.at(error.begin), locator.at(error.end)},
                 "nesting is too deep here (more than {} grammar rules)", kMaxRuleDepth);
  } catch (const std::exception& error) {
    diags.errorf(SourceRange{{file, 1, 1}, {file, 1, 1}}, "internal error while parsing: {}",
                 error.what());
  }
  return std::nullopt;
}

}  // namespace smc

// Readable syntax errors. ANTLR's recovery (single-token insertion and
// deletion, then resynchronisation) is kept, so several errors are reported
// per file; only the wording changes, from ANTLR's "mismatched input 'x'
// expecting {...}" to short clang-style messages such as
// "expected ';' before 'end'", naming at most a few expected tokens.
#pragma once

#include "frontend/Diagnostics.h"
#include "frontend/TokenLocator.h"

#include <antlr4-runtime.h>

namespace smc::frontend {

// Thrown by SyntaxErrorReporter once the DiagnosticEngine stops printing
// errors: recovery can report an error per token (`x = ----...1`), and
// going on over megabytes of such input only costs time.
struct TooManySyntaxErrors {};

// Reports every error a recognizer notifies through the DiagnosticEngine,
// located at the offending token, until the engine's error limit.
class SyntaxErrorReporter : public antlr4::BaseErrorListener {
public:
  SyntaxErrorReporter(const TokenLocator& locator, DiagnosticEngine& diags)
      : locator_(locator), diags_(diags) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offendingSymbol, size_t line,
                   size_t charPositionInLine, const std::string& message,
                   std::exception_ptr error) override;

private:
  const TokenLocator& locator_;
  DiagnosticEngine& diags_;
};

// DefaultErrorStrategy with our wording.
class ReadableErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  explicit ReadableErrorStrategy(const TokenLocator& locator) : locator_(locator) {}

protected:
  void reportNoViableAlternative(antlr4::Parser* parser,
                                 const antlr4::NoViableAltException& error) override;
  void reportInputMismatch(antlr4::Parser* parser,
                           const antlr4::InputMismatchException& error) override;
  void reportFailedPredicate(antlr4::Parser* parser,
                             const antlr4::FailedPredicateException& error) override;
  void reportUnwantedToken(antlr4::Parser* parser) override;
  void reportMissingToken(antlr4::Parser* parser) override;
  // Never drops a ';' as a stray token: when `Real y = ;` is followed by
  // `Real z;`, deleting the ';' would make `Real` the missing expression and
  // report a second, bogus error at `z`. Resynchronising at the ';' is right.
  antlr4::Token* singleTokenDeletion(antlr4::Parser* parser) override;

private:
  // "expected X before Y" when the expected set reads well, else "unexpected Y".
  std::string expectedBefore(antlr4::Parser* parser, const antlr4::misc::IntervalSet& expected,
                             antlr4::Token* offending) const;
  std::string display(antlr4::Token* token) const;

  const TokenLocator& locator_;
};

}  // namespace smc::frontend

// Shared helpers of the frontend tests: parse a string or a file with
// diagnostics collected (not printed), and look things up in the result.
#pragma once

#include "frontend/Parser.h"

#include <memory>
#include <optional>
#include <string>

namespace smc::test {

// Owns everything a parse needs; `result` is empty on error.
struct Parsed {
  std::unique_ptr<SourceManager> sources = std::make_unique<SourceManager>();
  std::unique_ptr<DiagnosticEngine> diags = std::make_unique<DiagnosticEngine>(*sources);
  std::optional<ast::StoredDefinition> result;
  FileId file = 0;

  // Every diagnostic formatted as printed, concatenated (for failure messages).
  std::string messages() const;
};

Parsed parseText(const std::string& text, const std::string& path = "test.mo");
Parsed parseFile(const std::string& path);

// The first top-level class; fails the test (and returns a dummy) when absent.
const ast::ClassDef& onlyClass(const Parsed& parsed);
const ast::Component* findComponent(const ast::ClassDef& cls, const std::string& name);

// Checks a range against line:column pairs (begin inclusive, end exclusive).
void expectRange(const SourceRange& range, uint32_t beginLine, uint32_t beginColumn,
                 uint32_t endLine, uint32_t endColumn);

// A one-line infix rendering of an expression, as the AST dump prints it:
// parsed from `model M Real r = <text>; end M;`.
std::string roundTrip(const std::string& expression);

}  // namespace smc::test

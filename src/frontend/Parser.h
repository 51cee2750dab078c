// Entry point of the frontend: Modelica text -> ast::StoredDefinition.
// Syntax errors are reported located (file:line:col) through the engine;
// the result is empty when any was found.
#pragma once

#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <string>

namespace smc {

std::optional<ast::StoredDefinition> parseFile(const SourceManager& sources, FileId file,
                                               DiagnosticEngine& diags);

// The AST as indented text (`smc --dump=ast`): one node per line, with its
// kind, its salient fields and its source line:column.
std::string dumpAst(const ast::StoredDefinition& definition);

// A component declaration as text without its description and annotation,
// one spelling per declaration: two inherited declarations of a name are
// merged when these texts are equal (spec 7.1.3).
std::string declarationText(const ast::Component& decl);
// The same without the modification, and an expression as text, for
// comparing declarations once their modifications are merged (spec 7.1.4).
std::string declarationHeadText(const ast::Component& decl);
std::string expressionText(const ast::Expr& e);

}  // namespace smc

// Reading the graphics annotations of state machines (spec 17.2, 18.6) into
// the plain structs of FlatModel.h. Used by flattening when it records a
// transition(), an initialState() or a component instance.
#pragma once

#include "flatten/FlatModel.h"
#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <string>

namespace smc::flatten {

// Line(...) / Text(...) / Placement(transformation(...)) of `annotation`.
// Empty when there is no annotation or no such entry. A recognised field
// whose value is malformed (`points` that are not pairs of numbers, a color
// that is not three integers...) is reported as a located warning, and the
// whole graphic is dropped. Unknown fields are ignored.
std::optional<flat::LineGraphic> readLineGraphic(const ast::Annotation* annotation, DiagnosticEngine& diags);
std::optional<flat::TextGraphic> readTextGraphic(const ast::Annotation* annotation, DiagnosticEngine& diags);
std::optional<flat::PlacementGraphic> readPlacementGraphic(const ast::Annotation* annotation,
                                                           DiagnosticEngine& diags);

// The characters of `range` exactly as written (lines joined with '\n');
// empty when the range is not valid.
std::string sourceText(const SourceManager& sources, SourceRange range);

}  // namespace smc::flatten

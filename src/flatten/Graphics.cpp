// The graphics annotations of state machines (spec 17.2 "State Machine
// Graphics"; Line, Text and Placement are defined in spec 18.6). Flattening
// keeps them as numbers so that `smc diagram` can draw the machines where
// the user placed them. Annotations are documentation: an entry we do not
// know is skipped silently, and a malformed value in a field we do know is a
// warning that drops the graphic, never an error that stops compilation.
// Values are literals, as tools write them: numbers (with unary minus and
// + - * / between numbers), arrays, strings and enumeration literals such as
// Smooth.Bezier (of which the last name counts).
#include "flatten/Graphics.h"

#include <fmt/format.h>

#include <cmath>

namespace smc::flatten {

namespace {

std::optional<double> arithmeticValue(const ast::Expr& e);

// Non-finite results (1e308 * 10) are malformed like any other non-number.
std::optional<double> number(const ast::Expr& e) {
  auto value = arithmeticValue(e);
  if (value && !std::isfinite(*value)) return std::nullopt;
  return value;
}

std::optional<double> arithmeticValue(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Real) return e.real;
  if (e.kind == ast::ExprKind::Integer) return static_cast<double>(e.integer);
  if (e.kind == ast::ExprKind::Unary) {
    auto operand = number(*e.args[0]);
    if (!operand) return std::nullopt;
    if (e.op == ast::Op::Negate) return -*operand;
    if (e.op == ast::Op::Plus) return *operand;
    return std::nullopt;
  }
  if (e.kind != ast::ExprKind::Binary) return std::nullopt;  // anything else is not a number
  auto a = number(*e.args[0]);
  auto b = number(*e.args[1]);
  if (!a || !b) return std::nullopt;
  if (e.op == ast::Op::Add) return *a + *b;
  if (e.op == ast::Op::Sub) return *a - *b;
  if (e.op == ast::Op::Mul) return *a * *b;
  if (e.op == ast::Op::Div && *b != 0) return *a / *b;
  return std::nullopt;
}

std::optional<flat::GraphicPoint> point(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Array || !e.iterators.empty() || e.args.size() != 2) return std::nullopt;
  auto x = number(*e.args[0]);
  auto y = number(*e.args[1]);
  if (!x || !y) return std::nullopt;
  return flat::GraphicPoint{*x, *y};
}

std::optional<std::vector<flat::GraphicPoint>> points(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Array || !e.iterators.empty()) return std::nullopt;
  std::vector<flat::GraphicPoint> result;
  for (const ast::ExprPtr& element : e.args) {
    auto p = point(*element);
    if (!p) return std::nullopt;
    result.push_back(*p);
  }
  return result;
}

std::optional<flat::GraphicColor> color(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Array || !e.iterators.empty() || e.args.size() != 3) return std::nullopt;
  int channel[3];
  for (size_t i = 0; i < 3; ++i) {
    auto v = number(*e.args[i]);
    if (!v || *v < 0 || *v > 255 || std::floor(*v) != *v) return std::nullopt;
    channel[i] = static_cast<int>(*v);
  }
  return flat::GraphicColor{channel[0], channel[1], channel[2]};
}

// The last name of an enumeration literal: "Bezier" for Smooth.Bezier.
std::optional<std::string> literalName(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Ref || e.ref.parts.empty()) return std::nullopt;
  for (const ast::RefPart& part : e.ref.parts)
    if (!part.subscripts.empty()) return std::nullopt;
  return e.ref.parts.back().name;
}

// The entry named `name` in a modification list (the last one wins, as in
// a modification).
const ast::ElementModification* findEntry(const std::vector<ast::ElementModification>& entries,
                                          const std::string& name) {
  const ast::ElementModification* found = nullptr;
  for (const ast::ElementModification& entry : entries)
    if (entry.path.str() == name) found = &entry;
  return found;
}

const ast::Expr* bindingOf(const ast::ElementModification& entry) {
  return entry.modification ? entry.modification->binding.get() : nullptr;
}

// Reports a malformed field; the caller drops the graphic.
void malformed(DiagnosticEngine& diags, const ast::ElementModification& field, const std::string& graphic,
               const std::string& expected) {
  const ast::Expr* value = bindingOf(field);
  diags.warning(value ? value->range : field.range,
                fmt::format("ignoring the {} annotation: '{}' must be {} (spec 18.6)", graphic, field.path.str(),
                            expected));
}

}  // namespace

std::optional<flat::LineGraphic> readLineGraphic(const ast::Annotation* annotation, DiagnosticEngine& diags) {
  if (!annotation) return std::nullopt;
  const ast::ElementModification* entry = findEntry(annotation->modification.arguments, "Line");
  if (!entry || !entry->modification) return std::nullopt;
  flat::LineGraphic line;
  line.range = entry->range;
  bool hasPoints = false;
  for (const ast::ElementModification& field : entry->modification->arguments) {
    const std::string key = field.path.str();
    const ast::Expr* value = bindingOf(field);
    if (key == "points") {
      auto parsed = value ? points(*value) : std::nullopt;
      if (!parsed || parsed->size() < 2) {
        malformed(diags, field, "Line", "an array of at least two {x, y} pairs of numbers");
        return std::nullopt;
      }
      line.points = std::move(*parsed);
      hasPoints = true;
    } else if (key == "color") {
      auto parsed = value ? color(*value) : std::nullopt;
      if (!parsed) {
        malformed(diags, field, "Line", "three integers from 0 to 255, {r, g, b}");
        return std::nullopt;
      }
      line.color = *parsed;
    } else if (key == "thickness") {
      auto parsed = value ? number(*value) : std::nullopt;
      if (!parsed || *parsed < 0) {
        malformed(diags, field, "Line", "a non-negative number");
        return std::nullopt;
      }
      line.thickness = *parsed;
    } else if (key == "smooth") {
      auto parsed = value ? literalName(*value) : std::nullopt;
      if (!parsed) {
        malformed(diags, field, "Line", "Smooth.None or Smooth.Bezier");
        return std::nullopt;
      }
      line.smoothBezier = *parsed == "Bezier";
    }
  }
  // A line without points draws nothing: like an absent annotation.
  if (!hasPoints) return std::nullopt;
  return line;
}

std::optional<flat::TextGraphic> readTextGraphic(const ast::Annotation* annotation, DiagnosticEngine& diags) {
  if (!annotation) return std::nullopt;
  const ast::ElementModification* entry = findEntry(annotation->modification.arguments, "Text");
  if (!entry || !entry->modification) return std::nullopt;
  flat::TextGraphic text;
  text.range = entry->range;
  for (const ast::ElementModification& field : entry->modification->arguments) {
    const std::string key = field.path.str();
    const ast::Expr* value = bindingOf(field);
    if (key == "string" || key == "textString") {
      if (!value || value->kind != ast::ExprKind::String) {
        malformed(diags, field, "Text", "a string");
        return std::nullopt;
      }
      text.string = value->text;
    } else if (key == "extent") {
      auto parsed = value ? points(*value) : std::nullopt;
      if (!parsed || parsed->size() != 2) {
        malformed(diags, field, "Text", "two {x, y} pairs of numbers");
        return std::nullopt;
      }
      text.extent = std::make_pair((*parsed)[0], (*parsed)[1]);
    } else if (key == "fontSize") {
      auto parsed = value ? number(*value) : std::nullopt;
      if (!parsed || *parsed < 0) {
        malformed(diags, field, "Text", "a non-negative number");
        return std::nullopt;
      }
      text.fontSize = *parsed;
    } else if (key == "textColor" || key == "lineColor") {
      auto parsed = value ? color(*value) : std::nullopt;
      if (!parsed) {
        malformed(diags, field, "Text", "three integers from 0 to 255, {r, g, b}");
        return std::nullopt;
      }
      text.textColor = *parsed;
    } else if (key == "horizontalAlignment") {
      auto parsed = value ? literalName(*value) : std::nullopt;
      if (!parsed || (*parsed != "Left" && *parsed != "Center" && *parsed != "Right")) {
        malformed(diags, field, "Text", "TextAlignment.Left, TextAlignment.Center or TextAlignment.Right");
        return std::nullopt;
      }
      text.horizontalAlignment = *parsed;
    }
  }
  return text;
}

std::optional<flat::PlacementGraphic> readPlacementGraphic(const ast::Annotation* annotation,
                                                           DiagnosticEngine& diags) {
  if (!annotation) return std::nullopt;
  const ast::ElementModification* entry = findEntry(annotation->modification.arguments, "Placement");
  if (!entry || !entry->modification) return std::nullopt;
  const ast::ElementModification* transformation = findEntry(entry->modification->arguments, "transformation");
  if (!transformation || !transformation->modification) return std::nullopt;
  flat::PlacementGraphic placement;
  placement.range = transformation->range;
  bool hasExtent = false;
  for (const ast::ElementModification& field : transformation->modification->arguments) {
    const std::string key = field.path.str();
    const ast::Expr* value = bindingOf(field);
    if (key == "extent") {
      auto parsed = value ? points(*value) : std::nullopt;
      if (!parsed || parsed->size() != 2 || ((*parsed)[0].x == (*parsed)[1].x) ||
          ((*parsed)[0].y == (*parsed)[1].y)) {
        malformed(diags, field, "Placement", "two {x, y} pairs of numbers spanning a box");
        return std::nullopt;
      }
      placement.extentFirst = (*parsed)[0];
      placement.extentSecond = (*parsed)[1];
      hasExtent = true;
    } else if (key == "origin") {
      auto parsed = value ? point(*value) : std::nullopt;
      if (!parsed) {
        malformed(diags, field, "Placement", "an {x, y} pair of numbers");
        return std::nullopt;
      }
      placement.origin = *parsed;
    } else if (key == "rotation") {
      auto parsed = value ? number(*value) : std::nullopt;
      if (!parsed) {
        malformed(diags, field, "Placement", "a number (degrees)");
        return std::nullopt;
      }
      placement.rotation = *parsed;
    }
  }
  // The extent is what gives the box; without it there is nothing to place.
  if (!hasExtent) return std::nullopt;
  return placement;
}

std::string sourceText(const SourceManager& sources, SourceRange range) {
  if (!range.valid() || range.begin.file != range.end.file || range.end.line < range.begin.line) return {};
  std::string text;
  for (uint32_t line = range.begin.line; line <= range.end.line; ++line) {
    std::string_view whole = sources.lineText(range.begin.file, line);
    size_t from = line == range.begin.line ? range.begin.column - 1 : 0;
    size_t to = line == range.end.line ? range.end.column - 1 : whole.size();
    if (from > whole.size()) from = whole.size();
    if (to > whole.size()) to = whole.size();
    if (line != range.begin.line) text += '\n';
    if (to > from) text += whole.substr(from, to - from);
  }
  return text;
}

}  // namespace smc::flatten

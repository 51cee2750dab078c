// Offsets to line:column and attribute positions; see XmlReporter.h.
#include "check/XmlReporter.h"

#include <algorithm>
#include <cctype>

namespace smc::check {

std::size_t XmlReporter::offsetOf(pugi::xml_node node) const {
  std::ptrdiff_t nameOffset = node.offset_debug();  // points at the name, after '<'
  if (nameOffset <= 0) return 0;
  return std::min(static_cast<std::size_t>(nameOffset - 1), text_.size());
}

std::size_t XmlReporter::offsetOf(pugi::xml_node node, pugi::xml_attribute attribute) const {
  std::size_t tagStart = offsetOf(node);
  std::string_view name = attribute.name();
  // Walk the start tag token by token, stepping over quoted values (which
  // may contain '>' or text that looks like an attribute), until the tag
  // ends; fall back to the element's position if the name is not found.
  std::size_t at = tagStart + 1;
  while (at < text_.size() && text_[at] != '>') {
    char c = text_[at];
    if (c == '"' || c == '\'') {
      std::size_t close = text_.find(c, at + 1);
      if (close == std::string_view::npos) break;
      at = close + 1;
      continue;
    }
    bool startsToken = std::isspace(static_cast<unsigned char>(text_[at - 1])) &&
                       !std::isspace(static_cast<unsigned char>(c));
    if (startsToken && text_.substr(at, name.size()) == name) {
      std::size_t after = at + name.size();
      while (after < text_.size() && std::isspace(static_cast<unsigned char>(text_[after]))) ++after;
      if (after < text_.size() && text_[after] == '=') return at;
    }
    ++at;
  }
  return tagStart;
}

std::pair<std::size_t, std::size_t> XmlReporter::lineColumn(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  std::size_t line = 1 + static_cast<std::size_t>(
                             std::count(text_.begin(), text_.begin() + offset, '\n'));
  std::size_t lineStart = text_.rfind('\n', offset == 0 ? 0 : offset - 1);
  lineStart = (lineStart == std::string_view::npos || offset == 0) ? 0 : lineStart + 1;
  return {line, offset - lineStart + 1};
}

std::pair<std::size_t, std::size_t> XmlReporter::position(pugi::xml_node node) const {
  return lineColumn(offsetOf(node));
}

std::pair<std::size_t, std::size_t> XmlReporter::position(pugi::xml_node node,
                                                          pugi::xml_attribute attribute) const {
  return lineColumn(offsetOf(node, attribute));
}

void XmlReporter::add(Severity severity, std::size_t offset, std::string rule,
                      std::string message) {
  auto [line, column] = lineColumn(offset);
  Problem problem;
  problem.severity = severity;
  problem.rule = std::move(rule);
  problem.file = file_;
  problem.line = line;
  problem.column = column;
  problem.message = std::move(message);
  sink_.push_back(std::move(problem));
}

void XmlReporter::error(pugi::xml_node node, std::string rule, std::string message) {
  add(Severity::Error, offsetOf(node), std::move(rule), std::move(message));
}
void XmlReporter::warning(pugi::xml_node node, std::string rule, std::string message) {
  add(Severity::Warning, offsetOf(node), std::move(rule), std::move(message));
}
void XmlReporter::error(pugi::xml_node node, pugi::xml_attribute attribute, std::string rule,
                        std::string message) {
  add(Severity::Error, offsetOf(node, attribute), std::move(rule), std::move(message));
}
void XmlReporter::warning(pugi::xml_node node, pugi::xml_attribute attribute, std::string rule,
                          std::string message) {
  add(Severity::Warning, offsetOf(node, attribute), std::move(rule), std::move(message));
}
void XmlReporter::errorAtOffset(std::size_t offset, std::string rule, std::string message) {
  add(Severity::Error, offset, std::move(rule), std::move(message));
}

}  // namespace smc::check

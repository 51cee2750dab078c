// Collects problems found in one XML document and gives each a line and
// column. pugixml only records byte offsets of nodes, so the reporter keeps
// the document text to turn an offset into line:column, and finds an
// attribute's own position by scanning the element's start tag.
#pragma once

#include "check/Problem.h"

#include <pugixml.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace smc::check {

class XmlReporter {
public:
  XmlReporter(std::string fileLabel, std::string_view text, std::vector<Problem>& sink)
      : file_(std::move(fileLabel)), text_(text), sink_(sink) {}

  // At the '<' of an element.
  void error(pugi::xml_node node, std::string rule, std::string message);
  void warning(pugi::xml_node node, std::string rule, std::string message);
  // At the attribute's name, inside the start tag of `node`.
  void error(pugi::xml_node node, pugi::xml_attribute attribute, std::string rule,
             std::string message);
  void warning(pugi::xml_node node, pugi::xml_attribute attribute, std::string rule,
               std::string message);
  // At a byte offset (e.g. where pugixml stopped parsing).
  void errorAtOffset(std::size_t offset, std::string rule, std::string message);

  // 1-based line and column of an element's '<' or of an attribute's name,
  // for callers that keep locations to report later.
  std::pair<std::size_t, std::size_t> position(pugi::xml_node node) const;
  std::pair<std::size_t, std::size_t> position(pugi::xml_node node,
                                               pugi::xml_attribute attribute) const;
  const std::string& fileLabel() const { return file_; }

private:
  std::pair<std::size_t, std::size_t> lineColumn(std::size_t offset) const;
  void add(Severity severity, std::size_t offset, std::string rule, std::string message);
  std::size_t offsetOf(pugi::xml_node node) const;
  std::size_t offsetOf(pugi::xml_node node, pugi::xml_attribute attribute) const;

  std::string file_;
  std::string_view text_;
  std::vector<Problem>& sink_;
};

}  // namespace smc::check

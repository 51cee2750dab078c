// A recursive walk of the document along the schema tables. Rule names:
// schema-root, schema-unknown-element, schema-element-order,
// schema-element-count, schema-type-choice, schema-required-attribute,
// schema-unknown-attribute, schema-attribute-type, schema-fmi-version.
#include "check/SchemaCheck.h"

#include "check/SchemaTables.h"

#include <fmt/format.h>

#include <map>
#include <string>

namespace smc::check {
namespace {

using schema::AttributeSpec;
using schema::ChildSpec;
using schema::ElementSpec;

void checkAttributes(pugi::xml_node node, const ElementSpec& spec, XmlReporter& report) {
  for (pugi::xml_attribute attribute : node.attributes()) {
    std::string_view name = attribute.name();
    // Namespace declarations and xsi:* attributes belong to XML itself.
    if (name.starts_with("xmlns") || name.starts_with("xsi:")) continue;
    const AttributeSpec* match = nullptr;
    for (const AttributeSpec& candidate : spec.attributes)
      if (candidate.name == name) match = &candidate;
    if (match == nullptr) {
      report.error(node, attribute, "schema-unknown-attribute",
                   fmt::format("attribute '{}' is not allowed on <{}>", name, spec.name));
      continue;
    }
    std::string_view why;
    if (!schema::isValidValue(match->type, attribute.value(), why)) {
      std::string message = fmt::format("attribute '{}' of <{}> has the value '{}': {}", name,
                                        spec.name, attribute.value(), why);
      std::span<const std::string_view> words = schema::enumerationWords(match->type);
      if (!words.empty()) {
        message += " (";
        for (std::size_t i = 0; i < words.size(); ++i)
          message += fmt::format("{}{}", i == 0 ? "" : ", ", words[i]);
        message += ")";
      }
      report.error(node, attribute, "schema-attribute-type", std::move(message));
    }
  }
  for (const AttributeSpec& candidate : spec.attributes) {
    if (candidate.required && !node.attribute(std::string(candidate.name).c_str())) {
      report.error(node, "schema-required-attribute",
                   fmt::format("<{}> lacks the required attribute '{}'", spec.name,
                               candidate.name));
    }
  }
}

void checkElement(pugi::xml_node node, const ElementSpec& spec, XmlReporter& report);

void checkChildren(pugi::xml_node node, const ElementSpec& spec, XmlReporter& report) {
  std::map<std::string_view, int> counts;
  int typeChoiceCount = 0;
  std::size_t lastRank = 0;
  for (pugi::xml_node child : node.children()) {
    if (child.type() != pugi::node_element) continue;
    std::string_view name = child.name();
    std::size_t rank = 0;
    const ChildSpec* match = nullptr;
    for (std::size_t i = 0; i < spec.children.size(); ++i) {
      if (spec.children[i].name == name) {
        match = &spec.children[i];
        rank = i;
      }
    }
    if (match == nullptr) {
      report.error(child, "schema-unknown-element",
                   fmt::format("element <{}> is not allowed inside <{}>", name, spec.name));
      continue;
    }
    // Members of the type choice share one position in the sequence.
    if (match->inTypeChoice) {
      rank = 0;
      ++typeChoiceCount;
    }
    if (rank < lastRank) {
      report.error(child, "schema-element-order",
                   fmt::format("<{}> must come before <{}> inside <{}>", name,
                               spec.children[lastRank].name, spec.name));
    }
    lastRank = std::max(lastRank, rank);
    int count = ++counts[name];
    if (!match->inTypeChoice && match->maxOccurs >= 0 && count > match->maxOccurs) {
      report.error(child, "schema-element-count",
                   fmt::format("<{}> may appear at most {} time{} inside <{}>", name,
                               match->maxOccurs, match->maxOccurs == 1 ? "" : "s", spec.name));
    }
    checkElement(child, *match->spec, report);
  }
  bool hasTypeChoice = false;
  for (const ChildSpec& child : spec.children) {
    if (child.inTypeChoice) {
      hasTypeChoice = true;
    } else if (counts[child.name] < child.minOccurs) {
      report.error(node, "schema-element-count",
                   fmt::format("<{}> must contain {} <{}>", spec.name,
                               child.minOccurs == 1 ? "a" : fmt::format("at least {}", child.minOccurs),
                               child.name));
    }
  }
  if (hasTypeChoice && typeChoiceCount != 1) {
    report.error(node, "schema-type-choice",
                 fmt::format("<{}> must contain exactly one of <Real>, <Integer>, <Boolean>, "
                             "<String>, <Enumeration>; it has {}",
                             spec.name, typeChoiceCount));
  }
}

void checkElement(pugi::xml_node node, const ElementSpec& spec, XmlReporter& report) {
  checkAttributes(node, spec, report);
  if (!spec.anyContent) checkChildren(node, spec, report);
}

}  // namespace

void checkSchema(const pugi::xml_document& document, XmlReporter& report) {
  pugi::xml_node root = document.document_element();
  const ElementSpec& rootSpec = schema::modelDescriptionSpec();
  if (std::string_view(root.name()) != rootSpec.name) {
    report.error(root, "schema-root",
                 fmt::format("the root element is <{}>; an FMI 2.0 model description has "
                             "<fmiModelDescription>",
                             root.name()));
    return;
  }
  checkElement(root, rootSpec, report);
  if (pugi::xml_attribute version = root.attribute("fmiVersion");
      version && std::string_view(version.value()) != "2.0") {
    report.error(root, version, "schema-fmi-version",
                 fmt::format("fmiVersion is '{}'; this checker validates FMI 2.0 (\"2.0\")",
                             version.value()));
  }
}

}  // namespace smc::check

// A read-only view of a model description's variables for the semantic
// rules: each ScalarVariable with its 1-based index, its base type and the
// attributes the rules look at, taken from the XML as written. Values the
// schema check already rejected (e.g. valueReference="x") are left empty
// here so that one mistake is reported once.
#pragma once

#include <pugixml.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smc::check {

enum class BaseType { None, Real, Integer, Boolean, String, Enumeration };

struct VariableView {
  pugi::xml_node node;      // <ScalarVariable>
  pugi::xml_node typeNode;  // <Real>, <Integer>, ... (empty when missing)
  std::size_t index = 0;    // 1-based position in ModelVariables
  std::string name;
  std::optional<std::uint32_t> valueReference;
  BaseType type = BaseType::None;
  std::string causality = "local";         // the defaults of FMI 2.0
  std::string variability = "continuous";
  std::string initial;                     // as written; empty when absent
  bool hasStart = false;
  std::optional<std::uint32_t> derivative;  // the `derivative` attribute
};

struct ModelView {
  pugi::xml_node root;
  std::vector<VariableView> variables;

  // nullptr when `index` is out of 1..size.
  const VariableView* byIndex(std::uint64_t index) const;
};

ModelView buildModelView(const pugi::xml_document& document);

std::optional<std::uint32_t> parseUnsigned(std::string_view text);
std::string_view baseTypeName(BaseType type);

}  // namespace smc::check

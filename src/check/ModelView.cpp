// Builds the variable view of a model description; see ModelView.h.
#include "check/ModelView.h"

#include <charconv>

namespace smc::check {
namespace {

BaseType baseTypeOf(std::string_view element) {
  if (element == "Real") return BaseType::Real;
  if (element == "Integer") return BaseType::Integer;
  if (element == "Boolean") return BaseType::Boolean;
  if (element == "String") return BaseType::String;
  if (element == "Enumeration") return BaseType::Enumeration;
  return BaseType::None;
}

}  // namespace

std::optional<std::uint32_t> parseUnsigned(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::uint32_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return {};
  return value;
}

std::string_view baseTypeName(BaseType type) {
  switch (type) {
    case BaseType::None: return "no type";
    case BaseType::Real: return "Real";
    case BaseType::Integer: return "Integer";
    case BaseType::Boolean: return "Boolean";
    case BaseType::String: return "String";
    case BaseType::Enumeration: return "Enumeration";
  }
  return "no type";
}

const VariableView* ModelView::byIndex(std::uint64_t index) const {
  if (index < 1 || index > variables.size()) return nullptr;
  return &variables[index - 1];
}

ModelView buildModelView(const pugi::xml_document& document) {
  ModelView view;
  view.root = document.child("fmiModelDescription");
  std::size_t index = 0;
  for (pugi::xml_node node : view.root.child("ModelVariables").children("ScalarVariable")) {
    VariableView variable;
    variable.node = node;
    variable.index = ++index;
    variable.name = node.attribute("name").value();
    variable.valueReference = parseUnsigned(node.attribute("valueReference").value());
    if (auto a = node.attribute("causality")) variable.causality = a.value();
    if (auto a = node.attribute("variability")) variable.variability = a.value();
    variable.initial = node.attribute("initial").value();
    for (pugi::xml_node child : node.children()) {
      BaseType type = baseTypeOf(child.name());
      if (child.type() != pugi::node_element || type == BaseType::None) continue;
      if (variable.type == BaseType::None) {  // the schema check reports extra ones
        variable.type = type;
        variable.typeNode = child;
      }
    }
    if (variable.typeNode) {
      variable.hasStart = static_cast<bool>(variable.typeNode.attribute("start"));
      if (auto a = variable.typeNode.attribute("derivative")) {
        variable.derivative = parseUnsigned(a.value());
      }
    }
    view.variables.push_back(std::move(variable));
  }
  return view;
}

}  // namespace smc::check

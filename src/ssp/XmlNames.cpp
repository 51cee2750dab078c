// See XmlNames.h.
#include "ssp/XmlNames.h"

namespace smc::ssp {

std::string_view localName(pugi::xml_node node) {
  std::string_view name = node.name();
  std::size_t colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

std::vector<pugi::xml_node> childrenNamed(pugi::xml_node parent, std::string_view name) {
  std::vector<pugi::xml_node> found;
  for (pugi::xml_node child : parent.children())
    if (child.type() == pugi::node_element && localName(child) == name) found.push_back(child);
  return found;
}

pugi::xml_node childNamed(pugi::xml_node parent, std::string_view name) {
  for (pugi::xml_node child : parent.children())
    if (child.type() == pugi::node_element && localName(child) == name) return child;
  return {};
}

std::optional<ValueType> parseType(std::string_view elementName) {
  if (elementName == "Real") return ValueType::Real;
  if (elementName == "Integer") return ValueType::Integer;
  if (elementName == "Boolean") return ValueType::Boolean;
  if (elementName == "String") return ValueType::String;
  if (elementName == "Enumeration") return ValueType::Enumeration;
  if (elementName == "Binary") return ValueType::Binary;
  return std::nullopt;
}

}  // namespace smc::ssp

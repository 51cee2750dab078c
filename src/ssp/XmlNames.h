// Internal to the SSP reader: SSP documents use namespace prefixes
// ("ssd:", "ssc:", "ssv:") that pugixml keeps in element names, so
// elements are matched by their local name, with or without a prefix.
#pragma once

#include "ssp/SystemDescription.h"

#include <pugixml.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace smc::ssp {

// "ssd:Component" -> "Component".
std::string_view localName(pugi::xml_node node);
std::vector<pugi::xml_node> childrenNamed(pugi::xml_node parent, std::string_view name);
// The first such child, or an empty node.
pugi::xml_node childNamed(pugi::xml_node parent, std::string_view name);
// The type named by a type element ("Real" of <ssc:Real/>), if it is one.
std::optional<ValueType> parseType(std::string_view elementName);

}  // namespace smc::ssp

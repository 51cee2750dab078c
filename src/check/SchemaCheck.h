// Checks a parsed model description against the FMI 2.0 schema tables
// (SchemaTables.h): the root element, which child elements may appear, how
// often and in which order, required and unknown attributes, attribute
// value types, and exactly one type element per ScalarVariable/SimpleType.
#pragma once

#include "check/XmlReporter.h"

#include <pugixml.hpp>

namespace smc::check {

void checkSchema(const pugi::xml_document& document, XmlReporter& report);

}  // namespace smc::check

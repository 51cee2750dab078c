// Internal to the modelDescription parser: reads <ModelVariables> (FMI 2.0
// section 2.2.7) into ScalarVariables with defaults applied and checks
// what a simulation relies on: names unique, value references and start
// values well-formed, derivative indices in range.
#pragma once

#include "importer/ModelDescription.h"
#include "importer/XmlContext.h"

#include <pugixml.hpp>

#include <vector>

namespace smc::importer {

Result<std::vector<ScalarVariable>> parseModelVariables(pugi::xml_node modelVariables,
                                                        const XmlContext& context);

}  // namespace smc::importer

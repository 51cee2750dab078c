// Internal to the SSP reader: parameter values (SSP 1.0 System Structure
// Parameter Values, ssv:ParameterSet), written inline in a parameter
// binding or in a .ssv file of their own. Each value keeps its type
// element and text; src/cosim checks them against the FMU's variables.
#pragma once

#include "check/Problem.h"
#include "check/XmlReporter.h"
#include "ssp/SystemDescription.h"

#include <pugixml.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace smc::ssp {

// The ssv:Parameter elements of `set`, each name preceded by `prefix`
// (the binding's prefix attribute); problems are located through `report`.
void readParameterSet(pugi::xml_node set, check::XmlReporter& report, const std::string& prefix,
                      std::vector<ParameterValue>& values);

// The text of a .ssv file, whose root must be an ssv:ParameterSet;
// `label` names the file in locations, problems inside it go to
// `problems`.
void readParameterSetText(std::string_view text, const std::string& label,
                          const std::string& prefix, std::vector<ParameterValue>& values,
                          std::vector<check::Problem>& problems);

}  // namespace smc::ssp

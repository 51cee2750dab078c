// An independent checker of the FMI 2.0 rules a modelDescription.xml must
// satisfy (FMI 2.0 sections 2.2.1, 2.2.7, 2.2.8), written from the standard
// for the tests: legal causality/variability/initial combinations, start
// values present exactly when required, derivative attributes, unique value
// references, units defined, and ModelStructure's Outputs, Derivatives and
// InitialUnknowns lists.
#pragma once

#include <string>
#include <vector>

namespace smc::codegen::testing {

// Every rule the text breaks, one message each; empty when it is valid.
std::vector<std::string> fmiRuleViolations(const std::string& modelDescriptionXml);

}  // namespace smc::codegen::testing

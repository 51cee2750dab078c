// modelDescription.xml for FMI 2.0 Co-Simulation (FMI 2.0 chapter 2.2 and
// 4.3.1), written with pugixml from the causal model and its layout. No
// generation date is written, so the same model gives the same text.
#pragma once

#include "causalize/CausalModel.h"
#include "codegen/Layout.h"

#include <string>

namespace smc::codegen {

std::string modelDescriptionXml(const causal::CausalModel& model, const Layout& layout,
                                const std::string& modelIdentifier, const std::string& guid);

// The shortest text that reads back as the same double (xs:double syntax:
// INF, -INF and NaN for the non-finite values).
std::string formatXmlDouble(double value);

}  // namespace smc::codegen

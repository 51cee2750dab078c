// Facts of the FMI 2.0 standard shared by the code generator (which picks
// the naming convention it declares) and `smc check` (which enforces it).
#pragma once

#include <string_view>

namespace smc::fmi {

// Whether `name` follows the variableNamingConvention="structured" grammar
// (FMI 2.0 section 2.2.9): `a.b[1,2]`, `der(x)`, `der(a.b, 2)`, `'quoted'`.
bool isStructuredName(std::string_view name);

}  // namespace smc::fmi

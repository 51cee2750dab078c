// Libraries a Modelica tool is expected to provide from C sources (the
// MSL's Resources/C-Sources/readme.txt): a Library annotation naming one
// of them needs no archive, because smc compiles its sources itself.
#pragma once

#include <string>
#include <vector>

namespace smc::flatten {

// The C files (relative to the sources directory) that make up the
// library `name`; empty when smc does not know it as a source library.
const std::vector<std::string>& toolLibrarySources(const std::string& name);

}  // namespace smc::flatten

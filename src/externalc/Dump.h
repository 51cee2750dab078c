// `smc --dump=c`: the external C a model brings, as smc compiles it.
#pragma once

#include "flatten/FlatModel.h"

#include <string>

namespace smc::externalc {

// The model's C translation unit (IncludeUnit.h), then each library smc
// compiles from C sources, with its directory and files.
std::string dumpExternalC(const flat::FlatModel& model);

}  // namespace smc::externalc

// The C headers smc itself provides to external C code (include/ in this
// directory, compiled into smc so that it needs no installed copy).
#pragma once

#include <string_view>
#include <vector>

namespace smc::externalc {

// Where they appear on the include path: a directory of an in-memory file
// system, after the unit's own directories.
inline constexpr const char* kBuiltinIncludeDirectory = "/smc-builtin/include";

struct BuiltinHeader {
  std::string_view name;  // "ModelicaUtilities.h"
  std::string_view text;
};

const std::vector<BuiltinHeader>& builtinHeaders();

}  // namespace smc::externalc

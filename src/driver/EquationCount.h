// The size of a model in scalar equations, as the compile-time goals of
// bench/ are stated: every equation, plus, for each when-equation and each
// algorithm section, the variables it assigns (spec 8.4: a when-equation
// and an algorithm count as many equations as they have distinct targets).
#pragma once

#include "flatten/FlatModel.h"

#include <cstddef>

namespace smc {

size_t countScalarEquations(const flat::FlatModel& model);

}  // namespace smc

// Where each variable's value comes from, for the runtime's messages about
// a value (a NaN, say): the equation it is solved from (the first of an
// algebraic loop's, the when-clause or algorithm that assigns it), a
// parameter's binding, for a state the equation of its derivative, and
// otherwise its declaration. Simulation blocks win over initialization
// ones: they compute the value a step reports.
#pragma once

#include "causalize/CausalModel.h"

#include <string>
#include <vector>

namespace smc::codegen {

// One range per flat variable (invalid where nothing is known).
std::vector<SourceRange> variableSources(const causal::CausalModel& model);

// Per zero crossing, its relation as written and where:
// "h <= 0" (the relation's expression, from the block that sets it).
std::vector<std::string> relationTexts(const causal::CausalModel& model);

}  // namespace smc::codegen

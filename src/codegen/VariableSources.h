// Where each variable's value comes from, for the runtime's messages about
// a value (a NaN, say): the equation it is solved from (the first of an
// algebraic loop's, the when-clause or algorithm that assigns it), a
// parameter's binding, for a state the equation of its derivative, and
// otherwise its declaration. Simulation blocks win over initialization
// ones: they compute the value a step reports.
#pragma once

#include "causalize/CausalModel.h"

#include <functional>
#include <string>
#include <vector>

namespace smc::codegen {

// One range per flat variable (invalid where nothing is known).
std::vector<SourceRange> variableSources(const causal::CausalModel& model);

// Per zero crossing, its relation as written: "h <= 0" (the relation's
// expression, from the block that sets it).
std::vector<std::string> relationTexts(const causal::CausalModel& model);

// How the runtime's messages name each variable: its Modelica name, or for
// a variable a later stage made up, the construct it stands for
// ("sample() at M.mo:4:8", "the tick counter of sample() at M.mo:4:8",
// "relation 'h <= 0' at M.mo:8:8"); `locate` gives "M.mo:4:8".
std::vector<std::string> messageNames(const causal::CausalModel& model,
                                      const std::function<std::string(SourceRange)>& locate);

}  // namespace smc::codegen

// Classification of flat variables into states, derivatives, parameters,
// inputs and unknowns (see Classify.cpp).
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// Fills model.roles/states/derivatives and rewrites der(x) in model.flat;
// false (with errors reported) on a der() that cannot be handled.
bool classifyVariables(CausalModel& model, DiagnosticEngine& diags);

}  // namespace smc::causal
